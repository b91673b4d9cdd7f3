/**
 * Es-makker hand state and its rules: the auction (melde tilbage, baghånd,
 * jernhånd, gå med), the contract set-up (trump, called ace, vip turns, halve,
 * exchange, fordækt kort) and the play, as pure functions over immutable state.
 *
 * A hand is an immutable `Hand` object with the public EsmakkerHand shape.
 * Inside, the play is kept small, because a card is played ~50 times a hand:
 * the cards each seat held when the hands last changed (deal, exchange) with
 * per-suit bit masks of their positions, a bit mask per seat of the positions
 * already played, and the trick in progress packed into three integers. So
 * playing a card allocates one object, and legal plays and follow-suit checks
 * are a few bit operations; who wins a trick is read from the cards' indices.
 * One function advances the play (playCard): applyAction after checking the
 * card, on a new hand per card, and playCardsOut for random playouts, on one
 * private copy for the rest of the hand. The public `hands` and `trick` are
 * built from these when read (and kept). Functions taking an EsmakkerHand
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
  | "vipTurned"
  | "exchangers"
  | "hidden"
  | "rules"
>;

// Suit numbers: a card's index divided by 13 (STANDARD_DECK order), and 4 for a joker.
const SUIT_LETTERS: readonly Suit[] = ["S", "H", "D", "C"];
const NO_SUIT = JOKER_SUIT;
const suitNumber = (index: number): number => (index === JOKER_INDEX ? NO_SUIT : (index / 13) | 0);

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
    for (let i = 0; i < n; i++) {
      const c = cardIndex(cards[i]!);
      index[seat * 16 + i] = c;
      const at = seat * 6 + (c === hiddenIndex && seat === hiddenSeat ? calledSuit : suitNumber(c));
      suitPos[at] = suitPos[at]! | (1 << i);
      if (c === calledIndex) (calledSeat = seat), (calledPos = i);
    }
    suitPos[seat * 6 + 5] = (1 << n) - 1;
  }
  const r = s.rules;
  return { held, index, suitPos, calledIndex, calledSuit, calledSeat, calledPos, hiddenIndex, hiddenSeat,
    trumpSuit: suitNumberOf(r.trump), aceLow: r.aceLow, jokerTrumpable: r.jokers && r.jokerTrumpable }; // prettier-ignore
}

/**
 * The fields after `holding` are written only on a hand nobody else has seen
 * yet: a new hand being finished (finish, the halve call) or a fresh copyOf
 * advanced by playCard. To the outside a Hand never changes.
 */
class Hand implements EsmakkerHand {
  #hands: readonly (readonly Card[])[] | undefined = undefined;
  #trick: Trick | undefined = undefined;

  constructor(
    readonly setup: Setup,
    readonly holding: Holding,
    public phase: Phase,
    public turn: Seat | null,
    public partnerPublic: boolean,
    public calledLedAt: number,
    public solLost: readonly Seat[],
    public endReason: string | null,
    public tricks: readonly CompletedTrick[],
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
    h.trick.plays.forEach((p, i) => (cards |= cardIndex(p.card) << (6 * i)));
  }
  const holding = h.phase === "play" ? holdingOf(h.hands, setup) : bareHolding(h.hands);
  return new Hand(setup, holding, h.phase, h.turn, h.partnerPublic, h.calledLedAt, h.solLost, h.endReason, h.tricks, h.tricksWon, 0, 0, leader, count, cards);
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
  vipTurned: s.vipTurned,
  exchangers: s.exchangers,
  hidden: s.hidden,
  rules: s.rules,
});

/**
 * A new hand before the play or at its end: `h` with set-up `s`, a phase and
 * a turn, and optionally new cards (`held`). The position tables are built
 * when the play starts.
 */
function revise(h: Hand, s: Setup, phase: Phase, turn: Seat | null, held?: readonly (readonly Card[])[]): Hand {
  const holding =
    phase === "play" && h.phase !== "play" ? holdingOf(held ?? h.holding.held, s) : held !== undefined ? bareHolding(held) : h.holding;
  return new Hand(s, holding, phase, turn, h.partnerPublic, h.calledLedAt, h.solLost, h.endReason,
    h.tricks, h.tricksWon, h.gone01, h.gone23, h.trickLeader, h.trickCount, h.trickCards); // prettier-ignore
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
    vipTurned: 0,
    exchangers: [],
    hidden: null,
    rules: { trump: null, aceLow: false, jokers: true, jokerTrumpable: ctx.options.jokerTrumpable },
  };
  return new Hand(setup, bareHolding(deal.hands), "auction", forehand, false, -1, [], null, [], [0, 0, 0, 0], 0, 0, -1, 0, 0);
}

