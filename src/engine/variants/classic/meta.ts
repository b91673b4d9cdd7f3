/** Classic whist (RULES.md §2): four players, seats 0+2 against 1+3 in every hand, each side scoring up its own total. */
import type { VariantMeta } from "../../types";

export const classicMeta: VariantMeta = {
  seats: { min: 4, max: 4, default: 4 },
  teams: { kind: "fixed", pairsPlay: () => true },
  scoresBy: "side",
  emblem: "H",
};
