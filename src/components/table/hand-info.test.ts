/** Reading the hand view's round facts (round, trump chooser, who plays, dogs) from real engine views, and who is out. */
import { describe, expect, it } from "vitest";
import { apply, createMatch, createRng, currentTurn, randomLegalAction, view, type MatchState } from "@/engine";
import { isOut, readHandInfo } from "./hand-info";

function started(variant: string, seats: number): MatchState {
  const created = createMatch({ variant, seats: Array.from({ length: seats }, (_, i) => ({ name: `P${i}` })), seed: `hand-info-${variant}` });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

describe("readHandInfo", () => {
  it("reads a round's facts from a variant that has them, and finds the seats that are out", () => {
    let s = started("knockout", 5);
    expect(readHandInfo(view(s, 0).hand)).toEqual({ round: { index: 0, cards: 7 }, chooser: null, playing: [0, 1, 2, 3, 4], dogs: [], waited: [] });
    // Play on with random legal actions until a round starts with someone out.
    const rng = createRng("hand-info");
    const someoneOut = (m: MatchState) => m.dealIndex > 0 && m.hand!.tricks.length === 0 && m.hand!.hands.some((h) => h.length === 0);
    while (!s.over && !someoneOut(s)) {
      const seat = currentTurn(s)!;
      const r = apply(s, seat, randomLegalAction(s, seat, rng)!);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    expect(s.over).toBe(false);
    const v = view(s, null).hand!;
    const info = readHandInfo(v);
    expect(info.round!.index).toBeGreaterThan(0);
    expect(info.chooser).not.toBeNull();
    const out = [0, 1, 2, 3, 4].filter((seat) => isOut(v, seat));
    expect(out.length).toBeGreaterThan(0);
    for (const seat of out) expect(info.playing).not.toContain(seat);
  });

  it("reads nothing from a variant without rounds, and no seat is out there", () => {
    const v = view(started("classic", 4), 0).hand!;
    expect(readHandInfo(v)).toEqual({ round: null, chooser: null, playing: null, dogs: [], waited: [] });
    expect(readHandInfo(null).playing).toBeNull();
    expect([0, 1, 2, 3].map((seat) => isOut(v, seat))).toEqual([false, false, false, false]);
    expect(isOut(null, 0)).toBe(false);
  });
});
