/**
 * The deal sampler reads the auction: seeded statistical tests that compare
 * what the sampled hands of one seat look like after different auctions over
 * the same deal, seen from the same seat (so everything but the auction is
 * the same view), and that no sampled deal ever breaks a hard fact.
 */
import { describe, expect, it } from "vitest";
import { type Card, type Suit, JOKER, rankOf } from "../engine/cards";
import { type MatchState, apply, createMatch, currentTurn, view } from "../engine/index";
import { createRng } from "../engine/random";
import type { Action, MatchView, Seat, VariantId } from "../engine/types";
import { playHands } from "./arena";
import { avoidRisk } from "./evaluate";
import { auctionSteps, calledCard, jokersPlayed, playedCards } from "./facts";
import { decide } from "./index";
import { createDealSampler, hiddenInfo, playEvidence } from "./sampling";

const bid = (id: string): Action => ({ type: "bid", bid: id });
const PASS: Action = { type: "pass" };

/** High-card points: A 4, K 3, Q 2, J 1. */
const highCardPoints = (cards: readonly Card[]): number => cards.reduce((n, c) => n + (c === JOKER ? 0 : Math.max(0, rankOf(c) - 10)), 0);

/** A seeded match's first hand after the given auction, its contract set up by normal bots, at the first card. */
function afterAuction(variant: VariantId, seed: string, auction: readonly Action[]): MatchState {
  const created = createMatch({ variant, seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  for (const action of [...auction]) {
    const step = apply(state, currentTurn(state)!, action);
    if (!step.ok) throw new Error(`${JSON.stringify(action)}: ${step.error.code}`);
    state = step.state;
  }
  for (let i = 0; i < 50 && state.hand!.phase !== "play"; i++) {
    const seat = currentTurn(state)!;
    const step = apply(state, seat, decide(view(state, seat), { seed: "setup" }));
    if (!step.ok) throw new Error(step.error.code);
    state = step.state;
  }
  expect(state.hand!.phase).toBe("play");
  return state;
}

/** Mean of `measure` over sampled hands of `seat`, seen by seat 0, over a few deals; and the same without evidence. */
function sampledMean(variant: VariantId, auction: readonly Action[], seat: Seat, measure: (cards: Card[]) => number): { mean: number; uniform: number } {
  let sum = 0, uniform = 0, n = 0;
  for (const deal of ["a", "b", "c", "d", "e", "f"]) {
    const v = view(afterAuction(variant, `inference-${deal}`, auction), 0);
    const mine = v.hand!.hands[0]!.cards!.slice();
    const weighed = createDealSampler(v, 0, mine, createRng(`weighed-${deal}`));
    const plain = createDealSampler(v, 0, mine, createRng(`plain-${deal}`), []);
    for (let i = 0; i < 150; i++) {
      sum += measure(weighed.next()![seat]!);
      uniform += measure(plain.next()![seat]!);
      n++;
    }
  }
  return { mean: sum / n, uniform: uniform / n };
}

describe("sampled hands follow the auction", () => {
  it("es-makker: after a 10-bid the bidder's hand is far stronger than after a pass", () => {
    const bidTen = sampledMean("esmakker", [bid("10"), PASS, PASS, PASS], 1, highCardPoints);
    const passed = sampledMean("esmakker", [PASS, bid("7"), PASS, PASS], 1, highCardPoints);
    // The same view apart from the auction: without the evidence both would draw the very same deals.
    expect(bidTen.uniform).toBe(passed.uniform);
    expect(bidTen.mean - passed.mean).toBeGreaterThan(3);
    expect(bidTen.mean).toBeGreaterThan(bidTen.uniform + 1.5);
    expect(passed.mean).toBeLessThan(passed.uniform);
  });

  it("Norwegian: a grand bidder holds more high cards than a seat that passed", () => {
    const grand = sampledMean("norwegian", [bid("grand")], 1, highCardPoints);
    const passed = sampledMean("norwegian", [PASS, bid("grand")], 1, highCardPoints);
    expect(grand.uniform).toBe(passed.uniform);
    expect(grand.mean - passed.mean).toBeGreaterThan(3);
  });

  it("Danish whist: a grand bidder holds more high cards than a seat that passed", () => {
    const grand = sampledMean("danish", [bid("grand"), PASS, PASS, PASS], 1, highCardPoints);
    const passed = sampledMean("danish", [PASS, bid("grand"), PASS, PASS], 1, highCardPoints);
    expect(grand.uniform).toBe(passed.uniform);
    expect(grand.mean - passed.mean).toBeGreaterThan(3);
  });

  it("a sol player's sampled hands are low (es-makker and Danish sol)", () => {
    const esSol = sampledMean("esmakker", [bid("sol"), PASS, PASS, PASS], 1, avoidRisk);
    const esPassed = sampledMean("esmakker", [PASS, bid("7"), PASS, PASS], 1, avoidRisk);
    expect(esSol.mean).toBeLessThan(esPassed.mean - 1);
    expect(esSol.mean).toBeLessThan(esSol.uniform - 1);
    const daSol = sampledMean("danish", [bid("sol"), PASS, PASS, PASS], 1, avoidRisk);
    expect(daSol.mean).toBeLessThan(daSol.uniform - 1);
  });

  it("es-makker: the declarer's trump is long in its sampled hands, and it rarely holds the ace it called", () => {
    let trumpLength = 0, otherLength = 0, holdsCalled = 0, n = 0;
    for (const deal of ["a", "b", "c", "d"]) {
      const state = afterAuction("esmakker", `inference-${deal}`, [bid("8"), PASS, PASS, PASS]);
      const v = view(state, 0);
      const { trump } = v.hand!.contract!;
      const called = calledCard(v)!;
      if (state.hand!.hands[0]!.includes(called)) continue; // seat 0 would know the partner
      const sampler = createDealSampler(v, 0, v.hand!.hands[0]!.cards!.slice(), createRng(deal));
      for (let i = 0; i < 150; i++) {
        const declarer = sampler.next()![1]!;
        const length = (s: Suit) => declarer.filter((c) => c !== JOKER && c[1] === s).length;
        trumpLength += length(trump!);
        otherLength += (["S", "H", "D", "C"] as Suit[]).filter((s) => s !== trump).reduce((a, s) => a + length(s), 0) / 3;
        if (declarer.includes(called)) holdsCalled++;
        n++;
      }
    }
    expect(n).toBeGreaterThan(300);
    expect(trumpLength / n).toBeGreaterThan(otherLength / n + 1.5);
    // Uniformly, seat 1 would hold the called ace about a third of the time.
    expect(holdsCalled / n).toBeLessThan(0.1);
  });

  it("reads the auction from the view alone, replaying it for what was legal at each step", () => {
    const v = view(afterAuction("esmakker", "inference-a", [bid("10"), PASS, PASS, PASS]), 0);
    const steps = auctionSteps(v);
    expect(steps.map((s) => [s.seat, s.action])).toEqual(v.hand!.auction.map((a) => [a.seat, a.action]));
    // Seat 2's pass came after the 10: it could bid only above it.
    const bidsAtPass = steps[1]!.legal.flatMap((a) => (a.type === "bid" ? [a.bid] : []));
    expect(bidsAtPass).not.toContain("10");
    expect(bidsAtPass).not.toContain("9");
    expect(bidsAtPass[0]).toBe("rensol");
    // The first hand's dealer is seat 0; later hands' auctions are turned to match.
    const later = playHands({ variant: "danish", seed: "inference-later" }, { levels: ["normal", "normal", "normal", "normal"], hands: 1 }).state;
    const laterView = view(later, 1);
    expect(laterView.hand!.dealer).toBe(1);
    expect(auctionSteps(laterView).length).toBe(laterView.hand!.auction.length);
  });

  it("is deterministic: the same view and seed give the same deals", () => {
    const v = view(afterAuction("esmakker", "inference-b", [bid("9"), PASS, PASS, PASS]), 2);
    const mine = v.hand!.hands[2]!.cards!.slice();
    const a = createDealSampler(v, 2, mine, createRng("same"));
    const b = createDealSampler(structuredClone(v), 2, mine, createRng("same"));
    for (let i = 0; i < 20; i++) expect(b.next()).toEqual(a.next());
  });
});

/** Every hard fact a sampled deal must keep. */
function expectConsistent(v: MatchView, me: Seat, hands: Card[][]): void {
  const hand = v.hand!;
  const info = hiddenInfo(v, me, hand.hands[me]!.cards!.slice());
  const played = playedCards(hand);
  hands.forEach((h, s) => {
    expect(h.length).toBe(hand.hands[s]!.count);
    // Cards this seat may see where they are stay there.
    for (const c of hand.hands[s]!.cards ?? []) expect(h).toContain(c);
    for (const c of h) {
      if (c === JOKER) continue; // jokers are alike: counted below
      expect(played.has(c)).toBe(false);
      expect(info.voids[s]!.has(c[1] as Suit)).toBe(false);
    }
  });
  const all = hands.flat().filter((c) => c !== JOKER);
  expect(new Set(all).size).toBe(all.length);
  expect(hands.flat().filter((c) => c === JOKER).length + jokersPlayed(hand)).toBeLessThanOrEqual(v.variant === "esmakker" ? 3 : 0);
  const turnedCard = hand.info["turnedCard"];
  if (typeof turnedCard === "string") expect(hands[hand.dealer]).toContain(turnedCard);
  const called = calledCard(v);
  if (called && info.calledInKat) for (const h of hands) expect(h).not.toContain(called);
}

describe("sampled deals never break a hard fact", () => {
  const VARIANTS: VariantId[] = ["esmakker", "classic", "norwegian", "danish"];
  for (const variant of VARIANTS)
    it(`${variant}: every sampled deal at every card of two hands`, () => {
      let checkedWithEvidence = 0;
      for (const seed of ["x", "y"]) {
        const created = createMatch({ variant, seed: `facts-${variant}-${seed}` });
        if (!created.ok) throw new Error(created.error.message);
        let state = created.value;
        const start = state.results.length;
        for (let i = 0; i < 400 && !state.over && state.results.length === start; i++) {
          const seat = currentTurn(state)!;
          const v = view(state, seat);
          if (v.hand!.phase === "play") {
            // Every other card with the play read too (its deals are drawn by the weighed chain).
            const sampler = createDealSampler(v, seat, v.hand!.hands[seat]!.cards!.slice(), createRng(`${seed}-${i}`), undefined, i % 2 === 0);
            if (sampler.evidence.length > 0) checkedWithEvidence++;
            for (let k = 0; k < 8; k++) {
              const hands = sampler.next();
              expect(hands).not.toBeNull();
              expectConsistent(v, seat, hands!);
            }
          }
          const step = apply(state, seat, decide(v, { seed }));
          if (!step.ok) throw new Error(step.error.code);
          state = step.state;
        }
      }
      // Classic has no auction; the others must have weighed some of these deals.
      if (variant === "classic") expect(checkedWithEvidence).toBe(0);
      else expect(checkedWithEvidence).toBeGreaterThan(0);
    });

  it("classic: the turned trump card stays with the dealer until the dealer plays it", () => {
    const created = createMatch({ variant: "classic", seed: "turned-card" });
    if (!created.ok) throw new Error(created.error.message);
    const state = created.value;
    const seat = currentTurn(state)!;
    const v = view(state, seat);
    const turned = v.hand!.info.turnedCard;
    if (!turned) throw new Error("classic turns the dealer's last card for trump");
    expect(v.hand!.dealer).not.toBe(seat);
    const sampler = createDealSampler(v, seat, v.hand!.hands[seat]!.cards!.slice(), createRng("turned"));
    for (let i = 0; i < 40; i++) expect(sampler.next()![v.hand!.dealer]).toContain(turned);
  });
});

/** Seeded hand `variant` played by normal bots to `cards` cards played, with the state at each of them. */
function playedTo(variant: VariantId, seed: string, cards: number, auction: readonly Action[] = []): MatchState[] {
  let state = afterAuction(variant, seed, auction);
  const states: MatchState[] = [state];
  for (let i = 0; i < cards; i++) {
    const seat = currentTurn(state)!;
    const step = apply(state, seat, decide(view(state, seat), { level: "normal", seed }));
    if (!step.ok) throw new Error(step.error.code);
    state = step.state;
    states.push(state);
  }
  return states;
}

describe("the sampler reads the play", () => {
  it("classic: the cards the play rules out are not in the real hands of seats that play by the normal rules", () => {
    let readings = 0;
    for (const seed of ["p", "q", "r"])
      for (const state of playedTo("classic", `play-${seed}`, 40)) {
        const seat = currentTurn(state)!;
        const v = view(state, seat);
        const out = playEvidence(v, seat, v.hand!.hands[seat]!.cards!);
        expect(out[seat]!.size).toBe(0);
        out.forEach((cards, s) => {
          readings += cards.size;
          for (const c of cards) expect(state.hand!.hands[s]).not.toContain(c);
        });
      }
    expect(readings).toBeGreaterThan(500);
  });

  it("a seat whose later card contradicts a reading is not read at all", () => {
    const states = playedTo("classic", "play-contradiction", 40);
    const last = states.at(-1)!;
    const seat = currentTurn(last)!;
    const v = view(last, seat);
    const out = playEvidence(v, seat, v.hand!.hands[seat]!.cards!);
    const reader = ([1, 2, 3] as Seat[]).map((d) => ((seat + d) % 4) as Seat).find((s) => out[s]!.size > 0)!;
    expect(reader).toBeDefined();
    // Its last card played becomes one the play said it did not hold (which card it replaces does not matter).
    const ruled = [...out[reader]!][0]!;
    const edited = structuredClone(v);
    const plays = edited.hand!.tricks.at(-1)!.plays as unknown as { seat: Seat; card: Card }[];
    plays.find((p) => p.seat === reader)!.card = ruled;
    expect(playEvidence(edited, seat, v.hand!.hands[seat]!.cards!)[reader]!.size).toBe(0);
  });

  it("Norwegian pass game (both pairs avoid tricks): the play is not read", () => {
    const states = playedTo("norwegian", "play-pass", 24, [PASS, PASS, PASS, PASS]);
    for (const state of states) {
      const seat = currentTurn(state)!;
      const v = view(state, seat);
      expect(playEvidence(v, seat, v.hand!.hands[seat]!.cards!).every((cards) => cards.size === 0)).toBe(true);
    }
  });

  it("classic: the weighed deals rarely give a seat a card its play ruled out, uniform deals often do", () => {
    let weighedHits = 0, plainHits = 0, deals = 0;
    for (const seed of ["p", "q", "r"]) {
      const state = playedTo("classic", `play-${seed}`, 24).at(-1)!;
      const seat = currentTurn(state)!;
      const v = view(state, seat);
      const mine = v.hand!.hands[seat]!.cards!.slice();
      const out = playEvidence(v, seat, mine);
      const weighed = createDealSampler(v, seat, mine, createRng(`w-${seed}`), undefined, true);
      const plain = createDealSampler(v, seat, mine, createRng(`p-${seed}`), undefined, false);
      const hits = (hands: Card[][]) => hands.reduce((n, h, s) => n + h.filter((c) => out[s]!.has(c)).length, 0);
      for (let i = 0; i < 100; i++) {
        const w = weighed.next()!, p = plain.next()!;
        expectConsistent(v, seat, w);
        weighedHits += hits(w);
        plainHits += hits(p);
        deals++;
      }
    }
    expect(plainHits / deals).toBeGreaterThan(1);
    expect(weighedHits).toBeLessThan(plainHits / 4);
  });
});
