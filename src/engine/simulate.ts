/**
 * A seeded random-legal-move player: picks uniformly among legalActions for
 * the seat to act. Used by the CLI's `play`, the benchmark and the property
 * tests; deterministic for a given seed.
 */
import { type Rng, createRng } from "./random";
import { type MatchSetup, type MatchState, type ApplyResult, apply, createMatch, currentTurn, legalActions } from "./match";
import type { Result, SeatAction } from "./types";
import { fail, ok } from "./types";

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
