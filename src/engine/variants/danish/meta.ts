/** Danish whist (RULES.md §4): four players; partners sit opposite, but sol and grandi are played alone and pasnolo is everyone for themself; zero-sum points per seat. */
import type { Seat, VariantMeta } from "../../types";
import { BIDS, type DanishBid, NEED } from "./contract";
import type { DanishEndReason, DanishHand } from "./hand";

export const danishMeta: VariantMeta = {
  seats: { min: 4, max: 4, default: 4 },
  teams: { kind: "byContract", pairsPlay: (contract, phase) => phase === null || (contract !== null && contract.alone !== true) },
  scoresBy: "seat",
  emblem: "D",
  // Four bids that are four different games (RULES.md §4).
  auction: "calls",
  bids: {
    nolo: { kind: "avoid", maxTricks: NEED.nolo.max!, open: false, label: { key: "bids.nolo" } },
    // A grand lost costs what a made one scores (the contract's value either way).
    grand: { kind: "grand", minTricks: NEED.grand.min!, penalty: 1, label: { key: "bids.grand" } },
    sol: { kind: "avoid", maxTricks: NEED.sol.max!, open: false, label: { key: "bids.sol" } },
    grandi: { kind: "grandi", label: { key: "bids.grandi" } },
  },
  ladder: () => BIDS,
  passGame: { teams: "solo", aceLow: true },
};

/** The public facts of a Danish whist hand view (the auction's under the same keys as es-makker's). */
export interface DanishInfo {
  readonly forehand: Seat;
  readonly standingBid: DanishBid | null;
  readonly bidder: Seat | null;
  /** Per seat: out of the auction. */
  readonly passed: readonly boolean[];
  /** Everyone passed: everyone plays for themself. */
  readonly pasnolo: boolean;
  /** Whether aces rank low in the play; null during the auction. */
  readonly aceLow: boolean | null;
  readonly endReason: DanishEndReason | null;
}

/** The views of Danish whist (registry.ts). */
export interface DanishViews {
  readonly phase: DanishHand["phase"];
  readonly info: DanishInfo;
  /** Deals played of the match's length (none before the first deal is scored). */
  readonly matchInfo: { readonly dealsPlayed?: number; readonly deals?: number };
}
