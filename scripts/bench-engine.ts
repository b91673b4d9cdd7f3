/**
 * Engine benchmark: plays random legal matches of every registered variant
 * in this one process, a few seconds per line, and prints per variant:
 *   VARIANT HANDS_PER_SECOND hands/s        whole matches by `playOut`
 *   VARIANT/apply HANDS_PER_SECOND hands/s  the same play, one `apply` per action
 *   VARIANT/list HANDS_PER_SECOND hands/s   picking from the full legalActions list
 * `playOut(state, rng)` is the engine's random playout (simulations, the CLI's
 * kind of random match): each hand is played inside its variant,
 * on one private copy changed in place where the variant has playHandOut
 * (es-makker), and scored once. It plays exactly the actions `apply` with
 * `randomLegalAction` plays, from the same draws (a property test proves it).
 * The /apply line is what a client's step costs: the action checked as
 * untrusted input, a new immutable hand and match state per action.
 * `randomLegalAction(state, seat, rng)` is the same choice as
 * `legalActions(state, seat)[rng.int(n)]` without building lists it can index
 * directly (es-makker's up to 287 exchange discards, the auction's bids, the
 * legal cards); the /list line picks from the full list, as a client does.
 * Es-makker runs first: the variants share the match code, and the first
 * variant measured gets the JIT's inline caches to itself.
 * The timed loops keep no states alive: sampling every 64th state there
 * (for the legalActions figure) cost about 40% of the rate through old-
 * generation promotions, so the samples come from a few extra matches.
 * Wall-clock rates depend on what else runs on the machine: each line also
 * gives the best 250 ms window and the rate per second of the process's own
 * CPU time, and the load average is printed before and after.
 *
 * Usage: npm run bench:engine [-- SECONDS_PER_LINE]   (default 3; 0.1 for a quick check)
 */
import { readFileSync } from "node:fs";
import {
  type Action,
  type MatchState,
  type Rng,
  type Seat,
  apply,
  createMatch,
  createRng,
  currentTurn,
  legalActions,
  playOut,
  randomLegalAction,
  variantIds,
} from "../src/engine";
import { numberArg, scriptArgs } from "../src/cli/args";

const seconds = scriptArgs(
  {
    usageName: "npm run bench:engine --",
    summary:
      "Plays random legal matches of every variant in this one process and prints hands per second per variant: whole matches by playOut, one apply per action (/apply), and picking from the full legalActions list (/list).",
    positionals: [{ name: "SECONDS", optional: true, help: "seconds per measured line (default 3); each variant also plays 100 warm-up matches per line first" }],
    examples: ["npm run bench:engine", "npm run bench:engine -- 0.1   (a quick check that it runs)"],
  },
  (a) => numberArg("SECONDS", a.positionals[0], 3, { min: 0.01 }),
);

type Chooser = (state: MatchState, seat: Seat, rng: Rng) => Action;
const fromList: Chooser = (state, seat, rng) => {
  const legal = legalActions(state, seat);
  return legal[rng.int(legal.length)]!;
};
const sampled: Chooser = (state, seat, rng) => randomLegalAction(state, seat, rng)!;

const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

