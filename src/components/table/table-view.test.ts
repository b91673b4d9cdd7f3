/** The table page's pure helpers: rebuilding a hand's last trick, and which variants have fixed partnerships. */
import { describe, expect, it } from "vitest";
import type { HandResult } from "@/engine/types";
import { finalTrick } from "./useShownTrick";
import { fixedPartnerships, sharedScores } from "./format";

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
