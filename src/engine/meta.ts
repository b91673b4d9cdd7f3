/**
 * The list of variants and what each says about itself (seats, teams, how
 * scores are kept, its auction and what its bids mean), without its rules:
 * small enough for any page to load.
 * The registry (registry.ts) holds the rules of the same ids; a new variant
 * is one line here and one there.
 */
import type { BidDescription, VariantMeta } from "./types";
import { classicMeta } from "./variants/classic/meta";
import { danishMeta } from "./variants/danish/meta";
import { esmakkerMeta } from "./variants/esmakker/meta";
import { knockoutMeta } from "./variants/knockout/meta";
import { norwegianMeta } from "./variants/norwegian/meta";

export const VARIANT_META = {
  esmakker: esmakkerMeta,
  classic: classicMeta,
  norwegian: norwegianMeta,
  danish: danishMeta,
  knockout: knockoutMeta,
} as const satisfies Record<string, VariantMeta>;

export type VariantId = keyof typeof VARIANT_META;

/** Ids of the registered variants, in the order pages list them. */
export const VARIANT_IDS = Object.keys(VARIANT_META) as readonly VariantId[];

export const isVariantId = (id: unknown): id is VariantId =>
  typeof id === "string" && Object.prototype.hasOwnProperty.call(VARIANT_META, id);

export const variantMeta = (id: string): VariantMeta | undefined => (isVariantId(id) ? VARIANT_META[id] : undefined);

/** What a bid id (or a contract summary's `bid`) of a variant means and its name; undefined for an id the variant does not use. */
export const describeBid = (variant: string, bid: string): BidDescription | undefined => {
  const bids = variantMeta(variant)?.bids;
  return bids && Object.hasOwn(bids, bid) ? bids[bid] : undefined;
};

/** Whether a variant's pairs (seats 0+2 and 1+3) play together in every hand: rated as two teams. */
export const fixedPairs = (id: string): boolean => variantMeta(id)?.teams.kind === "fixed";

/** Whether tricks and points are the pairs' in a hand with this contract and phase (both null: the match as a whole). */
export const pairsPlay = (id: string, contract: { readonly alone?: boolean } | null, phase: string | null): boolean =>
  variantMeta(id)?.teams.pairsPlay(contract, phase) ?? false;
