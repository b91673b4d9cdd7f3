/**
 * The engine's shared vocabulary: seats, actions, errors, results, the match
 * state and the per-seat views, and the interface every variant implements.
 * Everything here is plain, JSON-serialisable, immutable data.
 */
import type { Card, Suit } from "./cards";
import type { Deal, Rng } from "./random";

/** A seat at the table: 0 to seat count - 1, clockwise from South (seat 0). */
export type Seat = number;
/** The most seats any variant may declare (knock-out whist seats up to seven). */
export const MAX_SEATS = 7;
/** The seats of a four-player table, the size of every partnership variant. */
export const SEATS: readonly Seat[] = [0, 1, 2, 3];
/** The seat `n` places clockwise of `s` at a table of `count` seats. */
export const nextSeat = (s: Seat, n = 1, count = 4): Seat => (((s + n) % count) + count) % count;
/** Across the table of four. */
export const partnerOf = (s: Seat): Seat => nextSeat(s, 2);

// The ids come from the list of registered variants (meta.ts): adding a variant there adds its id here.
export type { VariantId } from "./meta";
import type { VariantId } from "./meta";
// Each variant's view types, by id (registry.ts): the views below are built from them.
import type { VariantViews } from "./registry";
export type { VariantViews } from "./registry";

/** Text in the three interface languages. */
export interface Localized {
  readonly da: string;
  readonly nb: string;
  readonly en: string;
}

// ---------------------------------------------------------------------------
// Actions: everything a player chooses is one of these, and a record is a list of them.
export type Action =
  | { readonly type: "bid"; readonly bid: string } // a bid id of the variant's ladder
  | { readonly type: "pass" }
  | { readonly type: "hold" } // baghånd: hold the standing bid instead of overbidding
  | { readonly type: "redeal" } // jernhånd: demand a redeal
  | { readonly type: "join" } // gå med in a sol
  | { readonly type: "decline" } // decline to gå med / decline to set a card face down
  | { readonly type: "trump"; readonly suit: Suit }
  | { readonly type: "noTrump" } // choose to play without trump (where the chooser may)
  | { readonly type: "call"; readonly card: Card } // call an ace (or king)
  | { readonly type: "vipTurn" } // turn the next kat card
  | { readonly type: "vipAccept" } // accept the turned card's suit as trump
  | { readonly type: "exchange"; readonly discard: readonly Card[] } // three cards, or [] to keep the hand (exchangeUpTo3: 0-3)
  | { readonly type: "hide"; readonly card: Card } // fordækt kort: set a card face down
  | { readonly type: "play"; readonly card: Card };

export type ActionType = Action["type"];

/** An action as recorded: who did it. */
export interface SeatAction {
  readonly seat: Seat;
  readonly action: Action;
}

// ---------------------------------------------------------------------------
// Errors are values. `code` is stable and translated at the edges; `message` is English for logs and the CLI.
export type ErrorCode =
  | "setup/unknown-variant"
  | "setup/invalid-options"
  | "setup/invalid-seed"
  | "setup/invalid-deal"
  | "setup/invalid-seats"
  | "match/over"
  | "match/out-of-deals"
  | "action/malformed"
  | "action/not-your-turn"
  | "action/wrong-phase"
  | "bid/unknown"
  | "bid/too-low"
  | "bid/not-allowed"
  | "bid/cannot-hold"
  | "redeal/not-allowed"
  | "join/not-allowed"
  | "trump/not-allowed"
  | "call/not-allowed"
  | "vip/cannot-refuse"
  | "exchange/wrong-count"
  | "exchange/card-not-in-hand"
  | "exchange/called-ace"
  | "exchange/compulsory"
  | "exchange/too-many"
  | "exchange/vip-three"
  | "hide/not-allowed"
  | "play/card-not-in-hand"
  | "play/must-follow-suit"
  | "play/joker-lead-first-trick"
  | "play/must-play-called-ace"
  | "record/malformed"
  | "record/illegal-action"
  | "record/mismatch"
  | "engine/internal"; // a variant threw: a bug, reported as a value so apply never throws

