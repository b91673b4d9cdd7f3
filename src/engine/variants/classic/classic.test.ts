import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../../cards";
import { type MatchState, apply, createMatch, currentTurn, legalActions, view } from "../../index";
import type { Deal } from "../../random";

/** Each seat holds one whole suit (0 spades, 1 hearts, 2 diamonds, 3 clubs); optional swaps move single cards. */
function suitDeal(...swaps: [string, string][]): Deal {
  const hands = ["S", "H", "D", "C"].map((s) => STANDARD_DECK.filter((c) => c[1] === s));
  for (const [a, b] of swaps) {
    const ha = hands.find((h) => h.includes(a))!;
    const hb = hands.find((h) => h.includes(b))!;
    ha[ha.indexOf(a)] = b;
    hb[hb.indexOf(b)] = a;
  }
  return { hands, kat: [] };
}

const start = (deals: Deal[], options: Record<string, unknown> = {}): MatchState => {
  const r = createMatch({ variant: "classic", deals, options });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** Plays the first legal card for each seat until the hand (or match) ends. */
function playHand(s: MatchState): MatchState {
  const index = s.dealIndex;
  while (!s.over && s.dealIndex === index && s.hand) {
    const seat = currentTurn(s)!;
    const r = apply(s, seat, legalActions(s, seat)[0]!);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

describe("classic whist", () => {
  it("turns the dealer's last card for trump; it is public until the dealer plays to the first trick", () => {
    let s = start([suitDeal()]); // dealer 0's last card is AS: spades are trumps
    expect(view(s, 2).hand!.info).toEqual({ trump: "S", turnedCard: "AS" });
    expect(view(s, null).hand!.contract).toMatchObject({ bid: "trump", trump: "S" });
    expect(currentTurn(s)).toBe(1);
    for (const card of ["2H", "2D", "2C"]) {
      const r = apply(s, currentTurn(s)!, { type: "play", card });
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      expect(view(s, 3).hand!.info.turnedCard).toBe("AS");
    }
    const r = apply(s, 0, { type: "play", card: "2S" });
    if (!r.ok) throw new Error(r.error.message);
    expect(view(r.state, 3).hand!.info.turnedCard).toBeUndefined();
    expect(r.state.hand!.tricks[0]!.winner).toBe(0); // trumped
  });

  it("plays without trumps when noTrump is set", () => {
    const s = start([suitDeal()], { noTrump: true });
    expect(view(s, 1).hand!.info).toEqual({ trump: null });
    expect(view(s, 1).hand!.contract).toMatchObject({ bid: "noTrump", trump: null });
    // Forehand (seat 1) leads hearts, nobody can follow or trump: seat 1 wins every trick.
    const done = playHand(s);
    expect(done.results[0]!.tricksWon).toEqual([0, 13, 0, 0]);
    expect(done.results[0]!.points).toEqual([0, 7, 0, 7]);
  });

  it("scores tricks over six, honours from the dealt cards and the slam bonus", () => {
    const plain = playHand(start([suitDeal()], { target: 50 })).results[0]!;
    expect(plain.points).toEqual([7, 0, 7, 0]);
    const rich = playHand(start([suitDeal()], { target: 50, honours: true, slamBonus: true, slamPoints: 3 })).results[0]!;
    expect(rich.points).toEqual([7 + 4 + 3, 0, 7 + 4 + 3, 0]);
    expect(rich.explanation.map((l) => l.key)).toEqual(["classic.tricks", "classic.slam", "classic.honours"]);
    // Three honours (the jack of spades moved to seat 1) score 2, counted for the side that was dealt them.
    const three = playHand(start([suitDeal(["JS", "2H"])], { target: 50, honours: true })).results[0]!;
    expect(three.explanation).toContainEqual({ key: "classic.honours", params: { side: 0, count: 3, points: 2 } });
  });

  it("ends the match when a side reaches the target, keeping side totals on both partners", () => {
    let s = start([suitDeal(), suitDeal()], { target: 10 });
    s = playHand(s);
    expect(s.over).toBe(false);
    expect(s.scores).toEqual([7, 0, 7, 0]);
    s = playHand(s); // dealer 1 turns AH: hearts trump; seat 1 wins all 13
    expect(s.results[1]!.points).toEqual([0, 7, 0, 7]);
    expect(s.over).toBe(false);
    expect(s.hand).toBeNull();
    let t = start([suitDeal(), suitDeal(), suitDeal()], { target: 14 });
    t = playHand(playHand(t));
    expect(t.scores).toEqual([7, 7, 7, 7]);
    t = playHand(t); // dealer 2 turns AD: seat 2 wins all 13, side 0 reaches 14
    expect(t.over).toBe(true);
    expect(t.matchInfo).toEqual({ winner: 0 });
    expect(t.results[2]!.totals).toEqual([14, 7, 14, 7]);
  });

  it("plays a rubber: games to the target, two games win, the rubber bonus goes to the winners", () => {
    const deals = [suitDeal(), suitDeal(), suitDeal(), suitDeal()];
    let s = start(deals, { rubber: true, target: 5, rubberBonus: 3 });
    s = playHand(s); // side 0: 7 → game 1
    expect(s.matchInfo).toEqual({ games: [1, 0], gamePoints: [0, 0] });
    s = playHand(s); // side 1: 7 → game 1
    expect(s.matchInfo).toEqual({ games: [1, 1], gamePoints: [0, 0] });
    expect(s.over).toBe(false);
    s = playHand(s); // side 0 wins the rubber
    expect(s.over).toBe(true);
    expect(s.results[2]!.points).toEqual([10, 0, 10, 0]);
    expect(s.results[2]!.explanation.map((l) => l.key)).toEqual(["classic.tricks", "classic.game", "classic.rubber"]);
    expect(s.scores).toEqual([17, 7, 17, 7]);
    expect(s.matchInfo).toMatchObject({ games: [2, 1], winner: 0 });
  });
});
