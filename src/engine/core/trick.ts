/**
 * Shared trick-taking machinery: which cards follow suit, who wins a trick,
 * and adding a card to the trick in progress. Variants pass their TrickRules
 * (trump, ace low, jokers) and add their own obligations on top.
 */
import { type Card, type Suit, CARD_BY_INDEX, JOKER, cardIndex, rankValue, suitOf } from "../cards";
import type { CompletedTrick, Play, Seat, Trick } from "../types";
import { SEATS, nextSeat } from "../types";

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

/** The seat winning the (possibly incomplete) trick so far. */
export function currentWinner(trick: Trick, rules: TrickRules): Seat {
  const plays = trick.plays;
  const first = plays[0]!;
  const jokerLed = first.card === JOKER;
  let best = first;
  let bestTrump = first.card !== JOKER && rules.trump !== null && first.card[1] === rules.trump;
  const led = jokerLed ? null : first.card[1];
  for (let i = 1; i < plays.length; i++) {
    const p = plays[i]!;
    if (p.card === JOKER) continue; // a joker not led is worth nothing
    const isTrump = rules.trump !== null && p.card[1] === rules.trump;
    if (jokerLed) {
      // A led joker wins unless (house rule) a trump beats it.
      if (!(rules.jokers && rules.jokerTrumpable && isTrump)) continue;
      if (!bestTrump || rankValue(p.card, rules.aceLow) > rankValue(best.card, rules.aceLow)) {
        best = p;
        bestTrump = true;
      }
      continue;
    }
    if (isTrump) {
      if (!bestTrump || rankValue(p.card, rules.aceLow) > rankValue(best.card, rules.aceLow)) {
        best = p;
        bestTrump = true;
      }
    } else if (!bestTrump && p.card[1] === led && rankValue(p.card, rules.aceLow) > rankValue(best.card, rules.aceLow)) {
      best = p;
    }
  }
  return best.seat;
}

// One frozen Play per card and seat (index card * 4 + seat), shared by every trick: plays are immutable.
const PLAYS: readonly Play[] = CARD_BY_INDEX.flatMap((card) => SEATS.map((seat) => Object.freeze({ seat, card })));

/** The shared Play of the card with index `index` (cardIndex) by `seat`. */
export const playByIndex = (index: number, seat: Seat): Play => PLAYS[index * 4 + seat]!;

/** The Play of `card` by `seat` (a shared object for real cards). */
export const playOf = (seat: Seat, card: Card): Play => {
  const i = cardIndex(card);
  return i < 0 ? { seat, card } : PLAYS[i * 4 + seat]!;
};

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