function finish(h: Hand, endReason: string, s: Setup = h.setup): Hand {
  const done = revise(h, s, "done", null);
  done.endReason = endReason;
  return done;
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
    for (let x = 0; x < t.length; x += 3) all[first + x / 3] = discardAt(hand, index, t[x]!, t[x + 1]!, t[x + 2]!);
    return all;
  }
  const out: Action[] = mayKeep ? [KEEP] : [];
  for (let x = 0; x < t.length; x += 3) {
    const i = t[x]!, j = t[x + 1]!, k = t[x + 2]!;
    if (!isFirstOfAlike(hand, jokers, i, j, k)) continue;
    out.push(discardAt(hand, index, i, j, k));
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
  // A new action rather than the shared one from the big discard table: one random entry of that table costs a cache miss.
  return { type: "exchange", discard: [hand[t[x]!]!, hand[t[x + 1]!]!, hand[t[x + 2]!]!] };
}

/** legalActions(h, seat, o)[rng.int(n)] for the n legal actions (null when none), building the list only where it is cheap. */
export function randomLegalAction(hand: EsmakkerHand, seat: Seat, o: EsmakkerOptions, rng: Rng): Action | null {
  const h = asHand(hand);
  if (h.turn !== seat) return null;
  if (h.phase === "exchange") return randomExchange(h, seat, rng);
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
  let mask = playMask(h, seat);
  for (let k = rng.int(bitCount(mask)); k > 0; k--) mask &= mask - 1;
  return lowestBit(mask);
}

/**
 * Variant.playCardsOut: the rest of the card play with random legal cards (the
 * draws and cards of randomLegalAction step by step), on one copy of the hand
 * advanced in place; null before the play.
 */
export function playCardsOut(hand: EsmakkerHand, o: EsmakkerOptions, rng: Rng, onAction?: (seat: Seat, action: Action) => void): EsmakkerHand | null {
  const h = asHand(hand);
  if (h.phase !== "play") return null;
  const d = copyOf(h);
  // The copy's own lists, which playCard may then extend in place.
  d.tricks = h.tricks.slice();
  d.tricksWon = h.tricksWon.slice();
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
    return h.tricks.length > 0 ? allowed | firstJoker : allowed;
  }
  const led = ledSuitNumber(h);
  if (holdsCalled && led === hold.calledSuit && h.calledLedAt === h.tricks.length) return 1 << hold.calledPos;
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

export function applyAction(hand: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  const h = asHand(hand);
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

function applyAuction(h: Hand, seat: Seat, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
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
    {
      const s = draft(h.setup);
      s.bidding = logged;
      return step(finish(h, "redeal", s));
    }
    default:
      return wrongPhase(h, action);
  }
  const setup = draft(h.setup);
  setup.auction = next;
  setup.bidding = logged;
  setup.bid = bid;
  setup.joiners = joiners;
  const moved = new Hand(setup, h.holding, "auction", next.responder, h.partnerPublic, h.calledLedAt, h.solLost, h.endReason, h.tricks, h.tricksWon,
    0, 0, -1, 0, 0); // prettier-ignore
  if (!auctionOver(next)) return step(moved);
  if (next.holder === null) {
    setup.bid = null; // `moved` is not returned: its set-up may still change
    return step(finish(moved, "allPassed", setup));
  }
  return step(setUpContract(moved, next.holder, ladderFor(o).byId.get(bid!)!, o));
}

/** The auction is won: go to the contract's first set-up step. */
function setUpContract(h: Hand, declarer: Seat, def: BidDef, o: EsmakkerOptions): Hand {
  if (def.sol) {
    // Sol players exchange in turn, clockwise from the declarer; each joiner may take the previous one's discards.
    const players = [declarer, ...h.joiners].sort((x, y) => ((x - declarer + 4) % 4) - ((y - declarer + 4) % 4));
    const s = draft(h.setup);
    s.declarer = declarer;
    s.joiners = players.slice(1);
    s.exchangers = players;
    s.rules = { trump: null, aceLow: true, jokers: true, jokerTrumpable: o.jokerTrumpable };
    return revise(h, s, "exchange", declarer);
  }
  const s = draft(h.setup);
  s.declarer = declarer;
  switch (def.addOn) {
    case null:
      return revise(h, s, "trump", declarer);
    case "gode":
      s.trump = "C";
      return revise(h, s, "call", declarer);
    case "staerke":
      s.trump = "S";
      return revise(h, s, "call", declarer);
    default: // sans, halve, vip: trump comes later or never
      return revise(h, s, "call", declarer);
  }
}

