/** Es-makker whist (RULES.md §1): four players; the declarer's partner is whoever holds the called ace (or king), so no pairs are fixed; zero-sum points per seat. */
import type { Card, Suit } from "../../cards";
import type { BidDescription, Seat, VariantMeta } from "../../types";
import type { Phase } from "./hand";
import { buildLadder } from "./ladder";

/** Every bid of every ladder the options allow (stærke included), described from the ladder's own definitions. */
const bids: Record<string, BidDescription> = Object.fromEntries(
  buildLadder({ staerke: true, addOnOrder: "seed000" }).bids.map((b): [string, BidDescription] => [
    b.id,
    b.sol !== null
      ? { kind: "avoid", maxTricks: b.maxTricks, open: b.sol === "bordlaegger" || b.sol === "renbordlaegger", label: { key: `bids.${b.sol}` } }
      : b.addOn === null
        ? { kind: "tricks", tricks: b.tricks, addOn: null, label: { key: "bids.tricks", params: { tricks: b.tricks } } }
        : { kind: "tricks", tricks: b.tricks, addOn: b.addOn, label: { key: "bids.tricksAddOn", params: { tricks: b.tricks, addOn: { key: `addOns.${b.addOn}` } } } },
  ]),
);

export const esmakkerMeta: VariantMeta = {
  seats: { min: 4, max: 4, default: 4 },
  teams: { kind: "called", pairsPlay: () => false },
  scoresBy: "seat",
  emblem: "S",
  auction: "ladder",
  bids,
  ladder: (o) => buildLadder({ staerke: o.staerke === true, addOnOrder: o.addOnOrder === "seed004" ? "seed004" : "seed000" }).bids.map((b) => b.id),
  // All passed: the deal is thrown in.
  passGame: null,
};

/** The public facts of an es-makker hand view. */
export interface EsmakkerInfo {
  readonly forehand: Seat;
  /** The standing bid id during the auction, the contract's after it. */
  readonly standingBid: string | null;
  readonly bidder: Seat | null;
  /** Per seat: out of the auction. */
  readonly passed: readonly boolean[];
  /** Gå med: seats that joined the sol. */
  readonly joiners: readonly Seat[];
  /** Vip: the kat cards turned so far. */
  readonly vipTurned: readonly Card[];
  /** Who laid cards in the kat (the declarer, after the exchange). */
  readonly katLaidBy: Seat | null;
  /** Fordækt kort: the declarer's face-down card, shown as "X" + the suit it counts as. */
  readonly hiddenCard: { readonly seat: Seat | null; readonly suit: Suit; readonly code: Card } | null;
  /** A bordlægger's hand lies open. */
  readonly tableOpen: boolean;
  /** Sol players who have lost their sol. */
  readonly solLost: readonly Seat[];
  readonly endReason: string | null;
}

/** The views of es-makker whist (registry.ts). */
export interface EsmakkerViews {
  readonly phase: Phase;
  readonly info: EsmakkerInfo;
  /** Deals played of the match's length (none before the first deal is scored). */
  readonly matchInfo: { readonly dealsPlayed?: number; readonly deals?: number };
}
