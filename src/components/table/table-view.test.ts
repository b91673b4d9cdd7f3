/** The table page's pure helpers: rebuilding a hand's last trick, which variants have fixed partnerships, places in the standings. */
import { describe, expect, it } from "vitest";
import type { HandResult } from "@/engine/types";
import { finalTrick } from "./useShownTrick";
import { fixedPartnerships, placesOf, sharedScores } from "./format";

const result = (tricksWon: number[], hands: string[][]): HandResult =>
  ({ tricksWon, deal: { hands, kat: [] } }) as unknown as HandResult;

describe("finalTrick", () => {
  // Seat 1 led the 13th trick; seats 1 and 2 were seen playing; seats 3 and 0 had one card each left.
  const prev = {
    tricks: [{ leader: 0, winner: 0, plays: [{ seat: 0, card: "2S" }, { seat: 1, card: "3S" }, { seat: 2, card: "4S" }, { seat: 3, card: "5S" }] }],
    trick: { leader: 1, plays: [{ seat: 1, card: "AH" }, { seat: 2, card: "KH" }] },
    tricksWon: [1, 0, 0, 0],
  } as Parameters<typeof finalTrick>[0];
  const deal = [["2S", "QH"], ["3S", "AH"], ["4S", "KH"], ["5S", "JH"]];

  it("adds each missing card (its seat's one unplayed card) and the seat whose trick count grew as winner", () => {
    expect(finalTrick(prev, result([1, 1, 0, 0], deal))).toEqual({
      leader: 1,
      winner: 1,
      plays: [{ seat: 1, card: "AH" }, { seat: 2, card: "KH" }, { seat: 3, card: "JH" }, { seat: 0, card: "QH" }],
    });
  });

  it("keeps only the seen cards when a seat's card cannot be told", () => {
    const t = finalTrick(prev, result([1, 1, 0, 0], [["2S", "QH", "9C"], ["3S", "AH"], ["4S", "KH"], ["5S", "JH", "8C"]]));
    expect(t?.plays.map((p) => p.card)).toEqual(["AH", "KH"]);
    expect(t?.winner).toBe(1);
  });

  it("at a table where some seats are out, skips the seats with no card left", () => {
    // Five seats, seat 2 out (dealt nothing); the last trick of a two-card round, led by seat 3.
    const before = {
      tricks: [{ leader: 0, winner: 3, plays: [{ seat: 0, card: "2S" }, { seat: 1, card: "3S" }, { seat: 3, card: "AS" }, { seat: 4, card: "4S" }] }],
      trick: { leader: 3, plays: [{ seat: 3, card: "KH" }] },
      tricksWon: [0, 0, 0, 1, 0],
    } as Parameters<typeof finalTrick>[0];
    const fiveDeal = [["2S", "QH"], ["3S", "JH"], [], ["AS", "KH"], ["4S", "AH"]];
    expect(finalTrick(before, result([0, 0, 0, 1, 1], fiveDeal))).toEqual({
      leader: 3,
      winner: 4,
      plays: [{ seat: 3, card: "KH" }, { seat: 4, card: "AH" }, { seat: 0, card: "QH" }, { seat: 1, card: "JH" }],
    });
  });

  it("gives up when no single seat won the last trick", () => {
    expect(finalTrick(prev, result([1, 0, 0, 0], deal))).toBeNull();
  });
});

describe("fixedPartnerships", () => {
  it("classic and Norwegian always, Danish only in grand and nolo, es-makker never", () => {
    expect(fixedPartnerships("classic", null, "play")).toBe(true);
    expect(fixedPartnerships("norwegian", null, "play")).toBe(true);
    expect(fixedPartnerships("danish", { alone: false }, "play")).toBe(true);
    expect(fixedPartnerships("danish", { alone: true }, "play")).toBe(false);
    expect(fixedPartnerships("danish", null, "play")).toBe(false);
    expect(fixedPartnerships("esmakker", { alone: false }, "play")).toBe(false);
    expect(sharedScores("classic")).toBe(true);
    expect(sharedScores("danish")).toBe(false);
  });
});

describe("placesOf", () => {
  it("ranks higher scores first and lets equal scores share a place", () => {
    expect(placesOf([3, 5, 3, 1, 6])).toEqual([3, 2, 3, 5, 1]);
    expect(placesOf([2, 2])).toEqual([1, 1]);
  });
});
