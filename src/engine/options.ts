/**
 * Shared helpers for rule options: each option is declared once (zod type with
 * its RULES.md default plus localized form metadata), and a variant's schema
 * and `optionFields` are both derived from that one declaration.
 */
import { z } from "zod";
import type { Localized, OptionField } from "./types";

export interface OptionSpec<T> {
  readonly zod: z.ZodType<T>;
  readonly field: Omit<OptionField, "key">;
}

type Text = { readonly label: Localized; readonly description: Localized };

export const booleanOption = (def: boolean, text: Text): OptionSpec<boolean> => ({
  zod: z.boolean().default(def) as unknown as z.ZodType<boolean>,
  field: { kind: "boolean", default: def, ...text },
});

export const integerOption = (def: number, min: number, max: number, text: Text, step = 1): OptionSpec<number> => ({
  zod: z
    .number()
    .int()
    .min(min)
    .max(max)
    .default(def) as unknown as z.ZodType<number>,
  field: { kind: "integer", default: def, min, max, step, ...text },
});

export const enumOption = <T extends string>(def: T, values: readonly { readonly value: T; readonly label: Localized }[], text: Text): OptionSpec<T> => ({
  zod: z.enum(values.map((v) => v.value) as [T, ...T[]]).default(def as never) as unknown as z.ZodType<T>,
  field: { kind: "enum", default: def, values, ...text },
});

/**
 * An option with its own zod type (limits and messages of its own), its
 * default given once for both the schema and the form; lists are copied, so
 * no parsed options share the default's array.
 */
export const customOption = <T>(def: T, zod: z.ZodType<T>, field: Omit<OptionField, "key" | "default">): OptionSpec<T> => ({
  zod: (zod as z.ZodType<T> & { default: (d: () => T) => z.ZodType<T> }).default(() => (Array.isArray(def) ? ([...def] as T) : def)),
  field: { ...field, default: def },
});

export type OptionsOf<S extends Record<string, OptionSpec<unknown>>> = {
  readonly [K in keyof S]: S[K] extends OptionSpec<infer T> ? T : never;
};

/** The strict zod schema (unknown keys rejected, missing keys defaulted) and the form fields of a set of options. */
export function defineOptions<S extends Record<string, OptionSpec<unknown>>>(
  specs: S,
  extra: {
    /** The object's own error messages (unknown keys, not an object). */
    readonly error?: z.core.$ZodErrorMap;
    /** Checks across options (e.g. a list that must not decrease). */
    readonly refine?: (options: OptionsOf<S>, ctx: z.RefinementCtx) => void;
  } = {},
): { schema: z.ZodType<OptionsOf<S>>; fields: OptionField[] } {
  const shape: Record<string, z.ZodType> = {};
  const fields: OptionField[] = [];
  for (const [key, spec] of Object.entries(specs)) {
    shape[key] = spec.zod;
    fields.push({ key, ...spec.field });
  }
  const object = extra.error ? z.strictObject(shape, { error: extra.error }) : z.strictObject(shape);
  const refine = extra.refine;
  const schema = refine ? object.superRefine((o, ctx) => refine(o as unknown as OptionsOf<S>, ctx)) : object;
  return { schema: schema as unknown as z.ZodType<OptionsOf<S>>, fields };
}

/**
 * Why an option was refused, as a message key (translated by the interface
 * under "rules.optionErrors.<key>") with its values, never as an English sentence.
 * `field` is the option's key ("" for the options as a whole); `index` is the
 * position in a list option (0-based) when one list entry is wrong.
 */
export type OptionErrorKey =
  | "notObject"
  | "unknownOption"
  | "notBoolean"
  | "notNumber"
  | "notWholeNumber"
  | "notList"
  | "notChoice"
  | "tooSmall"
  | "tooLarge"
  | "multipleOf"
  | "listLength"
  | "notDecreasing";

export interface OptionIssue {
  readonly field: string;
  readonly index?: number;
  readonly key: OptionErrorKey;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** A refinement's own issue: its message is the key (see optionIssues). */
export const customOptionIssue = (field: string, key: OptionErrorKey) => ({ code: "custom" as const, path: [field], message: key });

const KEYS = new Set<string>(["notObject", "unknownOption", "notBoolean", "notNumber", "notWholeNumber", "notList", "notChoice", "tooSmall", "tooLarge", "multipleOf", "listLength", "notDecreasing"]);

type RawIssue = z.core.$ZodIssue;

function keyOf(issue: RawIssue): Pick<OptionIssue, "key" | "params"> {
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "object") return { key: "notObject" };
      if (issue.expected === "boolean") return { key: "notBoolean" };
      if (issue.expected === "array") return { key: "notList" };
      if (issue.expected === "int") return { key: "notWholeNumber" };
      return { key: "notNumber" };
    case "unrecognized_keys":
      return { key: "unknownOption", params: { keys: issue.keys.join(", ") } };
    case "invalid_value":
      return { key: "notChoice" };
    case "too_small":
      if (issue.origin === "array") return { key: "listLength", params: { count: Number(issue.minimum) } };
      // Whole numbers only: "> 0" reads as "at least 1".
      return { key: "tooSmall", params: { min: Number(issue.minimum) + (issue.inclusive === false ? 1 : 0) } };
    case "too_big":
      if (issue.origin === "array") return { key: "listLength", params: { count: Number(issue.maximum) } };
      return { key: "tooLarge", params: { max: Number(issue.maximum) - (issue.inclusive === false ? 1 : 0) } };
    case "not_multiple_of":
      return { key: "multipleOf", params: { divisor: Number(issue.divisor) } };
    case "custom":
      if (KEYS.has(issue.message)) return { key: issue.message as OptionErrorKey };
      return { key: "notChoice" };
    default:
      return { key: "notChoice" };
  }
}

/** A variant's option refusal as keyed issues, one per field (the first wins), in field order. */
export function optionIssues(error: z.ZodError): OptionIssue[] {
  const byField = new Map<string, OptionIssue>();
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "";
    if (byField.has(field)) continue;
    const index = typeof issue.path[1] === "number" ? issue.path[1] : undefined;
    byField.set(field, { field, ...(index !== undefined ? { index } : {}), ...keyOf(issue as RawIssue) });
  }
  return [...byField.values()];
}

// English for logs and the command line; the interface translates the keys.
const ENGLISH: Record<OptionErrorKey, string> = {
  notObject: "options must be an object",
  unknownOption: "unknown option: {keys}",
  notBoolean: "must be true or false",
  notNumber: "must be a number",
  notWholeNumber: "must be a whole number",
  notList: "must be a list of numbers",
  notChoice: "is not one of the choices",
  tooSmall: "must be at least {min}",
  tooLarge: "must be at most {max}",
  multipleOf: "must be a multiple of {divisor}",
  listLength: "needs exactly {count} values",
  notDecreasing: "must not decrease: a stronger bid cannot be worth less",
};

/** One issue as readable English: "target: must be at most 100". */
export const describeOptionIssue = (i: OptionIssue): string => {
  const text = ENGLISH[i.key].replace(/\{(\w+)\}/g, (_m, name: string) => String(i.params?.[name] ?? ""));
  if (!i.field) return text;
  return `${i.field}${i.index !== undefined ? ` (value ${i.index + 1})` : ""}: ${text}`;
};
