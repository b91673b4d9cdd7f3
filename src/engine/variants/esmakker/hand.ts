/**
 * Es-makker hand state and its rules: the auction (melde tilbage, baghånd,
 * jernhånd, gå med), the contract set-up (trump, called ace, vip turns, halve,
 * exchange, fordækt kort) and the play, as pure functions over immutable state.
 * The hot path (legal moves and applying a card) reuses frozen action objects
 * and copies only the small arrays it changes.
 */
import {
  CALL_ACTIONS,
  DECLINE,
  HIDE_ACTIONS,
  HOLD,
  JOIN,
  PASS,
  PLAY_ACTIONS,
  REDEAL,
  TRUMP_ACTIONS,
  VIP_ACCEPT,
  VIP_TURN,
} from "../../actions";
import { type Card, type Suit, JOKER, JOKER_INDEX, SUITS, cardIndex, indexOfCard, rankOf, withoutAll } from "../../cards";
import { type DuelAuction, auctionBid, auctionOver, auctionPass, canHold, minimumRank, startAuction } from "../../core/auction";
import { type TrickRules, currentWinner, playOf, withPlay } from "../../core/trick";
import type { Deal, Rng } from "../../random";
import {
  type Action,
  type BaseHand,
  type CompletedTrick,
  type EngineEvent,
  type ErrorCode,
  type HandStep,
  type MatchContext,
  type Play,
  type Seat,
  type SeatAction,
  err,
  nextSeat,
} from "../../types";
import { type BidDef, ladderFor } from "./ladder";
import type { EsmakkerOptions } from "./options";

export type Phase = "auction" | "trump" | "call" | "vip" | "exchange" | "hide" | "play" | "done";

export interface EsmakkerHand extends BaseHand {
  readonly phase: Phase;
  readonly forehand: Seat;
  readonly auction: DuelAuction;
  /** Every auction action in order (bids, holds, passes, joins, a redeal). */
  readonly bidding: readonly SeatAction[];
  /** The standing bid id during the auction; the contract after it (null: nobody bid). */
  readonly bid: string | null;
  /** Gå med: seats that joined the standing sol / ren sol (not the declarer). */
  readonly joiners: readonly Seat[];
  readonly declarer: Seat | null;
  readonly trump: Suit | null;
  /** The called ace (or king); null for sol contracts and before the call. */
  readonly called: Card | null;
  /** Holder of the called card when it was called; null when the declarer is alone. */
  readonly partner: Seat | null;
  /** True once everyone knows who the partner is (called card played, or halve reveal). */
  readonly partnerPublic: boolean;
  /** The kat now: dealt, then whatever the last exchanger laid face down. */
  readonly kat: readonly Card[];
  /** Seat that laid the current kat (sees it); null while it is the dealt kat. */
  readonly katOwner: Seat | null;
  /** Vip: kat cards turned face up so far (kat[0..vipTurned-1]). */
  readonly vipTurned: number;
  /** Seats still to exchange, the first one acting now. */
  readonly exchangers: readonly Seat[];
  /** Fordækt kort: the declarer's face-down card that counts as the called suit. */
  readonly hidden: Card | null;
  /** Index of the trick in which the called suit was first led; -1 before. */
  readonly calledLedAt: number;
  /** Sol contracts: players who took a trick too many. */
  readonly solLost: readonly Seat[];
  readonly rules: TrickRules;
  /** Why the hand ended: "allTricks", "allPassed", "redeal", "solLost"; null while it runs. */
  readonly endReason: string | null;
}

// A local copy: module bindings can cost a getter call on the hot path.
const JK: Card = JOKER;

// ---------------------------------------------------------------------------
// Frozen action objects, shared by every call of legalActions.
const KEEP: Action = Object.freeze({ type: "exchange", discard: Object.freeze([]) as readonly Card[] });

