/**
 * The strong computer players' worker pool: answers with the same legal
 * action the main thread would choose, keeps the event loop responsive while
 * a strong decision runs, queues jobs, and gives up on a worker that fails or
 * runs out of time (the table bots then play at the normal level).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, describe, expect, it } from "vitest";
import { decide } from "@/bots";
import { apply, createMatch, currentTurn, legalActions, view, type MatchState } from "@/engine";
import type { MatchView } from "@/engine/types";
import { pooledBots } from "./bot";
import { BotPool } from "./bot-pool";

/** Every card-play view (seat to act, with a choice) of the first hand of a classic match. */
function playViews(seed: string): MatchView[] {
  const created = createMatch({ variant: "classic", seed });
  if (!created.ok) throw new Error(created.error.message);
  let state: MatchState = created.value;
  const views: MatchView[] = [];
  while (state.hand && state.dealIndex === 0) {
    const seat = currentTurn(state);
    if (seat === null) break;
    const legal = legalActions(state, seat);
    if (legal.length > 1 && legal.every((a) => a.type === "play")) views.push(view(state, seat));
    const step = apply(state, seat, legal[0]!);
    if (!step.ok) throw new Error(step.error.code);
    state = step.state;
  }
  return views;
}

/** The first card to choose in a hand (13 cards in hand). */
const firstCardView = (seed: string): MatchView => playViews(seed)[0]!;

const pools: BotPool[] = [];
const newPool = (...args: ConstructorParameters<typeof BotPool>) => {
  const p = new BotPool(...args);
  pools.push(p);
  return p;
};

afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe("bot worker pool", () => {
  it("answers a strong decision with a legal card, the same one the main thread chooses for that view and seed", async () => {
    const pool = newPool();
    // Six cards each with a full budget: the sample count, not the clock, ends the decision (a slow or busy machine
    // would otherwise stop one side's sampling at its wall-clock guard and the two could differ).
    const v = playViews("pool-a").find((x) => x.hand!.hands[x.seat!]!.count === 6)!;
    const opts = { level: "strong", budgetMs: 1000, seed: "s1" } as const;
    const fromWorker = await pool.decide(v, opts);
    expect(v.hand!.legal).toContainEqual(fromWorker);
    expect(fromWorker).toEqual(decide(v, opts));
    expect(await pool.decide(v, opts)).toEqual(fromWorker);
    expect(pool.counts).toEqual({ done: 2, failed: 0 });
  });

  it("keeps the event loop responsive while strong bots think for over a second", async () => {
    const pool = newPool();
    await pool.warm();
    // Mid-hand positions, where the strong level solves every sample exactly: its longest searches.
    const views = ["loop-a", "loop-b", "loop-c", "loop-d"].flatMap((s) => playViews(s).filter((v) => v.hand!.hands[v.seat!]!.count === 8));
    const hist = monitorEventLoopDelay({ resolution: 10 });
    // A timer that should fire every 10 ms: its longest gap shows any blocking.
    let last = performance.now();
    let longestGap = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    hist.enable();
    const started = performance.now();
    let decisions = 0;
    for (const v of views) {
      if (performance.now() - started > 1200) break;
      expect(v.hand!.legal).toContainEqual(await pool.decide(v, { level: "strong", budgetMs: 1000, seed: "think" }));
      decisions++;
    }
    const thought = performance.now() - started;
    hist.disable();
    clearInterval(tick);
    const p99 = hist.percentile(99) / 1e6;
    console.log(
      `${decisions} strong decisions in ${thought.toFixed(0)} ms; event-loop delay p99 ${p99.toFixed(1)} ms, max ${(hist.max / 1e6).toFixed(1)} ms; longest 10 ms timer gap ${longestGap.toFixed(1)} ms`,
    );
    expect(thought).toBeGreaterThan(1000); // the worker really searched for over a second…
    expect(p99).toBeLessThan(200); // …while the loop kept running (generous for a loaded machine)
    expect(longestGap).toBeLessThan(250);
  }, 60_000);

  it("queues jobs beyond its workers and answers them all", async () => {
    const pool = newPool({ size: 1 });
    const views = ["q1", "q2", "q3"].map(firstCardView);
    const answers = await Promise.all(views.map((v) => pool.decide(v, { level: "strong", budgetMs: 30, seed: "q" })));
    answers.forEach((a, i) => expect(views[i]!.hand!.legal).toContainEqual(a));
    expect(pool.waiting).toBe(0);
  });

  it("gives up on a worker past its time limit, replaces it, and the table bot falls back to normal", async () => {
    // Long thinking times get an impossible limit; short ones a normal one.
    const pool = newPool({ timeLimitMs: (budget) => (budget >= 1000 ? 5 : 5000) });
    await pool.warm();
    const v = firstCardView("pool-c");
    await expect(pool.decide(v, { level: "strong", budgetMs: 1000, seed: "slow" })).rejects.toThrow(/no answer within 5 ms/);
    const action = await pooledBots(pool)(v, { level: "strong", budgetMs: 1000, seed: "slow" });
    expect(action).toEqual(decide(v, { level: "normal", seed: "slow" }));
    expect(pool.counts.failed).toBe(2);
    // The replaced worker answers the next job.
    // No wall-clock cap on either side (as in the first test), so a busy machine cannot make them differ.
    const quickOpts = { level: "strong", budgetMs: 20, seed: "quick", deadlineMs: 60_000 } as const;
    const quick = await pool.decide(v, quickOpts);
    expect(quick).toEqual(decide(v, quickOpts));
    expect(pool.counts.done).toBe(1);
  });

  it("reports a decision that fails in the worker and keeps working", async () => {
    const pool = newPool();
    const v = firstCardView("pool-d");
    // The spread loses which variant's hand it is: the same view, so the same case of the union.
    const notMyTurn = { ...v, hand: { ...v.hand!, legal: [] } } as MatchView;
    await expect(pool.decide(notMyTurn, { level: "strong", budgetMs: 50, seed: "x" })).rejects.toThrow(/no action to take/);
    expect(v.hand!.legal).toContainEqual(await pool.decide(v, { level: "strong", budgetMs: 50, seed: "x" }));
  });
});
