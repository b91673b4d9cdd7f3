/**
 * The public facts a variant may put in a hand view's `info` that the table
 * shows for any variant that has them: the round and how many cards each
 * player has in it, who chooses trump, which seats play this round, who is
 * on a dog's life and who waited in the trick in progress. Read defensively:
 * `info` is variant-defined, so a field of the wrong shape counts as absent.
 */
import type { HandView, Seat } from "@/engine/types";

export interface HandInfo {
  /** The round, 0-based, with the cards each player was dealt in it; null when the variant has no rounds of changing size. */
  readonly round: { readonly index: number; readonly cards: number } | null;
  readonly chooser: Seat | null;
  /** The seats dealt in this hand; null when everyone is (the variant does not say). */
  readonly playing: readonly Seat[] | null;
  readonly dogs: readonly Seat[];
  readonly passed: readonly Seat[];
}

const seats = (v: unknown): Seat[] | null => (Array.isArray(v) && v.every((s) => Number.isInteger(s)) ? (v as Seat[]) : null);
const whole = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) ? v : null);

export function readHandInfo(hand: Pick<HandView, "info"> | null): HandInfo {
  const info = hand?.info ?? {};
  const index = whole(info.round);
  const cards = whole(info.cards);
  return {
    round: index !== null && cards !== null ? { index, cards } : null,
    chooser: whole(info.chooser),
    playing: seats(info.playing),
    dogs: seats(info.dogs) ?? [],
    passed: seats(info.passed) ?? [],
  };
}

/** Whether `seat` is out of the game: not dealt in this hand and holding no cards (the variant lists who plays). */
export function isOut(hand: Pick<HandView, "info" | "hands"> | null, seat: Seat): boolean {
  const playing = readHandInfo(hand).playing;
  return hand !== null && playing !== null && !playing.includes(seat) && (hand.hands[seat]?.count ?? 0) === 0;
}
