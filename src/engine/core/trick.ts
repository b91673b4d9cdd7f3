/**
 * Shared trick-taking machinery: which cards follow suit, who wins a trick,
 * and adding a card to the trick in progress. Variants pass their TrickRules
 * (trump, ace low, jokers) and add their own obligations on top.
 */
import { type Card, type Suit, CARD_BY_INDEX, JOKER, cardIndex, rankValue, suitOf } from "../cards";
import type { CompletedTrick, Play, Seat, Trick } from "../types";
import { MAX_SEATS, nextSeat } from "../types";

export interface TrickRules {
  readonly trump: Suit | null;
  readonly aceLow: boolean;
  /** A led joker wins the trick; a joker not led is worth nothing. */
  readonly jokers: boolean;
  /** A led joker is beaten by any trump played to the trick. */
  readonly jokerTrumpable: boolean;
}

export const PLAIN_RULES: TrickRules = { trump: null, aceLow: false, jokers: false, jokerTrumpable: false };

/** The suit others must follow: the first card's suit; null for an empty trick or a led joker. */
export const ledSuit = (trick: Trick | null): Suit | null => {
  const first = trick?.plays[0];
  return first ? (suitOf(first.card) ?? null) : null;
};

/** True when `hand` holds a card of `suit`. */
export const hasSuit = (hand: readonly Card[], suit: Suit): boolean => {
  for (const c of hand) if (c[1] === suit && c !== JOKER) return true;
  return false;
};

/** Cards of `hand` that follow-suit rules allow (jokers may always be played). */
export function followSuitCards(hand: readonly Card[], trick: Trick | null): Card[] {
  const led = ledSuit(trick);
  if (led === null || !hasSuit(hand, led)) return hand.slice();
  return hand.filter((c) => c === JOKER || c[1] === led);
}

/** Does `card` break follow-suit rules given `hand` and the trick? */
export const breaksFollowSuit = (hand: readonly Card[], trick: Trick | null, card: Card): boolean => {
  const led = ledSuit(trick);
  return led !== null && card !== JOKER && card[1] !== led && hasSuit(hand, led);
};

/** Suit number of a joker in trick keys; the suits are 0-3 in deck order (S, H, D, C: cardIndex / 13). */
export const JOKER_SUIT = 4;

/** A card as winningPosition reads it: its suit number and its rank value (ace 14, or 1 when low; 0 is below every card). */
export const trickKey = (suit: number, rank: number): number => (suit << 4) | rank;

/**
 * The position (0 = the lead) of the winning card among the first `count`
 * cards of a trick, given as trickKeys 8 bits each (the lead in the lowest
 * bits): the highest trump, else the highest card of the suit led. A led
 * joker wins unless `jokerTrumpable` and a trump falls; a joker not led is
 * worth nothing. `trumpSuit` -1: no trump. The one statement of who wins a
 * trick: currentWinner and the variants' packed tricks both use it.
 */
export function winningPosition(keys: number, count: number, trumpSuit: number, jokerTrumpable: boolean): number {
  const led = (keys >>> 4) & 15;
  const jokerLed = led === JOKER_SUIT;
  let best = 0, bestRank = keys & 15, bestTrump = !jokerLed && led === trumpSuit;
  for (let i = 1; i < count; i++) {
    const key = (keys >>> (8 * i)) & 0xff;
    const suit = key >>> 4, rank = key & 15;
    if (suit === trumpSuit) {
      if (jokerLed && !jokerTrumpable) continue;
      if (!bestTrump || rank > bestRank) (best = i), (bestRank = rank), (bestTrump = true);
    } else if (!jokerLed && !bestTrump && suit === led && rank > bestRank) (best = i), (bestRank = rank);
  }
  return best;
}

/** The suit number of a suit letter (-1 for none). */
export const suitNumberOf = (suit: Suit | null): number => (suit === null ? -1 : "SHDC".indexOf(suit));

/** The seat winning the (possibly incomplete) trick so far. */
export function currentWinner(trick: Trick, rules: TrickRules): Seat {
  const plays = trick.plays;
  let keys = 0;
  for (let i = 0; i < plays.length; i++) {
    const card = plays[i]!.card;
    const key = card === JOKER ? trickKey(JOKER_SUIT, 0) : trickKey(suitNumberOf(card[1] as Suit), rankValue(card, rules.aceLow));
    keys |= (key & 0xff) << (8 * i);
  }
  return plays[winningPosition(keys, plays.length, suitNumberOf(rules.trump), rules.jokers && rules.jokerTrumpable)]!.seat;
}

// One frozen Play per card and seat (index card * MAX_SEATS + seat), shared by every trick: plays are immutable.
const PLAYS: readonly Play[] = CARD_BY_INDEX.flatMap((card) =>
  Array.from({ length: MAX_SEATS }, (_, seat) => Object.freeze({ seat, card })),
);

/** The shared Play of the card with index `index` (cardIndex) by `seat`. */
export const playByIndex = (index: number, seat: Seat): Play => PLAYS[index * MAX_SEATS + seat]!;

/** The Play of `card` by `seat` (a shared object for real cards). */
export const playOf = (seat: Seat, card: Card): Play => {
  const i = cardIndex(card);
  return i < 0 ? { seat, card } : PLAYS[i * MAX_SEATS + seat]!;
};

/**
 * The seat winning plays of any number (tables of more than four, where
 * winningPosition's packed keys do not reach): the highest trump, else the
 * highest card of the suit led; aces high, no jokers.
 */
export function winnerOfPlays(plays: readonly Play[], trump: Suit | null): Seat {
  let best = plays[0]!;
  for (let i = 1; i < plays.length; i++) {
    const p = plays[i]!;
    const beats =
      p.card[1] === best.card[1] ? rankValue(p.card, false) > rankValue(best.card, false) : trump !== null && p.card[1] === trump;
    if (beats) best = p;
  }
  return best.seat;
}

/** The plays of `trick` (null: none yet) followed by `play`, as an array of exactly that length. */
export function withPlay(trick: Trick | null, play: Play): Play[] {
  if (trick === null) return [play];
  const p = trick.plays;
  // Literals of the exact size: spreading and pushing would reserve room for 16 more plays in every trick.
  switch (p.length) {
    case 0:
      return [play];
    case 1:
      return [p[0]!, play];
    case 2:
      return [p[0]!, p[1]!, play];
    default:
      return [...p, play];
  }
}

/**
 * Adds `card` by `seat` to the trick in progress (or starts one). Returns the
 * new trick, and when it is the fourth card, the completed trick with its winner.
 */
export function addToTrick(
  trick: Trick | null,
  seat: Seat,
  card: Card,
  rules: TrickRules,
): { trick: Trick; completed: CompletedTrick | null } {
  const plays = withPlay(trick, playOf(seat, card));
  const t: Trick = { leader: trick ? trick.leader : seat, plays };
  if (plays.length < 4) return { trick: t, completed: null };
  return { trick: t, completed: { leader: t.leader, plays, winner: currentWinner(t, rules) } };
}

/** Whose turn it is within a trick in progress. */
export const seatToPlay = (trick: Trick): Seat => nextSeat(trick.leader, trick.plays.length);
