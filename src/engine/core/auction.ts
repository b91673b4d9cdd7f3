/**
 * The "melde tilbage" auction shared by es-makker and Danish whist. Bids are
 * ranks on a ladder (higher number = stronger). Forhånd speaks first; every
 * bid must beat the standing bid. When a bid is overbid, the overbid player
 * answers at once (bid higher or pass) and the two go on until one passes;
 * only then does the next seat come in. A seat that passed is out.
 * With `allowHold` (baghånd), the responder who sits earlier in the bidding
 * order may hold the standing bid instead of overbidding it.
 */
import type { Seat } from "../types";
import { nextSeat } from "../types";

export interface DuelAuction {
  /** Seat holding the standing bid, or null before anyone bid. */
  readonly holder: Seat | null;
  /** Rank of the standing bid on the ladder (meaningless while holder is null). */
  readonly rank: number;
  /** Seat that must answer now; null once the auction is over. */
  readonly responder: Seat | null;
  /** Seats that have not spoken yet, in the order they come in. */
  readonly queue: readonly Seat[];
  readonly passed: readonly boolean[];
  /** Position of each seat in the bidding order (forhånd = 0). */
  readonly order: readonly number[];
}

// Every auction state is written as one literal in this field order: cheaper than an object spread, one hidden class.
const auction = (
  holder: Seat | null,
  rank: number,
  responder: Seat | null,
  queue: readonly Seat[],
  passed: readonly boolean[],
  order: readonly number[],
): DuelAuction => ({ holder, rank, responder, queue, passed, order });

export const startAuction = (forehand: Seat): DuelAuction => {
  const order = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) order[nextSeat(forehand, i)] = i;
  return auction(null, -1, forehand, [nextSeat(forehand, 1), nextSeat(forehand, 2), nextSeat(forehand, 3)], [false, false, false, false], order);
};

/** The lowest rank the responder may bid now (a bid must be strictly higher). */
export const minimumRank = (a: DuelAuction): number => (a.holder === null ? 0 : a.rank + 1);

/** May the responder hold (baghånd) the standing bid? */
export const canHold = (a: DuelAuction, allowHold: boolean): boolean =>
  allowHold && a.holder !== null && a.responder !== null && a.order[a.responder]! < a.order[a.holder]!;

/** The responder bids `rank` (caller checked it is high enough) or holds at the same rank. */
export function auctionBid(a: DuelAuction, rank: number): DuelAuction {
  const bidder = a.responder!;
  if (a.holder === null) return auction(bidder, rank, a.queue[0] ?? null, a.queue.slice(1), a.passed, a.order);
  // Duel: the overbid (or held) player answers next.
  return auction(bidder, rank, a.holder, a.queue, a.passed, a.order);
}

/** The responder passes and is out; the next seat in the queue comes in, or the auction ends. */
export function auctionPass(a: DuelAuction): DuelAuction {
  const passed = a.passed.slice();
  passed[a.responder!] = true;
  // Indexing and slice: a `[next, ...rest]` destructuring goes through the iterator protocol.
  return auction(a.holder, a.rank, a.queue[0] ?? null, a.queue.slice(1), passed, a.order);
}

/** Over: a winner (holder) or, when every seat passed, holder null. */
export const auctionOver = (a: DuelAuction): boolean => a.responder === null;