function newMatch(variant: string, seed: string): MatchState {
  const created = createMatch({ variant, seed, options: {} });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Plays one whole match from `state`; returns its actions (0 when not counted). */
type MatchRunner = (state: MatchState, rng: Rng) => { state: MatchState; actions: number };

const stepping =
  (choose: Chooser): MatchRunner =>
  (state, rng) => {
    let actions = 0;
    while (!state.over) {
      const seat = currentTurn(state)!;
      const r = apply(state, seat, choose(state, seat, rng));
      if (!r.ok) throw new Error(`${state.variant}: legal action refused: ${r.error.message}`);
      actions++;
      state = r.state;
    }
    return { state, actions };
  };

const playingOut: MatchRunner = (state, rng) => {
  const r = playOut(state, rng);
  if (!r.ok) throw new Error(`${state.variant}: ${r.error.message}`);
  return { state: r.value, actions: 0 };
};

/**
 * Plays `matches` whole matches unmeasured so the JIT has optimised the hot
 * paths: a fixed amount of work, because on a busy machine a fixed time may
 * not be enough (without it the first line printed comes out much slower).
 */
function warmUp(variant: string, run: MatchRunner, matches: number) {
  const rng = createRng(`warm:${variant}`);
  for (let m = 0; m < matches; m++) run(newMatch(variant, `warm${m}`), rng);
}

/** Every 64th state of `matches` random matches. */
function sampleStates(variant: string, choose: Chooser, rng: Rng, matches: number): MatchState[] {
  const samples: MatchState[] = [];
  let actions = 0;
  for (let m = 0; m < matches; m++) {
    let state = newMatch(variant, `sample${m}`);
    while (!state.over) {
      const seat = currentTurn(state)!;
      const r = apply(state, seat, choose(state, seat, rng));
      if (!r.ok) throw new Error(`${variant}: legal action refused: ${r.error.message}`);
      if ((actions++ & 63) === 0) samples.push(state);
      state = r.state;
    }
  }
  return samples;
}

function bench(variant: string, label: string, run: MatchRunner, choose: Chooser) {
  const rng = createRng(`bench:${variant}`);
  let hands = 0, actions = 0, match = 0;
  const until = performance.now() + seconds * 1000;
  const start = performance.now();
  const cpuStart = cpuSeconds();
  // Best 250 ms window: what one core gives when the machine's other work leaves it alone for a moment.
  let windowStart = start, windowHands = 0, bestWindow = 0;
  while (performance.now() < until) {
    const now = performance.now();
    if (now - windowStart >= 250) {
      bestWindow = Math.max(bestWindow, (hands - windowHands) / ((now - windowStart) / 1000));
      windowStart = now;
      windowHands = hands;
    }
    const played = run(newMatch(variant, `m${match++}`), rng);
    hands += played.state.results.length;
    actions += played.actions;
  }
  const elapsed = (performance.now() - start) / 1000;
  const cpu = cpuSeconds() - cpuStart;
  const perAction =
    actions === 0 ? "" : `${((elapsed * 1e9) / actions).toFixed(0)} ns per action incl. choosing, ${(actions / hands).toFixed(1)} actions/hand, `;
  // legalActions alone, timed over states sampled from a few more matches. Not collected during the timed run:
  // keeping every 64th state alive there cost ~40% of the rate (survivors promoted to the old generation).
  let legal = "";
  if (run !== playingOut) {
    const samples = sampleStates(variant, choose, rng, 20);
    const repeat = 20;
    const t0 = performance.now();
    for (let i = 0; i < repeat; i++) for (const s of samples) legalActions(s, currentTurn(s)!);
    legal = `${(((performance.now() - t0) * 1000) / (repeat * samples.length)).toFixed(2)} µs per legalActions call, `;
  }
  console.log(
    `${label} ${Math.round(hands / elapsed)} hands/s  (best 250 ms window ${Math.round(bestWindow)}/s, ${Math.round(hands / cpu)} per CPU-s; ` +
      `${perAction}${legal}${match} matches)`,
  );
}

const loadAverage = (): string => {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
};

console.log(`load average ${loadAverage()}; ${seconds} s per line, one process`);
const ids = [...variantIds()].sort((a, b) => (a === "esmakker" ? -1 : b === "esmakker" ? 1 : 0));
for (const id of ids) {
  for (const run of [playingOut, stepping(sampled), stepping(fromList)]) warmUp(id, run, 100);
  bench(id, id, playingOut, sampled);
  bench(id, `${id}/apply`, stepping(sampled), sampled);
  bench(id, `${id}/list`, stepping(fromList), fromList);
}
console.log(`load average ${loadAverage()}`);
