/**
 * The es-makker auction (RULES.md §1): bids on the ladder, pass, and the
 * house rules baghånd (hold), gå med (join) and jernhånd (redeal).
 * auctionRefusal is the one statement of what is allowed: legalActions lists
 * what it accepts and applyAction refuses with its code. auctionStep carries
 * an accepted action out; the auction won, setup.ts takes over.
 */
import { HOLD, JOIN, PASS, REDEAL } from "../../actions";
import { type Card, JOKER, rankOf } from "../../cards";
import { auctionBid, auctionOver, auctionPass, canHold, minimumRank } from "../../core/auction";
import type { Action, ErrorCode, Seat } from "../../types";
import { type EsmakkerHand, type Hand, appended, bidDef, edit, finishIn, moveTo } from "./hand";
import { type BidDef, ladderFor } from "./ladder";
import type { EsmakkerOptions } from "./options";
import { setUpContract } from "./setup";

const JK: Card = JOKER;

/** Jernhånd: no ace, no picture card (J, Q, K), no joker. */
export const isIronHand = (cards: readonly Card[]): boolean => cards.every((c) => c !== JK && rankOf(c) < 11);

const hasSpoken = (h: EsmakkerHand, seat: Seat): boolean => h.bidding.some((b) => b.seat === seat);

const isJoinable = (d: BidDef | null | undefined): boolean => d?.sol === "sol" || d?.sol === "rensol";

/** The lowest rank a bid may have now: a bid must beat the standing one. */
export const lowestBidRank = (h: EsmakkerHand): number => minimumRank(h.auction);

/**
 * Why `seat` may not take `action` in the auction: the error code, or null
 * when it may. The bids it accepts are the ladder's from lowestBidRank on.
 */
export function auctionRefusal(h: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions): ErrorCode | null {
  if (action.type !== "bid") return notBidRefusal(h, seat, action.type, o);
  if (typeof action.bid !== "string") return "action/malformed";
  const def = ladderFor(o).byId.get(action.bid);
  if (!def) return "bid/unknown";
  return def.rank < lowestBidRank(h) ? "bid/too-low" : null;
}

/** auctionRefusal of an action other than a bid, by its type. */
function notBidRefusal(h: EsmakkerHand, seat: Seat, type: Action["type"], o: EsmakkerOptions): ErrorCode | null {
  switch (type) {
    case "pass":
      return null;
    case "hold":
      return canHold(h.auction, o.baghaand) ? null : "bid/cannot-hold";
    case "join":
      return o.gaaMed && isJoinable(bidDef(h, o)) ? null : "join/not-allowed";
    case "redeal":
      return o.jernhaand && !hasSpoken(h, seat) && isIronHand(h.hands[seat]!) ? null : "redeal/not-allowed";
    default:
      return "action/wrong-phase";
  }
}

/** The actions besides bids that auctionRefusal accepts: pass, then hold, join and redeal where allowed. */
export function auctionOthers(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions): Action[] {
  // One call per type written out, so that each inlines to that type's case.
  const out: Action[] = [];
  if (notBidRefusal(h, seat, "pass", o) === null) out.push(PASS);
  if (notBidRefusal(h, seat, "hold", o) === null) out.push(HOLD);
  if (notBidRefusal(h, seat, "join", o) === null) out.push(JOIN);
  if (notBidRefusal(h, seat, "redeal", o) === null) out.push(REDEAL);
  return out;
}

/** The bids allowed (the ladder's shared actions from lowestBidRank on), then the others. */
export function auctionActions(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions): Action[] {
  return ladderFor(o).bidActions.slice(lowestBidRank(h)).concat(auctionOthers(h, seat, o));
}

/** A bid, hold, pass, join or redeal, which auctionRefusal accepts, on the fork `d`. */
export function auctionStep(d: Hand, seat: Seat, action: Action, o: EsmakkerOptions): void {
  const s = edit(d);
  const a = s.auction;
  s.bidding = appended(s.bidding, { seat, action });
  if (action.type === "redeal") return finishIn(d, "redeal");
  if (action.type === "bid") {
    const def = ladderFor(o).byId.get(action.bid)!;
    s.auction = auctionBid(a, def.rank);
    s.bid = def.id;
    s.joiners = [];
  } else if (action.type === "hold") {
    s.auction = auctionBid(a, a.rank);
  } else {
    s.auction = auctionPass(a);
    if (action.type === "join") s.joiners = appended(s.joiners, seat);
  }
  const next = s.auction;
  if (!auctionOver(next)) return moveTo(d, "auction", next.responder);
  if (next.holder === null) {
    s.bid = null;
    return finishIn(d, "allPassed");
  }
  setUpContract(d, next.holder, ladderFor(o).byId.get(s.bid!)!, o);
}
