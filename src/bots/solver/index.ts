/**
 * The platform's double-dummy solver: given four known hands, the trick in
 * progress and the contract's trick rules, how many tricks does a set of
 * seats take with best play by everyone, and what is each legal card of the
 * player to move worth? Cards are translated to the bitmask search in
 * search.ts; nothing here depends on a variant. An es-makker fordækt card
 * (`hidden`) becomes the lowest card of the called suit: that suit's real
 * cards move one rank up (a 14-card suit fits the search's masks).
 */
import { type Card, type Suit, JOKER, rankValue } from "../../engine/cards";
import type { TrickRules } from "../../engine/core/trick";
import type { Seat, Trick } from "../../engine/types";
import { DoubleDummy, JOKER_MOVE, type TableSession } from "./search";

export { SearchAborted, growTablePool, newTableSession, nodesSearchedSoFar, type TableSession } from "./search";

export const SUIT_INDEX: Readonly<Record<Suit, number>> = { S: 0, H: 1, D: 2, C: 3 };
const SUIT_BY_INDEX: readonly Suit[] = ["S", "H", "D", "C"];

export interface SolveInput {
  /** Cards each seat still holds (the trick in progress is not in them). */
  readonly hands: readonly (readonly Card[])[];
  /** The trick in progress (fewer than four plays), or null at a trick boundary. */
  readonly trick: Trick | null;
  /** Who leads when no trick is in progress. */
  readonly leader?: Seat;
  readonly rules: TrickRules;
  /** Seats whose tricks are counted. */
  readonly side: readonly Seat[];
  /** True (default) when the side wants many tricks; false for sol and nolo play. */
  readonly sideMaximises?: boolean;
  /** The trick in progress (or the next one) is the hand's first: no joker may be led. */
  readonly firstTrick?: boolean;
  /** The called ace (or king): its holder must play it the first time its suit is led. */
  readonly called?: Card | null;
  /**
   * The declarer's fordækt card (es-makker), wherever it is now: it counts as the lowest card
   * of the called suit. Give it for every position of a hand where it was hidden, played or not.
   */
  readonly hidden?: Card | null;
  /** Early ends: the hand stops once the side (or the others) have this many tricks in total. */
  readonly stopSide?: number;
  readonly stopOthers?: number;
  /** Tricks the side and the others took before this position (only the early ends use them). */
  readonly takenSide?: number;
  readonly takenOthers?: number;
}

export interface CardValue {
  readonly card: Card;
  /** Tricks the side takes from the position on when this card is played now. */
  readonly tricks: number;
}

export interface SolveResult {
  /** Tricks the side takes from the position on (the trick in progress included). */
  readonly tricks: number;
  readonly toMove: Seat;
  /** Every legal card of the player to move with its value. */
  readonly cards: readonly CardValue[];
  readonly nodes: number;
}

const rankIndex = (c: Card, aceLow: boolean) => rankValue(c, aceLow) - (aceLow ? 1 : 2);

export const cardToMove = (c: Card, aceLow: boolean): number =>
  c === JOKER ? JOKER_MOVE : SUIT_INDEX[c[1] as Suit] * 16 + rankIndex(c, aceLow);

export const moveToCard = (m: number, aceLow: boolean): Card => {
  if (m === JOKER_MOVE) return JOKER;
  const r = (m & 15) + (aceLow ? 1 : 2);
  const ch = r === 1 || r === 14 ? "A" : r === 10 ? "T" : r === 11 ? "J" : r === 12 ? "Q" : r === 13 ? "K" : String(r);
  return ch + SUIT_BY_INDEX[m >> 4]!;
};

/** The suit whose ranks a fordækt card shifts, or -1. */
const shiftedSuit = (input: SolveInput): number =>
  input.hidden && input.hidden !== JOKER && input.called && input.called !== JOKER ? SUIT_INDEX[input.called[1] as Suit] : -1;

/** The search's move code for a card of this position (cardToMove, with the fordækt card mapped). */
export function moveOf(input: SolveInput, card: Card): number {
  const shifted = shiftedSuit(input);
  if (shifted < 0 || card === JOKER) return cardToMove(card, input.rules.aceLow);
  if (card === input.hidden) return shifted * 16;
  const m = cardToMove(card, input.rules.aceLow);
  return m >> 4 === shifted ? m + 1 : m;
}

