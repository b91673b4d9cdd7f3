/**
 * Double-dummy solver speed, two measurements, each printed per contract kind
 * as `KIND median / p95 / max`:
 * 1. Full deals: seeded 13-card deals, the player left of the dealer on lead,
 *    solved from the first card: no trump, spades trump, and nolo (no trump,
 *    the counted pair wants few tricks).
 * 2. Per variant and contract kind: `deal`, the time to solve the position
 *    before a hand's first card exactly (for that card's judge, as the
 *    analysis sees it), and `hand`, the time to analyse the whole hand (every
 *    card's value before and after it, as history's analysis worker does). Contracts come from normal-level bidding (random
 *    bidding ends in 13-trick contracts almost every time); the cards are then
 *    played at random from a seeded generator (`cards normal`: by the normal
 *    level, as most hands at the tables are played; the same deals come up).
 *    Seeded matches are played until every kind the variant has has its hands
 *    (or 400 matches have been tried).
 *   npm run bench:solver                      (both: 20 deals, 4 hands per kind)
 *   npm run bench:solver -- deals 2           (only 1, 2 deals per kind)
 *   npm run bench:solver -- analysis 1        (only 2, 1 hand per kind)
 *   npm run bench:solver -- analysis 2 variant danish kind nolo cap 60
 * A third, asked for by name: `samples`, the solver nodes to value every card
 * of a position exactly, by cards per hand: from what hand size on the strong
 * computer player can afford to solve its samples exactly.
 * `cap S` stops a solve or a hand after S seconds of wall time (default: the
 * analysis worker's cap, ANALYSIS_TIME_CAP_MS); a capped figure counts as the cap.
 * `max-cards N` analyses only the positions where no hand holds more than N
 * cards (a fixed amount of work, comparable when the machine is busy).
 * `costliest N` prints, after each analysed hand, its N costliest cards: the
 * CPU and nodes of the searches that valued each card (where a hand's time goes).
 * `compare --base DIR` times this checkout's solver against another
 * checkout's (DIR, e.g. a git worktree of the commit before), both in one
 * process, taking turns: on the full no-trump and trump deals (or `--kind
 * nolo`), or with `--variant V --kind K` on the whole-hand analysis of that
 * kind's seeded hands; the ratio of their CPU per round, and their nodes. An
 * analysis whose values differ between the two fails the command.
 * Times are the process's CPU time (one thread: the time on one core), which a
 * busy machine disturbs far less than wall time; the wall time is printed too.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type MatchSetup, type MatchState, apply, createMatch, currentTurn, describeBid, legalActions, variantMeta, view } from "../src/engine/index";
import { makeDeck } from "../src/engine/cards";
import { createRng, dealFromSeed } from "../src/engine/random";
import type { ContractSummary, Seat, SeatAction } from "../src/engine/types";
import { decide } from "../src/bots/index";
import { ANALYSIS_TABLE_ENTRIES, type HandAnalysis, analyzePlay, openingPosition } from "../src/bots/analysis";
import { SearchAborted, type SolveInput, cardValues, createSearch, growTablePool, nodesSearchedSoFar } from "../src/bots/solver/index";
import { ANALYSIS_TIME_CAP_MS } from "../src/server/modules/history/analysis-queue";
import { UsageError, numberArg, scriptArgs } from "../src/cli/args";

/** The variants the analysis part measures, each with the house rules its matches are played under. */
const ANALYSED_VARIANTS: readonly (readonly [string, Record<string, unknown>])[] = [
  ["classic", {}],
  ["norwegian", {}],
  ["danish", {}],
  ["esmakker", { gaaMed: true, fordaektKort: true }],
];

