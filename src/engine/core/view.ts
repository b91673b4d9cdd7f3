/** What every variant's view shares: each seat sees its own cards, and how many every other seat holds. */
import type { Card } from "../cards";
import type { Seat, SeatCards } from "../types";

export const seatCards = (hands: readonly (readonly Card[])[], viewer: Seat | null): SeatCards[] =>
  hands.map((cards, s) => ({ count: cards.length, cards: s === viewer ? cards : null }));
