/**
 * The variant registry: maps a variant id to its rule set, and validates
 * option input against that variant's schema. Adding a variant means one
 * folder under variants/ and one line here.
 */
import { describeOptionIssue, optionIssues } from "./options";
import { VARIANT_IDS, type VariantId } from "./meta";
import type { Result, Variant } from "./types";
import { fail, ok } from "./types";
import { classic } from "./variants/classic";
import { danish } from "./variants/danish";
import { esmakker } from "./variants/esmakker";
import { knockout } from "./variants/knockout";
import { norwegian } from "./variants/norwegian";
import type { ClassicViews } from "./variants/classic/meta";
import type { DanishViews } from "./variants/danish/meta";
import type { EsmakkerViews } from "./variants/esmakker/meta";
import type { KnockoutViews } from "./variants/knockout/meta";
import type { NorwegianViews } from "./variants/norwegian/meta";

// Each variant has its own option and hand types; the registry holds them side by side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyVariant = Variant<any, any>;

export const VARIANTS: Readonly<Record<VariantId, AnyVariant>> = {
  esmakker,
  classic,
  norwegian,
  danish,
  knockout,
};

/**
 * Each variant's view types (phases, hand and match facts) by id, one line per
 * variant as in VARIANTS: types.ts builds MatchView and HandView from them.
 */
export interface VariantViews {
  esmakker: EsmakkerViews;
  classic: ClassicViews;
  norwegian: NorwegianViews;
  danish: DanishViews;
  knockout: KnockoutViews;
}
// A registered variant without a line above does not compile here.
type EveryVariantViewed = { [Id in VariantId]: VariantViews[Id] };

/** Ids of the registered variants, in the order of meta.ts's list. */
export const variantIds = (): VariantId[] => [...VARIANT_IDS];

export const getVariant = (id: string): AnyVariant | undefined =>
  Object.prototype.hasOwnProperty.call(VARIANTS, id) ? VARIANTS[id as VariantId] : undefined;

/** Full options of a variant from partial input (missing keys get the RULES.md defaults). */
// The default options per variant, parsed once: most matches are created with none given.
const DEFAULT_OPTIONS = new Map<string, Readonly<Record<string, unknown>>>();

const isEmptyObject = (x: unknown): boolean =>
  x === undefined || (typeof x === "object" && x !== null && Object.getPrototypeOf(x) === Object.prototype && Object.keys(x).length === 0);

export function parseOptions(variantId: string, raw: unknown): Result<Readonly<Record<string, unknown>>> {
  const variant = getVariant(variantId);
  if (!variant) return fail("setup/unknown-variant", `unknown variant "${variantId}"`, { variant: variantId });
  if (isEmptyObject(raw)) {
    let defaults = DEFAULT_OPTIONS.get(variant.id);
    if (!defaults) {
      defaults = Object.freeze(variant.optionsSchema.parse({}) as Record<string, unknown>);
      DEFAULT_OPTIONS.set(variant.id, defaults);
    }
    return ok(defaults);
  }
  const parsed = variant.optionsSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    // Keyed issues for the interface to translate per field; English for logs and the command line.
    const issues = optionIssues(parsed.error);
    return fail("setup/invalid-options", `invalid options: ${issues.map(describeOptionIssue).join("; ")}`, { variant: variantId, issues });
  }
  return ok(parsed.data as Readonly<Record<string, unknown>>);
}