const { runDeals, runAnalysis, runSamples, runCompare, BASE, ROUNDS, DEALS, HANDS, CAP_MS, MAX_CARDS, COSTLIEST, CARDS, onlyVariant, onlyKind } = scriptArgs(
  {
    usageName: "npm run bench:solver --",
    summary:
      "Double-dummy solver speed per contract kind, as KIND median / p95 / max of CPU time: (deals) seeded full 13-card deals solved from the first card; (analysis) whole seeded hands analysed card by card as the history's analysis worker does.",
    positionals: [{ name: "WHICH", optional: true, help: "all (default: deals and analysis), deals, analysis, samples, or compare (this checkout's solver against --base's)" }],
    flags: {
      base: { type: "string", value: "DIR", help: "compare: another checkout of this project (e.g. a git worktree of the commit before)" },
      rounds: { type: "string", value: "N", help: "compare: rounds over the deals or hands (default 6)" },
      deals: { type: "string", value: "N", help: "deals per kind (default 20)" },
      hands: { type: "string", value: "N", help: "hands per variant and kind to analyse (default 4)" },
      variant: { type: "string", value: "V", help: "analyse only this variant" },
      kind: { type: "string", value: "K", help: "analyse only this contract kind (trump, no-trump, grand, grandi, sol, nolo, pass, pasnolo); deals, and compare without --variant: only the full deals of no-trump, trump or nolo" },
      cap: { type: "string", value: "S", help: "stop a solve or a hand after S seconds of wall time (default: the analysis worker's cap)" },
      "max-cards": { type: "string", value: "N", help: "analyse only the positions where no hand holds more than N cards, and skip the deal lines (a fixed amount of work: comparable on a busy machine)" },
      costliest: { type: "string", value: "N", help: "analysis: after each hand, its N costliest cards (the CPU and nodes of the searches that valued each, its trick, seat and judge)" },
      cards: { type: "string", value: "HOW", help: "analysis and compare: who plays the analysed hands' cards, random (default: legal cards at random) or normal (the normal computer player)" },
    },
    examples: [
      "npm run bench:solver",
      "npm run bench:solver -- deals --deals 2",
      "npm run bench:solver -- deals --kind no-trump",
      "npm run bench:solver -- analysis --hands 1 --variant danish --kind nolo --cap 60",
      "npm run bench:solver -- analysis --hands 1 --variant danish --kind pasnolo --costliest 8",
      "npm run bench:solver -- analysis --hands 4 --variant danish --kind nolo --cards normal",
      "npm run bench:solver -- samples --deals 20",
      "npm run bench:solver -- compare --base ../before --deals 20",
      "npm run bench:solver -- compare --base ../before --kind nolo --deals 3 --rounds 2",
      "npm run bench:solver -- compare --base ../before --variant danish --kind nolo --hands 4 --rounds 2",
    ],
  },
  (a) => {
    const which = a.positionals[0] ?? "all";
    if (!["all", "deals", "analysis", "samples", "compare"].includes(which)) throw new UsageError(`WHICH must be all, deals, analysis, samples or compare, got "${which}"`);
    const str = (v: string | boolean | undefined) => (typeof v === "string" ? v : undefined);
    const base = str(a.flags.base);
    if (which === "compare" && base === undefined) throw new UsageError("compare needs --base DIR, another checkout of this project");
    if (base !== undefined && !existsSync(resolve(base, "src/bots/solver/index.ts"))) throw new UsageError(`--base ${base}: not a checkout of this project (no src/bots/solver/index.ts)`);
    const variant = str(a.flags.variant), kind = str(a.flags.kind);
    if (variant !== undefined && !ANALYSED_VARIANTS.some(([v]) => v === variant)) throw new UsageError(`--variant must be one of ${ANALYSED_VARIANTS.map(([v]) => v).join(", ")}, got "${variant}"`);
    if ((which === "deals" || (which === "compare" && variant === undefined)) && kind !== undefined && !["no-trump", "trump", "nolo"].includes(kind))
      throw new UsageError(`${which}: --kind${which === "compare" ? " without --variant" : ""} must be no-trump, trump or nolo (the full deals), got "${kind}"`);
    if (which === "compare" && variant !== undefined && kind === undefined) throw new UsageError("compare --variant needs --kind K, the contract kind whose hands to analyse");
    const cards = str(a.flags.cards) ?? "random";
    if (cards !== "random" && cards !== "normal") throw new UsageError(`--cards must be random or normal, got "${cards}"`);
    return {
      runDeals: which === "all" || which === "deals",
      runAnalysis: which === "all" || which === "analysis",
      runSamples: which === "samples",
      runCompare: which === "compare",
      BASE: base,
      ROUNDS: numberArg("--rounds", a.flags.rounds, 6, { min: 1, integer: true }),
      DEALS: numberArg("--deals", a.flags.deals, 20, { min: 1, integer: true }),
      HANDS: numberArg("--hands", a.flags.hands, 4, { min: 1, integer: true }),
      CAP_MS: a.flags.cap === undefined ? ANALYSIS_TIME_CAP_MS : numberArg("--cap", a.flags.cap, 0, { min: 0.001 }) * 1000,
      MAX_CARDS: numberArg("--max-cards", a.flags["max-cards"], 13, { min: 1, integer: true }),
      COSTLIEST: numberArg("--costliest", a.flags.costliest, 0, { min: 0, integer: true }),
      CARDS: cards,
      onlyVariant: variant,
      onlyKind: kind,
    };
  },
);

