/**
 * Duplicate matches between bot levels: every seeded deal is played twice,
 * level A in seats 0+2 and B in 1+3, then with the seats swapped, so the
 * cards cancel out and only the play and bidding differ. Prints, per variant,
 * A's mean point advantage per deal with a 95% confidence interval.
 *   npm run bench:bots -- [SCALE=1] [BUDGET_MS=100] [--variants a,b] [--pairs A:B,...] [--from N]
 *   npm run bench:bots -- 0.01 5       (a quick check that it runs)
 * SCALE scales the deal counts below (BENCH_SCALE), BUDGET_MS is the strong
 * level's time per card (BENCH_BUDGET), --variants picks variants (BENCH_VARIANTS),
 * --pairs the levels compared (default strong:normal,normal:random), --from the
 * first deal (to split one measurement over processes).
 */
import { BOT_LEVELS, type BotLevel, SEARCH_TUNING } from "../src/bots/index";
import { pairDifference, playHands } from "../src/bots/arena";
import { VARIANT_IDS, VARIANT_META, type VariantId } from "../src/engine/meta";
import { UsageError, numberArg, scriptArgs } from "../src/cli/args";

// Duplicate deals compare the pairs 0+2 and 1+3: the variants of four seats in pairs.
const VARIANTS: VariantId[] = VARIANT_IDS.filter((id) => VARIANT_META[id].teams.kind !== "none");
const args = scriptArgs(
  {
    usageName: "npm run bench:bots --",
    summary:
      "Duplicate matches between bot levels (strong vs normal, normal vs random): every seeded deal is played twice with the seats swapped, and A's mean point advantage per deal is printed per variant with a 95% confidence interval.",
    positionals: [
      { name: "SCALE", optional: true, help: "scales the deal counts (default 1: strong vs normal 200/30/240/150 deals for es-makker/classic/norwegian/danish, normal vs random 150 each; at least 2); also BENCH_SCALE" },
      { name: "BUDGET_MS", optional: true, help: "the strong level's thinking time per card in ms (default 100); also BENCH_BUDGET" },
    ],
    flags: {
      variants: { type: "string", value: "LIST", help: `comma-separated variants (default all: ${VARIANTS.join(",")}); also BENCH_VARIANTS` },
      from: { type: "string", value: "N", help: "index of the first deal (default 0), to split one measurement over several processes" },
      pairs: {
        type: "string",
        value: "A:B,...",
        help: `the levels compared, A against B (default strong:normal,normal:random; levels: ${BOT_LEVELS.join(", ")}); a pair with a strong level plays the strong deal counts`,
      },
    },
    examples: [
      "npm run bench:bots",
      "npm run bench:bots -- 0.01 5   (a quick check that it runs)",
      "npm run bench:bots -- 0.5 1000 --pairs strong:baseline --variants classic",
    ],
  },
  (a) => {
    const variants = (typeof a.flags.variants === "string" ? a.flags.variants : process.env.BENCH_VARIANTS)?.split(",") ?? VARIANTS;
    const unknown = variants.find((v) => !(VARIANTS as string[]).includes(v));
    if (unknown !== undefined) throw new UsageError(`unknown variant "${unknown}" in --variants (known: ${VARIANTS.join(", ")})`);
    const pairs = (typeof a.flags.pairs === "string" ? a.flags.pairs : "strong:normal,normal:random").split(",").map((pair) => {
      const levels = pair.split(":");
      const bad = levels.find((l) => !(BOT_LEVELS as string[]).includes(l));
      if (levels.length !== 2 || bad !== undefined)
        throw new UsageError(`--pairs takes LEVEL:LEVEL pairs separated by commas ("${pair}" is not one; levels: ${BOT_LEVELS.join(", ")})`);
      return { a: levels[0] as BotLevel, b: levels[1] as BotLevel };
    });
    return {
      pairs,
      from: numberArg("--from", typeof a.flags.from === "string" ? a.flags.from : undefined, 0, { min: 0, integer: true }),
      scale: numberArg("SCALE", a.positionals[0] ?? process.env.BENCH_SCALE, 1, { min: 0 }),
      budget: numberArg("BUDGET_MS", a.positionals[1] ?? process.env.BENCH_BUDGET, 100, { min: 1 }),
      variants: variants as VariantId[],
    };
  },
);
const STRONG_BUDGET_MS = args.budget;
/**
 * Deals per variant. Es-makker's points swing by hundreds on a single contract and
 * strong and normal bid alike, so it needs the most deals to separate the levels.
 * Danish whist's alone contracts (sol ±9, grandi ±12 for the declarer, about one deal
 * in five since the bots bid the most valuable contract) and Norwegian's small margins
 * need more deals than classic for a confidence interval narrower than the gap.
 */
