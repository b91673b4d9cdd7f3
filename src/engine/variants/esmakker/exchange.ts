/**
 * The es-makker exchange with the kat (RULES.md §1): three cards or none,
 * with exchangeUpTo3 also one or two, in vip exactly three, never the called
 * card; with gå med each sol player in turn. exchangeRefusal is the one
 * statement of what is allowed, in two parts (how many cards, which cards)
 * from which exchangeActions lists every distinct discard (up to 287; jokers
 * are alike) without trying each, and randomExchange picks one of that list
 * without building it. exchangeStep carries an accepted exchange out.
 */
import { type Card, JOKER, cardIndex, withoutAll } from "../../cards";
import type { Rng } from "../../random";
import type { Action, ErrorCode, Seat } from "../../types";
import { type EsmakkerHand, type Hand, bidDef, edit, moveTo } from "./hand";
import type { BidDef } from "./ladder";
import type { EsmakkerOptions } from "./options";
import { startPlay } from "./setup";

const JK: Card = JOKER;

// ---------------------------------------------------------------------------
// The rule

/** How many cards may be laid away: three, or none to keep the hand; with exchangeUpTo3 also one or two; in vip exactly three. */
function discardSizeRefusal(def: BidDef, o: EsmakkerOptions, n: number): ErrorCode | null {
  const vip = def.addOn === "vip";
  if (n === 0) return vip ? "exchange/compulsory" : null;
  if (vip) return n === 3 ? null : "exchange/vip-three";
  if (o.exchangeUpTo3) return n > 3 ? "exchange/too-many" : null;
  return n === 3 ? null : "exchange/wrong-count";
}

/** Which held card may be laid away: any but the called card. */
const discardCardRefusal = (h: EsmakkerHand, card: Card): ErrorCode | null =>
  h.called !== null && card === h.called ? "exchange/called-ace" : null;

/** Why `seat` may not lay `action.discard` away now: the error code, or null when it may. */
export function exchangeRefusal(h: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions): ErrorCode | null {
  if (action.type !== "exchange") return "action/wrong-phase";
  if (!Array.isArray(action.discard)) return "action/malformed";
  const discard = action.discard;
  const bySize = discardSizeRefusal(bidDef(h, o)!, o, discard.length);
  if (bySize !== null) return bySize;
  if (withoutAll(h.hands[seat]!, discard) === null) return "exchange/card-not-in-hand";
  for (const c of discard) {
    const byCard = discardCardRefusal(h, c);
    if (byCard !== null) return byCard;
  }
  return null;
}

/**
 * What exchangeRefusal allows `seat` now: the held cards it may lay away, and
 * `sizes`, a bit mask with bit n set when n cards (0 to 3) may be laid away.
 * Every distinct set of an allowed size of these cards is a legal discard.
 */
function exchangeChoices(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions): { cards: readonly Card[]; sizes: number } {
  const held = h.hands[seat]!;
  const cards: Card[] = [];
  for (let i = 0; i < held.length; i++) if (discardCardRefusal(h, held[i]!) === null) cards.push(held[i]!);
  const def = bidDef(h, o)!;
  let sizes = 0;
  for (let n = 0; n <= 3; n++) if (discardSizeRefusal(def, o, n) === null) sizes |= 1 << n;
  return { cards, sizes };
}

/** Sizes of the usual exchange, three cards or none, and of vip's, exactly three: listed by threeCardDiscards alone. */
const THREE_OR_NONE = 0b1001, THREE = 0b1000;

// ---------------------------------------------------------------------------
// Listing the discards

const KEEP: Action = Object.freeze({ type: "exchange", discard: Object.freeze([]) as readonly Card[] });

/**
 * Every distinct discard exchangeRefusal accepts (jokers are alike): keeping
 * the hand where allowed, then the one-, two- and three-card discards.
 */
