/**
 * Danish whist's bids and contracts: the four-bid ladder (nolo < grand < sol <
 * grandi), what each contract demands, and whether the declarer plays alone.
 */
import type { Action } from "../../types";

export const BIDS = ["nolo", "grand", "sol", "grandi"] as const;
export type DanishBid = (typeof BIDS)[number];

/** Rank on the auction ladder (higher beats lower); -1 for an unknown bid. */
export const bidRank = (bid: string): number => (BIDS as readonly string[]).indexOf(bid);

/** Alone contracts: the declarer against the other three, the usual partner included. */
export const isAlone = (bid: DanishBid): boolean => bid === "sol" || bid === "grandi";

/** Nolo-type play (nolo, sol and pasnolo) ranks the ace lowest. */
export const isAceLow = (bid: DanishBid | null): boolean => bid !== "grand" && bid !== "grandi";

/** Tricks the declaring side needs at least (min) or may take at most (max). */
export const NEED: Readonly<Record<DanishBid, { readonly min?: number; readonly max?: number }>> = {
  nolo: { max: 6 },
  grand: { min: 7 },
  sol: { max: 1 },
  // Grandi: the first seven tricks, all won by the declarer.
  grandi: { min: 7 },
};

/** Shared action objects, so legalActions allocates only the list that holds them. */
export const PASS: Action = Object.freeze({ type: "pass" });
export const BID_ACTIONS: readonly Action[] = BIDS.map((bid) => Object.freeze({ type: "bid", bid }));

/** Legal auction actions when the lowest allowed rank is `min`, indexed by min (0..4). */
export const AUCTION_CHOICES: readonly (readonly Action[])[] = [0, 1, 2, 3, 4].map((min) =>
  Object.freeze([...BID_ACTIONS.slice(min), PASS]),
);
