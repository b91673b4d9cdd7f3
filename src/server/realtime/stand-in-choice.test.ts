/**
 * The stand-in's choice, asked of the engine's own views: what kind of
 * decision is due in each variant (at its default seat count), the safest
 * set-up choice where no "keep" exists (a vip contract's compulsory exchange
 * lays away the lowest cards), and trump named by the computer player.
 */
import { describe, expect, it } from "vitest";
import { decide } from "@/bots";
import { apply, createMatch, currentTurn, rankValue, view, variantIds, type MatchState } from "@/engine";
import type { Action, MatchView } from "@/engine/types";
import { standInMove } from "./stand-in";

const start = (variant: string, seed: string): MatchState => {
  const m = createMatch({ variant, options: {}, seed });
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
};
const step = (s: MatchState, a: Action): MatchState => {
  const r = apply(s, currentTurn(s)!, a);
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
};

/** The action a stand-in's move comes to: the first card, or the computer player's trump. */
const actionOf = (v: MatchView, move: NonNullable<ReturnType<typeof standInMove>>): Action =>
  move.kind === "cards" ? v.hand!.legal[0]! : move.kind === "trump" ? decide(v, { level: "normal", seed: "stand-in" }) : move.action;

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
        else if (types.has("trump") && [...types].every((t) => t === "trump" || t === "noTrump")) expect(move).toEqual({ kind: "trump" });
        else expect(move.kind).toBe("setup");
        // Everyone passes (or plays the first card, or names the computer player's trump): the hand goes on.
        s = step(s, actionOf(v, move));
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
        s = step(s, actionOf(v, move));
      }
    }
    expect(checked).toBe(true);
  });

  it("names trump (or no trump) as the computer player would, wherever a player chooses trump", () => {
    let named = 0;
    for (const variant of variantIds())
      for (let g = 0; g < 6; g++) {
        let s = start(variant, `${g}`.repeat(64));
        for (let i = 0; i < 400 && !s.over; i++) {
          const v = view(s, currentTurn(s)!);
          const move = standInMove(v)!;
          if (move.kind === "trump") {
            const chosen = decide(v, { level: "normal", seed: "stand-in" });
            expect(v.hand!.legal).toContainEqual(chosen);
            expect(["trump", "noTrump"]).toContain(chosen.type);
            named++;
          }
          s = step(s, actionOf(v, move));
        }
      }
    expect(named).toBeGreaterThan(0);
  });
});