/** CPU milliseconds since c0 (user + system). */
const cpuMs = (c0: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};

/** One position solved exactly within the cap: its tricks (null when capped), CPU and wall time, and nodes. */
function timedSolve(position: Parameters<typeof createSearch>[0]) {
  const t0 = performance.now(), c0 = process.cpuUsage();
  const dd = createSearch(position, { deadline: t0 + CAP_MS });
  let tricks: number | null;
  try {
    tricks = dd.value();
  } catch (e) {
    if (!(e instanceof SearchAborted)) throw e;
    tricks = null;
  }
  return { tricks, ms: cpuMs(c0), wallMs: performance.now() - t0, nodes: dd.nodes };
}
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);
/** Nearest-rank percentile. */
const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
const line = (kind: string, ms: number[], extra = "") => {
  const s = ms.slice().sort((a, b) => a - b);
  return `${kind.padEnd(26)} ${fmt(pct(s, 0.5))} / ${fmt(pct(s, 0.95))} / ${fmt(s[s.length - 1]!)}   (n ${s.length}, p99 ${fmt(pct(s, 0.99))}${extra})`;
};

const summary: string[] = [];

/** Seeded full deal i of the deals and compare parts: seat 1 leads, tricks of seats 1+3. */
const benchDeal = (i: number, trump: "S" | null, sideMaximises = true): SolveInput => ({
  hands: dealFromSeed(`solver-bench-${i}`, makeDeck(0), 0).hands,
  trick: null,
  leader: 1,
  rules: { trump, aceLow: false, jokers: false, jokerTrumpable: false },
  side: [1, 3],
  sideMaximises,
});

/**
 * Two deals of their own, solved untimed before the timed ones: V8 first runs the module's code
 * from a quick baseline compile and recompiles what runs hot on other threads, whose CPU the
 * process's count includes. Counted against the first timed deal, that doubled its time and moved
 * a kind's median by a fifth when it ran alone (a one-off cost of each process, not of a solve).
 */
function warmUp() {
  const c0 = process.cpuUsage();
  for (const trump of [null, "S"] as const) createSearch({ ...benchDeal(0, trump), hands: dealFromSeed("solver-bench-warm-up", makeDeck(0), 0).hands }).value();
  console.log(`warm-up: 2 untimed deals, ${fmt(cpuMs(c0))} CPU`);
}

if (runDeals) {
  console.log(`bench:solver — full deals: ${DEALS} seeded 13-card deals per kind, seat 1 leads, tricks of seats 1+3 (KIND median / p95 / max, CPU time)`);
  warmUp();
  const kinds = [
    { kind: "no-trump", trump: null, max: true },
    { kind: "trump", trump: "S", max: true },
    { kind: "nolo", trump: null, max: false },
  ] as const;
  for (const k of kinds.filter((k) => onlyKind === undefined || k.kind === onlyKind)) {
    const times: number[] = [];
    let nodes = 0, capped = 0;
    for (let i = 0; i < DEALS; i++) {
      const r = timedSolve(benchDeal(i, k.trump, k.max));
      if (r.tricks === null) capped++;
      times.push(r.ms);
      nodes += r.nodes;
      if (process.env.BENCH_VERBOSE) console.log(`  deal ${i} ${k.kind}: ${r.tricks ?? "capped"} tricks, ${r.nodes} nodes, ${fmt(r.ms)} (wall ${fmt(r.wallMs)})`);
    }
    const total = times.reduce((a, b) => a + b, 0);
    summary.push(line(`deal ${k.kind}`, times, `, ${(nodes / total / 1000).toFixed(2)} M nodes/s${capped ? `, ${capped} capped` : ""}`));
    console.log(summary.at(-1));
  }
}

