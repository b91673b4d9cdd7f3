/**
 * Duplicate matches between bot levels: every seeded deal is played twice,
 * level A in seats 0+2 and B in 1+3, then with the seats swapped, so the
 * cards cancel out and only the play and bidding differ. Prints, per variant,
 * A's mean point advantage per deal with a 95% confidence interval.
 *   npm run bench:bots            (settings below; BENCH_SCALE scales the deal counts, BENCH_BUDGET the strong budget)
 */
import { type BotLevel } from "../src/bots/index";
import { pairDifference, playHands } from "../src/bots/arena";
import type { VariantId } from "../src/engine/types";

const VARIANTS: VariantId[] = ["esmakker", "classic", "norwegian", "danish"];
const STRONG_BUDGET_MS = Number(process.env.BENCH_BUDGET ?? 100);
/**
 * Deals per variant. Es-makker's points swing by hundreds on a single contract and
 * strong and normal bid alike, so it needs the most deals to separate the levels.
 * Danish whist's alone contracts (sol ±9, grandi ±12 for the declarer, about one deal
 * in five since the bots bid the most valuable contract) and Norwegian's small margins
 * need more deals than classic for a confidence interval narrower than the gap.
 */
const STRONG_DEALS: Readonly<Record<VariantId, number>> = { esmakker: 200, classic: 30, norwegian: 240, danish: 150 };
const scale = Number(process.env.BENCH_SCALE ?? 1);
const PAIRS: { a: BotLevel; b: BotLevel; deals: (v: VariantId) => number }[] = [
  { a: "strong", b: "normal", deals: (v) => Math.max(2, Math.round(STRONG_DEALS[v] * scale)) },
  { a: "normal", b: "random", deals: () => Math.max(2, Math.round(150 * scale)) },
];

/** A's advantage on one deal: pair difference with A in 0+2 minus the one with A in 1+3, halved. */
function duplicateDeal(variant: VariantId, deal: number, a: BotLevel, b: BotLevel): number {
  const setup = { variant, seed: `bench-${variant}-${deal}` };
  const opts = { hands: 1, budgetMs: STRONG_BUDGET_MS, seed: `bench-${deal}` };
  const first = playHands(setup, { ...opts, levels: [a, b, a, b] }).results[0];
  const second = playHands(setup, { ...opts, levels: [b, a, b, a] }).results[0];
  return ((first ? pairDifference(first) : 0) - (second ? pairDifference(second) : 0)) / 2;
}

function summary(xs: number[]): { mean: number; lo: number; hi: number } {
  const n = xs.length;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, n - 1));
  const half = (1.96 * sd) / Math.sqrt(n);
  return { mean, lo: mean - half, hi: mean + half };
}

const only = process.env.BENCH_VARIANTS ? (process.env.BENCH_VARIANTS.split(",") as VariantId[]) : VARIANTS;
console.log(
  `bench:bots — duplicate deals (each played twice, seats swapped); strong budget ${STRONG_BUDGET_MS} ms per card; deals: ${PAIRS.map((p) => `${p.a} vs ${p.b} ${only.map((v) => `${v} ${p.deals(v)}`).join(" ")}`).join("; ")}`,
);
const t0 = performance.now();
for (const { a, b, deals } of PAIRS) {
  for (const variant of only) {
    const t = performance.now();
    const diffs: number[] = [];
    const n = deals(variant);
    for (let d = 0; d < n; d++) diffs.push(duplicateDeal(variant, d, a, b));
    const s = summary(diffs);
    const clear = s.lo > 0 ? "clear of zero" : s.hi < 0 ? "BELOW zero" : "not clear of zero";
    console.log(
      `${a.padEnd(6)} vs ${b.padEnd(6)} ${variant.padEnd(9)} mean ${s.mean.toFixed(2).padStart(8)} points/deal  95% CI [${s.lo.toFixed(2)}, ${s.hi.toFixed(2)}]  ${clear}  (${n} deals, ${((performance.now() - t) / 1000).toFixed(0)} s)`,
    );
  }
}
console.log(`total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
