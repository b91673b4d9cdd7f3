/**
 * Danish whist's hand state machine: the melde-tilbage auction over the four
 * bids, then the play (no trump; ace low in nolo, sol and pasnolo), including
 * the early ends of the alone contracts. Pure and allocation-light: shared
 * action objects, one new array per changed field.
 */
import { type Card, STANDARD_DECK, without } from "../../cards";
import { type DuelAuction, auctionBid, auctionOver, auctionPass, minimumRank, startAuction } from "../../core/auction";
import { type TrickRules, addToTrick, breaksFollowSuit, hasSuit, ledSuit, seatToPlay } from "../../core/trick";
import type { Deal } from "../../random";
import type { Action, BaseHand, CompletedTrick, EngineEvent, EngineError, ErrorCode, HandStep, Seat, SeatAction } from "../../types";
import { err, nextSeat } from "../../types";
import { AUCTION_CHOICES, BID_ACTIONS, BIDS, type DanishBid, PASS, bidRank, isAceLow } from "./contract";

export interface DanishContract {
  readonly bid: DanishBid;
  readonly declarer: Seat;
}

/** Why a hand ended: all 13 tricks played, or an alone contract decided early. */
export type DanishEndReason = "allTricks" | "solLost" | "grandiLost" | "grandiMade";

export interface DanishHand extends BaseHand {
  readonly phase: "auction" | "play" | "done";
  readonly auction: DuelAuction;
  /** Every bid and pass, in order (public). */
  readonly bids: readonly SeatAction[];
  /** The contract once the auction is won; null while bidding and in pasnolo. */
  readonly contract: DanishContract | null;
  /** Set when phase is "done". */
  readonly endReason: DanishEndReason | null;
}

/** Pasnolo: everyone passed, so each plays for themself to avoid tricks. */
export const isPasnolo = (hand: DanishHand): boolean => hand.phase !== "auction" && hand.contract === null;

const ACE_HIGH: TrickRules = { trump: null, aceLow: false, jokers: false, jokerTrumpable: false };
const ACE_LOW: TrickRules = { ...ACE_HIGH, aceLow: true };
const rulesOf = (contract: DanishContract | null): TrickRules => (isAceLow(contract?.bid ?? null) ? ACE_LOW : ACE_HIGH);

const PLAY_ACTIONS: Readonly<Record<Card, Action>> = Object.fromEntries(
  STANDARD_DECK.map((card) => [card, Object.freeze({ type: "play", card })]),
);
const NO_EVENTS: readonly EngineEvent[] = Object.freeze([]);

const failure = (code: ErrorCode, message: string, details?: Record<string, unknown>): HandStep<DanishHand> => ({
  ok: false,
  error: err(code, message, details) as EngineError,
});

export function startDanishHand(dealer: Seat, deal: Deal): DanishHand {
  const forehand = nextSeat(dealer);
  return {
    phase: "auction",
    turn: forehand,
    dealer,
    deal,
    hands: deal.hands,
    trick: null,
    tricks: [],
    tricksWon: [0, 0, 0, 0],
    auction: startAuction(forehand),
    bids: [],
    contract: null,
    endReason: null,
  };
}

export function danishLegalActions(hand: DanishHand, seat: Seat): Action[] {
  if (seat !== hand.turn) return [];
  if (hand.phase === "auction") return AUCTION_CHOICES[minimumRank(hand.auction)]!.slice();
  const cards = hand.hands[seat]!;
  const led = ledSuit(hand.trick);
  const mustFollow = led !== null && hasSuit(cards, led);
  const out: Action[] = [];
  for (const card of cards) if (!mustFollow || card[1] === led) out.push(PLAY_ACTIONS[card]!);
  return out;
}

export function applyDanishAction(hand: DanishHand, seat: Seat, action: Action): HandStep<DanishHand> {
  if (hand.phase === "done") return failure("action/wrong-phase", "the hand is over");
  if (seat !== hand.turn) return failure("action/not-your-turn", `it is seat ${hand.turn}'s turn, not seat ${seat}'s`, { turn: hand.turn });
  if (hand.phase === "auction") {
    if (action.type === "bid") return bid(hand, seat, action.bid);
    if (action.type === "pass") return endAuctionIfOver(hand, auctionPass(hand.auction), [...hand.bids, { seat, action: PASS }]);
    if (action.type === "hold") return failure("bid/cannot-hold", "Danish whist has no baghånd: overbid or pass");
    return failure("action/wrong-phase", `"${action.type}" is not allowed in the auction: bid or pass`);
  }
  if (action.type !== "play") return failure("action/wrong-phase", `"${action.type}" is not allowed during play: play a card`);
  return play(hand, seat, action.card);
}

