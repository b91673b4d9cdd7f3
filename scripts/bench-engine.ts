/**
 * Engine benchmark: plays random legal matches of every registered variant
 * for a few seconds each and prints one line per variant:
 *   VARIANT HANDS_PER_SECOND hands/s  (details)
 * The random player picks with `legalActions(state, seat)[rng.int(n)]`, as
 * every client does. For es-makker a second line, `esmakker/sampled`, plays
 * the same kind of matches with `randomLegalAction`, which makes the same
 * choice without building the exchange's list of up to 287 discards.
 * Each variant runs in its own child process, so the shared match code's
 * inline caches see only that variant's hand shapes: each line measures one
 * variant's rules, not how the JIT copes with four variants mixed.
 * The timed loop keeps no states alive: sampling every 64th state there
 * (for the legalActions figure) cost about 40% of the rate through old-
 * generation promotions, so the samples come from a few extra matches.
 * Wall-clock rates depend on what else runs on the machine: each line also
 * gives the best 250 ms window and the rate per second of the process's own
 * CPU time, and the load average is printed before and after.
 *
 * Where the es-makker time goes (CPU profile after two optimisation passes,
 * ~60 actions per hand): applying a card 17%, listing legal plays 14%, the
 * exchange list (287 entries, one per hand) 9%, the match layer's apply and
 * legalActions dispatch 12%, GC 5%, dealing (two SHA-256 and a shuffle per
 * hand) 7%, input canonicalisation 4%, the rest auction and scoring. No
 * single item dominates: the floor is set by the immutable public shapes
 * (every action allocates a 13-field match state, a 27-field hand, a new
 * `hands` array and the seat's card array, a trick, two result wrappers and
 * the legal list) and by string cards (each membership test is a string
 * comparison loop). The 100,000 hands/s goal (~160 ns per action, 6-8x the
 * current rate) needs a different internal representation, not more tuning:
 * integer cards, hands as four 13-bit suit masks plus a joker count (legal
 * plays and follow-suit checks become a few bit operations), a mutable hand
 * advanced in place, and the public BaseHand arrays built lazily from it
 * when a caller reads them.
 *
 * Usage: npm run bench:engine [-- SECONDS_PER_VARIANT]
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
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
  randomLegalAction,
  variantIds,
} from "../src/engine";

const seconds = Number(process.argv[2] ?? 3);
// Set in a child process: the one variant it measures.
const onlyVariant = process.argv[3];

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

/**
 * Plays `matches` whole matches unmeasured so the JIT has optimised the hot
 * paths: a fixed amount of work, because on a busy machine a fixed time may
 * not be enough (without it the first line printed comes out much slower).
 */
function warmUp(variant: string, choose: Chooser, matches: number) {
  const rng = createRng(`warm:${variant}`);
  for (let m = 0; m < matches; m++) {
    let state = newMatch(variant, `warm${m}`);
    while (!state.over) {
      const seat = currentTurn(state)!;
      const r = apply(state, seat, choose(state, seat, rng));
      if (!r.ok) throw new Error(`${variant}: legal action refused: ${r.error.message}`);
      state = r.state;
    }
  }
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

function bench(variant: string, label: string, choose: Chooser) {
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
    let state = newMatch(variant, `m${match++}`);
    while (!state.over) {
      const seat = currentTurn(state)!;
      const r = apply(state, seat, choose(state, seat, rng));
      if (!r.ok) throw new Error(`${variant}: legal action refused: ${r.error.message}`);
      actions++;
      if (r.state.dealIndex !== state.dealIndex) hands++;
      state = r.state;
    }
  }
  const elapsed = (performance.now() - start) / 1000;
  const cpu = cpuSeconds() - cpuStart;
  // legalActions alone, timed over states sampled from a few more matches. Not collected during the timed run:
  // keeping every 64th state alive there cost ~40% of the rate (survivors promoted to the old generation).
  const samples = sampleStates(variant, choose, rng, 20);
  const repeat = 20;
  const t0 = performance.now();
  for (let i = 0; i < repeat; i++) for (const s of samples) legalActions(s, currentTurn(s)!);
  const legalUs = ((performance.now() - t0) * 1000) / (repeat * samples.length);
  console.log(
    `${label} ${Math.round(hands / elapsed)} hands/s  (best 250 ms window ${Math.round(bestWindow)}/s, ${Math.round(hands / cpu)} per CPU-s; ` +
      `${((elapsed * 1e9) / actions).toFixed(0)} ns per action incl. choosing, ${legalUs.toFixed(2)} µs per legalActions call, ` +
      `${(actions / hands).toFixed(1)} actions/hand, ${match} matches)`,
  );
}

const loadAverage = (): string => {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
};

function benchVariant(id: string) {
  const choosers: [string, Chooser][] = id === "esmakker" ? [[id, fromList], ["esmakker/sampled", sampled]] : [[id, fromList]];
  for (const [, choose] of choosers) warmUp(id, choose, 100);
  for (const [label, choose] of choosers) bench(id, label, choose);
}

if (onlyVariant !== undefined) benchVariant(onlyVariant);
else {
  console.log(`load average ${loadAverage()}; ${seconds} s per variant, one process each`);
  // The same node flags (tsx's loader) and this script, with the variant as the second argument.
  const script = fileURLToPath(import.meta.url);
  for (const id of variantIds()) {
    const child = spawnSync(process.execPath, [...process.execArgv, script, String(seconds), id], { stdio: "inherit" });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  console.log(`load average ${loadAverage()}`);
}
