import { describe, expect, it } from "vitest";
import { type MatchState, apply, createMatch, currentTurn, getVariant, view } from "../engine/index";
import type { Card } from "../engine/cards";
import { createRng } from "../engine/random";
import type { MatchView, Seat, VariantId } from "../engine/types";
import { analyzePlay } from "./analysis";
import { playHands } from "./arena";
import { BOT_LEVELS, type BotLevel, decide } from "./index";
import { BASELINE_TUNING, scoreCards } from "./strong";
import { hiddenInfo, sampleHands } from "./sampling";

const VARIANTS: VariantId[] = ["esmakker", "classic", "norwegian", "danish"];

/** Plays bots until `stop` says so; returns the state there. */
function advance(variant: VariantId, seed: string, stop: (s: MatchState) => boolean, level: BotLevel = "normal"): MatchState {
  const created = createMatch({ variant, seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  for (let i = 0; i < 500 && !stop(state); i++) {
    const seat = currentTurn(state)!;
    const step = apply(state, seat, decide(view(state, seat), { level, seed: "adv" }));
    if (!step.ok) throw new Error(step.error.message);
    state = step.state;
  }
  return state;
}

describe("bots play legal, complete hands in every variant", () => {
  for (const variant of VARIANTS) {
    it(`${variant}: random, easy and normal finish hands with only accepted actions`, () => {
      for (const levels of [
        ["random", "easy", "random", "easy"],
        ["normal", "easy", "normal", "random"],
      ] as BotLevel[][]) {
        const { results, state } = playHands({ variant, seed: `legal-${variant}` }, { levels, hands: 4 });
        expect(results.length === 4 || state.over).toBe(true);
        // Variants scored per seat (es-makker, Danish whist) are zero-sum; classic and Norwegian score one pair.
        if (getVariant(variant)!.scoresBy === "seat") for (const r of results) expect(r.points.reduce((a, b) => a + b, 0)).toBeCloseTo(0);
      }
    });
    it(`${variant}: strong finishes a hand with a small budget`, () => {
      const { results } = playHands({ variant, seed: `strong-${variant}` }, { levels: ["strong", "normal", "strong", "normal"], hands: 1, budgetMs: 25 });
      expect(results.length).toBe(1);
    });
  }

  it("a level's tuning decides from which hand size it solves its samples exactly, and the work its budget buys", () => {
    // Two tricks played in classic: 11 cards a hand, above what the baseline solves exactly at 1 s.
    const state = advance("classic", "exact-11", (s) => s.hand !== null && s.hand.phase === "play" && s.hand.tricks.length === 2 && s.hand.trick === null);
    const v = view(state, currentTurn(state)!);
    expect(v.hand!.hands[v.seat!]!.cards!.length).toBe(11);
    const wholeBudget = { workPerMs: 2000, exactCards: () => 11 };
    const exact = scoreCards(v, { budgetMs: 1000, seed: "x", tuning: wholeBudget, deadlineMs: 60_000 })!;
    const baseline = scoreCards(v, { budgetMs: 1000, seed: "x", tuning: BASELINE_TUNING, deadlineMs: 60_000 })!;
    expect(exact.exact).toBe(true);
    expect(exact.samples).toBeGreaterThanOrEqual(10);
    expect(baseline.exact).toBe(false);
    // Both value the same legal cards.
    expect(exact.scores.map((c) => c.card)).toEqual(baseline.scores.map((c) => c.card));
  });
});

describe("decisions depend on the view and the seed only", () => {
  it("the same view and seed give the same action at every level", () => {
    const state = advance("esmakker", "det-1", (s) => s.hand !== null && s.hand.phase === "play" && s.hand.tricks.length === 2);
    const seat = currentTurn(state)!;
    const v = view(state, seat);
    for (const level of BOT_LEVELS) {
      // The budget buys a fixed amount of work; the wall-clock cap is lifted so that a busy machine cannot cut one search short.
      const a = decide(v, { level, seed: "s", budgetMs: 40, deadlineMs: 60_000 });
      const b = decide(structuredClone(v), { level, seed: "s", budgetMs: 40, deadlineMs: 60_000 });
      expect(b).toEqual(a);
      expect(v.hand!.legal).toContainEqual(a);
    }
  });

  it("cards hidden from the bot do not change its decision", () => {
    for (const variant of VARIANTS) {
      const state = advance(variant, `hidden-${variant}`, (s) => s.hand !== null && s.hand.phase === "play" && s.hand.tricks.length === 3);
      const me = currentTurn(state)!;
      // Swap two unplayed cards of the same suit between two other seats: nothing the bot can see changes.
      const others = ([0, 1, 2, 3] as Seat[]).filter((s) => s !== me);
      let swapped: MatchState | null = null;
      const hands = state.hand!.hands;
      search: for (const a of others)
        for (const b of others)
          if (a < b)
            for (const ca of hands[a]!)
              for (const cb of hands[b]!)
                if (ca !== cb && ca !== "JK" && cb !== "JK" && ca[1] === cb[1]) {
                  const newHands = hands.map((h, s) => (s === a ? h.map((c) => (c === ca ? cb : c)) : s === b ? h.map((c) => (c === cb ? ca : c)) : h));
                  // The hand's public fields as plain data (a state's hand may keep them in another form inside).
                  const plain = JSON.parse(JSON.stringify(state.hand)) as NonNullable<MatchState["hand"]>;
                  swapped = { ...state, hand: { ...plain, hands: newHands } };
                  break search;
                }
      expect(swapped, `${variant}: found two hidden cards to swap`).not.toBeNull();
      expect(view(swapped!, me)).toEqual(view(state, me));
      expect(swapped!.hand!.hands).not.toEqual(state.hand!.hands);
      for (const level of BOT_LEVELS)
        // As above: a fixed amount of work, no wall-clock cap, so a busy machine cannot make the two searches differ.
        expect(decide(view(swapped!, me), { level, seed: "h", budgetMs: 40, deadlineMs: 60_000 })).toEqual(
          decide(view(state, me), { level, seed: "h", budgetMs: 40, deadlineMs: 60_000 }),
        );
    }
  });

  it("decide() refuses a MatchState and a spectator view", () => {
    const state = advance("classic", "refuse", () => true);
    // @ts-expect-error a MatchState is not a MatchView
    expect(() => decide(state)).toThrow(/MatchView/);
    expect(() => decide(view(state, null))).toThrow();
  });
});

describe("sampling hidden hands", () => {
  it("keeps counts, known cards and shown voids", () => {
    const state = advance("classic", "sample-1", (s) => s.hand !== null && s.hand.tricks.length === 6);
    const me = currentTurn(state)!;
    const v: MatchView = view(state, me);
    const mine = v.hand!.hands[me]!.cards!.slice();
    const info = hiddenInfo(v, me, mine);
    const rng = createRng("sampling");
    for (let i = 0; i < 50; i++) {
      const hands = sampleHands(info, rng, null)!;
      expect(hands).not.toBeNull();
      expect(hands[me]).toEqual(mine);
      hands.forEach((h, s) => {
        expect(h.length).toBe(v.hand!.hands[s]!.count);
        for (const c of h) expect(info.voids[s]!.has(c[1] as "S")).toBe(false);
      });
      const all = hands.flat();
      expect(new Set(all).size).toBe(all.length);
      // No played card comes back.
      const played = new Set<Card>(state.hand!.tricks.flatMap((t) => t.plays.map((p) => p.card)));
      for (const c of all) expect(played.has(c)).toBe(false);
    }
  });
});

describe("replay analysis", () => {
  it("solves around each card of the last tricks, consistently with the real result", () => {
    const { results, actions } = playHands({ variant: "classic", seed: "analysis-1" }, { levels: ["normal", "easy", "normal", "easy"], hands: 1 });
    const r = results[0]!;
    const res = analyzePlay({ variant: "classic", dealer: r.dealer, deal: r.deal, actions }, { maxHandSize: 4 });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const plays = res.value.plays;
    expect(plays.length).toBe(52);
    const solved = plays.filter((p) => p.before !== null);
    expect(solved.length).toBe(16);
    for (let i = 0; i + 1 < solved.length; i++) expect(solved[i]!.after).toBe(solved[i + 1]!.before);
    for (const p of solved) expect(p.lost).toBeGreaterThanOrEqual(0);
    const last = solved[solved.length - 1]!;
    expect(last.after).toBe(r.tricksWon[0]! + r.tricksWon[2]!);
  });
});

describe("exchangeUpTo3", () => {
  it("bots of every level finish es-makker hands with the option, and lay away fewer than three cards at times", () => {
    let partial = 0;
    for (const levels of [
      ["random", "easy", "normal", "random"],
      ["normal", "normal", "easy", "normal"],
    ] as BotLevel[][])
      for (let i = 0; i < 3; i++) {
        const setup = { variant: "esmakker" as const, seed: `upto3-${levels.join()}-${i}`, options: { exchangeUpTo3: true } };
        const created = createMatch(setup);
        if (!created.ok) throw new Error(created.error.message);
        let state = created.value;
        for (let n = 0; n < 400 && !state.over && state.results.length < 3; n++) {
          const seat = currentTurn(state)!;
          const action = decide(view(state, seat), { level: levels[seat]!, seed: `d${n}` });
          if (action.type === "exchange" && action.discard.length > 0 && action.discard.length < 3) partial++;
          const step = apply(state, seat, action);
          if (!step.ok) throw new Error(`${step.error.code}: ${step.error.message}`);
          state = step.state;
        }
        expect(state.results.length === 3 || state.over).toBe(true);
      }
    expect(partial).toBeGreaterThan(0);
  });
});
