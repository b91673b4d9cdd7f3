/**
 * Double-dummy solver speed: solves a fixed set of seeded 13-card deals
 * (no trump and a suit contract each, the player left of the dealer on lead)
 * and prints the time per deal and nodes per second.
 *   npm run bench:solver          (BENCH_SOLVER_DEALS overrides the count)
 */
import { makeDeck } from "../src/engine/cards";
import { dealFromSeed } from "../src/engine/random";
import { createSearch } from "../src/bots/solver/index";

const DEALS = Number(process.env.BENCH_SOLVER_DEALS ?? 6);
const times: number[] = [];
let nodes = 0;
let totalMs = 0;
console.log(`bench:solver — ${DEALS} seeded deals × (no trump, spades trump), tricks for seats 1+3, seat 1 leads`);
for (let i = 0; i < DEALS; i++) {
  const deal = dealFromSeed(`solver-bench-${i}`, makeDeck(0), 0);
  for (const trump of [null, "S"] as const) {
    const dd = createSearch({ hands: deal.hands, trick: null, leader: 1, rules: { trump, aceLow: false, jokers: false, jokerTrumpable: false }, side: [1, 3] });
    const t0 = performance.now();
    const tricks = dd.value();
    const ms = performance.now() - t0;
    times.push(ms);
    nodes += dd.nodes;
    totalMs += ms;
    console.log(`deal ${i} ${trump ?? "NT"}: ${tricks} tricks, ${dd.nodes} nodes, ${ms.toFixed(0)} ms`);
  }
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
console.log(
  `solves ${times.length}: mean ${(totalMs / times.length).toFixed(0)} ms, median ${median.toFixed(0)} ms, max ${times[times.length - 1]!.toFixed(0)} ms; ${(nodes / totalMs / 1000).toFixed(2)} M nodes/s`,
);
