/** Knock-out whist (RULES.md §7): two to seven players, no partners; points only rank the players by the round they went out in. */
import type { Card, Suit } from "../../cards";
import { UNBID_CONTRACTS } from "../../core/contracts";
import type { Seat, VariantMeta } from "../../types";

export const knockoutMeta: VariantMeta = {
  seats: { min: 2, max: 7, default: 4 },
  teams: { kind: "none", pairsPlay: () => false },
  scoresBy: "place",
  emblem: "S",
  auction: "none",
  bids: UNBID_CONTRACTS,
  ladder: () => [],
  passGame: null,
};

/** The public facts of a knock-out whist hand view. */
export interface KnockoutInfo {
  /** The round (0-based: the hand index), and how many cards each player still in was dealt for it. */
  readonly round: number;
  readonly cards: number;
  readonly trump: Suit | null;
  /** The first round's turned card (trump), null in later rounds. */
  readonly turnedCard: Card | null;
  /** Who chooses trump (rounds after the first). */
  readonly chooser: Seat | null;
  /** Seats playing this round, and those of them on a dog's life. */
  readonly playing: readonly Seat[];
  readonly dogs: readonly Seat[];
  /** Dogs who waited in the trick in progress. */
  readonly waited: readonly Seat[];
}

export interface KnockoutMatchInfo {
  /** Per seat: the round (0-based) in which the seat went out, or null while it is in. */
  readonly outIn: readonly (number | null)[];
  /** Seats on a dog's life in the next round. */
  readonly dogs: readonly Seat[];
  /** Seats that have had their dog's life. */
  readonly dogUsed: readonly Seat[];
  /** Tricks each seat took in the round before (for choosing trump). */
  readonly lastTricks: readonly number[];
  readonly winner: Seat | null;
}

/** The views of knock-out whist (registry.ts). */
export interface KnockoutViews {
  readonly phase: "trump" | "play" | "done";
  readonly info: KnockoutInfo;
  /** Empty until the first round is scored. */
  readonly matchInfo: Partial<KnockoutMatchInfo>;
}
