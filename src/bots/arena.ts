/**
 * Bots playing whole hands against each other through the public engine API:
 * each seat is asked for its action with view(state, seat) only. Used by the
 * bot tests and the duplicate-match benchmark.
 */
import { type MatchSetup, type MatchState, apply, createMatch, currentTurn, view } from "../engine/index";
import type { HandResult, SeatAction } from "../engine/types";
import { type BotLevel, decide } from "./index";

export interface ArenaOptions {
  /** Level per seat. */
  readonly levels: readonly BotLevel[];
  readonly hands: number;
  /** Thinking time for strong seats. */
  readonly budgetMs?: number;
  /** Bot seed (decisions are deterministic given it). */
  readonly seed?: string;
}

/** Plays `hands` hands (or until the match ends) and returns the results. Throws if a bot's action is refused (a bug). */
export function playHands(
  setup: MatchSetup,
  opts: ArenaOptions,
): { state: MatchState; results: readonly HandResult[]; actions: readonly SeatAction[]; thinkMs: readonly number[] } {
  const created = createMatch(setup);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const actions: SeatAction[] = [];
  /** Wall time each seat spent deciding, for benchmarks. */
  const thinkMs: number[] = Array<number>(opts.levels.length).fill(0);
  while (!state.over && state.results.length < opts.hands) {
    const seat = currentTurn(state);
    if (seat === null) break;
    const v = view(state, seat);
    const started = performance.now();
    const action = decide(v, { level: opts.levels[seat]!, budgetMs: opts.budgetMs, seed: `${opts.seed ?? "arena"}:${seat}` });
    thinkMs[seat]! += performance.now() - started;
    const step = apply(state, seat, action);
    if (!step.ok) throw new Error(`bot at seat ${seat} (${opts.levels[seat]}) chose a refused action ${JSON.stringify(action)}: ${step.error.code}`);
    state = step.state;
    actions.push({ seat, action });
    if (actions.length > 100_000) throw new Error("arena: no progress");
  }
  return { state, results: state.results, actions, thinkMs };
}

/** Points of seats 0+2 minus points of seats 1+3, per hand (halved so a pair counts like one player). */
export const pairDifference = (r: HandResult): number => (r.points[0]! + r.points[2]! - r.points[1]! - r.points[3]!) / 2;


