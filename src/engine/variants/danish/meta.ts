/** Danish whist (RULES.md §4): four players; partners sit opposite, but sol and grandi are played alone and pasnolo is everyone for themself; zero-sum points per seat. */
import type { VariantMeta } from "../../types";

export const danishMeta: VariantMeta = {
  seats: { min: 4, max: 4, default: 4 },
  teams: { kind: "byContract", pairsPlay: (contract, phase) => phase === null || (contract !== null && contract.alone !== true) },
  scoresBy: "seat",
  emblem: "D",
};
