import { describe, expect, it } from "vitest";
import { DEFAULT_OPTIONS, bidding, ctx, playOut, score, start } from "./fixtures";
import type { DanishHand } from "./hand";
import { danish } from "./index";

/** A finished hand with the given trick counts (scoring reads only the counts and the end reason). */
const finished = (hand: DanishHand, tricksWon: number[], endReason: DanishHand["endReason"] = "allTricks"): DanishHand => ({
  ...hand,
  phase: "done",
  turn: null,
  tricksWon,
  endReason,
});
const contractHand = (dealer: 0 | 1 | 2 | 3, ...words: string[]) => bidding(start(dealer), ...words);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe("Danish whist scoring", () => {
  it("grand needs 7 tricks for the pair: 7 makes, 6 fails", () => {
    const h = contractHand(3, "pass", "grand", "pass", "pass"); // seats 1+3 declare
    expect(score(finished(h, [3, 4, 2, 4]))).toMatchObject({ outcome: "made", margin: 1, points: [-2, 2, -2, 2] });
    expect(score(finished(h, [3, 4, 3, 3]))).toMatchObject({ outcome: "made", margin: 0 });
    expect(score(finished(h, [4, 3, 3, 3]))).toMatchObject({ outcome: "lost", margin: -1 });
    expect(score(finished(h, [4, 3, 4, 2]))).toMatchObject({ outcome: "lost", margin: -2, points: [2, -2, 2, -2] });
  });

  it("nolo allows the pair at most 6 tricks: 6 makes, 7 fails", () => {
    const h = contractHand(3, "nolo", "pass", "pass", "pass"); // seats 0+2 declare
    expect(score(finished(h, [3, 4, 3, 3]))).toMatchObject({ outcome: "made", margin: 0, points: [1, -1, 1, -1] });
    expect(score(finished(h, [4, 3, 3, 3]))).toMatchObject({ outcome: "lost", margin: -1, points: [-1, 1, -1, 1] });
  });

  it("alone contracts settle with each of the three others, the declarer ×3", () => {
    const sol = contractHand(3, "pass", "pass", "sol", "pass"); // seat 2 alone; partner 0 is an opponent
    expect(score(finished(sol, [6, 3, 1, 3]))).toMatchObject({ outcome: "made", margin: 0, points: [-3, -3, 9, -3] });
    expect(score(finished(sol, [6, 3, 2, 2], "solLost"))).toMatchObject({ outcome: "lost", points: [3, 3, -9, 3] });
  });

  it("uses the values option for every contract", () => {
    const options = danish.optionsSchema.parse({ values: [2, 5, 7, 11] });
    const nolo = contractHand(3, "nolo", "pass", "pass", "pass");
    expect(score(finished(nolo, [3, 4, 3, 3]), options).points).toEqual([2, -2, 2, -2]);
    const grand = contractHand(3, "grand", "pass", "pass", "pass");
    expect(score(finished(grand, [4, 3, 3, 3]), options).points).toEqual([5, -5, 5, -5]);
    const sol = contractHand(3, "sol", "pass", "pass", "pass");
    expect(score(finished(sol, [2, 4, 4, 3], "solLost"), options).points).toEqual([-21, 7, 7, 7]);
    const grandi = contractHand(3, "grandi", "pass", "pass", "pass");
    expect(score(finished(grandi, [7, 0, 0, 0], "grandiMade"), options).points).toEqual([33, -11, -11, -11]);
    expect(score(finished(grandi, [2, 0, 1, 0], "grandiLost"), options).points).toEqual([-33, 11, 11, 11]);
  });

  it("pasnolo pays each player with the fewest tricks, ties included, summing to zero", () => {
    const h = contractHand(0, "pass", "pass", "pass", "pass");
    // One winner: each of the other three pays 1.
    expect(score(finished(h, [4, 4, 4, 1])).points).toEqual([-1, -1, -1, 3]);
    // Two winners: each loser pays 1 to each winner.
    expect(score(finished(h, [5, 2, 4, 2])).points).toEqual([-2, 2, -2, 2]);
    // Three winners: the one loser pays 1 to each.
    expect(score(finished(h, [3, 3, 4, 3])).points).toEqual([1, 1, -3, 1]);
    // Ace low in pasnolo: a real hand played out sums to zero too.
    expect(sum(score(playOut(h)).points)).toBe(0);
  });

  it("explains the score line by line (texts live in the interface's engine messages)", () => {
    const hands = [
      finished(contractHand(3, "grand", "pass", "pass", "pass"), [4, 3, 3, 3]),
      finished(contractHand(3, "nolo", "pass", "pass", "pass"), [4, 3, 3, 3]),
      finished(contractHand(3, "sol", "pass", "pass", "pass"), [2, 4, 4, 3], "solLost"),
      finished(contractHand(3, "grandi", "pass", "pass", "pass"), [7, 0, 0, 0], "grandiMade"),
      finished(contractHand(3, "pass", "pass", "pass", "pass"), [5, 2, 4, 2]),
    ];
    for (const h of hands) {
      const s = score(h);
      expect(s.explanation.length).toBeGreaterThan(1);
      for (const line of s.explanation) expect(line.key).toMatch(/^danish\./);
    }
    // A real sol lost: seat 0 leads and wins the first two tricks.
    expect(score(playOut(contractHand(3, "sol", "pass", "pass", "pass"))).explanation).toEqual([
      { key: "danish.score.contract.sol", params: { declarer: 0 } },
      { key: "danish.score.solLost", params: { tricks: 2, max: 1, trick: 2 } },
      { key: "danish.score.alone.lost", params: { declarer: 0, value: 3, total: 9 } },
    ]);
  });

  it("adds each hand to the running totals and ends the match after the set number of deals", () => {
    const options = danish.optionsSchema.parse({ deals: 4 });
    const hand = finished(contractHand(3, "grand", "pass", "pass", "pass"), [4, 3, 3, 3]);
    const s = score(hand, options);
    const c = { ...ctx(3, options), scores: [5, -1, 0, -4] };
    expect(danish.afterHand(c, s, 3, hand)).toEqual({ scores: [7, -3, 2, -6], matchInfo: { dealsPlayed: 3, deals: 4 }, over: false });
    expect(danish.afterHand(c, s, 4, hand).over).toBe(true);
    expect(danish.afterHand(ctx(0, DEFAULT_OPTIONS), s, 11, hand).over).toBe(false);
    expect(danish.afterHand(ctx(0, DEFAULT_OPTIONS), s, 12, hand).over).toBe(true);
  });
});
