/**
 * Plain partnership trick play shared by classic and Norwegian whist: follow
 * suit if able, otherwise any card; the winner of a trick leads the next; the
 * hand ends after 13 tricks.
 */
import type { Card } from "../../cards";
import { type TrickRules, addToTrick, breaksFollowSuit, followSuitCards } from "../../core/trick";
import { playAction } from "../../actions";
import type { Action, BaseHand, EngineEvent, HandStep, Seat } from "../../types";
import { err, nextSeat } from "../../types";

/** Partnerships: seats 0+2 are side 0, seats 1+3 side 1. */
export const sideOf = (seat: Seat): 0 | 1 => (seat & 1) as 0 | 1;

/** Tricks per side from the per-seat counts. */
export const sideTricks = (tricksWon: readonly number[]): [number, number] => [
  tricksWon[0]! + tricksWon[2]!,
  tricksWon[1]! + tricksWon[3]!,
];

/** Both partners carry the side's figure. */
export const perSeat = (sides: readonly [number, number]): number[] => [sides[0], sides[1], sides[0], sides[1]];

/** What the sides' points are worth to each seat: its side's points minus the other side's. */
export const sideWorth = (sides: readonly [number, number]): number[] => perSeat([sides[0] - sides[1], sides[1] - sides[0]]);

export const forehandOf = (dealer: Seat): Seat => nextSeat(dealer);

export function legalPlays(hand: BaseHand): Action[] {
  const seat = hand.turn;
  if (seat === null) return [];
  return followSuitCards(hand.hands[seat]!, hand.trick).map(playAction);
}

/** Plays `card` for `seat` (whose turn the caller checked) under `rules`. */
export function playCard<H extends BaseHand>(hand: H, seat: Seat, action: Action, rules: TrickRules): HandStep<H> {
  if (action.type !== "play") return { ok: false, error: err("action/wrong-phase", `cannot ${action.type} while playing tricks`) };
  const card: Card = action.card;
  const held = hand.hands[seat]!;
  const at = held.indexOf(card);
  if (at < 0) return { ok: false, error: err("play/card-not-in-hand", `${card} is not in seat ${seat}'s hand`, { card }) };
  if (breaksFollowSuit(held, hand.trick, card))
    return { ok: false, error: err("play/must-follow-suit", `seat ${seat} must follow suit`, { card }) };
  const hands = hand.hands.slice();
  const rest = held.slice();
  rest.splice(at, 1);
  hands[seat] = rest;
  const { trick, completed } = addToTrick(hand.trick, seat, card, rules);
  if (!completed) return { ok: true, hand: { ...hand, hands, trick, turn: nextSeat(seat) }, events: [] };
  const tricks = [...hand.tricks, completed];
  const tricksWon = hand.tricksWon.slice();
  tricksWon[completed.winner]! += 1;
  const done = tricks.length === 13;
  const events: EngineEvent[] = [{ type: "trickWon", trick: completed }];
  return {
    ok: true,
    hand: { ...hand, hands, trick: null, tricks, tricksWon, turn: done ? null : completed.winner, phase: done ? "done" : hand.phase },
    events,
  };
}