const fail = (code: ErrorCode, message: string, details?: Record<string, unknown>): HandStep<EsmakkerHand> => ({
  ok: false,
  error: err(code, message, details),
});
const NO_EVENTS: readonly EngineEvent[] = Object.freeze([]);
const step = (hand: EsmakkerHand, events: readonly EngineEvent[] = NO_EVENTS): HandStep<EsmakkerHand> => ({ ok: true, hand, events });

// ---------------------------------------------------------------------------
// Small queries

export const bidDef = (h: EsmakkerHand, o: EsmakkerOptions): BidDef | null => (h.bid === null ? null : ladderFor(o).byId.get(h.bid) ?? null);

/** Jernhånd: no ace, no picture card (J, Q, K), no joker. */
export const isIronHand = (cards: readonly Card[]): boolean => cards.every((c) => c !== JK && rankOf(c) < 11);

/** Seats playing a sol contract: the declarer then the joiners. */
export const solPlayers = (h: EsmakkerHand): Seat[] => (h.declarer === null ? [] : [h.declarer, ...h.joiners]);

/** Where a card is now: a seat, or "kat", or null when played. */
const holderOf = (h: EsmakkerHand, card: Card): Seat | "kat" | null => {
  for (let s = 0; s < 4; s++) if (h.hands[s]!.includes(card)) return s as Seat;
  return h.kat.includes(card) ? "kat" : null;
};

/** Suit a card counts as in this seat's hand (the fordækt card counts as the called suit); null for a joker. */
const suitFor = (h: EsmakkerHand, seat: Seat, c: Card): Suit | null =>
  c === JK ? null : c === h.hidden && seat === h.declarer ? (h.called![1] as Suit) : (c[1] as Suit);

const holdsSuit = (h: EsmakkerHand, seat: Seat, suit: Suit): boolean => {
  for (const c of h.hands[seat]!) if (suitFor(h, seat, c) === suit) return true;
  return false;
};

/** Cards the declarer may call now: aces of the allowed suits, kings too when every such ace is the declarer's. */
export function callableCards(h: EsmakkerHand): Card[] {
  const suits = SUITS.filter((s) => s !== h.trump);
  const aces = suits.map((s) => "A" + s);
  const own = h.hands[h.declarer!]!;
  return aces.every((a) => own.includes(a)) ? [...aces, ...suits.map((s) => "K" + s)] : aces;
}

/** The trump a vip acceptance gives after `n` turned cards (null = no trump). */
export function vipTrump(kat: readonly Card[], n: number, jokerPrevious: boolean): Suit | null {
  const c = kat[n - 1]!;
  if (c !== JK) return c[1] as Suit;
  return jokerPrevious && n > 1 ? vipTrump(kat, n - 1, jokerPrevious) : null;
}

const hasSpoken = (h: EsmakkerHand, seat: Seat): boolean => h.bidding.some((b) => b.seat === seat);

const isJoinable = (d: BidDef | null | undefined): boolean => d?.sol === "sol" || d?.sol === "rensol";

// ---------------------------------------------------------------------------
// Start

export function startHand(ctx: MatchContext<EsmakkerOptions>, deal: Deal): EsmakkerHand {
  const forehand = nextSeat(ctx.dealer);
  return clone({
    phase: "auction",
    turn: forehand,
    dealer: ctx.dealer,
    deal,
    hands: deal.hands.map((x) => x.slice()),
    trick: null,
    tricks: [],
    tricksWon: [0, 0, 0, 0],
    forehand,
    auction: startAuction(forehand),
    bidding: [],
    bid: null,
    joiners: [],
    declarer: null,
    trump: null,
    called: null,
    partner: null,
    partnerPublic: false,
    kat: deal.kat.slice(),
    katOwner: null,
    vipTurned: 0,
    exchangers: [],
    hidden: null,
    calledLedAt: -1,
    solLost: [],
    rules: { trump: null, aceLow: false, jokers: true, jokerTrumpable: ctx.options.jokerTrumpable },
    endReason: null,
  });
}

type Draft = { -readonly [K in keyof EsmakkerHand]: EsmakkerHand[K] };