export interface EngineError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export const err = (code: ErrorCode, message: string, details?: Record<string, unknown>): EngineError =>
  details ? { code, message, details } : { code, message };

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: EngineError };
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(code: ErrorCode, message: string, details?: Record<string, unknown>): Result<T> => ({
  ok: false,
  error: err(code, message, details),
});

// ---------------------------------------------------------------------------
// Tricks
export interface Play {
  readonly seat: Seat;
  readonly card: Card;
}
export interface Trick {
  readonly leader: Seat;
  readonly plays: readonly Play[];
}
export interface CompletedTrick extends Trick {
  readonly winner: Seat;
}

// ---------------------------------------------------------------------------
// Events, returned by apply for animation and logging (never needed to rebuild state).
export type EngineEvent =
  | { readonly type: "trickWon"; readonly trick: CompletedTrick }
  | { readonly type: "handEnded"; readonly result: HandResult }
  | { readonly type: "handDealt"; readonly handIndex: number; readonly dealer: Seat }
  | { readonly type: "matchEnded"; readonly standings: readonly number[] }
  | { readonly type: "info"; readonly key: string; readonly data?: Readonly<Record<string, unknown>> };

// ---------------------------------------------------------------------------
// Hands

/** Fields every variant's hand state has; the variant adds its own. */
export interface BaseHand {
  /** Variant-defined phase name, e.g. "auction", "trump", "call", "vip", "exchange", "play", "done". */
  readonly phase: string;
  /** Who acts next; null when the hand is over. */
  readonly turn: Seat | null;
  readonly dealer: Seat;
  /** What was dealt, unchanged through the hand (for records and the end-of-hand reveal). */
  readonly deal: Deal;
  /** Cards each seat holds now. */
  readonly hands: readonly (readonly Card[])[];
  readonly trick: Trick | null;
  readonly tricks: readonly CompletedTrick[];
  /** Tricks won by each seat in this hand. */
  readonly tricksWon: readonly number[];
}

/**
 * How one hand ended and what it scored. `points` is each seat's change;
 * partnership variants give both partners the side's figure.
 */
export interface HandResult {
  readonly handIndex: number;
  readonly dealer: Seat;
  /** The hand's seed (null when the deal was given explicitly) and its cards, public once the hand is over. */
  readonly seed: string | null;
  readonly deal: Deal;
  /** Public description of the contract, or null for a hand with none (passed out, pass game, pasnolo). */
  readonly contract: ContractSummary | null;
  readonly outcome: "made" | "lost" | "passedOut" | "redeal" | "played";
  /** Tricks over (positive) or under (negative) what was needed; 0 where it does not apply. */
  readonly margin: number;
  /** Why the hand ended: "allTricks", "allPassed", "redeal", "solLost", "grandiDecided", … */
  readonly endReason: string;
  readonly tricksWon: readonly number[];
  readonly points: readonly number[];
  /** Running totals after this hand (per seat). */
  readonly totals: readonly number[];
  /** Lines explaining the score, as translatable keys with parameters. */
  readonly explanation: readonly ScoreLine[];
}

