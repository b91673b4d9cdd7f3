/**
 * What one seat (or a spectator) sees of a Danish whist hand: its own cards,
 * the others' card counts, the public auction, contract and tricks, and its
 * own legal actions.
 */
import type { Seat, VariantHandView } from "../../types";
import { seatCards } from "../../core/view";
import { nextSeat } from "../../types";
import { BIDS, isAceLow } from "./contract";
import { type DanishHand, danishLegalActions, isPasnolo } from "./hand";
import type { DanishViews } from "./meta";
import { contractSummary } from "./score";

export function viewDanishHand(hand: DanishHand, seat: Seat | null): VariantHandView<DanishViews> {
  const hands = seatCards(hand.hands, seat);
  const pasnolo = isPasnolo(hand);
  return {
    phase: hand.phase,
    turn: hand.turn,
    dealer: hand.dealer,
    hands,
    kat: null,
    auction: hand.bids,
    contract: contractSummary(hand.contract),
    trick: hand.trick,
    tricks: hand.tricks,
    tricksWon: hand.tricksWon,
    legal: seat === null ? [] : danishLegalActions(hand, seat),
    // Auction facts under the same keys as es-makker's view, so a table can show either the same way.
    info: {
      forehand: nextSeat(hand.dealer),
      standingBid: hand.auction.holder === null ? null : (BIDS[hand.auction.rank] ?? null),
      bidder: hand.auction.holder,
      passed: hand.auction.passed,
      pasnolo,
      aceLow: hand.phase === "auction" ? null : isAceLow(hand.contract?.bid ?? null),
      endReason: hand.endReason,
    },
  };
}