/**
 * A copy with every field written out in one fixed order: V8 copies such a
 * literal many times faster than an object spread of this size, and the
 * hand's hidden class stays the same through the whole hand.
 */
function clone(h: EsmakkerHand): Draft {
  return {
    phase: h.phase,
    turn: h.turn,
    dealer: h.dealer,
    deal: h.deal,
    hands: h.hands,
    trick: h.trick,
    tricks: h.tricks,
    tricksWon: h.tricksWon,
    forehand: h.forehand,
    auction: h.auction,
    bidding: h.bidding,
    bid: h.bid,
    joiners: h.joiners,
    declarer: h.declarer,
    trump: h.trump,
    called: h.called,
    partner: h.partner,
    partnerPublic: h.partnerPublic,
    kat: h.kat,
    katOwner: h.katOwner,
    vipTurned: h.vipTurned,
    exchangers: h.exchangers,
    hidden: h.hidden,
    calledLedAt: h.calledLedAt,
    solLost: h.solLost,
    rules: h.rules,
    endReason: h.endReason,
  };
}

/** A new hand: `h` with the fields of `changes` replaced. */
const patch = (h: EsmakkerHand, changes: Partial<EsmakkerHand>): EsmakkerHand => Object.assign(clone(h), changes);

const finish = (h: EsmakkerHand, endReason: string, extra: Partial<EsmakkerHand> = {}): EsmakkerHand =>
  patch(patch(h, extra), { phase: "done", turn: null, endReason });

// ---------------------------------------------------------------------------
// Legal actions

export function legalActions(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions): Action[] {
  if (h.turn !== seat) return [];
  switch (h.phase) {
    case "auction": {
      const ladder = ladderFor(o);
      const out = ladder.bidActions.slice(minimumRank(h.auction));
      out.push(PASS);
      if (canHold(h.auction, o.baghaand)) out.push(HOLD);
      if (o.gaaMed && isJoinable(bidDef(h, o))) out.push(JOIN);
      if (o.jernhaand && !hasSpoken(h, seat) && isIronHand(h.hands[seat]!)) out.push(REDEAL);
      return out;
    }
    case "trump": {
      const banned = h.called ? h.called[1] : null; // halve: not the called ace's suit
      return SUITS.filter((s) => s !== banned).map((s) => TRUMP_ACTIONS[s]);
    }
    case "call":
      return callableCards(h).map((c) => CALL_ACTIONS[cardIndex(c)]!);
    case "vip":
      return h.vipTurned === 0 ? [VIP_TURN] : h.vipTurned < 3 ? [VIP_TURN, VIP_ACCEPT] : [VIP_ACCEPT];
    case "exchange":
      return exchangeActions(h, seat);
    case "hide": {
      const out: Action[] = [DECLINE];
      for (const c of h.hands[seat]!) if (c !== JK) out.push(HIDE_ACTIONS[cardIndex(c)]!);
      return out;
    }
    case "play":
      return playActions(h, seat);
    default:
      return [];
  }
}

/** Index triples i < j < k below n, precomputed per hand size. */
const TRIPLES: number[][] = [];
const triplesBelow = (n: number): number[] => {
  let t = TRIPLES[n];
  if (!t) {
    t = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) for (let k = j + 1; k < n; k++) t.push(i, j, k);
    TRIPLES[n] = t;
  }
  return t;
};

/** The cards `seat` may lay away (all but the called card) and whether keeping the hand is allowed. */
function exchangeChoices(h: EsmakkerHand, seat: Seat): { hand: readonly Card[]; mayKeep: boolean } {
  const held = h.hands[seat]!;
  const hand = h.called === null ? held : held.filter((c) => c !== h.called);
  return { hand, mayKeep: !(h.bid !== null && h.bid.endsWith("vip")) }; // vip: the exchange is compulsory
}

/**
 * Jokers are alike, so index triples that give the same discard list are one
 * choice, listed where it first appears in i < j < k order: there each joker
 * sits at the first joker position after the previous card of the triple.
 * `firstJokerFrom[p]` is the first joker position at or after p.
 */
