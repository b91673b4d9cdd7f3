/**
 * Bids: choosing a bid, and reading other seats' auction actions back as
 * evidence about their hands. What a bid id means ("8vip": eight tricks with
 * vip, "sol": at most one trick, ...) the variant describes (describeBid), so
 * a bot understands every ladder without a copy of it.
 * One rule decides both ways: a bot bids when its hand's margin for a bid is
 * >= 0 (on a ladder of trick levels, es-makker's: the cheapest such bid,
 * going higher by melde tilbage; where the bids are different games, Danish
 * whist's: the most valuable one, since the cheaper one cannot be raised when
 * nobody competes), and the deal sampler assumes every seat bid by that same
 * rule (auctionEvidence).
 */
import type { Card, Suit } from "../engine/cards";
import { describeBid, variantMeta } from "../engine/meta";
import type { Action, BidMeaning, MatchView, Seat } from "../engine/types";
import { callMargin, joinMargin, trumpChoiceMargin } from "./choices";
import { type HandProfile, bestTrumpOf, handProfile, profileTricks } from "./evaluate";
import { type AuctionStep, partnerCalled } from "./facts";

/** A bid as the bots read it: its meaning, or unknown for an id the variant does not describe. */
export type BidKind = BidMeaning | { readonly kind: "unknown" };

/** What bid `id` of `variant` means. */
export const bidKind = (variant: string, id: string): BidKind => describeBid(variant, id) ?? { kind: "unknown" };

/** Tricks a partner typically adds in es-makker (the called ace and a little more), plus the kat exchange. */
const ESMAKKER_PARTNER_TRICKS = 2.6;
/** A partner's share in fixed-pair no-trump games (a quarter of the high cards). */
const PAIR_PARTNER_TRICKS = 2.8;

/** How far a profiled hand exceeds the requirement of a bid (>= 0: the bot is willing to bid it). */
export function bidMarginOf(p: HandProfile, bid: BidKind, boldness: number): number {
  switch (bid.kind) {
    case "tricks": {
      const partner = ESMAKKER_PARTNER_TRICKS + boldness;
      switch (bid.addOn) {
        case null:
          return bestTrumpOf(p).tricks + partner - bid.tricks;
        case "gode":
          return profileTricks(p, "C") + partner - bid.tricks;
        case "staerke":
          return profileTricks(p, "S") + partner - bid.tricks;
        case "sans":
          return p.noTrump + partner - 0.5 - bid.tricks;
        case "vip": // trump decided by the kat: assume a poorer fit
          return bestTrumpOf(p).tricks + partner - 1.5 - bid.tricks;
        case "halve": // the partner picks trump and exchanges
          return bestTrumpOf(p).tricks + partner - 1.5 - bid.tricks;
      }
      return -1;
    }
    case "avoid": {
      const risk = p.avoidRisk;
      if (bid.maxTricks >= 6) return 2.2 + boldness - risk - Math.max(0, p.noTrump - 2);
      const allowed = bid.maxTricks === 0 ? 0.15 : 0.6;
      return allowed + boldness * 0.2 - risk - (bid.open ? 0.2 : 0);
    }
    case "grand": // half a trick more wanted for each extra unit of penalty (a lost Norwegian grand costs double)
      return p.noTrump + (PAIR_PARTNER_TRICKS - (bid.penalty - 1) / 2) + boldness - 7;
    case "grandi":
      return p.noTrump + boldness * 0.5 - 7.2;
    case "unbid":
    case "unknown":
      return -1;
  }
}

/** How far a hand exceeds the requirement of a bid (>= 0: the bot is willing to bid it). */
export const bidMargin = (cards: readonly Card[], bid: BidKind, boldness: number): number => bidMarginOf(handProfile(cards), bid, boldness);

/**
 * Where the bids are different games (Danish whist's four), bidding the
 * cheaper one (nolo with a sol hand, grand with a grandi hand) settles for
 * less when nobody competes. On a ladder (es-makker's) a bot starts low and
 * raises by melde tilbage when overbid.
 */
const bidsMostValuable = (variant: string): boolean => variantMeta(variant)?.auction === "calls";

type BidAction = Extract<Action, { type: "bid" }>;
const bidActions = (legal: readonly Action[]): BidAction[] => legal.filter((a): a is BidAction => a.type === "bid");

/** The bid the auction rule picks from `bids` (cheapest first, as every ladder lists them), or null. */
function pickBid(p: HandProfile, bids: readonly BidAction[], variant: string, boldness: number): BidAction | null {
  const supported = bids.filter((b) => bidMarginOf(p, bidKind(variant, b.bid), boldness) >= 0);
  if (supported.length === 0) return null;
  return bidsMostValuable(variant) ? supported[supported.length - 1]! : supported[0]!;
}

/** The standing bid id before the auction action at `index` (or now, without an index). */
function standingBid(view: MatchView, index = Infinity): string | null {
  const auction = view.hand?.auction ?? [];
  for (let i = Math.min(index, auction.length) - 1; i >= 0; i--) {
    const a = auction[i]!.action;
    if (a.type === "bid") return a.bid;
  }
  return null;
}

/**
 * Chooses among the legal auction actions: hold, else the bid the rule picks,
 * else pass. Never gå med: the card play does not know joined sol players yet.
 */
