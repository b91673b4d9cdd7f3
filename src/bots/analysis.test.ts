/**
 * Replay analysis of every card, for hands of every variant and contract
 * kind: each card gets its values, they chain from card to card, the last
 * one is the tricks really taken, and over the last tricks (every hand down
 * to four cards or fewer) every value equals a plain minimax over the
 * engine's own rules (analysis-reference.ts: legal cards, trick winners,
 * jokers, the called ace, the fordækt card, early ends), written without the
 * solver. The hands are seeded: contracts from normal-level bidding, cards
 * at random.
 */
import { describe, expect, it } from "vitest";
import { type Action, type MatchSetup, apply, createMatch, currentTurn, legalActions, view } from "../engine/index";
import { createRng } from "../engine/random";
import type { HandResult, SeatAction } from "../engine/types";
import { analyzePlay } from "./analysis";
import { referenceValues, solCap } from "./analysis-reference";
import { decide } from "./index";

interface TestHand {
  readonly variant: string;
  readonly options: Record<string, unknown>;
  readonly result: HandResult;
  readonly actions: readonly SeatAction[];
}

/** Hand `handIndex` of seeded match `m`: normal-level bidding (or `prefer`red auction actions), random cards. */
function seededHand(variant: string, options: Record<string, unknown>, m: number, handIndex: number, prefer?: Action["type"]): TestHand {
  const setup: MatchSetup = { variant, options, seats: [0, 1, 2, 3].map((i) => ({ name: `P${i}` })), seed: `analysis-test-${variant}-${m}` };
  const created = createMatch(setup);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const rng = createRng(`analysis-test-cards-${variant}-${m}`);
  let actions: SeatAction[] = [];
  for (;;) {
    const seat = currentTurn(state);
    if (seat === null) throw new Error("the match ended before the hand");
    const legal = legalActions(state, seat);
    const playing = legal.every((a) => a.type === "play");
    const preferred = prefer ? legal.find((a) => a.type === prefer) : undefined;
    const action = playing ? legal[rng.int(legal.length)]! : (preferred ?? decide(view(state, seat), { level: "normal", seed: `analysis-test-${m}:${seat}` }));
    const finished = state.results.length;
    const step = apply(state, seat, action);
    if (!step.ok) throw new Error(step.error.message);
    state = step.state;
    actions.push({ seat, action });
    if (state.results.length > finished) {
      if (finished === handIndex) return { variant, options, result: state.results[finished]!, actions };
      actions = [];
    }
  }
}

/** Checks a hand's analysis; `minChecked`: cards at least that the engine minimax must have checked. */
function checkHand(h: TestHand, opts: { minChecked: number; maxHandSize?: number }) {
  const input = { variant: h.variant, options: h.options, dealer: h.result.dealer, deal: h.result.deal, actions: h.actions };
  const res = analyzePlay(input, { maxHandSize: opts.maxHandSize });
  if (!res.ok) throw new Error(res.error.message);
  const { plays } = res.value;
  // One entry per card played, in order.
  expect(plays.map((p) => p.actionIndex)).toEqual(h.actions.flatMap((a, i) => (a.action.type === "play" ? [i] : [])));
  if (opts.maxHandSize === undefined) {
    expect(res.value.complete).toBe(true);
    expect(plays.every((p) => p.before !== null && p.after !== null && p.lost !== null)).toBe(true);
  }
  const solved = plays.filter((p) => p.lost !== null);
  for (const p of solved) expect(p.lost).toBeGreaterThanOrEqual(0);
  // Consecutive cards judged alike: the value after one is the value before the next.
  for (let i = 1; i < solved.length; i++) {
    const [a, b] = [solved[i - 1]!, solved[i]!];
    if (a.counted.join() === b.counted.join() && a.countedWantMore === b.countedWantMore && b.actionIndex === a.actionIndex + 1) expect(b.before).toBe(a.after);
  }
  // The last card's value after is what the counted seats really took.
  const last = solved.at(-1)!;
  const took = last.counted.reduce<number>((n, s) => n + h.result.tricksWon[s]!, 0);
  expect(last.after).toBe(Math.min(took, solCap(h.result.contract, last)));
  // Every card of the last tricks (four cards or fewer in each hand) against the engine minimax.
  const checks = referenceValues(input, h.result.contract, plays);
  expect(checks.length).toBeGreaterThanOrEqual(opts.minChecked);
  for (const { analysed, reference } of checks) expect(analysed).toEqual(reference);
  return res.value;
}

