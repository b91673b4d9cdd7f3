/** Knock-out whist (RULES.md §7): two to seven players, no partners; points only rank the players by the round they went out in. */
import type { VariantMeta } from "../../types";

export const knockoutMeta: VariantMeta = {
  seats: { min: 2, max: 7, default: 4 },
  teams: { kind: "none", pairsPlay: () => false },
  scoresBy: "place",
  emblem: "S",
};