export interface ScoreLine {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface ContractSummary {
  /** The bid id ("8vip", "sol", "grand", …) or a variant word ("trump" for classic). */
  readonly bid: string;
  readonly declarer: Seat | null;
  /** Declarer's partner(s) when known; empty when alone. */
  readonly partners: readonly Seat[];
  readonly trump: Suit | null;
  readonly called?: Card | null;
  readonly alone?: boolean;
  /** Tricks the declaring side needs (min) or may take at most (max). */
  readonly need?: { readonly min?: number; readonly max?: number };
}

// ---------------------------------------------------------------------------
// Bids: what each bid id means, declared by its variant (meta.ts), so that
// computer players and the interface read meanings and names, never the ids.

/** A text of the "engine" messages by key, with its parameters; a parameter may itself be such a text. */
export interface MessageRef {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number | MessageRef>>;
}

/** Es-makker's add-ons to a bid of so many tricks: how trump is fixed (RULES.md §1). */
export type AddOn = "vip" | "staerke" | "gode" | "sans" | "halve";

/** What a bid (or a contract summary's `bid`) asks of the declaring side. */
export type BidMeaning =
  /** At least `tricks` tricks; trump as the add-on fixes it (null: the declarer names it). */
  | { readonly kind: "tricks"; readonly tricks: number; readonly addOn: AddOn | null }
  /** At most `maxTricks` tricks, ace low (sol, nolo); `open`: the declarer's hand is laid open. */
  | { readonly kind: "avoid"; readonly maxTricks: number; readonly open: boolean }
  /** The declaring pair takes at least `minTricks` without trump; a lost grand costs `penalty` times what a made one scores. */
  | { readonly kind: "grand"; readonly minTricks: number; readonly penalty: number }
  /** The declarer alone takes the first seven tricks. */
  | { readonly kind: "grandi" }
  /** No bid: the hand is played with the trump the deal or a chooser fixed, or none. */
  | { readonly kind: "unbid" };

/** A bid's meaning and its name at the table (a message of the "engine" namespace). */
export type BidDescription = BidMeaning & { readonly label: MessageRef };

// ---------------------------------------------------------------------------
// Views: what one seat (or a spectator, seat null) may see.
export interface SeatCards {
  readonly count: number;
  /** The cards when this viewer may see them, otherwise null. */
  readonly cards: readonly Card[] | null;
}

/** The fields of a hand view that every variant fills in the same way. */
export interface HandViewBase {
  readonly turn: Seat | null;
  readonly dealer: Seat;
  readonly hands: readonly SeatCards[];
  /** The kat: count plus the cards this viewer may see (vip's turned cards), hidden ones as null. */
  readonly kat: { readonly count: number; readonly cards: readonly (Card | null)[] } | null;
  readonly auction: readonly SeatAction[];
  readonly contract: ContractSummary | null;
  readonly trick: Trick | null;
  readonly tricks: readonly CompletedTrick[];
  readonly tricksWon: readonly number[];
  /** Legal actions of the viewing seat (empty for spectators and when it is not their turn). */
  readonly legal: readonly Action[];
}

/**
 * What a variant's views carry besides the common fields: its phase names,
 * the public facts of a hand (`info`, e.g. classic's turned card) and of the
 * match (`matchInfo`, e.g. classic's games won in the rubber). Each variant
 * declares its own in its meta.ts; registry.ts lists them by id.
 */
export interface ViewTypes {
  readonly phase: string;
  readonly info: object;
  readonly matchInfo: object;
}

/** A hand view as a variant builds it: the common fields with its own phase names and facts. */
export interface VariantHandView<V extends ViewTypes = ViewTypes> extends HandViewBase {
  readonly phase: V["phase"];
  readonly info: V["info"];
}

type ViewFacts = "info" | "matchInfo";
/** Every key any variant uses for these facts. */
type FactKeys<F extends ViewFacts> = { [Id in VariantId]: keyof VariantViews[Id][F] }[VariantId];
/**
 * One variant's facts, with the keys that only other variants use present as
 * never set: any fact can be read off the view of any variant (undefined where
 * the variant has no such fact), and narrowing on `variant` gives the exact type.
 */
type FactsOf<Id extends VariantId, F extends ViewFacts> = VariantViews[Id][F] & {
  readonly [K in Exclude<FactKeys<F>, keyof VariantViews[Id][F]>]?: undefined;
};

/** The view of a hand of variant `Id`. */
export interface HandViewOf<Id extends VariantId> extends HandViewBase {
  readonly phase: VariantViews[Id]["phase"];
  /** Variant-specific public facts, e.g. { turnedCard: "7H" } in classic whist. */
  readonly info: FactsOf<Id, "info">;
}

/** The view of a hand of any variant. */
export type HandView = { [Id in VariantId]: HandViewOf<Id> }[VariantId];

/** Match-level public facts of variant `Id` (classic: games won in the rubber). */
export type MatchInfoOf<Id extends VariantId> = FactsOf<Id, "matchInfo">;

/** What one seat (or a spectator) sees of a match of variant `Id`. */
export interface MatchViewOf<Id extends VariantId> {
  readonly variant: Id;
  /** How many seats the match has (the variant's range allows; four in every partnership variant). */
  readonly seatCount: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seat: Seat | null;
  readonly handIndex: number;
  readonly scores: readonly number[];
  readonly results: readonly HandResult[];
  readonly over: boolean;
  readonly hand: HandViewOf<Id> | null;
  readonly matchInfo: MatchInfoOf<Id>;
}

/** What one seat (or a spectator) sees of a match: one case per variant, told apart by `variant`. */
export type MatchView = { [Id in VariantId]: MatchViewOf<Id> }[VariantId];

// ---------------------------------------------------------------------------
// Rule options: one zod schema per variant, plus metadata for forms.
export interface OptionField {
  readonly key: string;
  readonly kind: "boolean" | "integer" | "enum" | "numberList";
  readonly default: unknown;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly values?: readonly { readonly value: string; readonly label: Localized }[];
  readonly label: Localized;
  readonly description: Localized;
}

// ---------------------------------------------------------------------------
// Variants

/** What a variant sees of the match when it starts or scores a hand. */
export interface MatchContext<O> {
  readonly options: O;
  /** How many seats the match has. */
  readonly seatCount: number;
  /** The hand's seed, for a variant's own fair draws (null when the deals were given explicitly). */
  readonly handSeed: string | null;
  readonly handIndex: number;
  readonly dealer: Seat;
  readonly scores: readonly number[];
  readonly matchInfo: Readonly<Record<string, unknown>>;
}

/** A variant's answer to one action on a hand. */
export type HandStep<H> =
  | { readonly ok: true; readonly hand: H; readonly events: readonly EngineEvent[] }
  | { readonly ok: false; readonly error: EngineError };

export interface HandScore {
  readonly contract: ContractSummary | null;
  readonly outcome: HandResult["outcome"];
  readonly margin: number;
  readonly endReason: string;
  readonly points: readonly number[];
  readonly explanation: readonly ScoreLine[];
}

/**
 * What a hand would score, for computer players weighing a choice: the side
 * whose tricks decide the hand, whether it wants many or few, when the hand
 * ends early, and what each final trick count is worth under the table's
 * options (house-rule tariffs included).
 */
export interface OutcomeModel {
  readonly side: readonly Seat[];
  readonly sideMaximises: boolean;
  /** The hand ends as soon as the side has taken this many tricks (sol lost, grandi made). */
  readonly stopSide?: number;
  /** The hand ends as soon as the other seats have taken this many tricks (grandi lost). */
  readonly stopOthers?: number;
  /**
   * What the hand is worth to each seat when the side ends with `tricks`
   * tricks in all: its points where scores are per seat (zero-sum), its
   * side's points minus the other side's where each side scores up its own total.
   */
  worth(tricks: number): readonly number[];
}

/** Who plays with whom. */
export interface VariantTeams {
  /**
   * "fixed": seats 0+2 against 1+3 in every hand; "byContract": those pairs,
   * except in the contracts played alone (and hands with no contract, where
   * everyone plays for themself); "called": the declarer's partner is whoever
   * holds the called card, unknown until it shows; "none": everyone plays
   * for themself in every hand.
   */
  readonly kind: "fixed" | "byContract" | "called" | "none";
  /**
   * Whether tricks and points are the pairs' (0+2, 1+3) in a hand with this
   * contract and phase; contract and phase null: for the match as a whole.
   */
  pairsPlay(contract: { readonly alone?: boolean } | null, phase: string | null): boolean;
}

/**
 * What the rest of the platform (ratings, the table and lobby, tests) asks a
 * variant about itself, without loading its rules: each variant declares it
 * in its meta.ts, and engine/meta.ts lists them all.
 */
export interface VariantMeta {
  /** How many players the variant seats; `default` when a set-up names none. */
  readonly seats: { readonly min: number; readonly max: number; readonly default: number };
  readonly teams: VariantTeams;
  /**
   * "seat": each seat's own points, summing to zero every hand; "side": both
   * partners carry their side's total; "place": each seat's points only rank
   * the players (higher is better, equal shares the place), not zero-sum.
   */
  readonly scoresBy: "seat" | "side" | "place";
  /** The suit whose symbol stands for the variant in lists. */
  readonly emblem: Suit;
  /**
   * "ladder": many bids on trick levels of one game, so a bidder starts low and
   * raises when overbid (the bidding box is a grid of levels and kinds);
   * "calls": a few bids that are different games, so a bidder names the one it
   * wants (one row of buttons); "none": no auction.
   */
  readonly auction: "ladder" | "calls" | "none";
  /** What every bid id and every contract summary's `bid` of the variant means, and its name. */
  readonly bids: Readonly<Record<string, BidDescription>>;
  /** The bid ids of the auction, cheapest first, under a table's options (empty without an auction). */
  ladder(options: Readonly<Record<string, unknown>>): readonly string[];
  /**
   * The game played when every seat passes, each side wanting few tricks:
   * "pairs" (the fixed pairs; Norwegian pass game) or "solo" (everyone for
   * themself; Danish pasnolo), with aces low or high; null where no such game is played.
   */
  readonly passGame: { readonly teams: "pairs" | "solo"; readonly aceLow: boolean } | null;
}

export interface Variant<O = unknown, H extends BaseHand = BaseHand, V extends ViewTypes = ViewTypes> extends VariantMeta {
  readonly id: VariantId;
  readonly name: Localized;
  /**
   * The outcome model of the hand a view shows, as `viewer` sees it; `declaring`
   * is the declaring side when the caller knows (or assumes, in one sampled deal)
   * more than the view tells, e.g. es-makker's partner before the called ace shows.
   * Null for a hand that is not two-sided (pasnolo) or has no contract yet.
   */
  outcomeModel(hand: HandView, options: O, viewer: Seat, declaring: readonly Seat[] | null): OutcomeModel | null;
  /** Validates a partial options object and fills in the defaults of RULES.md. */
  readonly optionsSchema: import("zod").ZodType<O>;
  readonly optionFields: readonly OptionField[];
  /** Number of jokers in the deck (the kat is whatever is left after 4 × 13). */
  deckJokers(options: O): number;
  /**
   * How many cards each seat is dealt for the hand `ctx` describes (0: a seat
   * out of the game); the rest of the pack is the kat, its first card the one
   * turned after the deal. Without it, four hands of 13.
   */
  dealSizes?(ctx: MatchContext<O>): readonly number[];
  /** The hand's start state for a deal. */
  startHand(ctx: MatchContext<O>, deal: Deal): H;
  legalActions(hand: H, seat: Seat, options: O): Action[];
  /**
   * Optional fast path for random play: exactly legalActions(hand, seat,
   * options)[rng.int(n)] for its n actions (null without drawing when n = 0),
   * without building lists that are long but cheap to index (es-makker's 286
   * discards). Without it, simulate.ts builds the list and picks from it.
   */
  randomLegalAction?(hand: H, seat: Seat, options: O, rng: Rng): Action | null;
  applyAction(hand: H, seat: Seat, action: Action, options: O): HandStep<H>;
  /**
   * Optional fast path for random playouts: plays the hand to its end with
   * random legal actions, exactly the actions and draws of randomLegalAction
   * + applyAction step by step (each reported to `onAction`), but changing
   * one private copy of the hand instead of building a new hand per action.
   */
  playHandOut?(hand: H, options: O, rng: Rng, onAction?: (seat: Seat, action: Action) => void): H;
  /** True when the hand is over (then `turn` is null and `scoreHand` may be called). */
  isOver(hand: H): boolean;
  scoreHand(hand: H, ctx: MatchContext<O>): HandScore;
  viewHand(hand: H, seat: Seat | null, options: O): VariantHandView<V>;
  /** Match-level bookkeeping after a hand: new scores/info and whether the match is over. */
  afterHand(
    ctx: MatchContext<O>,
    score: HandScore,
    dealsPlayed: number,
    hand: H,
  ): { scores: readonly number[]; matchInfo: Readonly<Record<string, unknown>>; over: boolean };
}