describe("replay analysis: every card of a hand, checked against the engine on the last tricks", () => {
  it("classic whist", () => {
    const a = checkHand(seededHand("classic", {}, 1, 0), { minChecked: 12 });
    expect(a.side).toEqual([0, 2]);
  });

  it("reports its progress after each card valued: the last cards first, each with its final values", () => {
    const h = seededHand("classic", {}, 1, 0);
    const input = { variant: h.variant, options: h.options, dealer: h.result.dealer, deal: h.result.deal, actions: h.actions };
    const seen: ReturnType<typeof analyzePlay>[] = [];
    const res = analyzePlay(input, { onProgress: (soFar) => void seen.push({ ok: true, value: soFar() }) });
    if (!res.ok) throw new Error(res.error.message);
    const final = res.value.plays;
    const valued = seen.map((r) => (r.ok ? r.value.plays.filter((p) => p.lost !== null).length : -1));
    // Forced cards are valued too (without a search): one report per card, each with one card more.
    expect(valued).toEqual(final.map((_, i) => i + 1));
    for (const r of seen) {
      if (!r.ok) throw new Error("not ok");
      const n = r.value.plays.filter((p) => p.lost !== null).length;
      // The valued cards are the last n, and hold the values the finished analysis gives them.
      expect(r.value.plays.map((p) => p.lost !== null)).toEqual(final.map((_, i) => i >= final.length - n));
      r.value.plays.forEach((p, i) => p.lost !== null && expect(p).toEqual(final[i]));
      expect(r.value.complete).toBe(n === final.length);
    }
  });

  it("es-makker with a called ace, jokers and a fordækt card (the hidden card counts as the lowest of the called suit)", () => {
    const h = seededHand("esmakker", { gaaMed: true, fordaektKort: true }, 64, 3);
    expect(h.actions.some((a) => a.action.type === "hide")).toBe(true);
    const a = checkHand(h, { minChecked: 12 });
    // The declaring side is the declarer and whoever held the called card.
    const contract = h.result.contract!;
    expect([...a.side].sort()).toEqual([contract.declarer, ...contract.partners].sort());
  });

  it("es-makker ren sol lost at the tenth trick: ace low, the declarer judged alone, the early end", () => {
    const h = seededHand("esmakker", {}, 284, 0);
    expect(h.result.contract?.bid).toBe("rensol");
    const a = checkHand(h, { minChecked: 4 });
    expect(a.plays.length).toBe(40);
    expect(a.side).toEqual([h.result.contract!.declarer]);
    expect(a.sideMaximises).toBe(false);
  });

  it("es-makker sol with players who went along: each sol player's cards judged by their own tricks", () => {
    const h = seededHand("esmakker", { gaaMed: true, fordaektKort: true }, 14, 1, "join");
    expect(h.actions.some((a) => a.action.type === "join")).toBe(true);
    const a = checkHand(h, { minChecked: 12 });
    expect(a.side).toEqual([]);
    // At the first trick every sol player is still in the game: their cards count their own tricks; the others' count the declarer's.
    const solPlayers = [h.result.contract!.declarer!, ...h.actions.filter((x) => x.action.type === "join").map((x) => x.seat)];
    expect(solPlayers.length).toBeGreaterThan(1);
    for (const p of a.plays.filter((x) => x.trick === 0)) expect(p.counted).toEqual([solPlayers.includes(p.seat) ? p.seat : solPlayers[0]]);
  });

  it("Danish grandi ends early: the cards up to its end", () => {
    const h = seededHand("danish", {}, 26, 0);
    expect(h.result.contract?.bid).toBe("grandi");
    // It ends with eight cards in each hand: too many for the engine minimax here.
    const a = checkHand(h, { minChecked: 0 });
    expect(a.plays.length).toBeLessThan(52);
  });

  it("Danish sol: the declarer alone, ace low", () => {
    const h = seededHand("danish", {}, 2, 3);
    expect(h.result.contract?.bid).toBe("sol");
    const a = checkHand(h, { minChecked: 12 });
    expect(a.side).toEqual([h.result.contract!.declarer]);
  });

  it("Danish nolo: the declaring pair wants few tricks", () => {
    const a = checkHand(seededHand("danish", {}, 6, 3), { minChecked: 12 });
    expect(a.sideMaximises).toBe(false);
  });

  it("Norwegian pass game: both pairs avoid tricks", () => {
    const h = seededHand("norwegian", {}, 10, 0);
    expect(h.result.contract).toBeNull();
    const a = checkHand(h, { minChecked: 12 });
    expect(a.sideMaximises).toBe(false);
  });

  it("Danish pasnolo: every player for themself, each card judged by its own player's tricks (last tricks only: a full pasnolo hand is the solver's slowest case)", () => {
    const h = seededHand("danish", {}, 0, 0, "pass");
    expect(h.result.contract).toBeNull();
    const a = checkHand(h, { minChecked: 12, maxHandSize: 6 });
    expect(a.side).toEqual([]);
    for (const p of a.plays) expect(p.counted).toEqual([p.seat]);
  });
});