if (runCompare) {
  // Both solvers in one process, deal by deal (or hand by hand), which goes first alternating: the
  // machine's load moves separate processes by 5-30%, far more than most changes to the search;
  // this way the rounds agree within a few per cent.
  const importBase = (path: string) => import(pathToFileURL(resolve(BASE!, path)).href);
  const base = (await importBase("src/bots/solver/index.ts")) as { createSearch: typeof createSearch; nodesSearchedSoFar: typeof nodesSearchedSoFar };
  const ratioLine = (label: string, ratios: number[], nodes: number[]) => {
    ratios.sort((a, b) => a - b);
    summary.push(`compare ${label}`.padEnd(26) + ` ${pct(ratios, 0.5).toFixed(3)} CPU (rounds ${ratios.map((x) => x.toFixed(3)).join(" ")}), nodes ${nodes[0]} / ${nodes[1]}`);
    console.log(summary.at(-1));
  };
  if (onlyVariant === undefined) {
    console.log(`bench:solver — this checkout's solver against ${BASE}'s: ${DEALS} seeded 13-card deals per kind, ${ROUNDS} rounds, CPU this / base per round`);
    const kinds = [
      { kind: "no-trump", trump: null, max: true },
      { kind: "trump", trump: "S", max: true },
      { kind: "nolo", trump: null, max: false },
    ] as const;
    for (const k of kinds.filter((k) => (onlyKind === undefined ? k.max : k.kind === onlyKind))) {
      const ratios: number[] = [];
      const nodes = [0, 0];
      for (let r = 0; r < ROUNDS; r++) {
        const ms = [0, 0];
        for (let i = 0; i < DEALS; i++) {
          const position = benchDeal(i, k.trump, k.max);
          for (const which of (i + r) % 2 === 0 ? [0, 1] : [1, 0]) {
            const c0 = process.cpuUsage();
            const dd = (which === 0 ? createSearch : base.createSearch)(position);
            dd.value();
            ms[which]! += cpuMs(c0);
            if (r === 0) nodes[which]! += dd.nodes;
          }
        }
        ratios.push(ms[0]! / ms[1]!);
      }
      ratioLine(k.kind, ratios, nodes);
    }
  } else {
    // Whole hands: this checkout's seeded hands, analysed by each checkout's analysis (its own solver
    // module and table); the values must agree.
    const baseAnalysis = (await importBase("src/bots/analysis.ts")) as { analyzePlay: typeof analyzePlay };
    const options = ANALYSED_VARIANTS.find(([v]) => v === onlyVariant)![1];
    const hands = benchHands(onlyVariant, options, HANDS).get(onlyKind!) ?? [];
    if (hands.length === 0) {
      console.error(`bench:solver: no ${onlyVariant} hand of kind "${onlyKind}" in 400 seeded matches`);
      process.exit(1);
    }
    console.log(`bench:solver — this checkout's analysis against ${BASE}'s: ${hands.length} seeded ${onlyVariant} ${onlyKind} hands, ${ROUNDS} rounds, CPU this / base per round`);
    const solvers = [
      { analyzePlay, nodesSearchedSoFar },
      { analyzePlay: baseAnalysis.analyzePlay, nodesSearchedSoFar: base.nodesSearchedSoFar },
    ];
    const ratios: number[] = [];
    const nodes = [0, 0];
    let differ = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const ms = [0, 0];
      hands.forEach((h, i) => {
        const input = { variant: onlyVariant, options, dealer: h.dealer, deal: h.deal, actions: h.actions };
        const values: string[] = [];
        for (const which of (i + r) % 2 === 0 ? [0, 1] : [1, 0]) {
          const s = solvers[which]!, n0 = s.nodesSearchedSoFar(), c0 = process.cpuUsage();
          const res = s.analyzePlay(input, { maxHandSize: MAX_CARDS });
          ms[which]! += cpuMs(c0);
          if (r === 0) nodes[which]! += s.nodesSearchedSoFar() - n0;
          if (!res.ok) throw new Error(`${onlyVariant}: ${res.error.message}`);
          values[which] = JSON.stringify(res.value.plays.map((p) => [p.before, p.after]));
        }
        if (r === 0 && values[0] !== values[1]) {
          differ++;
          console.log(`  hand ${i} (${h.label}): the values differ`);
        }
      });
      ratios.push(ms[0]! / ms[1]!);
    }
    ratioLine(`${onlyVariant} ${onlyKind}`, ratios, nodes);
    if (differ > 0) {
      console.error(`bench:solver: ${differ} analysed hands whose values differ between the two checkouts`);
      process.exitCode = 1;
    }
  }
}

