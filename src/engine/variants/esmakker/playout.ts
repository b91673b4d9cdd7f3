/**
 * Fast random play for the engine's playouts (simulate.ts: simulations, the
 * benchmark, the property tests): Variant.randomLegalAction picks what
 * legalActions(h, seat, o)[rng.int(n)] would, without building the lists it
 * can index (the exchange's up to 287 discards, the bids, the legal cards);
 * Variant.playHandOut plays a hand to its end that way on one private fork.
 * Both only index what the phases' rules allow; they decide nothing.
 */
import { PLAY_ACTIONS } from "../../actions";
import type { Rng } from "../../random";
import type { Action, Seat } from "../../types";
import { auctionOthers, lowestBidRank } from "./auction";
import { randomExchange } from "./exchange";
import { type EsmakkerHand, type Hand, asHand, fork } from "./hand";
import { ladderFor } from "./ladder";
import type { EsmakkerOptions } from "./options";
import { bitCount, lowestBit, playCard, playMask } from "./play";
import { legalActions, setUpStep } from "./rules";

/** legalActions(h, seat, o)[rng.int(n)] for the n legal actions (null when none), building the list only where it is cheap. */
export function randomLegalAction(hand: EsmakkerHand, seat: Seat, o: EsmakkerOptions, rng: Rng): Action | null {
  const h = asHand(hand);
  if (h.turn !== seat) return null;
  if (h.phase === "exchange") return randomExchange(h, seat, o, rng);
  if (h.phase === "play") return PLAY_ACTIONS[h.holding.index[(seat << 4) + randomPlayPosition(h, seat, rng)]!]!;
  if (h.phase === "auction") {
    // Indexes legalActions' list (the bids allowed, then the others) without copying the bids.
    const bids = ladderFor(o).bidActions;
    const from = lowestBidRank(h);
    const others = auctionOthers(h, seat, o);
    const pick = rng.int(bids.length - from + others.length);
    return pick < bids.length - from ? bids[from + pick]! : others[pick - (bids.length - from)]!;
  }
  const legal = legalActions(h, seat, o);
  return legal.length === 0 ? null : legal[rng.int(legal.length)]!;
}

// The set bits of a byte, and the position of its k-th set bit at k * 256 + byte: a random card's position in two lookups.
const BITS_IN_BYTE = Uint8Array.from({ length: 256 }, (_, b) => bitCount(b));
const NTH_BIT_IN_BYTE = new Uint8Array(8 * 256);
for (let b = 0; b < 256; b++) for (let k = 0, m = b; m !== 0; k++, m &= m - 1) NTH_BIT_IN_BYTE[(k << 8) | b] = lowestBit(m);

/** The position of a random legal card of `seat`: the k-th set bit of the play mask is the k-th entry of playActions' list. */
function randomPlayPosition(h: Hand, seat: Seat, rng: Rng): number {
  const mask = playMask(h, seat); // positions below 16
  const low = mask & 0xff, lowCount = BITS_IN_BYTE[low]!;
  const k = rng.int(lowCount + BITS_IN_BYTE[mask >>> 8]!);
  return k < lowCount ? NTH_BIT_IN_BYTE[(k << 8) | low]! : 8 + NTH_BIT_IN_BYTE[((k - lowCount) << 8) | (mask >>> 8)]!;
}

/**
 * Variant.playHandOut: the rest of the hand with random legal actions (the
 * actions and draws of randomLegalAction + applyAction step by step), on one
 * fork of the hand changed in place: the set-up by setUpStep, the cards by
 * playCard.
 */
export function playHandOut(hand: EsmakkerHand, o: EsmakkerOptions, rng: Rng, onAction?: (seat: Seat, action: Action) => void): EsmakkerHand {
  const d = fork(asHand(hand));
  while (d.phase !== "play" && d.phase !== "done") {
    const seat = d.turn!;
    const action = randomLegalAction(d, seat, o, rng)!;
    if (onAction) onAction(seat, action);
    setUpStep(d, seat, action, o);
  }
  if (d.phase !== "play") return d;
  // The fork's own lists, which playCard may then extend in place.
  d.trickLog = d.trickLog.slice();
  d.tricksWon = d.tricksWon.slice();
  while (d.phase === "play") {
    const seat = d.turn!;
    const pos = randomPlayPosition(d, seat, rng);
    if (onAction) onAction(seat, PLAY_ACTIONS[d.holding.index[(seat << 4) + pos]!]!);
    playCard(d, seat, pos, o, true);
  }
  return d;
}
