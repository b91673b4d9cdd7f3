/**
 * Es-makker hand state and its rules: the auction (melde tilbage, baghånd,
 * jernhånd, gå med), the contract set-up (trump, called ace, vip turns, halve,
 * exchange, fordækt kort) and the play, as pure functions over immutable state.
 *
 * A hand is an immutable `Hand` object with the public EsmakkerHand shape.
 * Inside, the play is kept small, because a card is played ~50 times a hand:
 * the cards each seat held when the hands last changed (deal, exchange) with
 * per-suit bit masks of their positions, a bit mask per seat of the positions
 * already played, the trick in progress packed into three integers and each
 * completed trick into one. So playing a card allocates one object, and legal
 * plays and follow-suit checks are a few bit operations; who wins a trick is
 * read from the cards' indices. The rules change a hand in one place each,
 * on a private fork: setUpStep for the set-up, playCard for the play.
 * applyAction checks the action and forks the hand for it; playHandOut, for
 * random playouts, forks once and plays the rest of the hand on that fork.
 * The public `hands`, `trick` and `tricks` are built from these when read
 * (and kept). Functions taking an EsmakkerHand
 * also accept a plain object of that shape (e.g. parsed from JSON) and
 * rebuild it first.
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
import { JOKER_SUIT, type TrickRules, playByIndex, suitNumberOf, trickKey, winningPosition } from "../../core/trick";
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
  type Trick,
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
  /**
   * How many of the kat's first cards its owner laid there and sees: 3 after
   * a full exchange; with exchangeUpTo3 the untaken rest stays unseen.
   */
  readonly katLaid: number;
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

// ---------------------------------------------------------------------------
// The state object

/** The fields fixed during the play: auction and contract set-up. */
type Setup = Pick<
  EsmakkerHand,
  | "dealer"
  | "deal"
  | "forehand"
  | "auction"
  | "bidding"
  | "bid"
  | "joiners"
  | "declarer"
  | "trump"
  | "called"
  | "partner"
  | "kat"
  | "katOwner"
  | "katLaid"
  | "vipTurned"
  | "exchangers"
  | "hidden"
  | "rules"
>;

// Suit numbers: a card's index divided by 13 (STANDARD_DECK order), and 4 for a joker.
const SUIT_LETTERS: readonly Suit[] = ["S", "H", "D", "C"];
const NO_SUIT = JOKER_SUIT;
const suitNumber = (index: number): number => (index === JOKER_INDEX ? NO_SUIT : (index / 13) | 0);
/** suitNumber by card index. */
const SUIT_NUMBER: readonly number[] = Array.from({ length: JOKER_INDEX + 1 }, (_, i) => suitNumber(i));

/**
 * The cards each seat held when the hands last changed, and what the play
 * needs to know of them by position (seat s, position i < 16). The tables
 * are filled when the play starts; before it they are empty (bareHolding).
 */
interface Holding {
  readonly held: readonly (readonly Card[])[];
  /** cardIndex of each card, at s * 16 + i. */
  readonly index: readonly number[];
  /**
   * Bit masks of positions per seat, at s * 6 + suit number (the fordækt card
   * counts as the called suit), and of all the seat's positions at s * 6 + 5.
   */
  readonly suitPos: readonly number[];
  /** The called card: its index and suit number (-1: none), and who holds it at which position (-1: nobody). */
  readonly calledIndex: number;
  readonly calledSuit: number;
  readonly calledSeat: number;
  readonly calledPos: number;
  /** The fordækt card's index and the declarer holding it (-1: none). */
  readonly hiddenIndex: number;
  readonly hiddenSeat: number;
  /** The play's rules as winningPosition takes them: trump suit number (-1: none), ace low, a led joker beaten by trumps. */
  readonly trumpSuit: number;
  readonly aceLow: boolean;
  readonly jokerTrumpable: boolean;
}

const NO_TABLE: readonly number[] = Object.freeze([]);
const bareHolding = (held: readonly (readonly Card[])[]): Holding => ({
  held,
  index: NO_TABLE,
  suitPos: NO_TABLE,
  calledIndex: -1,
  calledSuit: -1,
  calledSeat: -1,
  calledPos: -1,
  hiddenIndex: -1,
  hiddenSeat: -1,
  trumpSuit: -1,
  aceLow: false,
  jokerTrumpable: false,
});

const NO_CARDS: readonly number[] = Array.from({ length: 64 }, () => -1);

/** The holding with its tables, for the play. */
function holdingOf(held: readonly (readonly Card[])[], s: Setup): Holding {
  const calledIndex = s.called === null ? -1 : cardIndex(s.called);
  const calledSuit = calledIndex < 0 ? -1 : suitNumber(calledIndex);
  const hiddenIndex = s.hidden === null ? -1 : cardIndex(s.hidden);
  const hiddenSeat = hiddenIndex < 0 || s.declarer === null ? -1 : s.declarer;
  const index = NO_CARDS.slice(); // exactly 64 entries: pushing them one by one grew the array three times
  const suitPos = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  let calledSeat = -1, calledPos = -1;
  for (let seat = 0; seat < 4; seat++) {
    const cards = held[seat]!;
    const n = cards.length;
    if (n > 16) throw new Error("a hand of more than 16 cards");
    const at = seat * 6;
    for (let i = 0; i < n; i++) {
      const c = cardIndex(cards[i]!);
      index[seat * 16 + i] = c;
      const suit = c === hiddenIndex && seat === hiddenSeat ? calledSuit : SUIT_NUMBER[c]!;
      suitPos[at + suit] = suitPos[at + suit]! | (1 << i);
      if (c === calledIndex) (calledSeat = seat), (calledPos = i);
    }
    suitPos[at + 5] = (1 << n) - 1;
  }
  const r = s.rules;
  return { held, index, suitPos, calledIndex, calledSuit, calledSeat, calledPos, hiddenIndex, hiddenSeat,
    trumpSuit: suitNumberOf(r.trump), aceLow: r.aceLow, jokerTrumpable: r.jokers && r.jokerTrumpable }; // prettier-ignore
}