function applyTrump(h: Hand, seat: Seat, action: Action): HandStep<EsmakkerHand> {
  if (action.type !== "trump") return wrongPhase(h, action);
  const suit = action.suit;
  if (!SUITS.includes(suit)) return fail("action/malformed", "Trump must be one of S, H, D, C");
  // Halve: the partner (or a selvmakker declarer) names trump, not the called ace's suit, then exchanges.
  if (h.called !== null && suit === h.called[1]) return fail("trump/not-allowed", "In halve, trump cannot be the called ace's suit", { suit });
  const s = draft(h.setup);
  s.trump = suit;
  return step(h.called === null ? revise(h, s, "call", h.turn) : toExchange(h, seat, s)); // plain: trump first, then the call
}

/** The exchange by `exchanger` next, with set-up `s` (a draft). */
function toExchange(h: Hand, exchanger: Seat, s: Draft): Hand {
  s.exchangers = [exchanger];
  return revise(h, s, "exchange", exchanger);
}

function applyCall(h: Hand, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  if (action.type !== "call") return wrongPhase(h, action);
  const card = action.card;
  if (!callableCards(h).includes(card))
    return fail("call/not-allowed", `Cannot call ${card}: call an ace of a suit other than trump (a king only when holding every such ace)`, {
      card,
    });
  const where = holderOf(h, card);
  const declarer = h.declarer!;
  const partner = typeof where === "number" && where !== declarer ? where : null;
  const addOn = bidDef(h, o)!.addOn;
  const s = draft(h.setup);
  s.called = card;
  s.partner = partner;
  if (addOn === "halve") {
    const events: EngineEvent[] =
      partner !== null ? [{ type: "info", key: "esmakker.partnerRevealed", data: { seat: partner, card } }] : [];
    const next = revise(h, s, "trump", partner ?? declarer);
    next.partnerPublic = partner !== null;
    return step(next, events);
  }
  if (addOn === "vip") return step(revise(h, s, "vip", h.turn));
  return step(toExchange(h, declarer, s));
}

function applyVip(h: Hand, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  if (action.type === "vipTurn") {
    if (h.vipTurned >= 3) return fail("vip/cannot-refuse", "The third turned card cannot be refused: accept it");
    const n = h.vipTurned + 1;
    const s = draft(h.setup);
    s.vipTurned = n;
    return step(revise(h, s, "vip", h.turn), [{ type: "info", key: "esmakker.vipTurned", data: { card: h.kat[n - 1]! } }]);
  }
  if (action.type === "vipAccept") {
    if (h.vipTurned === 0) return fail("action/wrong-phase", "Turn a kat card before accepting");
    const s = draft(h.setup);
    s.trump = vipTrump(h.kat, h.vipTurned, o.vipJokerPrevious);
    return step(toExchange(h, h.declarer!, s));
  }
  return wrongPhase(h, action);
}

function applyExchange(h: Hand, seat: Seat, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  if (action.type !== "exchange") return wrongPhase(h, action);
  if (!Array.isArray(action.discard)) return fail("action/malformed", "An exchange needs a discard list");
  const d = action.discard;
  // One new hand for the whole step: the laid-away cards, the next exchanger or what follows the exchange.
  const s = draft(h.setup);
  const exchangers = (s.exchangers = h.exchangers.slice(1));
  let held: (readonly Card[])[] | undefined;
  if (d.length === 0) {
    if (bidDef(h, o)!.addOn === "vip") return fail("exchange/compulsory", "In vip the exchange is compulsory");
  } else if (d.length === 3) {
    const rest = withoutAll(h.hands[seat]!, d);
    if (rest === null) return fail("exchange/card-not-in-hand", "You can only lay away cards you hold", { discard: d });
    if (h.called !== null && d.includes(h.called))
      return fail("exchange/called-ace", `The called card ${h.called} may not be laid away`, { card: h.called });
    for (const c of h.kat) rest.push(c);
    held = h.hands.slice();
    held[seat] = rest;
    s.kat = [d[0]!, d[1]!, d[2]!];
    s.katOwner = seat;
  } else {
    return fail("exchange/wrong-count", "Exchange all three cards or none", { count: d.length });
  }
  if (exchangers.length > 0) return step(revise(h, s, "exchange", exchangers[0]!, held));
  const declarer = h.declarer!;
  const calledSuit = h.called === null ? null : h.called[1];
  if (o.fordaektKort && calledSuit !== null && !(held ?? h.hands)[declarer]!.some((c) => c !== JK && c[1] === calledSuit))
    return step(revise(h, s, "hide", declarer, held));
  return step(startPlay(h, s, held));
}

