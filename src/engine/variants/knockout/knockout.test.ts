import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../../cards";
import { type MatchState, apply, createMatch, createRng, currentTurn, legalActions, randomStep, view } from "../../index";
import type { Deal } from "../../random";
import type { Action, Seat } from "../../types";
import type { KnockoutMatchInfo } from "./index";

/** A deal of the given hands (card codes split on spaces); the kat starts with `turned`, then the rest of the deck. */
function deal(hands: string[], turned = ""): Deal {
  const held = hands.map((h) => (h ? h.split(" ") : []));
  const kat = turned ? [turned] : [];
  const used = new Set([...held.flat(), ...kat]);
  return { hands: held, kat: [...kat, ...STANDARD_DECK.filter((c) => !used.has(c))] };
}

const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `P${i}` }));

function start(deals: Deal[], seatCount: number, options: Record<string, unknown> = {}): MatchState {
  const r = createMatch({ variant: "knockout", seats: seats(seatCount), deals, options });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const act = (s: MatchState, seat: Seat, action: Action): MatchState => {
  const r = apply(s, seat, action);
  if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
  return r.state;
};

/** Plays "seat:card" steps (or "seat:-" for a dog's-life pass) in order. */
const run = (s: MatchState, steps: string): MatchState =>
  steps
    .trim()
    .split(/\s+/)
    .reduce((state, step) => {
      const [seat, card] = step.split(":");
      return act(state, Number(seat), card === "-" ? { type: "decline" } : { type: "play", card: card! });
    }, s);

const info = (s: MatchState) => s.matchInfo as unknown as KnockoutMatchInfo;

// Three players; dealer 0, so seat 1 leads. Spades are trump (the turned 8S).
const ROUND_ONE = deal(["AS KS QS JS TS 9S 2D", "AH 2H 3H 4H 5H 6H 7H", "2C 3C 4C 5C 6C 7C 8C"], "8S");
// Seat 1 takes the first trick (nobody trumps the ace of hearts), seat 0 every other: seat 2 takes none.
const ROUND_ONE_PLAY = "1:AH 2:2C 0:2D  1:2H 2:3C 0:9S  0:AS 1:3H 2:4C  0:KS 1:4H 2:5C  0:QS 1:5H 2:6C  0:JS 1:6H 2:7C  0:TS 1:7H 2:8C";

describe("knock-out whist", () => {
  it("deals 7 cards each, turns the next card for trump and lets the player left of the dealer lead", () => {
    const r = createMatch({ variant: "knockout", seats: seats(5), seed: "ko-deal" });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    expect(s.hand!.hands.map((h) => h.length)).toEqual([7, 7, 7, 7, 7]);
    expect(s.hand!.deal.kat).toHaveLength(52 - 35);
    const v = view(s, 2);
    expect(v.seatCount).toBe(5);
    expect(v.hand!.info.turnedCard).toBe(s.hand!.deal.kat[0]);
    expect(v.hand!.info.trump).toBe(s.hand!.deal.kat[0]![1]);
    expect(v.hand!.phase).toBe("play");
    expect(currentTurn(s)).toBe(1);
    expect(v.hand!.hands.map((h) => h.count)).toEqual([7, 7, 7, 7, 7]);
    expect(v.hand!.hands.filter((h) => h.cards !== null)).toHaveLength(1);
  });

  it("refuses a seat count outside two to seven, and a seat beyond the table", () => {
    expect(createMatch({ variant: "knockout", seats: seats(1), seed: "x" })).toMatchObject({ ok: false, error: { code: "setup/invalid-seats" } });
    expect(createMatch({ variant: "knockout", seats: seats(8), seed: "x" })).toMatchObject({ ok: false, error: { code: "setup/invalid-seats" } });
    expect(createMatch({ variant: "classic", seats: seats(5), seed: "x" })).toMatchObject({ ok: false, error: { code: "setup/invalid-seats" } });
    const s = start([ROUND_ONE], 3);
    expect(apply(s, 3, { type: "play", card: "AS" })).toMatchObject({ ok: false, error: { code: "action/malformed" } });
  });

  it("makes players follow suit; the highest trump or card of the suit led wins, with any number of players", () => {
    const s = start([ROUND_ONE], 3);
    const afterLead = act(s, 1, { type: "play", card: "AH" });
    expect(legalActions(afterLead, 2).map((a) => (a as { card: string }).card).sort()).toEqual(["2C", "3C", "4C", "5C", "6C", "7C", "8C"]);
    const two = run(s, "1:AH 2:2C 0:9S");
    expect(two.hand!.tricks[0]!.winner).toBe(0); // trumped
    const one = run(s, "1:AH 2:2C 0:2D");
    expect(one.hand!.tricks[0]!.winner).toBe(1);
    expect(currentTurn(one)).toBe(1);
  });

  it("knocks out a player who takes no trick; the next round deals one card fewer and the most tricks choose trump", () => {
    const s = run(start([ROUND_ONE], 3), ROUND_ONE_PLAY);
    const result = s.results[0]!;
    expect(result.tricksWon).toEqual([6, 1, 0]);
    expect(result.explanation).toEqual([{ key: "knockout.out", params: { seat: 2 } }]);
    expect(result.points).toEqual([1, 1, 0]);
    expect(info(s).outIn).toEqual([null, null, 0]);
    expect(s.over).toBe(false);
  });

  it("from the second round, the chooser picks trump (no trump only with noTrumpChoice) and leads; out players get no cards", () => {
    const second = deal(["2D 3D 4D 5D 6D 7D", "8D 9D TD JD QD KD", ""]);
    for (const noTrumpChoice of [false, true]) {
      let s = run(start([ROUND_ONE, second], 3, { noTrumpChoice }), ROUND_ONE_PLAY);
      expect(s.hand!.phase).toBe("trump");
      expect(currentTurn(s)).toBe(0);
      expect(s.hand!.hands.map((h) => h.length)).toEqual([6, 6, 0]);
      expect(legalActions(s, 0).some((a) => a.type === "noTrump")).toBe(noTrumpChoice);
      if (!noTrumpChoice) expect(apply(s, 0, { type: "noTrump" })).toMatchObject({ ok: false, error: { code: "trump/not-allowed" } });
      expect(apply(s, 0, { type: "play", card: "2D" })).toMatchObject({ ok: false, error: { code: "action/wrong-phase" } });
      s = act(s, 0, noTrumpChoice ? { type: "noTrump" } : { type: "trump", suit: "H" });
      expect(view(s, null).hand!.contract).toMatchObject({ bid: noTrumpChoice ? "noTrump" : "trump", declarer: 0, trump: noTrumpChoice ? null : "H" });
      expect(currentTurn(s)).toBe(0);
      s = act(s, 0, { type: "play", card: "7D" });
      expect(currentTurn(s)).toBe(1); // seat 2 is out and skipped
    }
  });

  it("ends when a player takes every trick of a round: that player wins and the rest share the next place", () => {
    const clean = deal(["AS KS QS JS TS 9S 2S", "2H 3H 4H 5H 6H 7H 8H", "2C 3C 4C 5C 6C 7C 8C"], "8S");
    const s = run(start([clean], 3), "1:2H 2:2C 0:2S  0:AS 1:3H 2:3C  0:KS 1:4H 2:4C  0:QS 1:5H 2:5C  0:JS 1:6H 2:6C  0:TS 1:7H 2:7C  0:9S 1:8H 2:8C");
    expect(s.over).toBe(true);
    expect(info(s).winner).toBe(0);
    expect(s.scores).toEqual([2, 0, 0]);
    expect(s.results[0]!.explanation).toContainEqual({ key: "knockout.winner", params: { seat: 0 } });
  });

  it("a dog's life: one card, played in the trick of its owner's choice (not later than the last), a trick brings them back", () => {
    // Round two: seat 2 on a dog's life holds AD; seat 0 leads a diamond to it.
    const second = deal(["2D KS QS JS TS 9S", "AH KH QH JH TH 9H", "AD"]);
    let s = run(start([ROUND_ONE, second], 3, { dogsLife: true }), ROUND_ONE_PLAY);
    expect(s.results[0]!.explanation).toEqual([{ key: "knockout.dogsLife", params: { seat: 2 } }]);
    expect(info(s).outIn).toEqual([null, null, null]);
    expect(s.hand!.hands.map((h) => h.length)).toEqual([6, 6, 1]);
    s = act(s, 0, { type: "trump", suit: "C" });
    // First trick: seat 2 waits.
    s = run(s, "0:KS 1:AH");
    expect(legalActions(s, 2)).toEqual([{ type: "play", card: "AD" }, { type: "decline" }]);
    s = run(s, "2:-");
    expect(s.hand!.tricks[0]!.winner).toBe(0);
    // Second trick: seat 0 leads the 2 of diamonds; the dog's ace takes it.
    s = run(s, "0:2D 1:KH 2:AD");
    expect(s.hand!.tricks[1]!.winner).toBe(2);
    expect(currentTurn(s)).toBe(0); // the dog has no card left: the next player with cards leads
    s = run(s, "0:QS 1:QH  0:JS 1:JH  0:TS 1:TH  0:9S 1:9H");
    const result = s.results[1]!;
    expect(result.tricksWon).toEqual([5, 0, 1]);
    expect(result.explanation).toEqual([
      { key: "knockout.dogsLife", params: { seat: 1 } },
      { key: "knockout.backIn", params: { seat: 2 } },
    ]);
    expect(info(s).dogs).toEqual([1]);
  });

  it("a dog who takes no trick is out; in the last trick the dog must play", () => {
    const second = deal(["AD KS QS JS TS 9S", "AH KH QH JH TH 9H", "2D"]);
    let s = run(start([ROUND_ONE, second], 3, { dogsLife: true }), ROUND_ONE_PLAY);
    s = act(s, 0, { type: "trump", suit: "S" });
    s = run(s, "0:KS 1:AH 2:-  0:QS 1:KH 2:-  0:JS 1:QH 2:-  0:TS 1:JH 2:-  0:9S 1:TH 2:-");
    expect(legalActions(s, 0)).toEqual([{ type: "play", card: "AD" }]);
    s = run(s, "0:AD 1:9H");
    expect(legalActions(s, 2)).toEqual([{ type: "play", card: "2D" }]);
    expect(apply(s, 2, { type: "decline" }).ok).toBe(false);
    s = run(s, "2:2D");
    // Seat 0 took every trick: the match is over, and the dog went out in that round with seat 1.
    expect(s.over).toBe(true);
    expect(info(s).winner).toBe(0);
    expect(info(s).outIn).toEqual([null, 1, 1]);
    expect(s.scores).toEqual([3, 1, 1]);
  });

  it("ties for most tricks are cut by a draw from the round's seed: reproducible, and any tied player can win it", () => {
    const chosen = new Set<string>();
    let ties = 0;
    for (let m = 0; m < 60 && ties < 12; m++) {
      const created = createMatch({ variant: "knockout", seats: seats(4), seed: `tie-${m}` });
      if (!created.ok) throw new Error(created.error.message);
      let s = created.value;
      const rng = createRng(`tie-play-${m}`);
      while (!s.over && s.dealIndex < 1) s = (randomStep(s, rng)!.result as { ok: true; state: MatchState }).state;
      if (s.over) continue;
      const last = s.results[0]!.tricksWon;
      const most = Math.max(...last);
      const tied = last.flatMap((t, seat) => (t === most ? [seat] : []));
      expect(tied).toContain(s.hand!.turn);
      if (tied.length < 2) continue;
      ties++;
      chosen.add(`${tied.indexOf(s.hand!.turn!)}`);
      // The same seed and actions choose the same player.
      const again = createMatch({ variant: "knockout", seats: seats(4), seed: `tie-${m}` });
      if (!again.ok) throw new Error(again.error.message);
      let t = again.value;
      const rng2 = createRng(`tie-play-${m}`);
      while (t.dealIndex < 1) t = (randomStep(t, rng2)!.result as { ok: true; state: MatchState }).state;
      expect(t.hand!.turn).toBe(s.hand!.turn);
    }
    expect(ties).toBeGreaterThan(3);
    expect(chosen.size).toBeGreaterThan(1);
  });

  it("ends after the one-card round at the latest; the standings rank players by the round they went out in", () => {
    for (let m = 0; m < 40; m++) {
      const created = createMatch({ variant: "knockout", seats: seats(2 + (m % 6)), seed: `end-${m}` });
      if (!created.ok) throw new Error(created.error.message);
      let s = created.value;
      const rng = createRng(`end-play-${m}`);
      while (!s.over) s = (randomStep(s, rng)!.result as { ok: true; state: MatchState }).state;
      expect(s.results.length).toBeLessThanOrEqual(7);
      const { winner, outIn } = info(s);
      expect(winner).not.toBeNull();
      expect(outIn[winner!]).toBeNull();
      expect(outIn.filter((o) => o === null)).toHaveLength(1);
      // The winner is first; a later round out ranks higher; the same round shares the place.
      for (let a = 0; a < outIn.length; a++)
        for (let b = 0; b < outIn.length; b++) {
          if (a === winner && b !== winner) expect(s.scores[a]).toBeGreaterThan(s.scores[b]!);
          if (outIn[a] !== null && outIn[b] !== null) expect(Math.sign(s.scores[a]! - s.scores[b]!)).toBe(Math.sign(outIn[a]! - outIn[b]!));
        }
    }
  });
});
