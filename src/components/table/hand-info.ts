/**
 * The public facts a variant may put in a hand view's `info` that the table
 * shows for any variant that has them: the round and how many cards each
 * player has in it, who chooses trump, which seats play this round, who is
 * on a dog's life and who waited in the trick in progress. A variant without
 * a fact has its key typed as absent, so every variant's view reads the same.
 */
import type { HandView, Seat } from "@/engine/types";

export interface HandInfo {
  /** The round, 0-based, with the cards each player was dealt in it; null when the variant has no rounds of changing size. */
  readonly round: { readonly index: number; readonly cards: number } | null;
  readonly chooser: Seat | null;
  /** The seats dealt in this hand; null when everyone is (the variant does not say). */
  readonly playing: readonly Seat[] | null;
  readonly dogs: readonly Seat[];
  readonly waited: readonly Seat[];
}

export function readHandInfo(hand: Pick<HandView, "info"> | null): HandInfo {
  const info = hand?.info;
  const index = info?.round ?? null;
  const cards = info?.cards ?? null;
  return {
    round: index !== null && cards !== null ? { index, cards } : null,
    chooser: info?.chooser ?? null,
    playing: info?.playing ?? null,
    dogs: info?.dogs ?? [],
    waited: info?.waited ?? [],
  };
}

/** Whether `seat` is out of the game: not dealt in this hand and holding no cards (the variant lists who plays). */
export function isOut(hand: Pick<HandView, "info" | "hands"> | null, seat: Seat): boolean {
  const playing = readHandInfo(hand).playing;
  return hand !== null && playing !== null && !playing.includes(seat) && (hand.hands[seat]?.count ?? 0) === 0;
}