/** The play, with set-up `s` (a draft). Sol contracts got their rules (no trump, ace low) at set-up; the others play with the trump now named. */
function startPlay(h: Hand, s: Draft, held?: readonly (readonly Card[])[]): Hand {
  if (s.called !== null) s.rules = { ...s.rules, trump: s.trump };
  return revise(h, s, "play", h.forehand, held);
}

function applyHide(h: Hand, seat: Seat, action: Action): HandStep<EsmakkerHand> {
  const s = draft(h.setup);
  if (action.type === "decline") return step(startPlay(h, s));
  if (action.type !== "hide") return wrongPhase(h, action);
  if (action.card === JK || !h.hands[seat]!.includes(action.card))
    return fail("hide/not-allowed", "Set one of your own cards (not a joker) face down", { card: action.card });
  s.hidden = action.card;
  return step(startPlay(h, s));
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
  const done = h.tricks.length;
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
  const next = copyOf(h);
  const trick = playCard(next, seat, pos, o, false);
  return step(next, trick === null ? NO_EVENTS : [{ type: "trickWon", trick }]);
}

/** A copy of `h` for playCard to advance. */
const copyOf = (h: Hand): Hand =>
  new Hand(h.setup, h.holding, h.phase, h.turn, h.partnerPublic, h.calledLedAt, h.solLost, h.endReason, h.tricks, h.tricksWon,
    h.gone01, h.gone23, h.trickLeader, h.trickCount, h.trickCards); // prettier-ignore

/**
 * Plays the legal card at position `pos` of `seat`'s held cards, in place on
 * `d` (a fresh copyOf): the one place where the play moves on, for applyPlay
 * after its checks and for playCardsOut. `ownLists`: d's tricks and tricksWon
 * are its own (not shared with an earlier hand) and may be extended in place.
 * Returns the trick it completed, if any.
 */
function playCard(d: Hand, seat: Seat, pos: number, o: EsmakkerOptions, ownLists: boolean): CompletedTrick | null {
  const hold = d.holding;
  const index = hold.index[(seat << 4) + pos]!;
  const count = d.trickCount;
  if (count === 0 && d.calledLedAt < 0 && playedSuit(hold, index, seat) === hold.calledSuit) d.calledLedAt = d.tricks.length;
  const bit = 1 << (pos + ((seat & 1) << 4));
  if (seat < 2) d.gone01 |= bit;
  else d.gone23 |= bit;
  if (index === hold.calledIndex) d.partnerPublic = true;
  if (count < 3) {
    if (count === 0) d.trickLeader = seat;
    d.trickCount = count + 1;
    d.trickCards |= index << (6 * count);
    d.turn = ((seat + 1) & 3) as Seat;
    return null;
  }
  const leader = d.trickLeader as Seat;
  const cards = d.trickCards | (index << 18);
  let keys = 0;
  for (let i = 0; i < 4; i++) keys |= keyOf(hold, (cards >>> (6 * i)) & 63, (leader + i) & 3) << (8 * i);
  const winner = ((leader + winningPosition(keys, 4, hold.trumpSuit, hold.jokerTrumpable)) & 3) as Seat;
  const plays = trickPlays(leader, 4, cards);
  const trick: CompletedTrick = { leader, plays, winner };
  const tricksWon = ownLists ? (d.tricksWon as number[]) : (d.tricksWon = d.tricksWon.slice());
  tricksWon[winner] = tricksWon[winner]! + 1;
  if (ownLists) (d.tricks as CompletedTrick[]).push(trick);
  else d.tricks = [...d.tricks, trick];
  let over: string | null = d.tricks.length === 13 ? "allTricks" : null;
  if (d.called === null && d.declarer !== null) {
    // Sol contracts: a player over the limit has lost; the hand ends once every sol player has.
    const max = bidDef(d, o)!.maxTricks;
    if (tricksWon[winner]! > max && !d.solLost.includes(winner) && (winner === d.declarer || d.joiners.includes(winner))) {
      d.solLost = [...d.solLost, winner];
      if (d.solLost.length === 1 + d.joiners.length) over = "solLost";
    }
  }
  d.phase = over === null ? "play" : "done";
  d.turn = over === null ? winner : null;
  d.endReason = over;
  d.trickLeader = -1;
  d.trickCount = 0;
  d.trickCards = 0;
  return trick;
}

/** The trickKey of the card with index `index` played by `seat`: the fordækt card is the lowest card of the called suit. */
function keyOf(hold: Holding, index: number, seat: number): number {
  if (index === JOKER_INDEX) return trickKey(JOKER_SUIT, 0);
  if (index === hold.hiddenIndex && seat === hold.hiddenSeat) return trickKey(hold.calledSuit, 0);
  const rank = (index % 13) + 2;
  return trickKey((index / 13) | 0, hold.aceLow && rank === 14 ? 1 : rank);
}