function isFirstOfAlike(hand: readonly Card[], firstJokerFrom: readonly number[], i: number, j: number, k: number): boolean {
  return (
    (hand[i] !== JK || firstJokerFrom[0] === i) &&
    (hand[j] !== JK || firstJokerFrom[i + 1] === j) &&
    (hand[k] !== JK || firstJokerFrom[j + 1] === k)
  );
}

/** firstJokerFrom for isFirstOfAlike, or null when the hand holds fewer than two jokers (no alikes). */
function jokerPositions(hand: readonly Card[]): number[] | null {
  const from = new Array<number>(hand.length + 1).fill(hand.length);
  let jokers = 0;
  for (let p = hand.length - 1; p >= 0; p--) {
    from[p] = hand[p] === JK ? (jokers++, p) : from[p + 1]!;
  }
  return jokers >= 2 ? from : null;
}

/**
 * Frozen exchange actions by their cards' indices (a * 53 + b) * 53 + c, made
 * on first use: listing up to 287 discards then allocates nothing per entry.
 */
let discardTable: (Action | undefined)[] | null = null;
function discardAction(hand: readonly Card[], index: readonly number[], i: number, j: number, k: number): Action {
  const table = (discardTable ??= new Array<Action | undefined>(53 * 53 * 53));
  const key = (index[i]! * 53 + index[j]!) * 53 + index[k]!;
  return (table[key] ??= Object.freeze({ type: "exchange", discard: Object.freeze([hand[i]!, hand[j]!, hand[k]!]) }) as Action);
}

/** Every distinct 3-card discard (jokers are alike), without the called card; first keeping the hand unless compulsory. */
function exchangeActions(h: EsmakkerHand, seat: Seat): Action[] {
  const { hand, mayKeep } = exchangeChoices(h, seat);
  const jokers = jokerPositions(hand);
  const index = hand.map(cardIndex);
  const t = triplesBelow(hand.length);
  if (!jokers) {
    // Every triple is a distinct discard: fill a list of the known length instead of growing one by push.
    const first = mayKeep ? 1 : 0;
    const all = new Array<Action>(first + t.length / 3);
    if (mayKeep) all[0] = KEEP;
    for (let x = 0; x < t.length; x += 3) all[first + x / 3] = discardAction(hand, index, t[x]!, t[x + 1]!, t[x + 2]!);
    return all;
  }
  const out: Action[] = mayKeep ? [KEEP] : [];
  for (let x = 0; x < t.length; x += 3) {
    const i = t[x]!, j = t[x + 1]!, k = t[x + 2]!;
    if (!isFirstOfAlike(hand, jokers, i, j, k)) continue;
    out.push(discardAction(hand, index, i, j, k));
  }
  return out;
}

/**
 * exchangeActions(h, seat)[rng.int(count)] without building the list: with
 * fewer than two jokers every index triple is a distinct discard, so the
 * chosen one is looked up directly; otherwise counted and walked to.
 */
function randomExchange(h: EsmakkerHand, seat: Seat, rng: Rng): Action {
  const { hand, mayKeep } = exchangeChoices(h, seat);
  const first = mayKeep ? 1 : 0;
  const jokers = jokerPositions(hand);
  const t = triplesBelow(hand.length);
  let count = first + t.length / 3;
  if (jokers) {
    count = first;
    for (let x = 0; x < t.length; x += 3) if (isFirstOfAlike(hand, jokers, t[x]!, t[x + 1]!, t[x + 2]!)) count++;
  }
  let pick = rng.int(count);
  if (pick < first) return KEEP;
  pick -= first;
  let x = 3 * pick;
  if (jokers) {
    // Walk to the pick-th discard that is the first of its alikes.
    x = 0;
    while (!isFirstOfAlike(hand, jokers, t[x]!, t[x + 1]!, t[x + 2]!) || pick-- > 0) x += 3;
  }
  return discardAction(hand, hand.map(cardIndex), t[x]!, t[x + 1]!, t[x + 2]!);
}

