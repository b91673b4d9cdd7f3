/**
 * A seeded random-legal-move player: picks uniformly among legalActions for
 * the seat to act. Used by the CLI's `play`, the benchmark, the property tests
 * and simulations; deterministic for a given seed. `playRandomMatch` steps
 * through `apply` (every action checked like a client's); `playOut` plays the
 * same actions hand by hand inside the variants, for speed.
 */
import { type Rng, createRng } from "./random";
import { type MatchSetup, type MatchState, type ApplyResult, apply, createMatch, currentTurn, finishHand, legalActions } from "./match";
import { type AnyVariant, getVariant } from "./registry";
import type { Action, BaseHand, EngineEvent, HandStep, Result, Seat, SeatAction } from "./types";
import { err, fail, ok } from "./types";

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
  return randomHandAction(getVariant(state.variant)!, hand, seat, state.options, rng);
}

/** randomLegalAction on a variant's hand: the variant's own fast path, or a pick from its legal list. */
function randomHandAction(variant: AnyVariant, hand: BaseHand, seat: Seat, options: Readonly<Record<string, unknown>>, rng: Rng): Action | null {
  if (variant.randomLegalAction) return variant.randomLegalAction(hand, seat, options, rng);
  const legal = variant.legalActions(hand, seat, options);
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

const NO_EVENTS: readonly EngineEvent[] = Object.freeze([]);

/**
 * Plays the match on from `state` to its end with random legal actions: the
 * same actions, from the same draws of `rng`, as stepping with
 * randomLegalAction and apply (each reported to `onAction`), but each hand is
 * played inside its variant (on one private copy changed in place where the
 * variant has playHandOut) and scored once, with no match state
 * per action. A refused action is an engine bug, returned as the error.
 */
export function playOut(state: MatchState, rng: Rng, onAction?: (seat: Seat, action: Action) => void): Result<MatchState> {
  let s = state;
  while (!s.over && s.hand !== null) {
    const variant = getVariant(s.variant)!;
    let played: HandStep<BaseHand>;
    try {
      played = playHand(variant, s.hand, s.options, rng, onAction);
    } catch (e) {
      return fail("engine/internal", `the ${s.variant} rules failed in a playout: ${String(e)}`);
    }
    if (!played.ok) return fail(played.error.code, `legal action refused: ${played.error.message}`);
    const finished = finishHand(s, variant, played.hand, NO_EVENTS);
    if (!finished.ok) return finished;
    s = finished.state;
  }
  return ok(s);
}

/** One hand to its end: through the variant's playHandOut where there is one, else step by step through its applyAction. */
function playHand(
  variant: AnyVariant,
  hand: BaseHand,
  options: Readonly<Record<string, unknown>>,
  rng: Rng,
  onAction: ((seat: Seat, action: Action) => void) | undefined,
): HandStep<BaseHand> {
  if (variant.playHandOut) return { ok: true, hand: variant.playHandOut(hand, options, rng, onAction), events: NO_EVENTS };
  let h = hand;
  while (!variant.isOver(h)) {
    const seat = h.turn!;
    const action = randomHandAction(variant, h, seat, options, rng);
    if (action === null) return { ok: false, error: err("engine/internal", `seat ${seat} has no legal action`) };
    onAction?.(seat, action);
    const next = variant.applyAction(h, seat, action, options);
    if (!next.ok) return next;
    h = next.hand;
  }
  return { ok: true, hand: h, events: NO_EVENTS };
}