const STRONG_DEALS: Readonly<Partial<Record<VariantId, number>>> = { esmakker: 200, classic: 30, norwegian: 240, danish: 150 };
const scale = args.scale;
const searches = (level: BotLevel) => SEARCH_TUNING[level] !== undefined;
const PAIRS = args.pairs.map(({ a, b }) => ({
  a,
  b,
  deals: (v: VariantId) => Math.max(2, Math.round((searches(a) || searches(b) ? (STRONG_DEALS[v] ?? 150) : 150) * scale)),
}));

/** Wall time and card decisions per level, over every deal played. */
const thinking = new Map<BotLevel, { ms: number; cards: number }>();

/** A's advantage on one deal: pair difference with A in 0+2 minus the one with A in 1+3, halved. */
function duplicateDeal(variant: VariantId, deal: number, a: BotLevel, b: BotLevel): number {
  const setup = { variant, seed: `bench-${variant}-${deal}` };
  const opts = { hands: 1, budgetMs: STRONG_BUDGET_MS, seed: `bench-${deal}` };
  const play = (levels: BotLevel[]) => {
    const { results, actions, thinkMs } = playHands(setup, { ...opts, levels });
    levels.forEach((level, seat) => {
      const t = thinking.get(level) ?? { ms: 0, cards: 0 };
      t.ms += thinkMs[seat]!;
      t.cards += actions.filter((x) => x.seat === seat && x.action.type === "play").length;
      thinking.set(level, t);
    });
    return results[0];
  };
  const first = play([a, b, a, b]);
  const second = play([b, a, b, a]);
  return ((first ? pairDifference(first) : 0) - (second ? pairDifference(second) : 0)) / 2;
}

function summary(xs: number[]): { mean: number; lo: number; hi: number } {
  const n = xs.length;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, n - 1));
  const half = (1.96 * sd) / Math.sqrt(n);
  return { mean, lo: mean - half, hi: mean + half };
}

const only = args.variants;
console.log(
  `bench:bots — duplicate deals (each played twice, seats swapped); strong budget ${STRONG_BUDGET_MS} ms per card; deals: ${PAIRS.map((p) => `${p.a} vs ${p.b} ${only.map((v) => `${v} ${p.deals(v)}`).join(" ")}`).join("; ")}`,
);
const t0 = performance.now();
for (const { a, b, deals } of PAIRS) {
  for (const variant of only) {
    const t = performance.now();
    const diffs: number[] = [];
    const n = deals(variant);
    for (let d = args.from; d < args.from + n; d++) {
      diffs.push(duplicateDeal(variant, d, a, b));
      if (process.env.BENCH_VERBOSE) console.log(`  ${variant} deal ${d}: ${diffs.at(-1)!.toFixed(2)}`);
    }
    const s = summary(diffs);
    const clear = s.lo > 0 ? "clear of zero" : s.hi < 0 ? "BELOW zero" : "not clear of zero";
    console.log(
      `${a.padEnd(6)} vs ${b.padEnd(6)} ${variant.padEnd(9)} mean ${s.mean.toFixed(2).padStart(8)} points/deal  95% CI [${s.lo.toFixed(2)}, ${s.hi.toFixed(2)}]  ${clear}  (${n} deals, ${((performance.now() - t) / 1000).toFixed(0)} s)`,
    );
  }
}
for (const [level, t] of thinking)
  if (searches(level)) console.log(`${level}: ${(t.ms / Math.max(1, t.cards)).toFixed(0)} ms a card on average (wall time, ${t.cards} cards, forced ones included)`);
console.log(`total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
