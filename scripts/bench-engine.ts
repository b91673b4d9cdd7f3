/**
 * Engine benchmark: plays random legal matches of every registered variant
 * in this one process, a few seconds each, and prints one line per variant:
 *   VARIANT HANDS_PER_SECOND hands/s  (details)
 * The random player picks with `randomLegalAction(state, seat, rng)`, the
 * engine's random player: the same choice as `legalActions(state, seat)
 * [rng.int(n)]` without building lists it can index directly (es-makker's
 * up to 287 exchange discards, the auction's bids, the legal cards). A
 * second line per variant, `VARIANT/list`, picks from the full legalActions
 * list, as a client does.
 * Es-makker runs first: the variants share the match code, and the first
 * variant measured gets the JIT's inline caches to itself.
 * The timed loop keeps no states alive: sampling every 64th state there
 * (for the legalActions figure) cost about 40% of the rate through old-
 * generation promotions, so the samples come from a few extra matches.
 * Wall-clock rates depend on what else runs on the machine: each line also
 * gives the best 250 ms window and the rate per second of the process's own
 * CPU time, and the load average is printed before and after.
 *
 * Where the es-makker time goes (CPU profile, ~62 actions per hand): the
 * play of the cards about 30% (a hand keeps each seat's cards with per-suit
 * bit masks of their positions, so a card costs one allocation and a few
 * bit operations), dealing 15% (two SHA-256 hashes, three 64-byte blocks,
 * and a shuffle per hand: the deal must stay a one-way function of the
 * seed), the auction and contract set-up 20%, the match layer's apply
 * (input check, the new match state) 15%, scoring and GC the rest. The
 * 100,000 hands/s goal is not reached: it leaves 10 µs per hand, of which
 * the hashing alone takes about 3 µs on this machine, and every remaining
 * step is an allocation-light function already.
 *
 * Usage: npm run bench:engine [-- SECONDS_PER_LINE]
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
  randomLegalAction,
  variantIds,
} from "../src/engine";

const seconds = Number(process.argv[2] ?? 3);

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

console.log(`load average ${loadAverage()}; ${seconds} s per line, one process`);
const ids = [...variantIds()].sort((a, b) => (a === "esmakker" ? -1 : b === "esmakker" ? 1 : 0));
for (const id of ids) {
  for (const choose of [sampled, fromList]) warmUp(id, choose, 100);
  bench(id, id, sampled);
  bench(id, `${id}/list`, fromList);
}
console.log(`load average ${loadAverage()}`);
