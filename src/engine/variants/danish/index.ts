/**
 * Danish whist ("dansk whist", RULES.md §4): 52 cards, fixed partners opposite,
 * no trump, an auction over nolo < grand < sol < grandi, pasnolo when all pass,
 * zero-sum scoring and a match of a fixed number of deals. This module is the
 * variant object the engine registers; the rules live in the files beside it.
 */
import type { Variant } from "../../types";
import { type DanishHand, applyDanishAction, danishLegalActions, startDanishHand } from "./hand";
import { type DanishOptions, danishOptionFields, danishOptionsSchema } from "./options";
import { danishOutcomeModel, scoreDanishHand } from "./score";
import { viewDanishHand } from "./view";
import { type DanishViews, danishMeta } from "./meta";

export type { DanishHand } from "./hand";
export type { DanishOptions } from "./options";
export { BIDS, type DanishBid } from "./contract";
export type { DanishInfo, DanishViews } from "./meta";

export const danish: Variant<DanishOptions, DanishHand, DanishViews> = {
  id: "danish",
  name: { da: "Dansk whist", nb: "Dansk whist", en: "Danish whist" },
  ...danishMeta,
  optionsSchema: danishOptionsSchema,
  optionFields: danishOptionFields,
  deckJokers: () => 0,
  startHand: (ctx, deal) => startDanishHand(ctx.dealer, deal),
  legalActions: (hand, seat) => danishLegalActions(hand, seat),
  applyAction: (hand, seat, action) => applyDanishAction(hand, seat, action),
  isOver: (hand) => hand.phase === "done",
  scoreHand: (hand, ctx) => scoreDanishHand(hand, ctx.options),
  viewHand: (hand, seat) => viewDanishHand(hand, seat),
  outcomeModel: (hand, options) => danishOutcomeModel(hand.contract, options),
  // Every deal counts, pasnolo included; the match is a fixed number of deals.
  afterHand: (ctx, score, dealsPlayed) => ({
    scores: ctx.scores.map((total, s) => total + score.points[s]!),
    matchInfo: { ...ctx.matchInfo, dealsPlayed, deals: ctx.options.deals },
    over: dealsPlayed >= ctx.options.deals,
  }),
};
