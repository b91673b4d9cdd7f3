/**
 * Hand evaluation for bidding and contract choices: expected tricks of one
 * hand with a given trump (or none), and how safe a hand is for the
 * trick-avoiding contracts (sol, nolo). Rough, honour-based counts; the search
 * bots refine card play, not these numbers.
 */
import { type Card, type Suit, JOKER, rankValue } from "../engine/cards";
import { ALL_SUITS, suitCards } from "./facts";

/** Honour tricks of one suit held as `ranks` (strongest first, ace high). */
function honourTricks(ranks: readonly number[]): number {
  const n = ranks.length;
  let t = 0;
  const has = (r: number) => ranks.includes(r);
  if (has(14)) t += 1;
  if (has(13)) t += has(14) ? 1 : n >= 2 ? 0.5 : 0.1;
  if (has(12)) t += has(14) && has(13) ? 1 : (has(14) || has(13)) && n >= 3 ? 0.5 : n >= 3 ? 0.25 : 0;
  if (has(11) && has(12) && (has(13) || has(14)) && n >= 4) t += 0.5;
  return Math.min(t, n);
}

/** Expected tricks this hand takes by itself with `trump` (null = no trump), jokers counted. */
export function playingTricks(cards: readonly Card[], trump: Suit | null): number {
  let tricks = 0;
  const trumpLen = trump ? cards.filter((c) => c !== JOKER && c[1] === trump).length : 0;
  for (const s of ALL_SUITS) {
    const ranks = suitCards(cards, s, false).map((c) => rankValue(c, false));
    const n = ranks.length;
    let t = honourTricks(ranks);
    if (s === trump) {
      t += Math.max(0, n - 3);
      // Trump honours are rarely ruffed: count them a little higher.
      t = Math.min(n, t * 1.1);
    } else if (trump === null) {
      // A long suit with a top honour runs once the others are out of it.
      if (n >= 5 && (ranks[0]! >= 13)) t += (n - 4) * 0.6;
    } else if (trumpLen >= 3) {
      // Short side suits let the trumps ruff.
      if (n === 0) t += Math.min(2, trumpLen - 2);
      else if (n === 1) t += 0.6;
      else if (n === 2) t += 0.2;
    }
    tricks += t;
  }
  const jokers = cards.filter((c) => c === JOKER).length;
  return tricks + jokers * 0.85;
}

/** The trump suit that gives this hand the most tricks, and the count. */
export function bestTrump(cards: readonly Card[], allowed: readonly Suit[] = ALL_SUITS): { suit: Suit; tricks: number } {
  let best: { suit: Suit; tricks: number } = { suit: allowed[0] ?? "S", tricks: -1 };
  for (const s of allowed) {
    const len = cards.filter((c) => c !== JOKER && c[1] === s).length;
    const t = playingTricks(cards, s) + len * 0.01;
    if (t > best.tricks) best = { suit: s, tricks: t };
  }
  return best;
}

/**
 * How many tricks this hand risks taking when it tries to take none, ace low.
 * The k-th lowest card of a suit is safe while enough lower cards sit elsewhere.
 * Jokers are safe (worthless unless led).
 */
export function avoidRisk(cards: readonly Card[]): number {
  let risk = 0;
  for (const s of ALL_SUITS) {
    const ranks = suitCards(cards, s, true)
      .map((c) => rankValue(c, true))
      .sort((a, b) => a - b);
    ranks.forEach((r, i) => {
      const safeUpTo = 4 + 2.4 * i;
      if (r > safeUpTo) risk += Math.min(1, (r - safeUpTo) / 4);
    });
    // A long suit of only middling cards is hard to get out of.
    if (ranks.length >= 5 && ranks[0]! > 3) risk += 0.5;
  }
  return risk;
}

/** Cards a strong no-trump player could lead and win at once (aces, A-K sequences), jokers included. */
export const noTrumpTricks = (cards: readonly Card[]): number => playingTricks(cards, null);
