/**
 * The stand-in's choice, asked of the engine's own views: what kind of
 * decision is due in each variant, and the safest set-up choice where no
 * "keep" exists (a vip contract's compulsory exchange lays away the lowest cards).
 */
import { describe, expect, it } from "vitest";
import { apply, createMatch, currentTurn, rankValue, view, variantIds, type MatchState } from "@/engine";
import type { Action } from "@/engine/types";
import { standInMove } from "./stand-in";

const start = (variant: string, seed: string): MatchState => {
  const m = createMatch({ variant, options: {}, seed, seats: [0, 1, 2, 3].map((i) => ({ name: `S${i}` })) });
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
};
const step = (s: MatchState, a: Action): MatchState => {
  const r = apply(s, currentTurn(s)!, a);
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
};

describe("the stand-in's move", () => {
  for (const variant of variantIds()) {
    it(`${variant}: passes in the auction and leaves card play to the computer player`, () => {
      let s = start(variant, "11".repeat(32));
      for (let i = 0; i < 60 && !s.over; i++) {
        const v = view(s, currentTurn(s)!);
        const move = standInMove(v)!;
        const types = new Set(v.hand!.legal.map((a) => a.type));
        if (types.has("play")) expect(move).toEqual({ kind: "cards" });
        else if (types.has("pass")) expect(move).toEqual({ kind: "auction", action: { type: "pass" } });
        else expect(move.kind).toBe("setup");
        // Everyone passes (or plays the first card): the hand goes on.
        s = step(s, move.kind === "cards" ? v.hand!.legal[0]! : move.action);
      }
    });
  }

  it("es-makker vip: the compulsory exchange lays away the three lowest cards", () => {
    let s = start("esmakker", "22".repeat(32));
    let bid = false;
    let checked = false;
    for (let i = 0; i < 40 && !checked; i++) {
      const v = view(s, currentTurn(s)!);
      const h = v.hand!;
      if (h.phase === "auction") {
        s = step(s, bid ? { type: "pass" } : { type: "bid", bid: "7vip" });
        bid = true;
      } else if (h.phase === "exchange") {
        expect(h.legal.some((a) => a.type === "exchange" && a.discard.length === 0)).toBe(false);
        const move = standInMove(v)!;
        expect(move.kind).toBe("setup");
        const discard = move.kind === "setup" && move.action.type === "exchange" ? move.action.discard : [];
        const worth = (c: string) => (c === "JK" ? 100 : rankValue(c, false));
        const hand = h.hands[v.seat!]!.cards!.filter((c) => c !== (h.contract?.called ?? null));
        const lowest = hand.map(worth).sort((a, b) => a - b).slice(0, 3);
        expect(discard.map(worth).sort((a, b) => a - b)).toEqual(lowest);
        checked = true;
      } else {
        const move = standInMove(v)!;
        expect(move.kind).toBe("setup");
        if (move.kind !== "cards") s = step(s, move.action);
      }
    }
    expect(checked).toBe(true);
  });
});
