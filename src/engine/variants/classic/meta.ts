/** Classic whist (RULES.md §2): four players, seats 0+2 against 1+3 in every hand, each side scoring up its own total. */
import type { Card, Suit } from "../../cards";
import { UNBID_CONTRACTS } from "../../core/contracts";
import type { VariantMeta } from "../../types";

export const classicMeta: VariantMeta = {
  seats: { min: 4, max: 4, default: 4 },
  teams: { kind: "fixed", pairsPlay: () => true },
  scoresBy: "side",
  emblem: "H",
  auction: "none",
  bids: UNBID_CONTRACTS,
  ladder: () => [],
  passGame: null,
};

/** The public facts of a classic whist hand view. */
export interface ClassicInfo {
  readonly trump: Suit | null;
  /** The dealer's turned card, while it lies on the table (until the dealer plays to the first trick). */
  readonly turnedCard?: Card | null;
}

/** Classic whist's match facts: with `rubber`, games won and this game's points per side; the winning side once decided. */
export type ClassicMatchInfo = {
  readonly games?: readonly [number, number];
  readonly gamePoints?: readonly [number, number];
  readonly winner?: 0 | 1;
};

/** The views of classic whist (registry.ts). */
export interface ClassicViews {
  readonly phase: "play" | "done";
  readonly info: ClassicInfo;
  readonly matchInfo: ClassicMatchInfo;
}