/** legalActions(h, seat, o)[rng.int(n)] for the n legal actions (null when none), building the list only where it is cheap. */
export function randomLegalAction(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions, rng: Rng): Action | null {
  if (h.turn === seat && h.phase === "exchange") return randomExchange(h, seat, rng);
  const legal = legalActions(h, seat, o);
  return legal.length === 0 ? null : legal[rng.int(legal.length)]!;
}

/**
 * The play actions `seat` may take now (a joker listed once). The hottest
 * function of a playout, so suits are compared as char codes: a card's suit
 * is its second character; a led joker sets no suit (0), and a joker's "K"
 * (75) in the hand matches no suit.
 */
function playActions(h: EsmakkerHand, seat: Seat): Action[] {
  const hand = h.hands[seat]!;
  const called = h.called;
  const calledSuit = called === null ? 0 : called.charCodeAt(1);
  const trick = h.trick;
  const holdsCalled = called !== null && indexOfCard(hand, called) >= 0;
  const hidden = seat === h.declarer ? h.hidden : null; // the fordækt card counts as the called suit
  let led = 0;
  let mustFollow = false;
  if (trick === null) {
    if (holdsCalled && h.calledLedAt < 0) led = calledSuit; // leading that suit means leading the called card
  } else {
    const first = trick.plays[0]!;
    if (first.card !== JK) led = first.card === h.hidden && first.seat === h.declarer ? calledSuit : first.card.charCodeAt(1);
    if (holdsCalled && led === calledSuit && h.calledLedAt === h.tricks.length) return [PLAY_ACTIONS[cardIndex(called)]!];
    for (let i = 0; i < hand.length && !mustFollow; i++) {
      const c = hand[i]!;
      mustFollow = (c === hidden ? calledSuit : c.charCodeAt(1)) === led;
    }
  }
  const jokerOk = trick !== null || h.tricks.length > 0;
  const out: Action[] = [];
  let joker = false;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i]!;
    if (c === JK) {
      if (jokerOk && !joker) out.push(PLAY_ACTIONS[JOKER_INDEX]!);
      joker = true;
      continue;
    }
    const s = c === hidden ? calledSuit : c.charCodeAt(1);
    if (trick === null ? s === led && c !== called : mustFollow && s !== led) continue;
    out.push(PLAY_ACTIONS[cardIndex(c)]!);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Applying actions

export function applyAction(h: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  if (h.phase === "done") return fail("action/wrong-phase", "The hand is over");
  if (h.turn !== seat) return fail("action/not-your-turn", `It is seat ${h.turn}'s turn, not seat ${seat}'s`, { turn: h.turn });
  if (typeof action !== "object" || action === null || typeof action.type !== "string")
    return fail("action/malformed", "An action needs a type");
  switch (h.phase) {
    case "auction":
      return applyAuction(h, seat, action, o);
    case "trump":
      return applyTrump(h, seat, action);
    case "call":
      return applyCall(h, action, o);
    case "vip":
      return applyVip(h, action, o);
    case "exchange":
      return applyExchange(h, seat, action, o);
    case "hide":
      return applyHide(h, seat, action);
    case "play":
      return applyPlay(h, seat, action, o);
  }
}

const wrongPhase = (h: EsmakkerHand, action: Action) =>
  fail("action/wrong-phase", `Action "${action.type}" is not possible in phase "${h.phase}"`, { phase: h.phase });

