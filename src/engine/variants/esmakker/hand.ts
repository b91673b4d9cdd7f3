/**
 * The es-makker hand state: the public EsmakkerHand shape, the immutable
 * `Hand` object that holds it, its constructors (startHand, a plain object
 * rebuilt) and the few tools the rules change a private copy with (fork,
 * draft, moveTo). The rules themselves are in auction.ts, setup.ts,
 * exchange.ts and play.ts; rules.ts puts them together.
 *
 * Inside, the play is kept small, because a card is played ~50 times a hand:
 * the cards each seat held when the hands last changed (deal, exchange) with
 * per-suit bit masks of their positions, a bit mask per seat of the positions
 * already played, the trick in progress packed into three integers and each
 * completed trick into one. So playing a card allocates one object, and legal
 * plays and follow-suit checks are a few bit operations; who wins a trick is
 * read from the cards' indices. The rules change a hand only on a private
 * fork: applyAction forks the hand for each action; playHandOut, for random
 * playouts, forks once and plays the rest of the hand on that fork.
 * The public `hands`, `trick` and `tricks` are built from these when read
 * (and kept). Functions taking an EsmakkerHand also accept a plain object of
 * that shape (e.g. parsed from JSON) and rebuild it first.
 */
import { type Card, type Suit, JOKER_INDEX, cardIndex } from "../../cards";
import { type DuelAuction, startAuction } from "../../core/auction";
import { JOKER_SUIT, type TrickRules, playByIndex, suitNumberOf } from "../../core/trick";
import type { Deal } from "../../random";
import {
  type BaseHand,
  type CompletedTrick,
  type EngineEvent,
  type MatchContext,
  type Play,
  type Seat,
  type SeatAction,
  type Trick,
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
export type Setup = Pick<
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
export const SUIT_LETTERS: readonly Suit[] = ["S", "H", "D", "C"];
export const NO_SUIT = JOKER_SUIT;
export const suitNumber = (index: number): number => (index === JOKER_INDEX ? NO_SUIT : (index / 13) | 0);
/** suitNumber by card index. */
const SUIT_NUMBER: readonly number[] = Array.from({ length: JOKER_INDEX + 1 }, (_, i) => suitNumber(i));

/**
 * The cards each seat held when the hands last changed, and what the play
 * needs to know of them by position (seat s, position i < 16). The tables
 * are filled when the play starts; before it they are empty (bareHolding).
 */
export interface Holding {
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
export class Hand implements EsmakkerHand {
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
export const goneOf = (h: Hand, seat: number): number => ((seat < 2 ? h.gone01 : h.gone23) >>> ((seat & 1) << 4)) & 0xffff;

/** A completed trick in one integer: its cards' indices in 6 bits each, the leader and the winner in 2 bits each above them. */
export const packTrick = (leader: number, winner: number, cards: number): number => cards | (leader << 24) | (winner << 26);
export const unpackTrick = (t: number): CompletedTrick => {
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
export function asHand(h: EsmakkerHand): Hand {
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

export type Draft = { -readonly [K in keyof Setup]: Setup[K] };

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
export const fork = (h: Hand, setup: Setup = draft(h.setup)): Hand =>
  new Hand(setup, h.holding, h.phase, h.turn, h.partnerPublic, h.calledLedAt, h.solLost, h.endReason, h.trickLog, h.tricksWon,
    h.gone01, h.gone23, h.trickLeader, h.trickCount, h.trickCards); // prettier-ignore

/** The set-up of a fork, to write. */
export const edit = (d: Hand): Draft => d.setup as Draft;

/**
 * The fork `d` moves to `phase` with `turn`, and to new cards `held` if
 * given. The position tables are built when the play starts.
 */
export function moveTo(d: Hand, phase: Phase, turn: Seat | null, held?: readonly (readonly Card[])[]): void {
  if (phase === "play" && d.phase !== "play") d.holding = holdingOf(held ?? d.holding.held, d.setup);
  else if (held !== undefined) d.holding = bareHolding(held);
  d.phase = phase;
  d.turn = turn;
}

/** The fork `d` ends before the play. */
export function finishIn(d: Hand, endReason: string): void {
  moveTo(d, "done", null);
  d.endReason = endReason;
}

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

// ---------------------------------------------------------------------------
// Small queries and helpers

export const bidDef = (h: EsmakkerHand, o: EsmakkerOptions): BidDef | null => (h.bid === null ? null : ladderFor(o).byId.get(h.bid) ?? null);

/** Seats playing a sol contract: the declarer then the joiners. */
export const solPlayers = (h: EsmakkerHand): Seat[] => (h.declarer === null ? [] : [h.declarer, ...h.joiners]);

export const NO_EVENTS: readonly EngineEvent[] = Object.freeze([]);

/**
 * A copy of `list` with `item` added. Pushed one by one into a new array: for short lists that is one
 * allocation, where a spread or a slice and push measured slower (the push grows the exact-size copy).
 */
export function appended<T>(list: readonly T[], item: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < list.length; i++) out.push(list[i]!);
  out.push(item);
  return out;
}

