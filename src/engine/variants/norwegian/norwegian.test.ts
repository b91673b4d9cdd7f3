import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../../cards";
import { type MatchState, apply, createMatch, currentTurn, legalActions, playRandomMatch, view } from "../../index";
import type { Deal } from "../../random";
import type { Action, HandResult, Seat } from "../../types";

/** Each seat holds one whole suit: with no trumps, whoever leads wins every trick. */
const suitDeal = (): Deal => ({ hands: ["S", "H", "D", "C"].map((s) => STANDARD_DECK.filter((c) => c[1] === s)), kat: [] });

const start = (options: Record<string, unknown> = {}): MatchState => {
  const r = createMatch({ variant: "norwegian", deals: [suitDeal(), suitDeal()], options });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const act = (s: MatchState, seat: Seat, action: Action): MatchState => {
  const r = apply(s, seat, action);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.state;
};

function playTricks(s: MatchState): MatchState {
  const index = s.dealIndex;
  while (!s.over && s.dealIndex === index) s = act(s, currentTurn(s)!, legalActions(s, currentTurn(s)!)[0]!);
  return s;
}

describe("Norwegian whist", () => {
  it("asks each seat grand or pass from forehand; the first grand ends the auction and the seat to its right leads", () => {
    let s = start();
    expect(currentTurn(s)).toBe(1);
    expect(legalActions(s, 1)).toEqual([{ type: "bid", bid: "grand" }, { type: "pass" }]);
    const wrong = apply(s, 1, { type: "bid", bid: "sol" });
    expect(!wrong.ok && wrong.error.code).toBe("bid/unknown");
    s = act(s, 1, { type: "pass" });
    s = act(s, 2, { type: "bid", bid: "grand" });
    expect(s.hand!.phase).toBe("play");
    expect(currentTurn(s)).toBe(1); // right of seat 2
    expect(view(s, 0).hand!.contract).toEqual({ bid: "grand", declarer: 2, partners: [0], trump: null, need: { min: 7 } });
    expect(view(s, 0).hand!.auction).toHaveLength(2);
    s = playTricks(s); // seat 1 leads hearts and takes all 13
    const r = s.results[0]!;
    expect(r.outcome).toBe("lost");
    expect(r.margin).toBe(-7);
    expect(r.points).toEqual([0, 14, 0, 14]); // opponents: 2 per trick over six
    expect(s.over).toBe(true); // target 10 reached
  });

  it("plays a pass game after four passes, led by forehand, scoring a point per trick under six", () => {
    let s = start({ target: 20 });
    for (const seat of [1, 2, 3, 0] as Seat[]) s = act(s, seat, { type: "pass" });
    expect(currentTurn(s)).toBe(1);
    expect(view(s, 2).hand!.info).toEqual({ game: "pass" });
    s = playTricks(s);
    const r = s.results[0]!;
    expect(r.contract).toBeNull();
    expect(r.tricksWon).toEqual([0, 13, 0, 0]);
    expect(r.points).toEqual([6, 0, 6, 0]);
    expect(s.over).toBe(false);
    expect(s.dealer).toBe(1);
    expect(currentTurn(s)).toBe(2);
  });

  it("scores the rule page's examples: grand pair with 8 tricks gets 2, opponents with 8 get 4", () => {
    const seen: HandResult[] = [];
    for (let i = 0; i < 40 && seen.length < 200; i++) {
      const m = playRandomMatch({ variant: "norwegian", seed: `n${i}`, options: { target: 100 } }, `p${i}`, { maxHands: 10 });
      if (!m.ok) throw new Error(m.error.message);
      seen.push(...m.value.state.results);
    }
    const sideTricks = (r: HandResult, seat: Seat) => r.tricksWon[seat]! + r.tricksWon[(seat + 2) % 4]!;
    const grand8 = seen.find((r) => r.contract && sideTricks(r, r.contract.declarer!) === 8)!;
    const opp8 = seen.find((r) => r.contract && sideTricks(r, ((r.contract.declarer! + 1) % 4) as Seat) === 8)!;
    expect(grand8.points[grand8.contract!.declarer!]).toBe(2);
    expect(grand8.outcome).toBe("made");
    expect(opp8.points[(opp8.contract!.declarer! + 1) % 4]).toBe(4);
    expect(opp8.points[opp8.contract!.declarer!]).toBe(0);
    // Every hand: exactly one side scores at most, and partners carry the same figure.
    for (const r of seen) {
      expect(r.points[0]).toBe(r.points[2]);
      expect(r.points[1]).toBe(r.points[3]);
      expect(r.points[0]! === 0 || r.points[1]! === 0).toBe(true);
    }
  });
});
