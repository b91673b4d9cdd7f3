/**
 * Engine benchmark: plays random legal matches of every registered variant in
 * one process for a few seconds each and prints one line per variant:
 *   VARIANT HANDS_PER_SECOND hands/s  (µs per legalActions call, µs per apply call, actions per hand)
 * Usage: npm run bench:engine [-- SECONDS_PER_VARIANT]
 */
import { type MatchState, apply, createMatch, createRng, currentTurn, legalActions, variantIds } from "../src/engine";

const seconds = Number(process.argv[2] ?? 3);

function bench(variant: string) {
  const rng = createRng(`bench:${variant}`);
  let hands = 0, actions = 0, match = 0;
  const samples: MatchState[] = [];
  const until = performance.now() + seconds * 1000;
  const start = performance.now();
  while (performance.now() < until) {
    const created = createMatch({ variant, seed: `m${match++}`, options: {} });
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    while (!state.over) {
      const seat = currentTurn(state)!;
      const legal = legalActions(state, seat);
      const r = apply(state, seat, legal[rng.int(legal.length)]!);
      if (!r.ok) throw new Error(`${variant}: legal action refused: ${r.error.message}`);
      if ((actions & 63) === 0) samples.push(state);
      actions++;
      if (r.state.dealIndex !== state.dealIndex) hands++;
      state = r.state;
    }
  }
  const elapsed = (performance.now() - start) / 1000;
  // legalActions alone, timed over states sampled from the run above.
  const repeat = 50;
  const t0 = performance.now();
  for (let i = 0; i < repeat; i++) for (const s of samples) legalActions(s, currentTurn(s)!);
  const legalUs = ((performance.now() - t0) * 1000) / (repeat * samples.length);
  console.log(
    `${variant} ${Math.round(hands / elapsed)} hands/s  (${((elapsed * 1e6) / actions).toFixed(2)} µs per action incl. legalActions, ` +
      `${legalUs.toFixed(2)} µs per legalActions call, ${(actions / hands).toFixed(1)} actions/hand, ${match} matches)`,
  );
}

for (const id of variantIds()) bench(id);
