/** Reading the hand view's variant facts (round, trump chooser, who plays, dogs) defensively, and who is out. */
import { describe, expect, it } from "vitest";
import type { HandView } from "@/engine/types";
import { isOut, readHandInfo } from "./hand-info";

const hand = (info: Record<string, unknown>, counts: number[]) =>
  ({ info, hands: counts.map((count) => ({ count, cards: null })) }) as unknown as HandView;

describe("readHandInfo", () => {
  it("reads a knock-out round's facts", () => {
    const h = hand({ round: 2, cards: 5, chooser: 3, playing: [0, 1, 3], dogs: [1], waited: [1], trump: "H" }, [5, 1, 0, 5]);
    expect(readHandInfo(h)).toEqual({ round: { index: 2, cards: 5 }, chooser: 3, playing: [0, 1, 3], dogs: [1], waited: [1] });
    expect([0, 1, 2, 3].map((s) => isOut(h, s))).toEqual([false, false, true, false]);
  });

  it("takes facts of the wrong shape, and a variant without them, as absent", () => {
    expect(readHandInfo(hand({ round: "2", cards: 5, chooser: null, playing: "all", dogs: [0.5] }, [13, 13, 13, 13]))).toEqual({
      round: null,
      chooser: null,
      playing: null,
      dogs: [],
      waited: [],
    });
    expect(readHandInfo(null).playing).toBeNull();
    // Without a list of who plays, a seat with no cards left (the hand's end) is not out.
    expect(isOut(hand({ turnedCard: "7H" }, [0, 0, 0, 0]), 1)).toBe(false);
    expect(isOut(null, 0)).toBe(false);
  });
});