if (runSamples) {
  console.log(`bench:solver — every card of a position valued exactly (as the strong player values a sample): ${DEALS} seeded deals cut to N cards a hand, seat 1 leads, spades trump and no trump (nodes median / p90 / max; CPU median)`);
  for (let n = 7; n <= 13; n++) {
    const nodes: number[] = [], times: number[] = [];
    for (const trump of ["S", null] as const)
      for (let i = 0; i < DEALS; i++) {
        const deal = dealFromSeed(`solver-samples-${i}`, makeDeck(0), 0);
        const c0 = process.cpuUsage();
        const dd = createSearch({ hands: deal.hands.map((h) => h.slice(0, n)), trick: null, leader: 1, rules: { trump, aceLow: false, jokers: false, jokerTrumpable: false }, side: [1, 3] });
        cardValues(dd, true);
        times.push(cpuMs(c0));
        nodes.push(dd.nodes);
      }
    nodes.sort((a, b) => a - b);
    times.sort((a, b) => a - b);
    summary.push(`samples ${n} cards`.padEnd(26) + ` ${pct(nodes, 0.5)} / ${pct(nodes, 0.9)} / ${nodes.at(-1)} nodes   (n ${nodes.length}, CPU median ${fmt(pct(times, 0.5))})`);
    console.log(summary.at(-1));
  }
}

/** The contract kind of a finished hand, as the bench groups them. */
function kindOf(variant: string, contract: ContractSummary | null): string {
  if (!contract || contract.declarer === null) {
    if (contract?.trump) return "trump";
    // No contract: the pass game everyone passed into, where the variant plays one.
    const passGame = contract === null ? variantMeta(variant)?.passGame : null;
    return passGame ? (passGame.teams === "solo" ? "pasnolo" : "pass") : "no-trump";
  }
  const bid = describeBid(variant, contract.bid);
  if (bid?.kind === "grandi" || bid?.kind === "grand") return bid.kind;
  // Nolo lets the declaring pair take six tricks; the sol contracts one or none.
  if (bid?.kind === "avoid") return bid.maxTricks > 1 ? "nolo" : "sol";
  return contract.trump ? "trump" : "no-trump";
}

interface BenchHand {
  kind: string;
  label: string;
  dealer: Seat;
  deal: MatchState["results"][number]["deal"];
  actions: SeatAction[];
}

/** Seeded hands per variant and kind: normal-level bidding and set-up, then random legal cards (or the normal level's, see --cards). */
function benchHands(variant: string, options: Record<string, unknown>, perKind: number): Map<string, BenchHand[]> {
  const out = new Map<string, BenchHand[]>();
  const full = () => out.size > 0 && [...out.values()].every((l) => l.length >= perKind);
  for (let m = 0; m < 400 && !(m >= 40 && full()); m++) {
    const setup: MatchSetup = { variant, options, seats: [0, 1, 2, 3].map((i) => ({ name: `P${i}` })), seed: `analysis-bench-${variant}-${m}` };
    const created = createMatch(setup);
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    const rng = createRng(`analysis-bench-cards-${variant}-${m}`);
    let handActions: SeatAction[] = [];
    while (!state.over) {
      const seat = currentTurn(state);
      if (seat === null) break;
      const legal = legalActions(state, seat);
      const playing = legal.length > 0 && legal.every((a) => a.type === "play");
      const action = playing && CARDS === "random" ? legal[rng.int(legal.length)]! : decide(view(state, seat), { level: "normal", seed: `bench-${m}:${seat}` });
      const handsBefore = state.results.length;
      const step = apply(state, seat, action);
      if (!step.ok) throw new Error(`${variant}: refused ${JSON.stringify(action)}: ${step.error.code}`);
      state = step.state;
      handActions.push({ seat, action });
      if (state.results.length > handsBefore) {
        const r = state.results[state.results.length - 1]!;
        const kind = kindOf(variant, r.contract);
        const list = out.get(kind) ?? [];
        out.set(kind, list);
        if (handActions.some((a) => a.action.type === "play") && list.length < perKind) list.push({ kind, label: r.contract?.bid ?? "none", dealer: r.dealer, deal: r.deal, actions: handActions });
        handActions = [];
      }
    }
  }
  return out;
}

