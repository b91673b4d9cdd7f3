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
  zod: z.boolean({ error: "must be true or false" }).default(def) as unknown as z.ZodType<boolean>,
  field: { kind: "boolean", default: def, ...text },
});

export const integerOption = (def: number, min: number, max: number, text: Text, step = 1): OptionSpec<number> => ({
  zod: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
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

/** A zod error as one readable line: "target: must be at most 100". */
export const describeZodError = (error: z.ZodError): string =>
  error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