/**
 * `holding`, the set-up draft and the fields after them are written only on
 * a fork nobody else has seen yet (applyAction's new hand, playHandOut's own
 * copy). To the outside a Hand never changes.
 */
class Hand implements EsmakkerHand {
  #hands: readonly (readonly Card[])[] | undefined = undefined;
  #trick: Trick | undefined = undefined;
  #tricks: readonly CompletedTrick[] | undefined = undefined;

  constructor(
    readonly setup: Setup,
    public holding: Holding,
    public phase: Phase,
    public turn: Seat | null,
    public partnerPublic: boolean,
    public calledLedAt: number,
    public solLost: readonly Seat[],
    public endReason: string | null,
    /** The completed tricks, packed (packTrick). */
    public trickLog: readonly number[],
    public tricksWon: readonly number[],
    /** Positions in holding.held already played: seat 0 in bits 0-15, seat 1 in bits 16-31; gone23 likewise. */
    public gone01: number,
    public gone23: number,
    /** The trick in progress: its leader (-1: none), how many cards, their indices in 6 bits each. */
    public trickLeader: number,
    public trickCount: number,
    public trickCards: number,
  ) {}

  get dealer() { return this.setup.dealer; } // prettier-ignore
  get deal() { return this.setup.deal; } // prettier-ignore
  get forehand() { return this.setup.forehand; } // prettier-ignore
  get auction() { return this.setup.auction; } // prettier-ignore
  get bidding() { return this.setup.bidding; } // prettier-ignore
  get bid() { return this.setup.bid; } // prettier-ignore
  get joiners() { return this.setup.joiners; } // prettier-ignore
  get declarer() { return this.setup.declarer; } // prettier-ignore
  get trump() { return this.setup.trump; } // prettier-ignore
  get called() { return this.setup.called; } // prettier-ignore
  get partner() { return this.setup.partner; } // prettier-ignore
  get kat() { return this.setup.kat; } // prettier-ignore
  get katOwner() { return this.setup.katOwner; } // prettier-ignore
  get katLaid() { return this.setup.katLaid; } // prettier-ignore
  get vipTurned() { return this.setup.vipTurned; } // prettier-ignore
  get exchangers() { return this.setup.exchangers; } // prettier-ignore
  get hidden() { return this.setup.hidden; } // prettier-ignore
  get rules() { return this.setup.rules; } // prettier-ignore