function applyAuction(h: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  const a = h.auction;
  const logged = [...h.bidding, { seat, action }];
  let next: DuelAuction;
  let bid = h.bid;
  let joiners = h.joiners;
  switch (action.type) {
    case "bid": {
      if (typeof action.bid !== "string") return fail("action/malformed", "A bid needs a bid id");
      const def = ladderFor(o).byId.get(action.bid);
      if (!def) return fail("bid/unknown", `Unknown bid "${action.bid}"`, { bid: action.bid });
      if (def.rank < minimumRank(a))
        return fail("bid/too-low", `Bid "${def.id}" does not beat the standing bid "${h.bid}"`, { bid: def.id, standing: h.bid });
      next = auctionBid(a, def.rank);
      bid = def.id;
      joiners = [];
      break;
    }
    case "hold":
      if (!canHold(a, o.baghaand)) return fail("bid/cannot-hold", "Only the earlier bidder may hold, and only with baghånd");
      next = auctionBid(a, a.rank);
      break;
    case "pass":
      next = auctionPass(a);
      break;
    case "join":
      if (!o.gaaMed || !isJoinable(bidDef(h, o)))
        return fail("join/not-allowed", "Joining is possible only in a standing sol or ren sol, with gå med");
      next = auctionPass(a);
      joiners = [...joiners, seat];
      break;
    case "redeal":
      if (!o.jernhaand || hasSpoken(h, seat) || !isIronHand(h.hands[seat]!))
        return fail("redeal/not-allowed", "A redeal needs jernhånd: no ace, picture card or joker, before your first bid");
      return step(finish(h, "redeal", { bidding: logged }));
    default:
      return wrongPhase(h, action);
  }
  const moved = clone(h);
  moved.auction = next;
  moved.bidding = logged;
  moved.bid = bid;
  moved.joiners = joiners;
  moved.turn = next.responder;
  if (!auctionOver(next)) return step(moved);
  if (next.holder === null) return step(finish(moved, "allPassed", { bid: null }));
  return step(setUpContract(moved, next.holder, ladderFor(o).byId.get(bid!)!, o));
}

/** The auction is won: go to the contract's first set-up step. */
function setUpContract(h: EsmakkerHand, declarer: Seat, def: BidDef, o: EsmakkerOptions): EsmakkerHand {
  const base = patch(h, { declarer });
  if (def.sol) {
    // Sol players exchange in turn, clockwise from the declarer; each joiner may take the previous one's discards.
    const players = [declarer, ...h.joiners].sort((x, y) => ((x - declarer + 4) % 4) - ((y - declarer + 4) % 4));
    return patch(base, {
      joiners: players.slice(1),
      phase: "exchange",
      turn: declarer,
      exchangers: players,
      rules: { trump: null, aceLow: true, jokers: true, jokerTrumpable: o.jokerTrumpable },
    });
  }
  switch (def.addOn) {
    case null:
      return patch(base, { phase: "trump", turn: declarer });
    case "gode":
      return patch(base, { phase: "call", turn: declarer, trump: "C" });
    case "staerke":
      return patch(base, { phase: "call", turn: declarer, trump: "S" });
    default: // sans, halve, vip: trump comes later or never
      return patch(base, { phase: "call", turn: declarer });
  }
}

function applyTrump(h: EsmakkerHand, seat: Seat, action: Action): HandStep<EsmakkerHand> {
  if (action.type !== "trump") return wrongPhase(h, action);
  const suit = action.suit;
  if (!SUITS.includes(suit)) return fail("action/malformed", "Trump must be one of S, H, D, C");
  if (h.called === null) return step(patch(h, { trump: suit, phase: "call" })); // plain: trump first, then the call
  // Halve: the partner (or a selvmakker declarer) names trump, not the called ace's suit, then exchanges.
  if (suit === h.called[1]) return fail("trump/not-allowed", "In halve, trump cannot be the called ace's suit", { suit });
  return step(toExchange(patch(h, { trump: suit }), seat));
}

function toExchange(h: EsmakkerHand, exchanger: Seat): EsmakkerHand {
  return patch(h, { phase: "exchange", turn: exchanger, exchangers: [exchanger] });
}

