import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, makeDeck, withoutAll } from "./cards";

/** The plain definition: remove the first remaining copy of each card in turn. */
function reference(hand: readonly Card[], cards: readonly Card[]): Card[] | null {
  const out = [...hand];
  for (const c of cards) {
    const i = out.indexOf(c);
    if (i < 0) return null;
    out.splice(i, 1);
  }
  return out;
}

describe("withoutAll", () => {
  const deck = makeDeck(3); // three jokers: the same card more than once
  const cardsFrom = (max: number) => fc.array(fc.constantFrom(...deck), { maxLength: max });

  it("removes one copy per card, keeps the order, and refuses a card not held, for small and large hands", () => {
    fc.assert(
      fc.property(fc.oneof(cardsFrom(16), cardsFrom(40)), cardsFrom(5), (hand, cards) => {
        expect(withoutAll(hand, cards)).toEqual(reference(hand, cards));
      }),
      { numRuns: 2000 },
    );
  });

  it("takes the jokers one at a time", () => {
    expect(withoutAll(["JK", "AS", "JK"], ["JK", "JK"])).toEqual(["AS"]);
    expect(withoutAll(["JK", "AS"], ["JK", "JK"])).toBeNull();
  });
});