function bid(hand: DanishHand, seat: Seat, bidId: string): HandStep<DanishHand> {
  if (typeof bidId !== "string") return failure("action/malformed", "a bid needs a bid id");
  const rank = bidRank(bidId);
  if (rank < 0) return failure("bid/unknown", `unknown bid "${bidId}"; Danish whist bids are ${BIDS.join(", ")}`, { bid: bidId });
  const min = minimumRank(hand.auction);
  if (rank < min) {
    return failure("bid/too-low", `"${bidId}" does not beat the standing bid "${BIDS[hand.auction.rank]}"`, {
      bid: bidId,
      standing: BIDS[hand.auction.rank],
    });
  }
  const recorded = BID_ACTIONS[rank]!;
  return endAuctionIfOver(hand, auctionBid(hand.auction, rank), [...hand.bids, { seat, action: recorded }]);
}

function endAuctionIfOver(hand: DanishHand, auction: DuelAuction, bids: readonly SeatAction[]): HandStep<DanishHand> {
  if (!auctionOver(auction)) return { ok: true, hand: { ...hand, auction, bids, turn: auction.responder }, events: NO_EVENTS };
  const forehand = nextSeat(hand.dealer);
  if (auction.holder === null) {
    return {
      ok: true,
      hand: { ...hand, auction, bids, phase: "play", turn: forehand },
      events: [{ type: "info", key: "danish.pasnolo" }],
    };
  }
  const contract: DanishContract = { bid: BIDS[auction.rank]!, declarer: auction.holder };
  // Forhånd leads, except that the grandi declarer takes the opening lead.
  const leader = contract.bid === "grandi" ? contract.declarer : forehand;
  return {
    ok: true,
    hand: { ...hand, auction, bids, contract, phase: "play", turn: leader },
    events: [{ type: "info", key: "danish.contract", data: { bid: contract.bid, declarer: contract.declarer } }],
  };
}

function play(hand: DanishHand, seat: Seat, card: Card): HandStep<DanishHand> {
  if (typeof card !== "string") return failure("action/malformed", "a play needs a card");
  const cards = hand.hands[seat]!;
  if (cards.indexOf(card) < 0) return failure("play/card-not-in-hand", `seat ${seat} does not hold ${card}`, { card });
  if (breaksFollowSuit(cards, hand.trick, card)) {
    return failure("play/must-follow-suit", `${card} revokes: follow the led suit ${ledSuit(hand.trick)}`, {
      card,
      led: ledSuit(hand.trick),
    });
  }
  const hands = hand.hands.slice();
  hands[seat] = without(cards, card);
  const { trick, completed } = addToTrick(hand.trick, seat, card, rulesOf(hand.contract));
  if (!completed) return { ok: true, hand: { ...hand, hands, trick, turn: seatToPlay(trick) }, events: NO_EVENTS };

  const tricks = [...hand.tricks, completed];
  const tricksWon = hand.tricksWon.slice();
  tricksWon[completed.winner]!++;
  const endReason = decidedEnd(hand.contract, tricks, tricksWon);
  const events: EngineEvent[] = [{ type: "trickWon", trick: completed }];
  if (endReason === null) {
    return { ok: true, hand: { ...hand, hands, trick: null, tricks, tricksWon, turn: completed.winner }, events };
  }
  return { ok: true, hand: { ...hand, hands, trick: null, tricks, tricksWon, turn: null, phase: "done", endReason }, events };
}

/**
 * Whether the hand is over after a completed trick. Alone contracts stop as
 * soon as the result is certain; nolo, grand and pasnolo are played out (the
 * rules only end alone contracts early, and every trick counts in pasnolo).
 */
function decidedEnd(contract: DanishContract | null, tricks: readonly CompletedTrick[], tricksWon: readonly number[]): DanishEndReason | null {
  if (contract?.bid === "grandi" && tricks.length <= 7) {
    if (tricks[tricks.length - 1]!.winner !== contract.declarer) return "grandiLost";
    if (tricks.length === 7) return "grandiMade";
  }
  if (contract?.bid === "sol" && tricksWon[contract.declarer]! >= 2) return "solLost";
  return tricks.length === 13 ? "allTricks" : null;
}