export function chooseAuctionAction(view: MatchView, me: Seat, cards: readonly Card[], legal: readonly Action[], boldness: number): Action {
  const p = handProfile(cards);
  const hold = legal.find((a) => a.type === "hold");
  if (hold && view.hand?.contract === null) {
    // Holding the standing bid: fine when we would have bid it ourselves.
    const standing = standingBid(view);
    if (standing !== null && bidMarginOf(p, bidKind(view.variant, standing), boldness) >= 0) return hold;
  }
  const bid = pickBid(p, bidActions(legal), view.variant, boldness);
  if (bid) return bid;
  const pass = legal.find((a) => a.type === "pass");
  if (pass) return pass;
  return hold ?? legal[0]!;
}

/**
 * One thing a seat showed about its hand: `margin` is >= 0 for the hands
 * with which a bot in that seat would have acted the same way, and falls the
 * further a hand is from that. The sampler weighs deals by it.
 */
export interface Evidence {
  readonly seat: Seat;
  /** What was seen, for tests and debugging ("bid 10", "pass", "trump H", ...). */
  readonly what: string;
  readonly margin: (p: HandProfile) => number;
}

/** Margin of the best bid a hand would have made from `bids` (−Infinity when there are none). */
const bestMargin = (p: HandProfile, bids: readonly BidKind[]): number => bids.reduce((m, b) => Math.max(m, bidMarginOf(p, b, 0)), -Infinity);

/**
 * What the auction and the contract set-up say about each seat's hand, read
 * with the bots' own rules: a bid says the hand supports it (and, where the
 * rule takes the most valuable bid, that no higher legal bid was supported);
 * a pass says no legal bid was; a hold, that the standing bid was; gå med,
 * that the hand is safe for sol; the declarer's trump, that it is the hand's
 * best suit; the called ace, that the declarer lacks it and likes its suit.
 * `steps` are the auction's actions with what was legal at each one
 * (facts.auctionSteps). Seats that exchanged with the kat hold different
 * cards now, so their passes are not read.
 */
export function auctionEvidence(view: MatchView, steps: readonly AuctionStep[]): Evidence[] {
  const variant = view.variant;
  const out: Evidence[] = [];
  const exchanged = view.hand?.info.katLaidBy ?? null;
  steps.forEach((step, i) => {
    const { seat, action } = step;
    const legalBids = bidActions(step.legal).map((b) => bidKind(variant, b.bid));
    switch (action.type) {
      case "bid": {
        const bid = bidKind(variant, action.bid);
        const ids = bidActions(step.legal).map((b) => b.bid);
        const higher = bidsMostValuable(variant) ? legalBids.slice(ids.indexOf(action.bid) + 1) : [];
        out.push({ seat, what: `bid ${action.bid}`, margin: (p) => Math.min(bidMarginOf(p, bid, 0), -bestMargin(p, higher)) });
        break;
      }
      case "hold": {
        const standing = standingBid(view, i);
        if (standing === null) break;
        const bid = bidKind(variant, standing);
        out.push({ seat, what: `hold ${standing}`, margin: (p) => bidMarginOf(p, bid, 0) });
        break;
      }
      case "pass": {
        if (seat === exchanged || legalBids.length === 0) break;
        const standing = step.legal.some((a) => a.type === "hold") ? standingBid(view, i) : null;
        const options = standing === null ? legalBids : [...legalBids, bidKind(variant, standing)];
        out.push({ seat, what: "pass", margin: (p) => -bestMargin(p, options) });
        break;
      }
      case "join":
        out.push({ seat, what: "join", margin: joinMargin });
        break;
      default:
        break;
    }
  });
  out.push(...contractEvidence(view));
  return out;
}

/** Where the partner is called (es-makker): the declarer's (or, in halve, the partner's) trump and the called card. */
function contractEvidence(view: MatchView): Evidence[] {
  const contract = view.hand?.contract;
  if (!partnerCalled(view.variant) || !contract || contract.declarer === null) return [];
  const bid = bidKind(view.variant, contract.bid);
  if (bid.kind !== "tricks") return [];
  const out: Evidence[] = [];
  const declarer = contract.declarer;
  const trump = contract.trump;
  // Plain contracts: the declarer named trump; halve: the called ace's holder did, once public.
  const trumpChooser = bid.addOn === null ? declarer : bid.addOn === "halve" ? (contract.partners[0] ?? null) : null;
  const calledSuit = contract.called ? (contract.called[1] as Suit) : null;
  if (trump !== null && trumpChooser !== null) {
    const allowed = bid.addOn === "halve" && calledSuit ? (["S", "H", "D", "C"] as Suit[]).filter((s) => s !== calledSuit) : undefined;
    out.push({ seat: trumpChooser, what: `trump ${trump}`, margin: (p) => trumpChoiceMargin(p, trump, allowed) });
  }
  const called = contract.called;
  if (called) {
    // The call comes after trump in plain, gode and stærke contracts, and then never names the trump suit.
    const trumpKnownAtCall = bid.addOn === null || bid.addOn === "gode" || bid.addOn === "staerke";
    out.push({ seat: declarer, what: `call ${called}`, margin: (p) => callMargin(p, called, trumpKnownAtCall ? trump : null) });
  }
  return out;
}
