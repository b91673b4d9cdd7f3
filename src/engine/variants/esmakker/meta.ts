/** Es-makker whist (RULES.md §1): four players; the declarer's partner is whoever holds the called ace (or king), so no pairs are fixed; zero-sum points per seat. */
import type { VariantMeta } from "../../types";

export const esmakkerMeta: VariantMeta = {
  seats: { min: 4, max: 4, default: 4 },
  teams: { kind: "called", pairsPlay: () => false },
  scoresBy: "seat",
  emblem: "S",
};
