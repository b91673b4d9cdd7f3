/** Norwegian whist (RULES.md §3): four players, seats 0+2 against 1+3 in every hand, each side scoring up its own total. */
import type { VariantMeta } from "../../types";

export const norwegianMeta: VariantMeta = {
  seats: { min: 4, max: 4, default: 4 },
  teams: { kind: "fixed", pairsPlay: () => true },
  scoresBy: "side",
  emblem: "C",
  // Grand or pass, once round the table.
  auction: "calls",
  // A lost grand gives the opponents 2 per trick over six, a made one the grand pair 1.
  bids: { grand: { kind: "grand", minTricks: 7, penalty: 2, label: { key: "bids.grand" } } },
  ladder: () => ["grand"],
  passGame: { teams: "pairs", aceLow: false },
};

/** The public facts of a Norwegian whist hand view. */
export interface NorwegianInfo {
  /** The game being played: a grand, the pass game (everyone passed), or null during the auction. */
  readonly game: "grand" | "pass" | null;
}

/** The views of Norwegian whist (registry.ts). */
export interface NorwegianViews {
  readonly phase: "auction" | "play" | "done";
  readonly info: NorwegianInfo;
  /** The winning pair once decided. */
  readonly matchInfo: { readonly winner?: 0 | 1 };
}
