/**
 * Test helpers for the es-makker rules: fixed deals written by hand (the rest
 * of the 55 cards filled in deck order), options, and applying action lists.
 */
import { JOKER, STANDARD_DECK, type Card } from "../../cards";
import { firstHandContext } from "../../match";
import type { Deal } from "../../random";
import type { Action, MatchContext, Seat } from "../../types";
import { esmakker } from "./index";
import type { EsmakkerHand } from "./hand";
import { type EsmakkerOptions, esmakkerOptionsSchema } from "./options";

export const opts = (raw: Partial<EsmakkerOptions> = {}): EsmakkerOptions => esmakkerOptionsSchema.parse(raw);

export const ctxOf = (o: EsmakkerOptions, dealer: Seat = 0): MatchContext<EsmakkerOptions> => firstHandContext(o, dealer);

const cardsOf = (s: string | undefined): Card[] => (s ? s.trim().split(/\s+/) : []);

/**
 * A deal from partial hands ("AS KS JK …") and kat; the cards not named are
 * dealt in deck order to fill each hand to 13 and the kat to 3.
 */
export function fixedDeal(spec: { 0?: string; 1?: string; 2?: string; 3?: string; kat?: string }): Deal {
  const hands = ([0, 1, 2, 3] as const).map((s) => cardsOf(spec[s]));
  const kat = cardsOf(spec.kat);
  const pool = [...STANDARD_DECK, JOKER, JOKER, JOKER];
  for (const c of [...hands.flat(), ...kat]) {
    const i = pool.indexOf(c);
    if (i < 0) throw new Error(`card ${c} used twice or unknown`);
    pool.splice(i, 1);
  }
  for (const h of hands) while (h.length < 13) h.push(pool.shift()!);
  while (kat.length < 3) kat.push(pool.shift()!);
  if (hands.some((h) => h.length !== 13) || kat.length !== 3 || pool.length) throw new Error("bad deal spec");
  return { hands, kat };
}

export const start = (deal: Deal, o: EsmakkerOptions = opts(), dealer: Seat = 0): EsmakkerHand =>
  esmakker.startHand(ctxOf(o, dealer), deal);

/** Applies one action and fails the test with the engine's error if it is refused. */
export function act(h: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions = opts()): EsmakkerHand {
  const r = esmakker.applyAction(h, seat, action, o);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.hand;
}

/** Applies actions in order, each by the seat whose turn it is. */
export function run(h: EsmakkerHand, actions: readonly Action[], o: EsmakkerOptions = opts()): EsmakkerHand {
  for (const a of actions) h = act(h, h.turn!, a, o);
  return h;
}

/** The error code of an action the engine must refuse. */
export function refused(h: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions = opts()): string {
  const r = esmakker.applyAction(h, seat, action, o);
  if (r.ok) throw new Error(`expected ${JSON.stringify(action)} by seat ${seat} to be refused`);
  return r.error.code;
}

export const bid = (b: string): Action => ({ type: "bid", bid: b });
export const pass: Action = { type: "pass" };
export const play = (card: Card): Action => ({ type: "play", card });
export const call = (card: Card): Action => ({ type: "call", card });
export const trump = (suit: "S" | "H" | "D" | "C"): Action => ({ type: "trump", suit });
export const exchange = (cards = ""): Action => ({ type: "exchange", discard: cardsOf(cards) });

/** Plays out the rest of the hand choosing the first legal card each time. */
export function playOut(h: EsmakkerHand, o: EsmakkerOptions = opts()): EsmakkerHand {
  while (h.phase === "play") h = act(h, h.turn!, esmakker.legalActions(h, h.turn!, o)[0]!, o);
  return h;
}

/**
 * A fully written deal used across the tests (kat: three jokers).
 * Seat 0: long spades, AH KH QH, 2D 3D 4D. Seat 1: AD KD QD JD TD and mid hearts.
 * Seat 2: AC KC, low hearts. Seat 3: clubs and 6D 5D, no hearts, no spades.
 */
export const D1 = fixedDeal({
  0: "AS KS QS JS TS 9S 8S AH KH QH 2D 3D 4D",
  1: "7S 6S 5S 4S JH TH 9H 8H AD KD QD JD TD",
  2: "3S 2S 7H 6H 5H 4H 3H 2H 9D 8D 7D AC KC",
  3: "6D 5D QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
  kat: "JK JK JK",
});

/** With dealer 3, seat 0 is forhånd: it bids `b` and the others pass. */
export const seat0Wins = (b: string, o: EsmakkerOptions = opts(), deal: Deal = D1): EsmakkerHand =>
  run(start(deal, o, 3), [bid(b), pass, pass, pass], o);
