import { describe, expect, it } from "vitest";
import { type Card, STANDARD_DECK, makeDeck } from "../../cards";
import { createRng, dealFromSeed, handSeed } from "../../random";
import type { Action, Seat } from "../../types";
import { DEFAULT_OPTIONS, score, start } from "./fixtures";
import type { DanishHand } from "./hand";
import { danish } from "./index";

const HANDS = 800;

function deepFreeze<T>(x: T): T {
  if (x && typeof x === "object" && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Every card of the deal is in exactly one place: a hand, the trick in progress or a completed trick. */
function allCards(h: DanishHand): Card[] {
  const out: Card[] = h.hands.flat();
  for (const p of h.trick?.plays ?? []) out.push(p.card);
  for (const t of h.tricks) for (const p of t.plays) out.push(p.card);
  return out.sort();
}

/** The outcome and hand length worked out from the tricks alone, independently of the engine's bookkeeping. */
function oracle(h: DanishHand): { outcome: string; tricks: number } {
  const c = h.contract;
  if (c === null) return { outcome: "played", tricks: 13 };
  const won = (s: Seat) => h.tricks.filter((t) => t.winner === s).length;
  switch (c.bid) {
    case "grand":
      return { outcome: won(c.declarer) + won(((c.declarer + 2) % 4) as Seat) >= 7 ? "made" : "lost", tricks: 13 };
    case "nolo":
      return { outcome: won(c.declarer) + won(((c.declarer + 2) % 4) as Seat) <= 6 ? "made" : "lost", tricks: 13 };
    case "sol": {
      // Lost at the declarer's second trick; otherwise all 13 are played.
      let taken = 0;
      const second = h.tricks.findIndex((t) => t.winner === c.declarer && ++taken === 2);
      return second >= 0 ? { outcome: "lost", tricks: second + 1 } : { outcome: "made", tricks: 13 };
    }
    case "grandi": {
      const firstLoss = h.tricks.findIndex((t) => t.winner !== c.declarer);
      return firstLoss >= 0 && firstLoss < 7 ? { outcome: "lost", tricks: firstLoss + 1 } : { outcome: "made", tricks: 7 };
    }
  }
}

describe("Danish whist random playouts", () => {
  it(`conserves the cards, stays legal and scores zero-sum over ${HANDS} seeded hands`, () => {
    const deck = [...STANDARD_DECK].sort().join();
    const fail = (hand: number, what: string): never => {
      throw new Error(`hand ${hand}: ${what}`);
    };
    const seen = new Map<string, number>();
    for (let i = 0; i < HANDS; i++) {
      const dealer = (i % 4) as Seat;
      const seed = handSeed("danish-smoke", i);
      const rng = createRng(seed);
      let h = deepFreeze(start(dealer, dealFromSeed(seed, makeDeck(danish.deckJokers(DEFAULT_OPTIONS)), dealer)));
      while (!danish.isOver(h)) {
        const turn = h.turn!;
        // Plain checks in the loop: expect() per step would dominate the run time.
        for (const s of [0, 1, 2, 3] as Seat[]) if (s !== turn && danish.legalActions(h, s, DEFAULT_OPTIONS).length) fail(i, "off-turn legal actions");
        const legal = danish.legalActions(h, turn, DEFAULT_OPTIONS);
        if (legal.length === 0) fail(i, "no legal action");
        if (h.phase === "play") {
          // A card the seat holds but may not play is refused with a typed error.
          const illegal = h.hands[turn]!.find((c) => !legal.some((a) => a.type === "play" && a.card === c));
          if (illegal) {
            const r = danish.applyAction(h, turn, { type: "play", card: illegal }, DEFAULT_OPTIONS);
            if (r.ok || r.error.code !== "play/must-follow-suit") fail(i, `revoke ${illegal} not refused`);
          }
        }
        // Pass half the time in the auction so every contract (and pasnolo) comes up.
        const action: Action = h.phase === "auction" && rng.int(2) === 0 ? { type: "pass" } : legal[rng.int(legal.length)]!;
        const step = danish.applyAction(h, turn, action, DEFAULT_OPTIONS);
        if (!step.ok) return fail(i, `legal action refused: ${step.error.code}`);
        h = deepFreeze(step.hand);
        if (allCards(h).join() !== deck) fail(i, "cards not conserved");
        if (h.tricksWon.reduce((a, b) => a + b, 0) !== h.tricks.length) fail(i, "trick counts disagree");
      }
      const s = score(h);
      if (s.points.reduce((a, b) => a + b, 0) !== 0) fail(i, `points ${s.points.join()} do not sum to zero`);
      const expected = oracle(h);
      if (s.outcome !== expected.outcome || h.tricks.length !== expected.tricks) {
        fail(i, `${h.contract?.bid}: ${s.outcome} after ${h.tricks.length} tricks, expected ${expected.outcome} after ${expected.tricks}`);
      }
      const kind = `${h.contract?.bid ?? "pasnolo"}:${s.outcome}:${s.endReason}`;
      seen.set(kind, (seen.get(kind) ?? 0) + 1);
    }
    // The random mix reached every contract, both outcomes of each, and every early end.
    for (const kind of [
      "pasnolo:played:allTricks",
      "nolo:made:allTricks", "nolo:lost:allTricks",
      "grand:made:allTricks", "grand:lost:allTricks",
      "sol:made:allTricks", "sol:lost:solLost",
      "grandi:lost:grandiLost",
    ]) expect(seen.get(kind), kind).toBeGreaterThan(0);
  });
});
