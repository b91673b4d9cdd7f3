/**
 * The engine's public API. Everything outside src/engine/ imports from here:
 * match set-up and play (createMatch, legalActions, apply, view, currentTurn),
 * the variant registry and option parsing, the wire-input action schema, the
 * game record functions, and the shared card/seed/type vocabulary.
 */
export * from "./cards";
export * from "./random";
export * from "./types";
export { actionSchema, seatActionSchema, isWellFormedAction, isSeat } from "./actions";
export { VARIANTS, getVariant, parseOptions, variantIds, type AnyVariant } from "./registry";
export { VARIANT_IDS, VARIANT_META, describeBid, fixedPairs, isVariantId, pairsPlay, variantMeta } from "./meta";
export {
  createMatch,
  legalActions,
  apply,
  view,
  spectatorView,
  currentTurn,
  DEFAULT_SEAT_NAMES,
  defaultSeatNames,
  firstHandContext,
  type MatchSetup,
  type MatchState,
  type SeatInfo,
  type ApplyResult,
} from "./match";
export * from "./record";
export { playOut, playRandomMatch, randomLegalAction, randomStep } from "./simulate";