function applyCall(h: EsmakkerHand, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  if (action.type !== "call") return wrongPhase(h, action);
  const card = action.card;
  if (!callableCards(h).includes(card))
    return fail("call/not-allowed", `Cannot call ${card}: call an ace of a suit other than trump (a king only when holding every such ace)`, {
      card,
    });
  const where = holderOf(h, card);
  const declarer = h.declarer!;
  const partner = typeof where === "number" && where !== declarer ? where : null;
  const called: EsmakkerHand = patch(h, { called: card, partner });
  const addOn = bidDef(h, o)!.addOn;
  if (addOn === "halve") {
    const chooser = partner ?? declarer;
    const events: EngineEvent[] =
      partner !== null ? [{ type: "info", key: "esmakker.partnerRevealed", data: { seat: partner, card } }] : [];
    return step(patch(called, { partnerPublic: partner !== null, phase: "trump", turn: chooser }), events);
  }
  if (addOn === "vip") return step(patch(called, { phase: "vip" }));
  return step(toExchange(called, declarer));
}

function applyVip(h: EsmakkerHand, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  if (action.type === "vipTurn") {
    if (h.vipTurned >= 3) return fail("vip/cannot-refuse", "The third turned card cannot be refused: accept it");
    const n = h.vipTurned + 1;
    return step(patch(h, { vipTurned: n }), [{ type: "info", key: "esmakker.vipTurned", data: { card: h.kat[n - 1]! } }]);
  }
  if (action.type === "vipAccept") {
    if (h.vipTurned === 0) return fail("action/wrong-phase", "Turn a kat card before accepting");
    return step(toExchange(patch(h, { trump: vipTrump(h.kat, h.vipTurned, o.vipJokerPrevious) }), h.declarer!));
  }
  return wrongPhase(h, action);
}

function applyExchange(h: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  if (action.type !== "exchange") return wrongPhase(h, action);
  if (!Array.isArray(action.discard)) return fail("action/malformed", "An exchange needs a discard list");
  const d = action.discard;
  let moved: EsmakkerHand;
  if (d.length === 0) {
    if (bidDef(h, o)!.addOn === "vip") return fail("exchange/compulsory", "In vip the exchange is compulsory");
    moved = h;
  } else if (d.length === 3) {
    const rest = withoutAll(h.hands[seat]!, d);
    if (rest === null) return fail("exchange/card-not-in-hand", "You can only lay away cards you hold", { discard: d });
    if (h.called !== null && d.includes(h.called))
      return fail("exchange/called-ace", `The called card ${h.called} may not be laid away`, { card: h.called });
    const hands = h.hands.slice();
    hands[seat] = [...rest, ...h.kat];
    moved = patch(h, { hands, kat: d.slice(), katOwner: seat });
  } else {
    return fail("exchange/wrong-count", "Exchange all three cards or none", { count: d.length });
  }
  const exchangers = moved.exchangers.slice(1);
  if (exchangers.length > 0) return step(patch(moved, { exchangers, turn: exchangers[0]! }));
  const done = patch(moved, { exchangers });
  const declarer = h.declarer!;
  if (o.fordaektKort && h.called !== null && !holdsSuit(done, declarer, h.called[1] as Suit))
    return step(patch(done, { phase: "hide", turn: declarer }));
  return step(startPlay(done));
}

/** Sol contracts got their rules (no trump, ace low) at set-up; the others play with the trump now named. */
const startPlay = (h: EsmakkerHand): EsmakkerHand =>
  patch(h, { phase: "play", turn: h.forehand, rules: h.called === null ? h.rules : { ...h.rules, trump: h.trump } });

function applyHide(h: EsmakkerHand, seat: Seat, action: Action): HandStep<EsmakkerHand> {
  if (action.type === "decline") return step(startPlay(h));
  if (action.type !== "hide") return wrongPhase(h, action);
  if (action.card === JK || !h.hands[seat]!.includes(action.card))
    return fail("hide/not-allowed", "Set one of your own cards (not a joker) face down", { card: action.card });
  return step(startPlay(patch(h, { hidden: action.card })));
}

