/**
 * Es-makker whist (Danish ace-partner whist, RULES.md §1) as an engine
 * variant: 52 cards + 3 jokers, a kat of 3, the melde-tilbage auction, a
 * called partner ace, sol contracts, and seed 000's zero-sum scoring.
 *
 * Where RULES.md is silent, this variant decides:
 * - Ladder: stærke sits directly below gode in both add-on orders; sol
 *   contracts sit right after the plain bid of 9/10/11/12.
 * - Jernhånd: `redeal` only at the seat's first auction turn (before it has
 *   bid or passed); the hand ends with outcome "redeal", no score, and counts
 *   toward `deals` like a passed-out hand.
 * - Gå med: offered inside the auction. A seat answering a standing sol or
 *   ren sol may `join` instead of bidding or passing; it leaves the bidding
 *   like a pass. A higher bid cancels the joins. The declarer then the joiners
 *   (clockwise) may exchange in turn, each with the kat the previous one left.
 *   Each sol player settles alone with each of the three others (sol value
 *   made, double lost), so sol players also settle with each other; the hand
 *   ends early only when every sol player is lost.
 * - Fordækt kort: a `hide` phase after the exchange, for a declarer void in
 *   the called suit; not a joker. The card counts as the lowest card of the
 *   called suit (it must follow that suit and never follows its own); others
 *   see it as "X" + suit. `decline` keeps the hand as it is.
 * - Vip: a joker turned first means no trump even with vipJokerPrevious.
 * - Halve selvmakker (own ace or ace in the kat): the declarer names trump
 *   (not the called suit) and exchanges.
 * - Scoring: failing costs 2 × base (× 2 with an add-on) whatever the
 *   undertricks. `tariff` holds 7..13; sol values are the separate
 *   `solValues` option.
 * - The called ace must be played on the first lead of its suit even by a
 *   holder who would rather play a joker.
 * - exchangeUpTo3 (RULES.md §1): the player laying away k cards takes the
 *   kat's first k cards; the discards take their places at the front of the
 *   kat and the untaken cards stay behind them, seen by nobody until the hand
 *   is over (the kat's owner sees only its own discards). With gå med the
 *   next exchanger takes from the front of that kat. Vip stays 3 cards.
 *
 * The rules by phase: hand.ts holds the state; auction.ts, setup.ts (trump,
 * call, vip, fordækt kort), exchange.ts and play.ts each state a phase's
 * rules once, in a refusal function that both legalActions and applyAction
 * (rules.ts) go by; playout.ts is the fast random play for simulations.
 */
import type { Variant } from "../../types";
import { type EsmakkerHand, startHand } from "./hand";
import { playHandOut, randomLegalAction } from "./playout";
import { applyAction, legalActions } from "./rules";
import { type EsmakkerOptions, esmakkerOptionFields, esmakkerOptionsSchema } from "./options";
import { afterHand, esmakkerOutcomeModel, scoreHand } from "./scoring";
import { viewHand } from "./view";
import { type EsmakkerViews, esmakkerMeta } from "./meta";

export type { EsmakkerHand } from "./hand";
export type { EsmakkerOptions } from "./options";
export type { EsmakkerInfo, EsmakkerViews } from "./meta";

export const esmakker: Variant<EsmakkerOptions, EsmakkerHand, EsmakkerViews> = {
  id: "esmakker",
  name: { da: "Es-makker whist", nb: "Es-makker-whist", en: "Es-makker whist (ace partner)" },
  ...esmakkerMeta,
  optionsSchema: esmakkerOptionsSchema,
  optionFields: esmakkerOptionFields,
  deckJokers: () => 3,
  startHand,
  legalActions,
  randomLegalAction,
  playHandOut,
  applyAction,
  isOver: (h) => h.phase === "done",
  scoreHand,
  viewHand,
  outcomeModel: (hand, options, _viewer, declaring) => esmakkerOutcomeModel(hand.contract, options, declaring),
  afterHand,
};
