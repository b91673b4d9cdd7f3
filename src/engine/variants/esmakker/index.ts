/**
 * Es-makker whist (Danish ace-partner whist, RULES.md §1) as an engine
 * variant: 52 cards + 3 jokers, a kat of 3, the melde-tilbage auction, a
 * called partner ace, sol contracts, and seed 000's zero-sum scoring.
 */
import type { Variant } from "../../types";
import { type EsmakkerHand, applyAction, legalActions, startHand } from "./hand";
import { type EsmakkerOptions, esmakkerOptionFields, esmakkerOptionsSchema } from "./options";
import { afterHand, scoreHand } from "./scoring";
import { viewHand } from "./view";

export type { EsmakkerHand } from "./hand";
export type { EsmakkerOptions } from "./options";

export const esmakker: Variant<EsmakkerOptions, EsmakkerHand> = {
  id: "esmakker",
  name: { da: "Es-makker whist", nb: "Es-makker-whist", en: "Es-makker whist (ace partner)" },
  optionsSchema: esmakkerOptionsSchema,
  optionFields: esmakkerOptionFields,
  deckJokers: () => 3,
  startHand,
  legalActions,
  applyAction,
  isOver: (h) => h.phase === "done",
  scoreHand,
  viewHand,
  afterHand,
};