export function exchangeActions(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions): Action[] {
  const { cards, sizes } = exchangeChoices(h, seat, o);
  if (sizes === THREE_OR_NONE || sizes === THREE) return threeCardDiscards(cards, sizes === THREE_OR_NONE);
  const out: Action[] = (sizes & 1) !== 0 ? [KEEP] : [];
  if ((sizes & 2) !== 0) out.push(...smallDiscards(cards, 1));
  if ((sizes & 4) !== 0) out.push(...smallDiscards(cards, 2));
  if ((sizes & 8) !== 0) out.push(...threeCardDiscards(cards, false));
  return out;
}

/** exchangeActions(h, seat, o)[rng.int(count)], without building the list of the usual 3-card exchange. */
export function randomExchange(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions, rng: Rng): Action {
  const { cards, sizes } = exchangeChoices(h, seat, o);
  if (sizes !== THREE_OR_NONE && sizes !== THREE) {
    const all = exchangeActions(h, seat, o);
    return all[rng.int(all.length)]!;
  }
  const first = sizes === THREE_OR_NONE ? 1 : 0;
  const distinct = distinctTriples(cards);
  const t = triplesBelow(cards.length);
  const pick = rng.int(first + (distinct === null ? t.length / 3 : distinct.length));
  if (pick < first) return KEEP;
  const x = distinct === null ? 3 * (pick - first) : distinct[pick - first]!;
  // A new action rather than the shared one from the big discard table: one random entry of that table costs a cache miss.
  return { type: "exchange", discard: [cards[t[x]!]!, cards[t[x + 1]!]!, cards[t[x + 2]!]!] };
}

/** Index triples i < j < k below n, precomputed per hand size. */
const TRIPLES: number[][] = [];
const triplesBelow = (n: number): number[] => {
  let t = TRIPLES[n];
  if (!t) {
    t = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) for (let k = j + 1; k < n; k++) t.push(i, j, k);
    TRIPLES[n] = t;
  }
  return t;
};

/**
 * The distinct discards of `size` (1 or 2) cards of `hand` (jokers are
 * alike: a discard is listed with the hand's first jokers, as for the
 * triples), in position order.
 */
function smallDiscards(hand: readonly Card[], size: 1 | 2): Action[] {
  const jokerNumber: number[] = [];
  for (let p = 0, m = 0; p < hand.length; p++) jokerNumber.push(hand[p] === JK ? m++ : -1);
  const canonical = (positions: readonly number[]): boolean => {
    let m = 0;
    for (const p of positions) if (hand[p] === JK && jokerNumber[p] !== m++) return false;
    return true;
  };
  const out: Action[] = [];
  if (size === 1) {
    for (let i = 0; i < hand.length; i++) if (canonical([i])) out.push(Object.freeze({ type: "exchange", discard: Object.freeze([hand[i]!]) }) as Action);
    return out;
  }
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++)
      if (canonical([i, j])) out.push(Object.freeze({ type: "exchange", discard: Object.freeze([hand[i]!, hand[j]!]) }) as Action);
  return out;
}

/** The distinct discards of hands with two or more jokers, by hand size * 65536 + the jokers' position mask. */
const DISTINCT_TRIPLES = new Map<number, Int32Array>();

/**
 * Jokers are alike, so index triples i < j < k holding the same cards are one
 * discard, listed once: as the triple whose jokers are the hand's first
 * jokers (its m-th joker, in position order, is the hand's m-th joker).
 * distinctTriples gives the offsets into triplesBelow(hand.length) of those
 * triples, or null when every triple is distinct (fewer than two jokers). It
 * depends only on where the jokers are, so it is made once per layout:
 * scanning up to 560 triples took a third of an exchange.
 */
