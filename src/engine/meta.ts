/**
 * What each variant says about itself (seats, teams, how scores are kept),
 * without its rules: small enough for any page to load. The registry's
 * variants carry the same declarations.
 */
import type { VariantId, VariantMeta } from "./types";
import { classicMeta } from "./variants/classic/meta";
import { danishMeta } from "./variants/danish/meta";
import { esmakkerMeta } from "./variants/esmakker/meta";
import { norwegianMeta } from "./variants/norwegian/meta";

export const VARIANT_META: Readonly<Record<VariantId, VariantMeta>> = {
  esmakker: esmakkerMeta,
  classic: classicMeta,
  norwegian: norwegianMeta,
  danish: danishMeta,
};

export const variantMeta = (id: string): VariantMeta | undefined =>
  Object.prototype.hasOwnProperty.call(VARIANT_META, id) ? VARIANT_META[id as VariantId] : undefined;

/** Whether a variant's pairs (seats 0+2 and 1+3) play together in every hand: rated as two teams. */
export const fixedPairs = (id: string): boolean => variantMeta(id)?.teams.kind === "fixed";

/** Whether tricks and points are the pairs' in a hand with this contract and phase (both null: the match as a whole). */
export const pairsPlay = (id: string, contract: { readonly alone?: boolean } | null, phase: string | null): boolean =>
  variantMeta(id)?.teams.pairsPlay(contract, phase) ?? false;