if (runAnalysis) {
  // The table the analysis sizes for itself, for its deal lines too.
  growTablePool(ANALYSIS_TABLE_ENTRIES);
  console.log(`\nbench:solver — replay analysis of whole hands (every card): ${HANDS} seeded hands per variant and kind, ${CARDS === "random" ? "random cards" : "the normal level's cards"}, cap ${fmt(CAP_MS)} (KIND median / p95 / max, CPU time)`);
  for (const [variant, options] of ANALYSED_VARIANTS) {
    if (onlyVariant && onlyVariant !== variant) continue;
    for (const [kind, hands] of benchHands(variant, options, HANDS)) {
      if (onlyKind && onlyKind !== kind) continue;
      const times: number[] = [];
      const dealTimes: number[] = [];
      let capped = 0, dealsCapped = 0;
      for (const h of hands) {
        const input = { variant, options, dealer: h.dealer, deal: h.deal, actions: h.actions };
        // The whole deal: the position before the first card, solved exactly for that card's judge.
        const opening = openingPosition(input);
        if (!opening.ok) throw new Error(`${variant}: ${opening.error.message}`);
        let dealNote = "";
        if (opening.value && MAX_CARDS >= 13) {
          const r = timedSolve(opening.value);
          if (r.tricks === null) dealsCapped++;
          dealTimes.push(r.ms);
          dealNote = `${r.tricks === null ? "deal capped" : `deal ${r.tricks} tricks`} ${fmt(r.ms)} (${(r.nodes / 1e6).toFixed(2)} M nodes, wall ${fmt(r.wallMs)}); `;
        }
        const t0 = performance.now(), c0 = process.cpuUsage(), n0 = nodesSearchedSoFar();
        // Each card's own cost: the CPU and nodes since the card valued before it (the analysis reports each card as it is valued).
        const costs: { card: number; ms: number; nodes: number }[] = [];
        const valuedSoFar = new Set<number>();
        let cLast = process.cpuUsage(), nLast = n0;
        const onProgress = (soFar: () => HandAnalysis) => {
          const card = soFar().plays.findIndex((p, i) => p.lost !== null && !valuedSoFar.has(i));
          valuedSoFar.add(card);
          costs.push({ card, ms: cpuMs(cLast), nodes: nodesSearchedSoFar() - nLast });
          cLast = process.cpuUsage();
          nLast = nodesSearchedSoFar();
        };
        const res = analyzePlay(input, { deadline: t0 + CAP_MS, maxHandSize: MAX_CARDS, onProgress: COSTLIEST > 0 ? onProgress : undefined });
        const ms = cpuMs(c0);
        if (!res.ok) throw new Error(`${variant}: ${res.error.message}`);
        const cards = res.value.plays.length;
        const valued = res.value.plays.filter((p) => p.lost !== null).length;
        // With --max-cards the first cards are left out on purpose: only the cap counts then, by the clock.
        const hitCap = MAX_CARDS >= 13 ? valued < cards : performance.now() - t0 >= CAP_MS;
        if (hitCap) capped++;
        times.push(ms);
        console.log(`  ${variant} ${kind} (${h.label}): ${dealNote}hand ${cards} cards${valued < cards ? ` (${hitCap ? "capped: " : ""}the last ${valued} valued)` : ""} ${fmt(ms)} (${((nodesSearchedSoFar() - n0) / 1e6).toFixed(2)} M nodes, wall ${fmt(performance.now() - t0)})`);
        for (const c of costs.sort((a, b) => b.ms - a.ms).slice(0, COSTLIEST)) {
          const p = res.value.plays[c.card]!;
          console.log(`    card ${c.card + 1} (trick ${p.trick + 1}, seat ${p.seat}, ${p.card}, judged for ${p.counted.join("+")}): ${fmt(c.ms)}, ${(c.nodes / 1e6).toFixed(2)} M nodes; before ${p.before}, after ${p.after}`);
        }
      }
      if (times.length === 0) continue;
      if (dealTimes.length > 0) {
        summary.push(line(`${variant} ${kind} deal`, dealTimes, dealsCapped ? `, ${dealsCapped} capped` : ""));
        console.log(summary.at(-1));
      }
      summary.push(line(`${variant} ${kind} hand`, times, capped ? `, ${capped} capped` : ""));
      console.log(summary.at(-1));
    }
  }
}
console.log("\n" + summary.join("\n"));