function distinctTriples(hand: readonly Card[]): Int32Array | null {
  const n = hand.length;
  let mask = 0, jokers = 0;
  for (let p = 0; p < n; p++) if (hand[p] === JK) (mask |= 1 << p), jokers++;
  if (jokers < 2) return null;
  const key = n * 65536 + mask;
  let offsets = DISTINCT_TRIPLES.get(key);
  if (offsets === undefined) {
    // jokerNumber[p]: how many jokers come before position p (used at joker positions).
    const jokerNumber: number[] = [];
    for (let p = 0, m = 0; p < n; p++) jokerNumber.push(hand[p] === JK ? m++ : -1);
    const t = triplesBelow(n), list: number[] = [];
    for (let x = 0; x < t.length; x += 3) {
      let m = 0, first = true;
      for (let y = x; y < x + 3; y++) if (hand[t[y]!] === JK) first &&= jokerNumber[t[y]!] === m++;
      if (first) list.push(x);
    }
    DISTINCT_TRIPLES.set(key, (offsets = Int32Array.from(list)));
  }
  return offsets;
}

/**
 * Frozen exchange actions by their cards' indices (a * 53 + b) * 53 + c, made
 * on first use: listing up to 287 discards then allocates nothing per entry.
 */
let discardTable: (Action | null)[] | null = null;
/** The discard of the cards at positions i, j, k of `hand`, whose cardIndex values are in `index`. */
function discardAt(hand: readonly Card[], index: readonly number[], i: number, j: number, k: number): Action {
  // Filled by push: `new Array(148877)` would make a slow dictionary-mode array.
  if (discardTable === null) for (discardTable = []; discardTable.length < 53 * 53 * 53; ) discardTable.push(null);
  return (discardTable[(index[i]! * 53 + index[j]!) * 53 + index[k]!] ??= Object.freeze({
    type: "exchange",
    discard: Object.freeze([hand[i]!, hand[j]!, hand[k]!]),
  }) as Action);
}

/** The distinct 3-card discards of `hand`, after KEEP when `mayKeep`. */
function threeCardDiscards(hand: readonly Card[], mayKeep: boolean): Action[] {
  const distinct = distinctTriples(hand);
  const index = hand.map(cardIndex);
  const t = triplesBelow(hand.length);
  const first = mayKeep ? 1 : 0;
  const all = new Array<Action>(first + (distinct === null ? t.length / 3 : distinct.length));
  if (mayKeep) all[0] = KEEP;
  for (let n = first; n < all.length; n++) {
    const x = distinct === null ? 3 * (n - first) : distinct[n - first]!;
    all[n] = discardAt(hand, index, t[x]!, t[x + 1]!, t[x + 2]!);
  }
  return all;
}

// ---------------------------------------------------------------------------
// The step

/**
 * `seat` lays away `discard`, which exchangeRefusal accepts, on the fork `d`.
 * It takes as many of the kat's first cards, unseen; its discards take their
 * places at the front of the kat and the untaken cards stay behind them,
 * unseen by anyone. Then the next sol player exchanges, or a declarer void
 * in the called suit may hide a card (fordækt kort), or the play starts.
 */
export function exchangeStep(d: Hand, seat: Seat, discard: readonly Card[], o: EsmakkerOptions): void {
  const s = edit(d);
  const exchangers = (s.exchangers = s.exchangers.slice(1));
  let held: (readonly Card[])[] | undefined;
  const n = discard.length;
  if (n > 0) {
    const rest = withoutAll(d.hands[seat]!, discard)!;
    const kat = s.kat;
    for (let i = 0; i < n; i++) rest.push(kat[i]!);
    held = d.holding.held.slice();
    held[seat] = rest;
    s.kat = n === 3 ? [discard[0]!, discard[1]!, discard[2]!] : [...discard, ...kat.slice(n)];
    s.katOwner = seat;
    s.katLaid = n;
  }
  if (exchangers.length > 0) return moveTo(d, "exchange", exchangers[0]!, held);
  const declarer = s.declarer!;
  const calledSuit = s.called === null ? null : s.called[1];
  if (o.fordaektKort && calledSuit !== null && !(held ?? d.holding.held)[declarer]!.some((c) => c !== JK && c[1] === calledSuit))
    return moveTo(d, "hide", declarer, held);
  startPlay(d, held);
}
