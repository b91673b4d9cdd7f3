/**
 * Test fixtures for Danish whist: explicit deals and helpers that drive a hand
 * through the variant object. Used only by the tests beside it.
 */
import { type Card, STANDARD_DECK } from "../../cards";
import { firstHandContext } from "../../match";
import type { Deal } from "../../random";
import type { Action, MatchContext, Seat } from "../../types";
import type { DanishHand } from "./hand";
import { danish } from "./index";
import type { DanishOptions } from "./options";

export const DEFAULT_OPTIONS: DanishOptions = danish.optionsSchema.parse({});

export const ctx = (dealer: Seat, options: DanishOptions = DEFAULT_OPTIONS): MatchContext<DanishOptions> => firstHandContext(options, dealer);

const suitCards = (suit: string): Card[] => STANDARD_DECK.filter((c) => c[1] === suit);

/**
 * Seat 0 holds all spades, 1 hearts, 2 diamonds, 3 clubs; `swaps` exchange
 * single cards between two holders. With one suit each, whoever leads wins.
 */
export function suitDeal(...swaps: [Card, Card][]): Deal {
  const hands = ["S", "H", "D", "C"].map(suitCards);
  for (const [a, b] of swaps) {
    const ha = hands.find((h) => h.includes(a))!;
    const hb = hands.find((h) => h.includes(b))!;
    ha[ha.indexOf(a)] = b;
    hb[hb.indexOf(b)] = a;
  }
  return { hands, kat: [] };
}

export const start = (dealer: Seat, deal: Deal = suitDeal(), options = DEFAULT_OPTIONS): DanishHand =>
  danish.startHand(ctx(dealer, options), deal);

/** Applies an action that must succeed, for the seat whose turn it is. */
export function act(hand: DanishHand, action: Action): DanishHand {
  const step = danish.applyAction(hand, hand.turn!, action, DEFAULT_OPTIONS);
  if (!step.ok) throw new Error(`${JSON.stringify(action)} refused: ${step.error.code} ${step.error.message}`);
  return step.hand;
}

/** Runs an auction given as words: a bid id or "pass", each for the seat in turn. */
export const bidding = (hand: DanishHand, ...words: string[]): DanishHand =>
  words.reduce((h, w) => act(h, w === "pass" ? { type: "pass" } : { type: "bid", bid: w }), hand);

/** Plays the given cards in order, each by the seat in turn. */
export const playCards = (hand: DanishHand, ...cards: Card[]): DanishHand =>
  cards.reduce((h, card) => act(h, { type: "play", card }), hand);

/** Plays the first legal card until the hand is over. */
export function playOut(hand: DanishHand): DanishHand {
  let h = hand;
  while (!danish.isOver(h)) h = act(h, danish.legalActions(h, h.turn!, DEFAULT_OPTIONS)[0]!);
  return h;
}

export const score = (hand: DanishHand, options = DEFAULT_OPTIONS) => danish.scoreHand(hand, ctx(hand.dealer, options));
