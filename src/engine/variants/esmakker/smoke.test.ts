import { describe, expect, it } from "vitest";
import { makeDeck, sortHand } from "../../cards";
import { createRng, dealFromSeed } from "../../random";
import type { Seat } from "../../types";
import { esmakker } from "./index";
import { ctxOf, opts } from "./testkit";

const OPTION_SETS = [
  opts(),
  opts({ staerke: true, addOnOrder: "seed004", baghaand: true, jernhaand: true, gaaMed: true, fordaektKort: true, jokerTrumpable: true, vipJokerPrevious: true, exchangeUpTo3: true }),
];

describe("random playouts", () => {
  it.each(OPTION_SETS.map((o, i) => [i, o] as const))("option set %i: cards are conserved, points sum to zero", (_, o) => {
    const deck = sortHand(makeDeck(3));
    const endings = new Set<string>();
    const seen = new Set<string>();
    for (let n = 0; n < 300; n++) {
      const seed = `smoke-${n}`;
      const rng = createRng(seed + "/moves");
      const dealer = (n % 4) as Seat;
      const ctx = ctxOf(o, dealer);
      let h = esmakker.startHand(ctx, dealFromSeed(seed, deck, dealer));
      let steps = 0;
      while (!esmakker.isOver(h)) {
        const seat = h.turn!;
        for (const s of [0, 1, 2, 3] as Seat[]) if (s !== seat && esmakker.legalActions(h, s, o).length) throw new Error("legal out of turn");
        const legal = esmakker.legalActions(h, seat, o);
        if (!legal.length) throw new Error(`${seed}: no legal action in ${h.phase}`);
        // Bid sparingly so contracts of every size come up.
        const join = legal.find((a) => a.type === "join");
        const pick = join && rng.int(2) ? join : h.phase === "auction" && rng.int(3) > 0 ? legal.find((a) => a.type === "pass") ?? legal[0]! : legal[rng.int(legal.length)]!;
        seen.add(pick.type);
        const r = esmakker.applyAction(h, seat, pick, o);
        if (!r.ok) throw new Error(`${seed}: ${JSON.stringify(pick)} refused: ${r.error.code} ${r.error.message}`);
        const phaseChanged = r.hand.phase !== h.phase;
        h = r.hand;
        if (!phaseChanged && h.trick !== null) continue;
        const all = [...h.hands.flat(), ...h.kat, ...h.tricks.flatMap((t) => t.plays.map((p) => p.card)), ...(h.trick?.plays.map((p) => p.card) ?? [])];
        expect(sortHand(all)).toEqual(deck);
        if (++steps > 400) throw new Error("hand does not end");
      }
      const score = esmakker.scoreHand(h, ctx);
      expect(score.points.reduce((a, b) => a + b, 0)).toBe(0);
      endings.add(`${score.outcome}/${score.endReason}`);
    }
    expect(endings.size).toBeGreaterThan(2);
    const expected = ["bid", "pass", "trump", "call", "vipTurn", "vipAccept", "exchange", "play"];
    if (o.gaaMed) expected.push("hold", "join", "hide");
    expect([...seen]).toEqual(expect.arrayContaining(expected));
  });
});
