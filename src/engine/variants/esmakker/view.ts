/**
 * What one seat (or a spectator) may see of an es-makker hand: its own cards,
 * others' counts, the kat hidden except vip's turned cards and the discarder's
 * own discards, the partner only once public, a bordlægger's open hand after
 * the first trick, and the fordækt card as a face-down card of the called suit.
 */
import type { Card, Suit } from "../../cards";
import type { ContractSummary, Play, Seat, SeatCards, Trick, VariantHandView } from "../../types";
import type { EsmakkerViews } from "./meta";
import { type EsmakkerHand, bidDef } from "./hand";
import type { EsmakkerOptions } from "./options";
import { legalActions } from "./rules";
import { contractSummary } from "./scoring";

/** How a fordækt card shows to those who may not see it: "X" plus the suit it counts as. */
export const hiddenCardCode = (suit: string): Card => "X" + suit;

export function viewHand(h: EsmakkerHand, viewer: Seat | null, o: EsmakkerOptions): VariantHandView<EsmakkerViews> {
  const done = h.phase === "done";
  const def = bidDef(h, o);
  const tableOpen = def?.sol === "bordlaegger" || def?.sol === "renbordlaegger" ? h.tricks.length >= 1 : false;
  const hands: SeatCards[] = h.hands.map((cards, s) => ({
    count: cards.length,
    cards: done || s === viewer || (tableOpen && s === h.declarer) ? cards.slice() : null,
  }));
  const kat = {
    count: h.kat.length,
    // The kat's owner sees only the cards it laid there (exchangeUpTo3 leaves the untaken ones unseen).
    cards: h.kat.map((c, i) => (done || (h.katOwner === null ? i < h.vipTurned : h.katOwner === viewer && i < h.katLaid) ? c : null)),
  };
  const masked = h.hidden !== null && !done && viewer !== h.declarer;
  const mask = (p: Play): Play =>
    masked && p.card === h.hidden && p.seat === h.declarer ? { seat: p.seat, card: hiddenCardCode(h.called![1]!) } : p;
  const maskTrick = <T extends Trick>(t: T): T => (masked ? { ...t, plays: t.plays.map(mask) } : t);

  return {
    phase: h.phase,
    turn: h.turn,
    dealer: h.dealer,
    hands,
    kat,
    auction: h.bidding,
    contract: h.phase === "auction" || (done && h.declarer === null) ? null : visibleContract(h, viewer, o),
    trick: h.trick && maskTrick(h.trick),
    tricks: h.tricks.map(maskTrick),
    tricksWon: h.tricksWon,
    legal: viewer !== null && h.turn === viewer ? legalActions(h, viewer, o) : [],
    info: {
      forehand: h.forehand,
      standingBid: h.bid,
      bidder: h.auction.holder,
      passed: h.auction.passed,
      joiners: h.joiners,
      vipTurned: h.deal.kat.slice(0, h.vipTurned),
      katLaidBy: h.katOwner,
      hiddenCard: h.hidden === null ? null : { seat: h.declarer, suit: h.called![1] as Suit, code: hiddenCardCode(h.called![1]!) },
      tableOpen,
      solLost: h.solLost,
      endReason: h.endReason,
    },
  };
}

/** The contract as this viewer knows it: the partner and a selvmakker only once public (or to themselves). */
function visibleContract(h: EsmakkerHand, viewer: Seat | null, o: EsmakkerOptions): ContractSummary | null {
  const full = contractSummary(h, o);
  if (!full || h.phase === "done" || full.called === null) return full;
  const addOn = bidDef(h, o)!.addOn;
  if (h.partner !== null) {
    const known = h.partnerPublic || viewer === h.partner;
    return { ...full, partners: known ? full.partners : [], alone: known ? false : undefined };
  }
  const d = h.declarer!;
  const declarerKnows = viewer === d && (h.hands[d]!.includes(h.called!) || h.deal.hands[d]!.includes(h.called!));
  const known = h.partnerPublic || addOn === "halve" || declarerKnows;
  return { ...full, alone: known ? true : undefined };
}