  get hands(): readonly (readonly Card[])[] {
    if ((this.gone01 | this.gone23) === 0) return this.holding.held;
    return (this.#hands ??= this.holding.held.map((cards, seat) => {
      const gone = goneOf(this, seat);
      return cards.filter((_, i) => ((gone >>> i) & 1) === 0);
    }));
  }

  get tricks(): readonly CompletedTrick[] {
    return (this.#tricks ??= this.trickLog.map(unpackTrick));
  }

  get trick(): Trick | null {
    if (this.trickLeader < 0) return null;
    return (this.#trick ??= { leader: this.trickLeader as Seat, plays: trickPlays(this.trickLeader, this.trickCount, this.trickCards) });
  }

  /** The public shape, in the field order of EsmakkerHand. */
  toJSON(): EsmakkerHand {
    return plainHand(this);
  }
}

/** A plain object with the public fields of a hand. */
export const plainHand = (h: EsmakkerHand): EsmakkerHand => ({
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
  katLaid: h.katLaid,
  vipTurned: h.vipTurned,
  exchangers: h.exchangers,
  hidden: h.hidden,
  calledLedAt: h.calledLedAt,
  solLost: h.solLost,
  rules: h.rules,
  endReason: h.endReason,
});

/** Positions of `seat`'s held cards already played. */
const goneOf = (h: Hand, seat: number): number => ((seat < 2 ? h.gone01 : h.gone23) >>> ((seat & 1) << 4)) & 0xffff;

/** A completed trick in one integer: its cards' indices in 6 bits each, the leader and the winner in 2 bits each above them. */
const packTrick = (leader: number, winner: number, cards: number): number => cards | (leader << 24) | (winner << 26);
const unpackTrick = (t: number): CompletedTrick => {
  const leader = ((t >>> 24) & 3) as Seat;
  return { leader, plays: trickPlays(leader, 4, t & 0xffffff), winner: ((t >>> 26) & 3) as Seat };
};
const packedCards = (plays: readonly Play[]): number => plays.reduce((cards, p, i) => cards | (cardIndex(p.card) << (6 * i)), 0);

function trickPlays(leader: number, count: number, cards: number): Play[] {
  const plays = new Array<Play>(count);
  for (let i = 0; i < count; i++) plays[i] = playByIndex((cards >>> (6 * i)) & 63, ((leader + i) & 3) as Seat);
  return plays;
}

/** The hand as a Hand: itself, or rebuilt from a plain object of the same shape. */
function asHand(h: EsmakkerHand): Hand {
  if (h instanceof Hand) return h;
  const setup = draft(h);
  let leader = -1, count = 0, cards = 0;
  if (h.trick !== null) {
    leader = h.trick.leader;
    count = h.trick.plays.length;
    cards = packedCards(h.trick.plays);
  }
  const log = h.tricks.map((t) => packTrick(t.leader, t.winner, packedCards(t.plays)));
  const holding = h.phase === "play" ? holdingOf(h.hands, setup) : bareHolding(h.hands);
  return new Hand(setup, holding, h.phase, h.turn, h.partnerPublic, h.calledLedAt, h.solLost, h.endReason, log, h.tricksWon, 0, 0, leader, count, cards);
}

type Draft = { -readonly [K in keyof Setup]: Setup[K] };

/**
 * A copy of a set-up to change before it is used: set-up changes are written
 * `const s = draft(h.setup); s.trump = suit;`. The literal gives every set-up
 * one hidden class, and assigning its own fields keeps it (object spreads of
 * change objects cost more than the rest of an auction step).
 */
const draft = (s: Setup): Draft => ({
  dealer: s.dealer,
  deal: s.deal,
  forehand: s.forehand,
  auction: s.auction,
  bidding: s.bidding,
  bid: s.bid,
  joiners: s.joiners,
  declarer: s.declarer,
  trump: s.trump,
  called: s.called,
  partner: s.partner,
  kat: s.kat,
  katOwner: s.katOwner,
  // A plain hand written before exchangeUpTo3 has no katLaid: its owner laid the whole kat.
  katLaid: s.katLaid ?? (s.katOwner === null ? 0 : 3),
  vipTurned: s.vipTurned,
  exchangers: s.exchangers,
  hidden: s.hidden,
  rules: s.rules,
});

/**
 * A copy of `h` that is still private, to change in place: its own fields
 * and set-up draft (in the play, where the set-up is fixed, the same one),
 * sharing the lists, which are replaced, never changed.
 */
const fork = (h: Hand, setup: Setup = draft(h.setup)): Hand =>
  new Hand(setup, h.holding, h.phase, h.turn, h.partnerPublic, h.calledLedAt, h.solLost, h.endReason, h.trickLog, h.tricksWon,
    h.gone01, h.gone23, h.trickLeader, h.trickCount, h.trickCards); // prettier-ignore

/** The set-up of a fork, to write. */
const edit = (d: Hand): Draft => d.setup as Draft;

/**
 * The fork `d` moves to `phase` with `turn`, and to new cards `held` if
 * given. The position tables are built when the play starts.
 */
function moveTo(d: Hand, phase: Phase, turn: Seat | null, held?: readonly (readonly Card[])[]): void {
  if (phase === "play" && d.phase !== "play") d.holding = holdingOf(held ?? d.holding.held, d.setup);
  else if (held !== undefined) d.holding = bareHolding(held);
  d.phase = phase;
  d.turn = turn;
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

/** Cards the declarer may call now: aces of the allowed suits, kings too when every such ace is the declarer's. */
export function callableCards(h: EsmakkerHand): Card[] {
  const own = h.hands[h.declarer!]!;
  const cards: Card[] = [];
  let allOwn = true;
  for (let i = 0; i < 4; i++)
    if (SUITS[i] !== h.trump) {
      cards.push(ACES[i]!);
      allOwn &&= indexOfCard(own, ACES[i]!) >= 0;
    }
  if (allOwn) for (let i = 0; i < 4; i++) if (SUITS[i] !== h.trump) cards.push(KINGS[i]!);
  return cards;
}

// The aces and kings in SUITS order. Literals, so they are the interned strings of the deck (compared by pointer).
const ACES: readonly Card[] = ["AS", "AH", "AC", "AD"];
const KINGS: readonly Card[] = ["KS", "KH", "KC", "KD"];

/** The trump a vip acceptance gives after `n` turned cards (null = no trump). */
export function vipTrump(kat: readonly Card[], n: number, jokerPrevious: boolean): Suit | null {
  const c = kat[n - 1]!;
  if (c !== JK) return c[1] as Suit;
  return jokerPrevious && n > 1 ? vipTrump(kat, n - 1, jokerPrevious) : null;
}

/**
 * A copy of `list` with `item` added. Pushed one by one into a new array: for short lists that is one
 * allocation, where a spread or a slice and push measured slower (the push grows the exact-size copy).
 */
function appended<T>(list: readonly T[], item: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < list.length; i++) out.push(list[i]!);
  out.push(item);
  return out;
}

const hasSpoken = (h: EsmakkerHand, seat: Seat): boolean => h.bidding.some((b) => b.seat === seat);

const isJoinable = (d: BidDef | null | undefined): boolean => d?.sol === "sol" || d?.sol === "rensol";

// ---------------------------------------------------------------------------
// Start

export function startHand(ctx: MatchContext<EsmakkerOptions>, deal: Deal): EsmakkerHand {
  const forehand = nextSeat(ctx.dealer);
  const setup: Setup = {
    dealer: ctx.dealer,
    deal,
    forehand,
    auction: startAuction(forehand),
    bidding: [],
    bid: null,
    joiners: [],
    declarer: null,
    trump: null,
    called: null,
    partner: null,
    kat: deal.kat, // lists are never changed in place: the deal's own can be shared
    katOwner: null,
    katLaid: 0,
    vipTurned: 0,
    exchangers: [],
    hidden: null,
    rules: { trump: null, aceLow: false, jokers: true, jokerTrumpable: ctx.options.jokerTrumpable },
  };
  return new Hand(setup, bareHolding(deal.hands), "auction", forehand, false, -1, [], null, [], [0, 0, 0, 0], 0, 0, -1, 0, 0);
}

/** The fork `d` ends before the play. */
function finishIn(d: Hand, endReason: string): void {
  moveTo(d, "done", null);
  d.endReason = endReason;
}

// ---------------------------------------------------------------------------
// Legal actions

export function legalActions(hand: EsmakkerHand, seat: Seat, o: EsmakkerOptions): Action[] {
  const h = asHand(hand);
  if (h.turn !== seat) return [];
  switch (h.phase) {
    case "auction":
      return [...ladderFor(o).bidActions.slice(minimumRank(h.auction)), ...auctionOthers(h, seat, o)];
    case "trump": {
      const banned = h.called ? h.called[1] : null; // halve: not the called ace's suit
      return SUITS.filter((s) => s !== banned).map((s) => TRUMP_ACTIONS[s]);
    }
    case "call":
      return callableCards(h).map((c) => CALL_ACTIONS[cardIndex(c)]!);
    case "vip":
      return h.vipTurned === 0 ? [VIP_TURN] : h.vipTurned < 3 ? [VIP_TURN, VIP_ACCEPT] : [VIP_ACCEPT];
    case "exchange":
      return exchangeActions(h, seat, o);
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

/** The auction actions besides bids: pass, then hold, join and redeal where allowed. */
function auctionOthers(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions): Action[] {
  const out = [PASS];
  if (canHold(h.auction, o.baghaand)) out.push(HOLD);
  if (o.gaaMed && isJoinable(bidDef(h, o))) out.push(JOIN);
  if (o.jernhaand && !hasSpoken(h, seat) && isIronHand(h.hands[seat]!)) out.push(REDEAL);
  return out;
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

/**
 * The cards `seat` may lay away (all but the called card), whether keeping
 * the hand is allowed, and whether one or two cards may be exchanged
 * (exchangeUpTo3; in vip the exchange stays three cards).
 */
function exchangeChoices(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions): { hand: readonly Card[]; mayKeep: boolean; partial: boolean } {
  const held = h.hands[seat]!;
  const hand = h.called === null ? held : held.filter((c) => c !== h.called);
  const vip = h.bid !== null && h.bid.endsWith("vip"); // vip: the exchange is compulsory
  return { hand, mayKeep: !vip, partial: o.exchangeUpTo3 && !vip };
}

/**
 * exchangeUpTo3: the distinct one- and two-card discards of `hand` (jokers
 * are alike: a discard is listed with the hand's first jokers, as for the
 * triples), singles first, in position order.
 */
function smallDiscards(hand: readonly Card[]): Action[] {
  const jokerNumber: number[] = [];
  for (let p = 0, m = 0; p < hand.length; p++) jokerNumber.push(hand[p] === JK ? m++ : -1);
  const canonical = (positions: readonly number[]): boolean => {
    let m = 0;
    for (const p of positions) if (hand[p] === JK && jokerNumber[p] !== m++) return false;
    return true;
  };
  const out: Action[] = [];
  for (let i = 0; i < hand.length; i++) if (canonical([i])) out.push(Object.freeze({ type: "exchange", discard: Object.freeze([hand[i]!]) }) as Action);
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++)
      if (canonical([i, j])) out.push(Object.freeze({ type: "exchange", discard: Object.freeze([hand[i]!, hand[j]!]) }) as Action);
  return out;
}

/** The distinct discards of hands with two or more jokers, by hand size * 65536 + the jokers' position mask. */
const DISTINCT_TRIPLES = new Map<number, Int32Array>();

/**
 * Jokers are alike, so index triples i < j < k holding the same cards are one
 * discard, listed once: as the triple whose jokers are the hand's first
 * jokers (its m-th joker, in position order, is the hand's m-th joker).
 * distinctTriples gives the offsets into triplesBelow(hand.length) of those
 * triples, or null when every triple is distinct (fewer than two jokers). It
 * depends only on where the jokers are, so it is made once per layout:
 * scanning up to 560 triples took a third of an exchange.
 */
function distinctTriples(hand: readonly Card[]): Int32Array | null {
  const n = hand.length;
  let mask = 0, jokers = 0;
  for (let p = 0; p < n; p++) if (hand[p] === JK) (mask |= 1 << p), jokers++;
  if (jokers < 2) return null;
  const key = n * 65536 + mask;
  let offsets = DISTINCT_TRIPLES.get(key);
  if (offsets === undefined) {
    // jokerNumber[p]: how many jokers come before position p (used at joker positions).
    const jokerNumber: number[] = [];
    for (let p = 0, m = 0; p < n; p++) jokerNumber.push(hand[p] === JK ? m++ : -1);
    const t = triplesBelow(n), list: number[] = [];
    for (let x = 0; x < t.length; x += 3) {
      let m = 0, first = true;
      for (let y = x; y < x + 3; y++) if (hand[t[y]!] === JK) first &&= jokerNumber[t[y]!] === m++;
      if (first) list.push(x);
    }
    DISTINCT_TRIPLES.set(key, (offsets = Int32Array.from(list)));
  }
  return offsets;
}

/**
 * Frozen exchange actions by their cards' indices (a * 53 + b) * 53 + c, made
 * on first use: listing up to 287 discards then allocates nothing per entry.
 */
let discardTable: (Action | null)[] | null = null;
/** The discard of the cards at positions i, j, k of `hand`, whose cardIndex values are in `index`. */
function discardAt(hand: readonly Card[], index: readonly number[], i: number, j: number, k: number): Action {
  // Filled by push: `new Array(148877)` would make a slow dictionary-mode array.
  if (discardTable === null) for (discardTable = []; discardTable.length < 53 * 53 * 53; ) discardTable.push(null);
  return (discardTable[(index[i]! * 53 + index[j]!) * 53 + index[k]!] ??= Object.freeze({
    type: "exchange",
    discard: Object.freeze([hand[i]!, hand[j]!, hand[k]!]),
  }) as Action);
}

/**
 * Every distinct 3-card discard (jokers are alike), without the called card;
 * first keeping the hand unless compulsory; with exchangeUpTo3 the one- and
 * two-card discards between them.
 */
function exchangeActions(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions): Action[] {
  const { hand, mayKeep, partial } = exchangeChoices(h, seat, o);
  if (partial) return [KEEP, ...smallDiscards(hand), ...threeCardDiscards(hand, false)];
  return threeCardDiscards(hand, mayKeep);
}

/** The distinct 3-card discards of `hand`, after KEEP when `mayKeep`. */
function threeCardDiscards(hand: readonly Card[], mayKeep: boolean): Action[] {
  const distinct = distinctTriples(hand);
  const index = hand.map(cardIndex);
  const t = triplesBelow(hand.length);
  const first = mayKeep ? 1 : 0;
  const all = new Array<Action>(first + (distinct === null ? t.length / 3 : distinct.length));
  if (mayKeep) all[0] = KEEP;
  for (let n = first; n < all.length; n++) {
    const x = distinct === null ? 3 * (n - first) : distinct[n - first]!;
    all[n] = discardAt(hand, index, t[x]!, t[x + 1]!, t[x + 2]!);
  }
  return all;
}

/** exchangeActions(h, seat, o)[rng.int(count)], without building the list of the usual 3-card exchange. */
function randomExchange(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions, rng: Rng): Action {
  const { hand, mayKeep, partial } = exchangeChoices(h, seat, o);
  if (partial) {
    const all = exchangeActions(h, seat, o);
    return all[rng.int(all.length)]!;
  }
  const first = mayKeep ? 1 : 0;
  const distinct = distinctTriples(hand);
  const t = triplesBelow(hand.length);
  const pick = rng.int(first + (distinct === null ? t.length / 3 : distinct.length));
  if (pick < first) return KEEP;
  const x = distinct === null ? 3 * (pick - first) : distinct[pick - first]!;
  // A new action rather than the shared one from the big discard table: one random entry of that table costs a cache miss.
  return { type: "exchange", discard: [hand[t[x]!]!, hand[t[x + 1]!]!, hand[t[x + 2]!]!] };
}

/** legalActions(h, seat, o)[rng.int(n)] for the n legal actions (null when none), building the list only where it is cheap. */
export function randomLegalAction(hand: EsmakkerHand, seat: Seat, o: EsmakkerOptions, rng: Rng): Action | null {
  const h = asHand(hand);
  if (h.turn !== seat) return null;
  if (h.phase === "exchange") return randomExchange(h, seat, o, rng);
  if (h.phase === "play") return PLAY_ACTIONS[h.holding.index[(seat << 4) + randomPlayPosition(h, seat, rng)]!]!;
  if (h.phase === "auction") {
    // Indexes legalActions' list (the bids allowed, then the others) without copying the bids.
    const bids = ladderFor(o).bidActions;
    const from = minimumRank(h.auction);
    const others = auctionOthers(h, seat, o);
    const pick = rng.int(bids.length - from + others.length);
    return pick < bids.length - from ? bids[from + pick]! : others[pick - (bids.length - from)]!;
  }
  const legal = legalActions(h, seat, o);
  return legal.length === 0 ? null : legal[rng.int(legal.length)]!;
}

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

const lowestBit = (mask: number): number => 31 - Math.clz32(mask & -mask);
function bitCount(mask: number): number {
  const m = mask - ((mask >>> 1) & 0x55555555);
  const q = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return Math.imul((q + (q >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
// The set bits of a byte, and the position of its k-th set bit at k * 256 + byte: a random card's position in two lookups.
const BITS_IN_BYTE = Uint8Array.from({ length: 256 }, (_, b) => bitCount(b));
const NTH_BIT_IN_BYTE = new Uint8Array(8 * 256);
for (let b = 0; b < 256; b++) for (let k = 0, m = b; m !== 0; k++, m &= m - 1) NTH_BIT_IN_BYTE[(k << 8) | b] = lowestBit(m);

/** The suit number others must follow in the trick in progress (NO_SUIT for a led joker). Needs a trick. */
function ledSuitNumber(h: Hand): number {
  return playedSuit(h.holding, h.trickCards & 63, h.trickLeader);
}

/** The suit number of the card with index `index` played by `seat`: the fordækt card counts as the called suit. */
const playedSuit = (hold: Holding, index: number, seat: number): number =>
  index === hold.hiddenIndex && seat === hold.hiddenSeat ? hold.calledSuit : suitNumber(index);

/**
 * The positions of `seat`'s held cards it may play now, as a bit mask (a
 * joker only at its first position: jokers are alike). The hottest function
 * of a playout.
 */
function playMask(h: Hand, seat: Seat): number {
  const hold = h.holding;
  const gone = goneOf(h, seat);
  const at = seat * 6;
  const avail = hold.suitPos[at + 5]! & ~gone;
  const jokers = hold.suitPos[at + NO_SUIT]! & avail;
  const firstJoker = jokers & -jokers;
  const plain = avail & ~jokers;
  const holdsCalled = hold.calledSeat === seat && ((gone >>> hold.calledPos) & 1) === 0;
  if (h.trickLeader < 0) {
    // Leading the called suit for the first time means leading the called card; no joker to the first trick.
    const allowed = holdsCalled && h.calledLedAt < 0 ? plain & ~(hold.suitPos[at + hold.calledSuit]! & ~(1 << hold.calledPos)) : plain;
    return h.trickLog.length > 0 ? allowed | firstJoker : allowed;
  }
  const led = ledSuitNumber(h);
  if (holdsCalled && led === hold.calledSuit && h.calledLedAt === h.trickLog.length) return 1 << hold.calledPos;
  const follow = led === NO_SUIT ? 0 : hold.suitPos[at + led]! & avail;
  return (follow !== 0 ? follow : plain) | firstJoker;
}

/** The play actions `seat` may take now, in the order of its cards (a joker listed once). */
function playActions(h: Hand, seat: Seat): Action[] {
  const index = h.holding.index;
  let mask = playMask(h, seat);
  const out = new Array<Action>(bitCount(mask));
  for (let n = 0; mask !== 0; mask &= mask - 1) out[n++] = PLAY_ACTIONS[index[(seat << 4) + lowestBit(mask)]!]!;
  return out;
}

// ---------------------------------------------------------------------------
// Applying actions
//
// Every set-up action is checked (refusal) and then carried out on a fork of
// the hand (setUpStep), which changes that fork in place: applyAction forks
// once per action; playHandOut forks once and runs the rest of the hand on it.

export function applyAction(hand: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  const h = asHand(hand);
  if (h.phase === "done") return fail("action/wrong-phase", "The hand is over");
  if (h.turn !== seat) return fail("action/not-your-turn", `It is seat ${h.turn}'s turn, not seat ${seat}'s`, { turn: h.turn });
  if (typeof action !== "object" || action === null || typeof action.type !== "string")
    return fail("action/malformed", "An action needs a type");
  if (h.phase === "play") return applyPlay(h, seat, action, o);
  const refused = refusal(h, seat, action, o);
  if (refused !== null) return refused;
  const d = fork(h);
  return step(d, setUpStep(d, seat, action, o));
}

const wrongPhase = (h: EsmakkerHand, action: Action) =>
  fail("action/wrong-phase", `Action "${action.type}" is not possible in phase "${h.phase}"`, { phase: h.phase });

/** Why `seat` may not take `action` in the set-up phase `h` is in; null when it may. */
function refusal(h: Hand, seat: Seat, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> | null {
  switch (h.phase) {
    case "auction":
      switch (action.type) {
        case "bid": {
          if (typeof action.bid !== "string") return fail("action/malformed", "A bid needs a bid id");
          const def = ladderFor(o).byId.get(action.bid);
          if (!def) return fail("bid/unknown", `Unknown bid "${action.bid}"`, { bid: action.bid });
          if (def.rank < minimumRank(h.auction))
            return fail("bid/too-low", `Bid "${def.id}" does not beat the standing bid "${h.bid}"`, { bid: def.id, standing: h.bid });
          return null;
        }
        case "hold":
          return canHold(h.auction, o.baghaand) ? null : fail("bid/cannot-hold", "Only the earlier bidder may hold, and only with baghånd");
        case "pass":
          return null;
        case "join":
          return o.gaaMed && isJoinable(bidDef(h, o))
            ? null
            : fail("join/not-allowed", "Joining is possible only in a standing sol or ren sol, with gå med");
        case "redeal":
          return o.jernhaand && !hasSpoken(h, seat) && isIronHand(h.hands[seat]!)
            ? null
            : fail("redeal/not-allowed", "A redeal needs jernhånd: no ace, picture card or joker, before your first bid");
        default:
          return wrongPhase(h, action);
      }
    case "trump":
      if (action.type !== "trump") return wrongPhase(h, action);
      if (!SUITS.includes(action.suit)) return fail("action/malformed", "Trump must be one of S, H, D, C");
      // Halve: the partner (or a selvmakker declarer) names trump, not the called ace's suit.
      if (h.called !== null && action.suit === h.called[1])
        return fail("trump/not-allowed", "In halve, trump cannot be the called ace's suit", { suit: action.suit });
      return null;
    case "call":
      if (action.type !== "call") return wrongPhase(h, action);
      if (!callableCards(h).includes(action.card))
        return fail("call/not-allowed", `Cannot call ${action.card}: call an ace of a suit other than trump (a king only when holding every such ace)`, {
          card: action.card,
        });
      return null;
    case "vip":
      if (action.type === "vipTurn")
        return h.vipTurned < 3 ? null : fail("vip/cannot-refuse", "The third turned card cannot be refused: accept it");
      if (action.type === "vipAccept") return h.vipTurned > 0 ? null : fail("action/wrong-phase", "Turn a kat card before accepting");
      return wrongPhase(h, action);
    case "exchange": {
      if (action.type !== "exchange") return wrongPhase(h, action);
      if (!Array.isArray(action.discard)) return fail("action/malformed", "An exchange needs a discard list");
      const d = action.discard;
      const vip = bidDef(h, o)!.addOn === "vip";
      if (d.length === 0) return vip ? fail("exchange/compulsory", "In vip the exchange is compulsory") : null;
      if (vip && d.length !== 3) return fail("exchange/vip-three", "In vip the exchange is exactly three cards", { count: d.length });
      if (o.exchangeUpTo3 ? d.length > 3 : d.length !== 3)
        return o.exchangeUpTo3
          ? fail("exchange/too-many", "Lay away at most three cards", { count: d.length })
          : fail("exchange/wrong-count", "Exchange all three cards or none", { count: d.length });
      if (withoutAll(h.hands[seat]!, d) === null)
        return fail("exchange/card-not-in-hand", "You can only lay away cards you hold", { discard: d });
      if (h.called !== null && d.includes(h.called))
        return fail("exchange/called-ace", `The called card ${h.called} may not be laid away`, { card: h.called });
      return null;
    }
    case "hide":
      if (action.type === "decline") return null;
      if (action.type !== "hide") return wrongPhase(h, action);
      if (action.card === JK || !h.hands[seat]!.includes(action.card))
        return fail("hide/not-allowed", "Set one of your own cards (not a joker) face down", { card: action.card });
      return null;
    default:
      return wrongPhase(h, action);
  }
}

/**
 * Carries out the set-up action `action` of `seat`, which refusal accepts,
 * on the fork `d`; returns its events.
 */
function setUpStep(d: Hand, seat: Seat, action: Action, o: EsmakkerOptions): readonly EngineEvent[] {
  const s = edit(d);
  switch (action.type) {
    case "bid":
    case "hold":
    case "pass":
    case "join":
    case "redeal":
      auctionStep(d, seat, action, o);
      return NO_EVENTS;
    case "trump":
      s.trump = action.suit;
      // Plain contracts: trump first, then the call. Halve: the partner names trump after the call, then exchanges.
      if (s.called === null) moveTo(d, "call", d.turn);
      else toExchange(d, seat);
      return NO_EVENTS;
    case "call":
      return callStep(d, action.card, o);
    case "vipTurn":
      s.vipTurned += 1;
      return [{ type: "info", key: "esmakker.vipTurned", data: { card: s.kat[s.vipTurned - 1]! } }];
    case "vipAccept":
      s.trump = vipTrump(s.kat, s.vipTurned, o.vipJokerPrevious);
      toExchange(d, s.declarer!);
      return NO_EVENTS;
    case "exchange":
      exchangeStep(d, seat, action.discard, o);
      return NO_EVENTS;
    case "hide":
      s.hidden = action.card;
      startPlay(d);
      return NO_EVENTS;
    case "decline":
      startPlay(d);
      return NO_EVENTS;
    default:
      throw new Error(`not a set-up action: ${action.type}`);
  }
}

/** A bid, hold, pass, join or redeal on the fork `d`. */
function auctionStep(d: Hand, seat: Seat, action: Action, o: EsmakkerOptions): void {
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

/** The auction is won: the fork `d` goes to the contract's first set-up step. */
function setUpContract(d: Hand, declarer: Seat, def: BidDef, o: EsmakkerOptions): void {
  const s = edit(d);
  s.declarer = declarer;
  if (def.sol) {
    // Sol players exchange in turn, clockwise from the declarer; each joiner may take the previous one's discards.
    const players = [declarer, ...s.joiners].sort((x, y) => ((x - declarer + 4) % 4) - ((y - declarer + 4) % 4));
    s.joiners = players.slice(1);
    s.exchangers = players;
    s.rules = { trump: null, aceLow: true, jokers: true, jokerTrumpable: o.jokerTrumpable };
    return moveTo(d, "exchange", declarer);
  }
  // Gode and stærke fix the trump; sans, halve and vip name it later or never.
  if (def.addOn === "gode") s.trump = "C";
  else if (def.addOn === "staerke") s.trump = "S";
  moveTo(d, def.addOn === null ? "trump" : "call", declarer);
}

/** The exchange by `exchanger` next, on the fork `d`. */
function toExchange(d: Hand, exchanger: Seat): void {
  edit(d).exchangers = [exchanger];
  moveTo(d, "exchange", exchanger);
}

function callStep(d: Hand, card: Card, o: EsmakkerOptions): readonly EngineEvent[] {
  const s = edit(d);
  const where = holderOf(d, card);
  const declarer = s.declarer!;
  const partner = typeof where === "number" && where !== declarer ? where : null;
  s.called = card;
  s.partner = partner;
  const addOn = bidDef(d, o)!.addOn;
  if (addOn === "halve") {
    moveTo(d, "trump", partner ?? declarer);
    d.partnerPublic = partner !== null;
    return partner !== null ? [{ type: "info", key: "esmakker.partnerRevealed", data: { seat: partner, card } }] : NO_EVENTS;
  }
  if (addOn === "vip") moveTo(d, "vip", d.turn);
  else toExchange(d, declarer);
  return NO_EVENTS;
}

/**
 * `seat` lays away `discard` on the fork `d`: three cards, or none to keep
 * the hand; with exchangeUpTo3 also one or two. It takes as many of the kat's
 * first cards, unseen; its discards take their places at the front of the kat
 * and the untaken cards stay behind them, unseen by anyone.
 */
function exchangeStep(d: Hand, seat: Seat, discard: readonly Card[], o: EsmakkerOptions): void {
  const s = edit(d);
  const exchangers = (s.exchangers = s.exchangers.slice(1));
  let held: (readonly Card[])[] | undefined;
  const n = discard.length;
  if (n > 0) {
    const rest = withoutAll(d.hands[seat]!, discard)!;
    const kat = s.kat;
    for (let i = 0; i < n; i++) rest.push(kat[i]!);
    held = d.holding.held.slice();
    held[seat] = rest;
    s.kat = n === 3 ? [discard[0]!, discard[1]!, discard[2]!] : [...discard, ...kat.slice(n)];
    s.katOwner = seat;
    s.katLaid = n;
  }
  if (exchangers.length > 0) return moveTo(d, "exchange", exchangers[0]!, held);
  const declarer = s.declarer!;
  const calledSuit = s.called === null ? null : s.called[1];
  if (o.fordaektKort && calledSuit !== null && !(held ?? d.holding.held)[declarer]!.some((c) => c !== JK && c[1] === calledSuit))
    return moveTo(d, "hide", declarer, held);
  startPlay(d, held);
}

/** The fork `d` starts the play. Sol contracts got their rules (no trump, ace low) at set-up; the others play with the trump now named. */
function startPlay(d: Hand, held?: readonly (readonly Card[])[]): void {
  const s = edit(d);
  if (s.called !== null) s.rules = { trump: s.trump, aceLow: s.rules.aceLow, jokers: s.rules.jokers, jokerTrumpable: s.rules.jokerTrumpable };
  moveTo(d, "play", s.forehand, held);
}

function applyPlay(h: Hand, seat: Seat, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  if (action.type !== "play") return wrongPhase(h, action);
  const card = action.card;
  const hold = h.holding;
  const cards = hold.held[seat]!;
  const gone = goneOf(h, seat);
  let pos = -1;
  for (let i = 0; i < cards.length; i++)
    if (cards[i] === card && ((gone >>> i) & 1) === 0) {
      pos = i;
      break;
    }
  if (pos < 0) return fail("play/card-not-in-hand", `You do not hold ${card}`, { card });
  const index = hold.index[(seat << 4) + pos]!;
  const suit = playedSuit(hold, index, seat);
  const holdsCalled = hold.calledSeat === seat && ((gone >>> hold.calledPos) & 1) === 0;
  const playsCalled = holdsCalled && pos === hold.calledPos;
  const done = h.trickLog.length;
  if (h.trickLeader < 0) {
    if (index === JOKER_INDEX && done === 0) return fail("play/joker-lead-first-trick", "A joker may not be led to the first trick");
    if (h.calledLedAt < 0 && suit === hold.calledSuit && holdsCalled && !playsCalled)
      return fail("play/must-play-called-ace", `Leading ${h.called![1]} for the first time, you must lead ${h.called}`, { card: h.called });
  } else {
    const led = ledSuitNumber(h);
    if (holdsCalled && !playsCalled && led === hold.calledSuit && h.calledLedAt === done)
      return fail("play/must-play-called-ace", `The called ${h.called} must be played the first time its suit is led`, { card: h.called });
    if (led !== NO_SUIT && suit !== NO_SUIT && suit !== led && (hold.suitPos[seat * 6 + led]! & ~gone) !== 0)
      return fail("play/must-follow-suit", `You must follow suit (${SUIT_LETTERS[led]})`, { suit: SUIT_LETTERS[led] });
  }
  const next = fork(h, h.setup);
  if (!playCard(next, seat, pos, o, false)) return step(next);
  return step(next, [{ type: "trickWon", trick: unpackTrick(next.trickLog[next.trickLog.length - 1]!) }]);
}


/**
 * Plays the legal card at position `pos` of `seat`'s held cards, in place on
 * the fork `d`: the one place where the play moves on, for applyPlay after
 * its checks and for playHandOut. `ownLists`: d's trickLog and
 * tricksWon are its own (not shared with an earlier hand) and may be
 * extended in place. Returns whether it completed a trick.
 */
function playCard(d: Hand, seat: Seat, pos: number, o: EsmakkerOptions, ownLists: boolean): boolean {
  const hold = d.holding;
  const index = hold.index[(seat << 4) + pos]!;
  const count = d.trickCount;
  if (count === 0 && d.calledLedAt < 0 && playedSuit(hold, index, seat) === hold.calledSuit) d.calledLedAt = d.trickLog.length;
  const bit = 1 << (pos + ((seat & 1) << 4));
  if (seat < 2) d.gone01 |= bit;
  else d.gone23 |= bit;
  if (index === hold.calledIndex) d.partnerPublic = true;
  if (count < 3) {
    if (count === 0) d.trickLeader = seat;
    d.trickCount = count + 1;
    d.trickCards |= index << (6 * count);
    d.turn = ((seat + 1) & 3) as Seat;
    return false;
  }
  const leader = d.trickLeader as Seat;
  const cards = d.trickCards | (index << 18);
  let keys = 0;
  for (let i = 0; i < 4; i++) keys |= keyOf(hold, (cards >>> (6 * i)) & 63, (leader + i) & 3) << (8 * i);
  const winner = ((leader + winningPosition(keys, 4, hold.trumpSuit, hold.jokerTrumpable)) & 3) as Seat;
  const tricksWon = ownLists ? (d.tricksWon as number[]) : (d.tricksWon = d.tricksWon.slice());
  tricksWon[winner] = tricksWon[winner]! + 1;
  const packed = packTrick(leader, winner, cards);
  if (ownLists) (d.trickLog as number[]).push(packed);
  else d.trickLog = appended(d.trickLog, packed);
  let over: string | null = d.trickLog.length === 13 ? "allTricks" : null;
  if (d.called === null && d.declarer !== null) {
    // Sol contracts: a player over the limit has lost; the hand ends once every sol player has.
    const max = bidDef(d, o)!.maxTricks;
    if (tricksWon[winner]! > max && !d.solLost.includes(winner) && (winner === d.declarer || d.joiners.includes(winner))) {
      d.solLost = appended(d.solLost, winner);
      if (d.solLost.length === 1 + d.joiners.length) over = "solLost";
    }
  }
  d.phase = over === null ? "play" : "done";
  d.turn = over === null ? winner : null;
  d.endReason = over;
  d.trickLeader = -1;
  d.trickCount = 0;
  d.trickCards = 0;
  return true;
}

/** The trickKey of the card with index `index` played by `seat`: the fordækt card is the lowest card of the called suit. */
function keyOf(hold: Holding, index: number, seat: number): number {
  if (index === JOKER_INDEX) return trickKey(JOKER_SUIT, 0);
  if (index === hold.hiddenIndex && seat === hold.hiddenSeat) return trickKey(hold.calledSuit, 0);
  const rank = (index % 13) + 2;
  return trickKey((index / 13) | 0, hold.aceLow && rank === 14 ? 1 : rank);
}
