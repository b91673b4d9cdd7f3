/**
 * Double-dummy solver speed, two measurements:
 * 1. Full deals: solves a fixed set of seeded 13-card deals (no trump and a
 *    suit contract each, the player left of the dealer on lead) and prints
 *    the time per deal and nodes per second.
 * 2. Replay analysis: per variant, the time to analyse one whole hand (every
 *    card's value before and after it, as history's analysis worker does)
 *    over a fixed set of seeded hands. Contracts come from normal-level
 *    bidding (random bidding ends in 13-trick contracts almost every time);
 *    the cards are then played at random from a seeded generator, so the
 *    positions are as varied as the contracts.
 *   npm run bench:solver -- [all|deals|analysis] [DEALS=6] [HANDS=8]
 *   npm run bench:solver                 (both)
 *   npm run bench:solver -- deals        (only 1)   DEALS (or BENCH_SOLVER_DEALS) overrides the count (6)
 *   npm run bench:solver -- analysis     (only 2)   HANDS (or BENCH_ANALYSIS_HANDS) overrides the hands per variant (8)
 *   npm run bench:solver -- all 1 1      (a quick check that it runs)
 * Each hand gets the analysis worker's time cap (ANALYSIS_TIME_CAP_MS); a
 * hand that reaches it is marked with the cards it did reach.
 */
import { type MatchSetup, type MatchState, apply, createMatch, currentTurn, legalActions, view } from "../src/engine/index";
import { makeDeck } from "../src/engine/cards";
import { createRng, dealFromSeed } from "../src/engine/random";
import type { Seat, SeatAction } from "../src/engine/types";
import { decide } from "../src/bots/index";
import { analyzePlay } from "../src/bots/analysis";
import { createSearch } from "../src/bots/solver/index";
import { ANALYSIS_TIME_CAP_MS } from "../src/server/modules/history/analysis-queue";
import { UsageError, numberArg, scriptArgs } from "../src/cli/args";

const { which, deals: DEALS_ARG, hands: HANDS_ARG } = scriptArgs(
  {
    usageName: "npm run bench:solver --",
    summary:
      "Double-dummy solver speed: (deals) seeded full 13-card deals, no trump and spades trump each, with the time per solve and nodes per second; (analysis) per variant, the time to analyse whole seeded hands card by card as the history's analysis worker does.",
    positionals: [
      { name: "WHICH", optional: true, help: "all (default), deals or analysis" },
      { name: "DEALS", optional: true, help: "seeded deals to solve (default 6); also BENCH_SOLVER_DEALS" },
      { name: "HANDS", optional: true, help: "hands per variant to analyse (default 8); also BENCH_ANALYSIS_HANDS" },
    ],
    examples: ["npm run bench:solver", "npm run bench:solver -- deals", "npm run bench:solver -- all 1 1   (a quick check that it runs)"],
  },
  (a) => {
    const which = a.positionals[0] ?? "all";
    if (!["all", "deals", "analysis"].includes(which)) throw new UsageError(`WHICH must be all, deals or analysis, got "${which}"`);
    return {
      which,
      deals: numberArg("DEALS", a.positionals[1] ?? process.env.BENCH_SOLVER_DEALS, 6, { min: 1, integer: true }),
      hands: numberArg("HANDS", a.positionals[2] ?? process.env.BENCH_ANALYSIS_HANDS, 8, { min: 1, integer: true }),
    };
  },
);

const summary = (ms: number[]) => {
  const sorted = ms.slice().sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  return `mean ${fmt(mean)}, median ${fmt(sorted[Math.floor(sorted.length / 2)]!)}, max ${fmt(sorted[sorted.length - 1]!)}`;
};
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);

if (which === "all" || which === "deals") {
  const DEALS = DEALS_ARG;
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
  console.log(`solves ${times.length}: ${summary(times)}; ${(nodes / totalMs / 1000).toFixed(2)} M nodes/s`);
}

/** Seeded hands per variant: normal-level bidding and set-up, then random legal cards. */
function benchHands(variant: string, options: Record<string, unknown>, count: number): { label: string; setup: MatchSetup; dealer: Seat; deal: MatchState["results"][number]["deal"]; actions: SeatAction[] }[] {
  const out: ReturnType<typeof benchHands> = [];
  for (let m = 0; out.length < count && m < 50; m++) {
    const setup: MatchSetup = { variant, options, seats: [0, 1, 2, 3].map((i) => ({ name: `P${i}` })), seed: `analysis-bench-${variant}-${m}` };
    const created = createMatch(setup);
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    const rng = createRng(`analysis-bench-cards-${variant}-${m}`);
    let handActions: SeatAction[] = [];
    while (!state.over && out.length < count) {
      const seat = currentTurn(state);
      if (seat === null) break;
      const legal = legalActions(state, seat);
      const playing = legal.length > 0 && legal.every((a) => a.type === "play");
      const action = playing ? legal[rng.int(legal.length)]! : decide(view(state, seat), { level: "normal", seed: `bench-${m}:${seat}` });
      const handsBefore = state.results.length;
      const step = apply(state, seat, action);
      if (!step.ok) throw new Error(`${variant}: refused ${JSON.stringify(action)}: ${step.error.code}`);
      state = step.state;
      handActions.push({ seat, action });
      if (state.results.length > handsBefore) {
        const r = state.results[state.results.length - 1]!;
        if (handActions.some((a) => a.action.type === "play")) out.push({ label: r.contract?.bid ?? "none", setup, dealer: r.dealer, deal: r.deal, actions: handActions });
        handActions = [];
      }
    }
  }
  return out;
}

if (which === "all" || which === "analysis") {
  const HANDS = HANDS_ARG;
  console.log(`\nbench:solver — replay analysis of whole hands (every card), ${HANDS} seeded hands per variant`);
  const lines: string[] = [];
  for (const [variant, options] of [
    ["classic", {}],
    ["norwegian", {}],
    ["danish", {}],
    ["esmakker", { gaaMed: true, fordaektKort: true }],
  ] as const) {
    const hands = benchHands(variant, options, HANDS);
    const times: number[] = [];
    let capped = 0;
    for (const h of hands) {
      const t0 = performance.now();
      const res = analyzePlay({ variant, options, dealer: h.dealer, deal: h.deal, actions: h.actions }, { deadline: t0 + ANALYSIS_TIME_CAP_MS });
      const ms = performance.now() - t0;
      if (!res.ok) throw new Error(`${variant}: ${res.error.message}`);
      const cards = res.value.plays.length;
      const valued = res.value.plays.filter((p) => p.lost !== null).length;
      if (valued < cards) capped++;
      times.push(ms);
      console.log(`  ${variant} ${h.label}: ${cards} cards${valued < cards ? ` (time cap: the last ${valued} valued)` : ""}, ${fmt(ms)}`);
    }
    const contracts = [...new Set(hands.map((h) => h.label))].join(", ");
    lines.push(`${variant.padEnd(10)} ${times.length} hands (${contracts}): ${summary(times)} per hand${capped ? `; ${capped} stopped at the ${ANALYSIS_TIME_CAP_MS / 60_000} min cap` : ""}`);
    console.log(lines.at(-1));
  }
  console.log("\n" + lines.join("\n"));
}