/** The card of this position a move code stands for (moveToCard, with the fordækt card mapped). */
export function cardOf(input: SolveInput, move: number): Card {
  const shifted = shiftedSuit(input);
  if (shifted < 0 || move === JOKER_MOVE || move >> 4 !== shifted) return moveToCard(move, input.rules.aceLow);
  return (move & 15) === 0 ? input.hidden! : moveToCard(move - 1, input.rules.aceLow);
}

export interface SearchOptions {
  /** Searches of positions of one hand under the same rules and side may share a session: each finds what the others stored. */
  readonly session?: TableSession;
  /** performance.now() after which the search throws SearchAborted. */
  readonly deadline?: number;
  /** Table entries for exact positions only: slower, the reference partition search is tested against. */
  readonly exactTable?: boolean;
}

/** Builds the search for a position; callers that need several answers reuse its table. */
export function createSearch(input: SolveInput, opts: SearchOptions = {}): DoubleDummy {
  const hands = new Int32Array(16);
  const jokers = new Int8Array(4);
  input.hands.forEach((cards, seat) => {
    for (const c of cards) {
      if (c === JOKER) jokers[seat]!++;
      else {
        const m = moveOf(input, c);
        hands[seat * 4 + (m >> 4)]! |= 1 << (m & 15);
      }
    }
  });
  const inSide = [0, 1, 2, 3].map((s) => input.side.includes(s as Seat));
  const sideMax = input.sideMaximises ?? true;
  const called = input.called && input.called !== JOKER ? moveOf(input, input.called) : -1;
  return new DoubleDummy({
    hands,
    jokers,
    trump: input.rules.trump === null ? -1 : SUIT_INDEX[input.rules.trump],
    jokerTrumpable: input.rules.jokers && input.rules.jokerTrumpable,
    counted: inSide,
    maximiser: inSide.map((x) => x === sideMax),
    leader: input.trick ? input.trick.leader : (input.leader ?? 0),
    trickMoves: input.trick ? input.trick.plays.map((p) => moveOf(input, p.card)) : [],
    firstTrick: input.firstTrick ?? false,
    calledSuit: called >= 0 ? called >> 4 : -1,
    calledRank: called >= 0 ? called & 15 : 0,
    stopCounted: input.stopSide ?? DoubleDummy.NO_STOP,
    stopOthers: input.stopOthers ?? DoubleDummy.NO_STOP,
    takenCounted: input.takenSide ?? 0,
    takenOthers: input.takenOthers ?? 0,
    session: opts.session,
    deadline: opts.deadline,
    exactTable: opts.exactTable,
  });
}

/** Solves the position; with `cards: false` only the total is computed (faster). */
export function solve(input: SolveInput, opts: { cards?: boolean } = {}): SolveResult {
  const dd = createSearch(input);
  const toMove = dd.toMove() as Seat;
  if (opts.cards === false) {
    const tricks = dd.value();
    return { tricks, toMove, cards: [], nodes: dd.nodes };
  }
  const sideMax = input.sideMaximises ?? true;
  const moverMaximises = input.side.includes(toMove) === sideMax;
  const { tricks, values } = cardValues(dd, moverMaximises);
  const cards: CardValue[] = dd.legalMoves().map((m) => ({ card: cardOf(input, m), tricks: values.get(dd.representative(m))! }));
  return { tricks, toMove, cards, nodes: dd.nodes };
}

/**
 * The position's value and the value of each distinct legal move (keyed by its representative).
 * The position is solved first: no card does better than it, so a best card costs one test.
 */
export function cardValues(dd: DoubleDummy, moverMaximises: boolean): { tricks: number; values: Map<number, number> } {
  const values = new Map<number, number>();
  const moves = dd.legalMoves();
  if (moves.length === 0) return { tricks: 0, values };
  const tricks = dd.value();
  for (const m of moves) {
    const rep = dd.representative(m);
    if (!values.has(rep)) values.set(rep, moverMaximises ? dd.valueAfter(rep, 0, tricks) : dd.valueAfter(rep, tricks, 99));
  }
  return { tricks, values };
}
