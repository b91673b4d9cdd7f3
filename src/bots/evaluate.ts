/**
 * Hand evaluation for bidding, contract choices and reading the auction:
 * expected tricks of one hand with a given trump (or none), and how safe a
 * hand is for the trick-avoiding contracts (sol, nolo). Rough, honour-based
 * counts; the search bots refine card play, not these numbers. A hand is read
 * once into per-suit rank masks (`HandShape`) and every figure is computed
 * from those, because the deal sampler evaluates thousands of hands per
 * decision.
 */
import { type Card, type Suit, JOKER, rankOf } from "../engine/cards";
import { ALL_SUITS } from "./facts";

/** A hand as one 13-bit mask per suit (bit r − 2 for rank r, ace = 14) in ALL_SUITS order, plus its jokers. */
export interface HandShape {
  readonly masks: readonly number[];
  readonly jokers: number;
}

const SUIT_SLOT: Readonly<Record<string, number>> = { S: 0, H: 1, D: 2, C: 3 };
const ACE = 1 << 12, KING = 1 << 11, QUEEN = 1 << 10, JACK = 1 << 9;

export function shapeOf(cards: readonly Card[]): HandShape {
  const masks = [0, 0, 0, 0];
  let jokers = 0;
  for (const c of cards) {
    if (c === JOKER) jokers++;
    else masks[SUIT_SLOT[c[1]!]!]! |= 1 << (rankOf(c) - 2);
  }
  return { masks, jokers };
}

const bitCount = (m: number): number => {
  let n = 0;
  for (let x = m; x !== 0; x &= x - 1) n++;
  return n;
};

/** Honour tricks of one suit (ace high) from its mask and length. */
function honourTricks(mask: number, n: number): number {
  const a = (mask & ACE) !== 0, k = (mask & KING) !== 0, q = (mask & QUEEN) !== 0, j = (mask & JACK) !== 0;
  let t = 0;
  if (a) t += 1;
  if (k) t += a ? 1 : n >= 2 ? 0.5 : 0.1;
  if (q) t += a && k ? 1 : (a || k) && n >= 3 ? 0.5 : n >= 3 ? 0.25 : 0;
  if (j && q && (k || a) && n >= 4) t += 0.5;
  return Math.min(t, n);
}

/** Expected tricks of a shape with `trump` (index into ALL_SUITS, −1 = no trump), jokers counted. */
function shapeTricks(shape: HandShape, trump: number): number {
  let tricks = 0;
  const trumpLen = trump >= 0 ? bitCount(shape.masks[trump]!) : 0;
  for (let s = 0; s < 4; s++) {
    const mask = shape.masks[s]!;
    const n = bitCount(mask);
    let t = honourTricks(mask, n);
    if (s === trump) {
      t += Math.max(0, n - 3);
      // Trump honours are rarely ruffed: count them a little higher.
      t = Math.min(n, t * 1.1);
    } else if (trump < 0) {
      // A long suit with a top honour runs once the others are out of it.
      if (n >= 5 && (mask & (ACE | KING)) !== 0) t += (n - 4) * 0.6;
    } else if (trumpLen >= 3) {
      // Short side suits let the trumps ruff.
      if (n === 0) t += Math.min(2, trumpLen - 2);
      else if (n === 1) t += 0.6;
      else if (n === 2) t += 0.2;
    }
    tricks += t;
  }
  return tricks + shape.jokers * 0.85;
}

/**
 * How many tricks a shape risks taking when it tries to take none, ace low.
 * The k-th lowest card of a suit is safe while enough lower cards sit elsewhere.
 * Jokers are safe (worthless unless led).
 */
function shapeAvoidRisk(shape: HandShape): number {
  let risk = 0;
  for (const mask of shape.masks) {
    // Ace-low ranks ascending: the ace (1) first, then 2 … king (13).
    let i = 0;
    let lowest = 0;
    const step = (r: number) => {
      if (i === 0) lowest = r;
      const safeUpTo = 4 + 2.4 * i;
      if (r > safeUpTo) risk += Math.min(1, (r - safeUpTo) / 4);
      i++;
    };
    if (mask & ACE) step(1);
    for (let r = 2; r <= 13; r++) if (mask & (1 << (r - 2))) step(r);
    // A long suit of only middling cards is hard to get out of.
    if (i >= 5 && lowest > 3) risk += 0.5;
  }
  return risk;
}

/** Expected tricks this hand takes by itself with `trump` (null = no trump), jokers counted. */
export const playingTricks = (cards: readonly Card[], trump: Suit | null): number =>
  shapeTricks(shapeOf(cards), trump === null ? -1 : SUIT_SLOT[trump]!);

/** Everything bidding and auction reading need to know about one hand, computed once. */
export interface HandProfile {
  /** Playing tricks with each suit as trump, in ALL_SUITS order. */
  readonly trumpTricks: readonly number[];
  readonly lengths: readonly number[];
  /** Playing tricks without trump. */
  readonly noTrump: number;
  readonly avoidRisk: number;
  readonly jokers: number;
  /** Bit masks per suit (ALL_SUITS order), for rules that look at single cards. */
  readonly masks: readonly number[];
}

export function handProfile(cards: readonly Card[]): HandProfile {
  const shape = shapeOf(cards);
  return {
    trumpTricks: [0, 1, 2, 3].map((s) => shapeTricks(shape, s)),
    lengths: shape.masks.map(bitCount),
    noTrump: shapeTricks(shape, -1),
    avoidRisk: shapeAvoidRisk(shape),
    jokers: shape.jokers,
    masks: shape.masks,
  };
}

/** The trump suit of `allowed` that gives the profiled hand the most tricks (longer suit on a tie), and the count. */
export function bestTrumpOf(p: HandProfile, allowed: readonly Suit[] = ALL_SUITS): { suit: Suit; tricks: number } {
  let best: { suit: Suit; tricks: number } = { suit: allowed[0] ?? "S", tricks: -1 };
  for (const s of allowed) {
    const i = SUIT_SLOT[s]!;
    const t = p.trumpTricks[i]! + p.lengths[i]! * 0.01;
    if (t > best.tricks) best = { suit: s, tricks: t };
  }
  return best;
}

/** The trump suit that gives this hand the most tricks, and the count. */
export const bestTrump = (cards: readonly Card[], allowed: readonly Suit[] = ALL_SUITS): { suit: Suit; tricks: number } =>
  bestTrumpOf(handProfile(cards), allowed);

/** Playing tricks of a profiled hand with `trump` (null = no trump). */
export const profileTricks = (p: HandProfile, trump: Suit | null): number => (trump === null ? p.noTrump : p.trumpTricks[SUIT_SLOT[trump]!]!);

/** Length of `suit` in a profiled hand. */
export const profileLength = (p: HandProfile, suit: Suit): number => p.lengths[SUIT_SLOT[suit]!]!;

/** Does the profiled hand hold `card` (not a joker)? */
export const profileHolds = (p: HandProfile, card: Card): boolean =>
  card !== JOKER && (p.masks[SUIT_SLOT[card[1]!]!]! & (1 << (rankOf(card) - 2))) !== 0;

/** How many tricks this hand risks taking when it tries to take none, ace low. */
export const avoidRisk = (cards: readonly Card[]): number => shapeAvoidRisk(shapeOf(cards));

/** Cards a strong no-trump player could lead and win at once (aces, A-K sequences), jokers included. */
export const noTrumpTricks = (cards: readonly Card[]): number => playingTricks(cards, null);
