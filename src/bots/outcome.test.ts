/**
 * The strong player weighs its cards by the table's real scoring (the
 * variant's outcome model under the table's options), not by the default
 * tariffs: the same view and seed give the same samples and solves, so any
 * difference in a card's average points comes from the house rules alone.
 */
import { describe, expect, it } from "vitest";
import { type MatchState, apply, createMatch, currentTurn, view } from "../engine/index";
import type { Card } from "../engine/cards";
import type { Seat, VariantId } from "../engine/types";
import { decide } from "./index";
import { handModel } from "./outcome";
import { scoreCards, strongCard } from "./strong";

/** Bots play from the start of a match until the first hand's card play, with `options` at the table. */
function toCardPlay(variant: VariantId, seed: string, options: Record<string, unknown>, ok: (s: MatchState) => boolean): MatchState | null {
  const created = createMatch({ variant, seed, options });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  for (let i = 0; i < 200 && state.hand !== null && state.results.length === 0; i++) {
    if (state.hand.phase === "play") return ok(state) ? state : null;
    const seat = currentTurn(state)!;
    const step = apply(state, seat, decide(view(state, seat), { level: "normal", seed: "outcome" }));
    if (!step.ok) throw new Error(step.error.message);
    state = step.state;
  }
  return null;
}

// No wall-clock cap: on a busy machine it would end one of two compared searches early.
const STRONG = { budgetMs: 200, seed: "house", exactCards: 5, maxSamples: 40, deadlineMs: 60_000 };

describe("the strong player plays for the table's scoring", () => {
  it("es-makker: a sol is weighed by the table's sol values", () => {
    // Find a first hand that ends in a sol contract (the same auction with either sol values: bidding ignores them).
    let found: { dflt: MatchState; house: MatchState } | null = null;
    for (let k = 0; k < 400 && !found; k++) {
      const isSol = (s: MatchState) => /sol|bord/.test(view(s, null).hand?.contract?.bid ?? "");
      const dflt = toCardPlay("esmakker", `sol-${k}`, {}, isSol);
      if (dflt) found = { dflt, house: toCardPlay("esmakker", `sol-${k}`, { solValues: [150, 300, 450, 600] }, isSol)! };
    }
    expect(found).not.toBeNull();
    const { dflt, house } = found!;
    const seat = currentTurn(dflt)! as Seat;
    const bid = view(dflt, null).hand!.contract!.bid;
    const a = scoreCards(view(dflt, seat), STRONG)!;
    const b = scoreCards(view(house, seat), STRONG)!;
    expect(b.samples).toBe(a.samples);
    // Every sol value is three times the default: so is every card's average.
    for (let i = 0; i < a.scores.length; i++) expect(b.scores[i]!.points).toBeCloseTo(3 * a.scores[i]!.points, 6);
    // And the model's figures are the table's: a sol made brings the declarer 3 × its value.
    const declarer = view(dflt, null).hand!.contract!.declarer as Seat;
    const index = ["sol", "rensol", "bordlaegger", "renbordlaegger"].indexOf(bid);
    expect(handModel(view(house, declarer), declarer, [declarer])!.points(0)).toBe(3 * [150, 300, 450, 600][index]!);
  });

  it("classic: with a slam bonus, cards that keep all thirteen tricks possible are worth more", () => {
    // A four-card ending: the player on lead and partner have won the first nine tricks.
    const pool: Card[] = ["3C", "2C", "TC", "QC", "JH", "JS", "JC", "6C", "JD", "8C", "9C", "5C", "7C", "AC", "4C", "KC"];
    const dflt = classicEnding(pool, {});
    const slam = classicEnding(pool, { slamBonus: true, slamPoints: 20 });
    const me = currentTurn(dflt)! as Seat;
    expect(dflt.hand!.tricksWon[me]! + dflt.hand!.tricksWon[(me + 2) % 4]!).toBe(9);
    const a = scoreCards(view(dflt, me), { ...STRONG, exactCards: 4, maxSamples: 60 })!;
    const b = scoreCards(view(slam, me), { ...STRONG, exactCards: 4, maxSamples: 60 })!;
    expect(b.samples).toBe(a.samples);
    let gained = 0;
    for (let i = 0; i < a.scores.length; i++) {
      // The same samples and solves: the bonus adds 20 points for each sample in which the card still makes the slam.
      const extra = (b.scores[i]!.points - a.scores[i]!.points) * a.samples;
      expect(extra).toBeGreaterThanOrEqual(-1e-6);
      expect(extra / 20).toBeCloseTo(Math.round(extra / 20), 6);
      gained += extra;
    }
    expect(gained).toBeGreaterThan(0);
  });

  it("classic: a slam bonus changes the card it chooses", () => {
    // Found by searching pools: without the bonus it plays for the most tricks, with it for all four.
    const pool: Card[] = ["4C", "QC", "TC", "5C", "2C", "JS", "7C", "3C", "JC", "9C", "JD", "KC", "JH", "6C", "AC", "8C"];
    const dflt = classicEnding(pool, {});
    const slam = classicEnding(pool, { slamBonus: true, slamPoints: 20 });
    const me = currentTurn(dflt)! as Seat;
    const opts = { ...STRONG, exactCards: 4, maxSamples: 60 };
    const plain = strongCard(view(dflt, me), opts);
    const bonus = strongCard(view(slam, me), opts);
    expect(plain).not.toBe(bonus);
    // Each is the best card by its own table's scoring and not by the other's.
    const a = scoreCards(view(dflt, me), opts)!.scores;
    const b = scoreCards(view(slam, me), opts)!.scores;
    const pointsOf = (scores: typeof a, card: Card | null) => scores.find((x) => x.card === card)!.points;
    expect(pointsOf(b, bonus)).toBeGreaterThan(pointsOf(b, plain));
    expect(pointsOf(a, plain)).toBeGreaterThanOrEqual(pointsOf(a, bonus));
  });
});

