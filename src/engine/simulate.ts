/**
 * A seeded random-legal-move player: picks uniformly among legalActions for
 * the seat to act. Used by the CLI's `play`, the benchmark and the property
 * tests; deterministic for a given seed.
 */
import { type Rng, createRng } from "./random";
import { type MatchSetup, type MatchState, type ApplyResult, apply, createMatch, currentTurn, legalActions } from "./match";
import { getVariant } from "./registry";
import type { Action, Result, Seat, SeatAction } from "./types";
import { fail, ok } from "./types";

/**
 * The same choice as `legalActions(state, seat)[rng.int(n)]` for its n legal
 * actions (null, without drawing, when there are none), with the same draws
 * from `rng`, but without building long lists where the variant can index
 * them directly (es-makker's exchange: up to 287 choices). For fast random
 * playouts; the benchmark reports both ways.
 */
export function randomLegalAction(state: MatchState, seat: Seat, rng: Rng): Action | null {
  const hand = state.hand;
  if (state.over || !hand || hand.turn !== seat) return null;
  const variant = getVariant(state.variant)!;
  if (variant.randomLegalAction) return variant.randomLegalAction(hand, seat, state.options, rng);
  const legal = variant.legalActions(hand, seat, state.options);
  return legal.length === 0 ? null : legal[rng.int(legal.length)]!;
}

/** One random legal action by the seat to act; null when nobody can act. */
export function randomStep(state: MatchState, rng: Rng): { result: ApplyResult; played: SeatAction } | null {
  const seat = currentTurn(state);
  if (seat === null) return null;
  const legal = legalActions(state, seat);
  if (legal.length === 0) return null;
  const action = legal[rng.int(legal.length)]!;
  return { result: apply(state, seat, action), played: { seat, action } };
}

export interface RandomMatch {
  readonly state: MatchState;
  readonly actions: readonly SeatAction[];
}

/**
 * Plays a match with random legal actions until it is over, `maxHands` hands
 * are finished, or `maxActions` actions were taken. A refused legal action is
 * an engine bug and is returned as the error.
 */
export function playRandomMatch(
  setup: MatchSetup,
  rngSeed: string,
  limits: { maxHands?: number; maxActions?: number } = {},
): Result<RandomMatch> {
  const created = createMatch(setup);
  if (!created.ok) return created;
  const rng = createRng(rngSeed);
  const maxHands = limits.maxHands ?? Infinity;
  const maxActions = limits.maxActions ?? 1_000_000;
  let state = created.value;
  const actions: SeatAction[] = [];
  while (!state.over && state.results.length < maxHands && actions.length < maxActions) {
    const step = randomStep(state, rng);
    if (!step) break;
    if (!step.result.ok) return fail(step.result.error.code, `legal action refused: ${step.result.error.message}`, { ...step.played });
    state = step.result.state;
    actions.push(step.played);
  }
  return ok({ state, actions });
}
