/**
 * Cards and decks. A card is written rank then suit ("AS", "TH", "2C") and a
 * joker is "JK"; the same codes are used in state, views, actions and records,
 * so nothing has to translate between an internal and an external form.
 */

export type Suit = "S" | "H" | "D" | "C";
export type Card = string;

/** Display order: spades, hearts, clubs, diamonds alternates colours. */
export const SUITS: readonly Suit[] = ["S", "H", "C", "D"];
export const RANK_CHARS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"] as const;
export const JOKER: Card = "JK";
/** The symbol each suit is printed with. */
export const SUIT_SYMBOL: Readonly<Record<Suit, string>> = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const isRedSuit = (s: Suit): boolean => s === "H" || s === "D";

// Rank value by the rank character's char code: 2..14 (ace high). 0 = not a rank.
const RANK_BY_CODE = new Int8Array(128);
RANK_CHARS.forEach((r, i) => {
  RANK_BY_CODE[r.charCodeAt(0)] = i + 2;
});

export const isJoker = (c: Card): boolean => c === JOKER;

/** The suit of a card; undefined for a joker. */
export const suitOf = (c: Card): Suit | undefined => (c === JOKER ? undefined : (c[1] as Suit));

/** Rank 2..14 with the ace high (14); 0 for a joker. */
export const rankOf = (c: Card): number => (c === JOKER ? 0 : RANK_BY_CODE[c.charCodeAt(0)]!);

/** Rank for comparison inside a suit: the ace counts 1 when aceLow. */
export const rankValue = (c: Card, aceLow: boolean): number => {
  const r = rankOf(c);
  return aceLow && r === 14 ? 1 : r;
};

// First index of a suit's cards in STANDARD_DECK, by the suit character's char code; -1 = not a suit.
const SUIT_BASE = new Int8Array(128).fill(-1);
["S", "H", "D", "C"].forEach((s, i) => {
  SUIT_BASE[s.charCodeAt(0)] = 13 * i;
});

/** Index of the joker in tables indexed by cardIndex. */
export const JOKER_INDEX = 52;

/**
 * A card's position in STANDARD_DECK (0..51), JOKER_INDEX for the joker, -1
 * for anything else: lets hot paths use arrays instead of string-keyed maps.
 */
export const cardIndex = (c: string): number => {
  if (c.length !== 2) return -1;
  const r = c.charCodeAt(0), s = c.charCodeAt(1);
  if (r > 0x7f || s > 0x7f) return -1;
  const rank = RANK_BY_CODE[r]!, base = SUIT_BASE[s]!;
  if (rank > 0 && base >= 0) return base + rank - 2;
  return c === JOKER ? JOKER_INDEX : -1;
};

/** True for a well-formed card code. */
export const isCard = (x: unknown): x is Card => typeof x === "string" && cardIndex(x) >= 0;

/**
 * The 52 standard cards, suit by suit, 2 up to ace. Written as literals: V8
 * interns literal strings, so every card in play is one of these objects and
 * comparing two cards is a pointer comparison (built strings compare by content).
 */
// prettier-ignore
export const STANDARD_DECK: readonly Card[] = [
  "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS",
  "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH",
  "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD",
  "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC",
];

/** Every card code by cardIndex: STANDARD_DECK then the joker. */
export const CARD_BY_INDEX: readonly Card[] = [...STANDARD_DECK, JOKER];

/** The shared (interned) string of a valid card code, so that input cards compare as fast as dealt ones. */
export const canonicalCard = (c: Card): Card => CARD_BY_INDEX[cardIndex(c)] ?? c;

/** A deck of 52 cards plus `jokers` jokers. */
export const makeDeck = (jokers: number): Card[] => [...STANDARD_DECK, ...Array<Card>(jokers).fill(JOKER)];

/**
 * Position of `card` in `cards`, or -1. A plain loop: with interned card
 * strings each test is a pointer comparison, cheaper than the indexOf/includes
 * builtins on the hot paths.
 */
export const indexOfCard = (cards: readonly Card[], card: Card): number => {
  for (let i = 0; i < cards.length; i++) if (cards[i] === card) return i;
  return -1;
};

/** Removes one copy of `card` from `hand`; returns a new array (or the same one if absent). */
export const without = (hand: readonly Card[], card: Card): Card[] => {
  const i = hand.indexOf(card);
  if (i < 0) return hand.slice();
  const out = hand.slice();
  out.splice(i, 1);
  return out;
};

/** Removes one copy of each of `cards`; null when some card is not in `hand` (as a multiset). */
export const withoutAll = (hand: readonly Card[], cards: readonly Card[]): Card[] | null => {
  // The positions taken so far (a few), then one copy without them: no array is spliced.
  const taken: number[] = [];
  for (let k = 0; k < cards.length; k++) {
    const c = cards[k];
    let i = 0;
    while (i < hand.length && (hand[i] !== c || taken.includes(i))) i++;
    if (i === hand.length) return null;
    taken.push(i);
  }
  const out: Card[] = [];
  for (let i = 0; i < hand.length; i++) if (!taken.includes(i)) out.push(hand[i]!);
  return out;
};

/** Sort for display: by suit in SUITS order, high to low, jokers first. */
export const sortHand = (hand: readonly Card[], aceLow = false): Card[] =>
  hand.slice().sort((a, b) => {
    if (a === JOKER || b === JOKER) return a === b ? 0 : a === JOKER ? -1 : 1;
    const sa = SUITS.indexOf(a[1] as Suit), sb = SUITS.indexOf(b[1] as Suit);
    return sa !== sb ? sa - sb : rankValue(b, aceLow) - rankValue(a, aceLow);
  });