const LOW = ["T", "9", "8", "7", "6", "5", "4", "3", "2"];

/**
 * Classic whist without trumps: forehand holds ♠♥♦ A K Q and leads them, the
 * others follow with three low cards each, so forehand's side wins nine
 * tricks; the last four cards of each hand are `pool`, four per seat from forehand on.
 */
function classicEnding(pool: readonly Card[], options: Record<string, unknown>): MatchState {
  const mine: Card[] = ["AS", "KS", "QS", "AH", "KH", "QH", "AD", "KD", "QD"];
  const byOrder: Card[][] = [[...mine], [], [], []];
  for (const suit of ["S", "H", "D"]) for (let k = 0; k < 3; k++) for (let p = 1; p <= 3; p++) byOrder[p]!.push(`${LOW[(p - 1) * 3 + k]!}${suit}`);
  byOrder.forEach((cards, p) => cards.push(...pool.slice(p * 4, p * 4 + 4)));
  // Forehand is the seat left of the dealer; with explicit deals the first dealer is seat 0.
  const forehand = 1;
  const hands = [0, 1, 2, 3].map((s) => byOrder[(s - forehand + 4) % 4]!);
  const created = createMatch({ variant: "classic", options: { noTrump: true, target: 100, ...options }, deals: [{ hands, kat: [] }] });
  if (created.ok && created.value.hand!.turn !== forehand) throw new Error(`forehand is ${created.value.hand!.turn}`);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  for (const lead of mine) {
    for (let q = 0; q < 4; q++) {
      const seat = ((forehand + q) % 4) as Seat;
      const card = q === 0 ? lead : state.hand!.hands[seat]!.find((c) => c[1] === lead[1])!;
      const step = apply(state, seat, { type: "play", card });
      if (!step.ok) throw new Error(step.error.message);
      state = step.state;
    }
  }
  return state;
}