function applyPlay(h: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  if (action.type !== "play") return wrongPhase(h, action);
  const card = action.card;
  const hand = h.hands[seat]!;
  const idx = indexOfCard(hand, card);
  if (idx < 0) return fail("play/card-not-in-hand", `You do not hold ${card}`, { card });
  const called = h.called;
  const holdsCalled = called !== null && indexOfCard(hand, called) >= 0;
  const suit = suitFor(h, seat, card);
  let calledLedAt = h.calledLedAt;
  if (h.trick === null) {
    if (card === JK && h.tricks.length === 0) return fail("play/joker-lead-first-trick", "A joker may not be led to the first trick");
    if (called !== null && calledLedAt < 0 && suit === called[1]) {
      if (holdsCalled && card !== called)
        return fail("play/must-play-called-ace", `Leading ${called[1]} for the first time, you must lead ${called}`, { card: called });
      calledLedAt = h.tricks.length;
    }
  } else {
    const first = h.trick.plays[0]!;
    const led = suitFor(h, first.seat, first.card);
    if (holdsCalled && card !== called && led === called[1] && calledLedAt === h.tricks.length)
      return fail("play/must-play-called-ace", `The called ${called} must be played the first time its suit is led`, { card: called });
    if (led !== null && suit !== null && suit !== led && holdsSuit(h, seat, led))
      return fail("play/must-follow-suit", `You must follow suit (${led})`, { suit: led });
  }
  const hands = h.hands.slice();
  hands[seat] = removeAt(hand, idx);
  const partnerPublic = h.partnerPublic || card === called;
  const plays = withPlay(h.trick, playOf(seat, card));
  const leader = h.trick === null ? seat : h.trick.leader;
  // Direct stores into a fresh copy: cheaper than patch's Object.assign on the per-card path.
  const next = clone(h);
  next.hands = hands;
  next.calledLedAt = calledLedAt;
  next.partnerPublic = partnerPublic;
  if (plays.length < 4) {
    next.trick = { leader, plays };
    next.turn = ((seat + 1) & 3) as Seat;
    return step(next);
  }
  const hiddenPlayed = h.hidden !== null && plays.some((p) => p.card === h.hidden && p.seat === h.declarer);
  const winner = hiddenPlayed ? winnerWithHidden(h, plays) : currentWinner({ leader, plays }, h.rules);
  const trick: CompletedTrick = { leader, plays, winner };
  const tricksWon = h.tricksWon.slice();
  tricksWon[winner] = tricksWon[winner]! + 1;
  const tricks = [...h.tricks, trick];
  next.trick = null;
  next.tricks = tricks;
  next.tricksWon = tricksWon;
  next.turn = winner;
  const events: EngineEvent[] = [{ type: "trickWon", trick }];
  if (called === null && h.declarer !== null) {
    // Sol contracts: a player over the limit has lost; the hand ends once every sol player has.
    const max = bidDef(h, o)!.maxTricks;
    if (tricksWon[winner]! > max && !h.solLost.includes(winner) && (winner === h.declarer || h.joiners.includes(winner))) {
      const solLost = [...h.solLost, winner];
      next.solLost = solLost;
      if (solLost.length === 1 + h.joiners.length) return step(finish(next, "solLost"), events);
    }
  }
  if (tricks.length === 13) return step(finish(next, "allTricks"), events);
  return step(next, events);
}

/** `cards` without the card at `at`: a copy of the right length with the tail moved up (cheaper than splice). */
function removeAt(cards: readonly Card[], at: number): Card[] {
  const out = cards.slice(0, cards.length - 1);
  for (let i = at; i < out.length; i++) out[i] = cards[i + 1]!;
  return out;
}

/** The trick's winner when the declarer's fordækt card is in it: it counts as the lowest card of the called suit. */
function winnerWithHidden(h: EsmakkerHand, plays: readonly Play[]): Seat {
  const pseudo = "0" + h.called![1]; // rank 0: below every real card of the suit
  const masked = plays.map((p) => (p.card === h.hidden && p.seat === h.declarer ? { seat: p.seat, card: pseudo } : p));
  return currentWinner({ leader: plays[0]!.seat, plays: masked }, h.rules);
}
