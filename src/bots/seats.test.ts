/**
 * Computer players at tables of other than four seats, and the choices of a
 * game without partners: every variant that seats 2, 5 or 7 players is
 * played to its end by normal and strong bots (the strong level falls back
 * to the normal card play where the double-dummy solver does not apply)
 * with only accepted actions, with its rule options as they come and with
 * every on/off option on; a seat that may pass a trick plays only a card
 * that wins it as it stands; naming trump picks the strongest suit, or no
 * trump for a flat hand of high cards where that is allowed; the replay
 * analysis answers "not available" where its solver does not apply.
 */
import { describe, expect, it } from "vitest";
import { type MatchState, VARIANT_IDS, VARIANT_META, apply, createMatch, currentTurn, getVariant, view } from "../engine/index";
import type { Action, VariantId } from "../engine/types";
import { analysisAvailable, analyzePlay } from "./analysis";
import { playHands } from "./arena";
import { chooseTrump } from "./choices";
import { trickRulesOf, trickWinner } from "./facts";
import { type BotLevel, decide } from "./index";

const seatsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `P${i}` }));
const SEAT_COUNTS = [2, 5, 7];
/** Variants seating `n` players, by what they declare. */
const seating = (n: number): VariantId[] => VARIANT_IDS.filter((id) => VARIANT_META[id].seats.min <= n && n <= VARIANT_META[id].seats.max);
/** Every on/off rule option of a variant switched on (house rules that add choices: passing a trick, no trump). */
const switchedOn = (id: VariantId): Record<string, unknown> =>
  Object.fromEntries(getVariant(id)!.optionFields.filter((f) => f.kind === "boolean").map((f) => [f.key, true]));

/** Random legal play (a fixed seed) of a match at `n` seats, handing every state to `visit`. */
function walk(variant: VariantId, n: number, seed: string, visit: (s: MatchState) => void): void {
  const created = createMatch({ variant, options: switchedOn(variant), seats: seatsOf(n), seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  for (let i = 0; i < 2000 && !state.over; i++) {
    const seat = currentTurn(state)!;
    visit(state);
    const step = apply(state, seat, decide(view(state, seat), { level: "random", seed: `${seed}:${i}` }));
    if (!step.ok) throw new Error(step.error.code);
    state = step.state;
  }
}

describe("bots at tables of 2, 5 and 7 seats", () => {
  it("some variant seats each of these counts", () => {
    for (const n of SEAT_COUNTS) expect(seating(n).length, `${n} seats`).toBeGreaterThan(0);
  });

  for (const n of SEAT_COUNTS)
    for (const variant of seating(n))
      for (const level of ["normal", "strong"] as BotLevel[])
        it(`${variant}, ${n} seats: ${level} bots finish matches with only accepted actions`, () => {
          for (let i = 0; i < (level === "strong" ? 2 : 6); i++) {
            const { state } = playHands(
              { variant, options: i % 2 === 1 ? switchedOn(variant) : {}, seats: seatsOf(n), seed: `seats-${variant}-${n}-${i}` },
              { levels: Array<BotLevel>(n).fill(level), hands: 100, budgetMs: 20, seed: `b${i}` },
            );
            expect(state.over).toBe(true);
            expect(state.scores).toHaveLength(n);
          }
        });

  it("every level, mixed at one table, finishes matches", () => {
    for (const n of SEAT_COUNTS)
      for (const variant of seating(n)) {
        const levels = Array.from({ length: n }, (_, i) => (["easy", "normal", "strong", "random"] as BotLevel[])[i % 4]!);
        const { state } = playHands({ variant, options: switchedOn(variant), seats: seatsOf(n), seed: `mixed-${variant}-${n}` }, { levels, hands: 100, budgetMs: 20 });
        expect(state.over).toBe(true);
      }
  });
});

describe("a seat that may pass the trick (and play its card in a later one)", () => {
  it("reads who wins a trick of any length as the engine does", () => {
    let tricks = 0;
    for (const n of SEAT_COUNTS)
      for (const variant of seating(n))
        walk(variant, n, `winner-${variant}-${n}`, (state) => {
          const v = view(state, null);
          for (const t of v.hand!.tricks) expect(trickWinner(t, trickRulesOf(v))).toBe(t.winner);
          tricks += v.hand!.tricks.length;
        });
    expect(tricks).toBeGreaterThan(0);
  });

  it("plays only a card that wins the trick as it stands, and sometimes waits", () => {
    let waited = 0;
    let played = 0;
    for (const n of [3, 5, 7])
      for (const variant of seating(n))
        for (let g = 0; g < 12; g++)
          walk(variant, n, `wait-${variant}-${n}-${g}`, (state) => {
            const seat = currentTurn(state)!;
            const v = view(state, seat);
            const legal = v.hand!.legal;
            if (!legal.some((a) => a.type === "decline") || !legal.some((a) => a.type === "play")) return;
            for (const level of ["easy", "normal", "strong"] as BotLevel[]) {
              const a: Action = decide(v, { level, seed: "w", budgetMs: 20 });
              expect(legal).toContainEqual(a);
              if (a.type === "decline") waited++;
              else if (a.type === "play") {
                played++;
                const trick = v.hand!.trick!;
                expect(trick.plays.length).toBeGreaterThan(0);
                expect(trickWinner({ leader: trick.leader, plays: [...trick.plays, { seat, card: a.card }] }, trickRulesOf(v))).toBe(seat);
              }
            }
          });
    expect(waited).toBeGreaterThan(0);
    expect(played).toBeGreaterThan(0);
  });
});

describe("naming trump", () => {
  const SUITS = ["S", "H", "D", "C"] as const;
  const trumps: Action[] = SUITS.map((suit) => ({ type: "trump", suit }));
  const noTrump: Action = { type: "noTrump" };

  it("names the long, strong suit", () => {
    expect(chooseTrump(["AH", "KH", "9H", "5H", "3C"], [...trumps, noTrump])).toEqual({ type: "trump", suit: "H" });
    expect(chooseTrump(["7D", "5D", "4D", "AS", "2C"], trumps)).toEqual({ type: "trump", suit: "D" });
  });

  it("plays without trump with a flat hand of high cards where that is allowed", () => {
    const flatHigh = ["AS", "KS", "AH", "AD", "AC"];
    expect(chooseTrump(flatHigh, [...trumps, noTrump])).toEqual(noTrump);
    expect(chooseTrump(flatHigh, trumps).type).toBe("trump");
    // Flat but low: a trump suit does better.
    expect(chooseTrump(["7S", "5S", "6H", "4D", "3C"], [...trumps, noTrump]).type).toBe("trump");
  });
});

describe("replay analysis where the double-dummy solver does not apply", () => {
  it("answers not available for tables of other than four and for variants without partners, without solving", () => {
    let checked = 0;
    for (const variant of VARIANT_IDS) {
      const { min, max } = VARIANT_META[variant].seats;
      for (const n of new Set([min, 4, max].filter((k) => k >= min && k <= max))) {
        const { results, actions } = playHands({ variant, seats: seatsOf(n), seed: `analysis-${variant}-${n}` }, { levels: Array<BotLevel>(n).fill("easy"), hands: 1 });
        const r = results[0]!;
        const available = analysisAvailable(variant, n);
        expect(available).toBe(n === 4 && VARIANT_META[variant].teams.kind !== "none");
        if (available) continue;
        const res = analyzePlay({ variant, dealer: r.dealer, deal: r.deal, actions });
        expect(res.ok && res.value).toEqual({ side: [], sideMaximises: false, plays: [], complete: true, unavailable: n === 4 ? "model" : "seats" });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
