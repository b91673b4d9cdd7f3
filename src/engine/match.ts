/**
 * The match state machine over the Variant interface: set-up (variant,
 * options, seats, seed or explicit deals), dealing with a clockwise-rotating
 * dealer, turn checks, delegating each action to the variant, scoring a
 * finished hand and dealing the next one, and the per-seat view.
 *
 * apply never throws and never mutates: it validates input structurally (no
 * zod on the hot path) and passes the variant a canonical copy of the action,
 * lets the variant build the new hand and makes one shallow copy of the match
 * state around it. Hand i is dealt by seat i mod (seat count) from
 * handSeed(matchSeed, i), or taken from the explicit deals; with both, the
 * explicit deals are played and the seed only labels the hands (replay).
 * The variant says how many seats it takes and, where it is not four hands
 * of 13, how many cards each seat gets (dealSizes).
 */
import { canonicalAction, isSeat } from "./actions";
import { canonicalCard, isCard, makeDeck } from "./cards";
import { type Deal, dealBySizes, dealFromSeed, handSeed } from "./random";
import { type AnyVariant, VARIANTS, getVariant, parseOptions } from "./registry";
import type {
  Action,
  BaseHand,
  EngineError,
  EngineEvent,
  HandResult,
  MatchContext,
  MatchView,
  Result,
  Seat,
  VariantHandView,
  VariantId,
} from "./types";
import { err, fail, ok } from "./types";

export interface SeatInfo {
  readonly name: string;
}

export interface MatchSetup {
  readonly variant: string;
  readonly options?: unknown;
  readonly seats?: readonly SeatInfo[];
  readonly seed?: string;
  readonly deals?: readonly Deal[];
}

export interface MatchState {
  readonly variant: VariantId;
  /** Full, validated options of the variant. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly seats: readonly SeatInfo[];
  readonly seed: string | null;
  readonly deals: readonly Deal[] | null;
  /** Index of the hand in progress (= number of hands finished before it). */
  readonly dealIndex: number;
  readonly dealer: Seat;
  readonly scores: readonly number[];
  readonly matchInfo: Readonly<Record<string, unknown>>;
  readonly results: readonly HandResult[];
  /** The hand in progress; null when the match is over or the explicit deals ran out. */
  readonly hand: BaseHand | null;
  /** Seed of the hand in progress (secret until the hand is over). */
  readonly handSeed: string | null;
  readonly over: boolean;
}

export type ApplyResult =
  | { readonly ok: true; readonly state: MatchState; readonly events: readonly EngineEvent[] }
  | { readonly ok: false; readonly error: EngineError };

/** Seat names used when none are given at a table of four; seat 0 is South and seats go clockwise. */
export const DEFAULT_SEAT_NAMES = ["South", "West", "North", "East"] as const;
/** The names of a set-up's seats when none are given. */
export const defaultSeatNames = (count: number): string[] =>
  count === 4 ? [...DEFAULT_SEAT_NAMES] : Array.from({ length: count }, (_, i) => `Player ${i + 1}`);
const MAX_SEED_LENGTH = 256;
const MAX_NAME_LENGTH = 64;

// A state's variant id came from createMatch, so a plain property load suffices on the hot path.
const variantOf = (state: MatchState): AnyVariant => VARIANTS[state.variant]!;

/**
 * Every match state is built here with its fields in one fixed order (`hand`
 * replaced when given): V8 then gives all states one hidden class, and an
 * explicit literal copies much faster than an object spread.
 */
const matchState = (s: MatchState, hand: BaseHand | null = s.hand): MatchState => ({
  variant: s.variant,
  options: s.options,
  seed: s.seed,
  deals: s.deals,
  scores: s.scores,
  matchInfo: s.matchInfo,
  seats: s.seats,
  dealIndex: s.dealIndex,
  dealer: s.dealer,
  results: s.results,
  hand,
  handSeed: s.handSeed,
  over: s.over,
});

// One deck per joker count, built once: dealing copies it anyway.
const DECKS: (readonly string[])[] = [];
const deckOf = (jokers: number): readonly string[] => (DECKS[jokers] ??= makeDeck(jokers));

const refuse = (error: EngineError): ApplyResult => ({ ok: false, error });

function checkSeats(seats: unknown, variant: AnyVariant): Result<SeatInfo[]> {
  const { min, max } = variant.seats;
  if (seats === undefined) return ok(defaultSeatNames(variant.seats.default).map((name) => ({ name })));
  if (!Array.isArray(seats) || seats.length < min || seats.length > max)
    return fail("setup/invalid-seats", min === max ? `seats must list exactly ${min} seats` : `seats must list ${min} to ${max} seats`, { min, max });
  const out: SeatInfo[] = [];
  for (const s of seats) {
    const name = typeof s === "object" && s !== null ? (s as { name?: unknown }).name : undefined;
    if (typeof name !== "string" || name.trim() === "" || name.length > MAX_NAME_LENGTH)
      return fail("setup/invalid-seats", `every seat needs a name of 1 to ${MAX_NAME_LENGTH} characters`);
    out.push({ name });
  }
  return ok(out);
}

/**
 * Checks that a deal holds exactly the variant's deck: a hand per seat and the
 * rest in the kat; four hands of 13 unless the variant sizes its deals (then
 * dealHand checks each hand's size when it is played).
 */
function checkDeal(deal: unknown, deck: readonly string[], index: number, seatCount: number, sized: boolean): EngineError | null {
  const bad = (why: string) => err("setup/invalid-deal", `deal ${index}: ${why}`, { deal: index });
  if (typeof deal !== "object" || deal === null) return bad("not an object");
  const { hands, kat } = deal as { hands?: unknown; kat?: unknown };
  if (!Array.isArray(hands) || hands.length !== seatCount) return bad(`needs ${seatCount} hands`);
  if (!Array.isArray(kat)) return bad("the kat is not a list of cards");
  if (!sized && kat.length !== deck.length - 52) return bad(`the kat must hold ${deck.length - 52} cards`);
  if (sized && hands.reduce((n: number, h: unknown) => n + (Array.isArray(h) ? h.length : 0), kat.length) !== deck.length)
    return bad(`the hands and the kat must hold the ${deck.length} cards of the deck`);
  const count = new Map<string, number>();
  for (const c of deck) count.set(c, (count.get(c) ?? 0) + 1);
  for (const cards of [...hands, kat] as unknown[]) {
    if (!Array.isArray(cards)) return bad("a hand is not a list of cards");
    if (!sized && cards !== kat && cards.length !== 13) return bad("every hand must hold 13 cards");
    for (const c of cards) {
      if (!isCard(c)) return bad(`"${String(c)}" is not a card`);
      const left = count.get(c) ?? 0;
      if (left === 0) return bad(`${c} is not in the deck or dealt twice`);
      count.set(c, left - 1);
    }
  }
  return null;
}

/** The context of a match's first hand (for tests and tools that start one hand on its own). */
export const firstHandContext = <O>(options: O, dealer: Seat, seatCount = 4): MatchContext<O> => ({
  options,
  seatCount,
  handSeed: null,
  handIndex: 0,
  dealer,
  scores: Array<number>(seatCount).fill(0),
  matchInfo: {},
});

/** Deals hand `index` (null when the explicit deals ran out). */
function dealHand(
  variant: AnyVariant,
  base: Pick<MatchState, "options" | "seed" | "deals" | "scores" | "matchInfo">,
  index: number,
): { hand: BaseHand; handSeed: string | null; dealer: Seat } | null {
  const seatCount = base.scores.length;
  const dealer = index % seatCount;
  const seed = base.seed === null ? null : handSeed(base.seed, index);
  const ctx: MatchContext<unknown> = {
    options: base.options,
    seatCount,
    handSeed: seed,
    handIndex: index,
    dealer,
    scores: base.scores,
    matchInfo: base.matchInfo,
  };
  const sizes = variant.dealSizes?.(ctx);
  let deal: Deal | undefined;
  if (base.deals) deal = base.deals[index];
  else if (sizes) deal = dealBySizes(seed!, deckOf(variant.deckJokers(base.options)), dealer, sizes);
  else deal = dealFromSeed(seed!, deckOf(variant.deckJokers(base.options)), dealer);
  // An explicit deal that does not fit this hand's sizes cannot be played: the deals end here.
  if (!deal || (sizes && deal.hands.some((h, s) => h.length !== sizes[s]))) return null;
  return { hand: variant.startHand(ctx, deal), handSeed: seed, dealer };
}

export function createMatch(setup: MatchSetup): Result<MatchState> {
  if (typeof setup !== "object" || setup === null) return fail("setup/unknown-variant", "a match set-up is required");
  const variant = getVariant(String(setup.variant));
  if (!variant) return fail("setup/unknown-variant", `unknown variant "${String(setup.variant)}"`, { variant: setup.variant });
  const options = parseOptions(variant.id, setup.options);
  if (!options.ok) return options;
  const seats = checkSeats(setup.seats, variant);
  if (!seats.ok) return seats;
  const seatCount = seats.value.length;
  const seed = setup.seed;
  if (seed !== undefined && (typeof seed !== "string" || seed === "" || seed.length > MAX_SEED_LENGTH))
    return fail("setup/invalid-seed", `the seed must be a string of 1 to ${MAX_SEED_LENGTH} characters`);
  let deals: Deal[] | null = null;
  if (setup.deals !== undefined) {
    if (!Array.isArray(setup.deals) || setup.deals.length === 0) return fail("setup/invalid-deal", "deals must be a non-empty list");
    const deck = makeDeck(variant.deckJokers(options.value));
    for (let i = 0; i < setup.deals.length; i++) {
      const problem = checkDeal(setup.deals[i], deck, i, seatCount, variant.dealSizes !== undefined);
      if (problem) return { ok: false, error: problem };
    }
    deals = (setup.deals as readonly Deal[]).map((d) => ({ hands: d.hands.map((h) => h.map(canonicalCard)), kat: d.kat.map(canonicalCard) }));
  }
  if (seed === undefined && deals === null) return fail("setup/invalid-seed", "a seed or explicit deals are required");
  const base = { options: options.value, seed: seed ?? null, deals, scores: Array<number>(seatCount).fill(0), matchInfo: {} };
  const first = dealHand(variant, base, 0);
  if (!first) return fail("setup/invalid-deal", "deal 0: the hands do not hold the cards this variant deals each seat", { deal: 0 });
  return ok(
    matchState({
      variant: variant.id,
      ...base,
      seats: seats.value,
      dealIndex: 0,
      dealer: first.dealer,
      results: [],
      hand: first.hand,
      handSeed: first.handSeed,
      over: false,
    }),
  );
}

/** The seat that must act now, or null (match over, or no hand). */
export const currentTurn = (state: MatchState): Seat | null => (state.over || !state.hand ? null : state.hand.turn);

export function legalActions(state: MatchState, seat: Seat): Action[] {
  const hand = state.hand;
  if (state.over || !hand || hand.turn !== seat) return [];
  return variantOf(state).legalActions(hand, seat, state.options);
}

export function apply(state: MatchState, seat: Seat, action: Action): ApplyResult {
  if (state.over) return refuse(err("match/over", "the match is over"));
  const hand = state.hand;
  if (!hand) return refuse(err("match/out-of-deals", "no hand is in progress: the given deals are used up"));
  if (!isSeat(seat) || seat >= state.seats.length) return refuse(err("action/malformed", `"${String(seat)}" is not a seat`));
  const canonical = canonicalAction(action);
  if (canonical === null) return refuse(err("action/malformed", "malformed action"));
  if (hand.turn !== seat) return refuse(err("action/not-your-turn", `it is not seat ${seat}'s turn`, { turn: hand.turn }));
  const variant = variantOf(state);
  let step;
  try {
    step = variant.applyAction(hand, seat, canonical, state.options);
    if (step.ok && variant.isOver(step.hand)) return finishHand(state, variant, step.hand, step.events);
  } catch (e) {
    return refuse(err("engine/internal", `the ${state.variant} rules failed on this action: ${String(e)}`));
  }
  if (!step.ok) return step;
  return { ok: true, state: matchState(state, step.hand), events: step.events };
}

/** Scores a finished hand, records its result and deals the next hand unless the match is over (also for simulate.ts). */
export function finishHand(state: MatchState, variant: AnyVariant, hand: BaseHand, handEvents: readonly EngineEvent[]): ApplyResult {
  const ctx: MatchContext<unknown> = {
    options: state.options,
    seatCount: state.seats.length,
    handSeed: state.handSeed,
    handIndex: state.dealIndex,
    dealer: state.dealer,
    scores: state.scores,
    matchInfo: state.matchInfo,
  };
  const score = variant.scoreHand(hand, ctx);
  const after = variant.afterHand(ctx, score, state.results.length + 1, hand);
  const result: HandResult = {
    handIndex: state.dealIndex,
    dealer: state.dealer,
    seed: state.handSeed,
    deal: hand.deal,
    contract: score.contract,
    outcome: score.outcome,
    margin: score.margin,
    endReason: score.endReason,
    tricksWon: hand.tricksWon,
    points: score.points,
    totals: after.scores,
    explanation: score.explanation,
  };
  const events: EngineEvent[] = [...handEvents, { type: "handEnded", result }];
  // Literals in matchState's field order (no spreads): the same hidden class as every other state.
  const finished: MatchState = {
    variant: state.variant,
    options: state.options,
    seed: state.seed,
    deals: state.deals,
    scores: after.scores,
    matchInfo: after.matchInfo,
    seats: state.seats,
    dealIndex: state.dealIndex + 1,
    dealer: state.dealer,
    results: [...state.results, result],
    hand: null,
    handSeed: null,
    over: after.over,
  };
  if (after.over) {
    events.push({ type: "matchEnded", standings: after.scores });
    return { ok: true, state: finished, events };
  }
  const next = dealHand(variant, finished, finished.dealIndex);
  if (!next) return { ok: true, state: finished, events };
  events.push({ type: "handDealt", handIndex: finished.dealIndex, dealer: next.dealer });
  const dealt: MatchState = {
    variant: finished.variant,
    options: finished.options,
    seed: finished.seed,
    deals: finished.deals,
    scores: finished.scores,
    matchInfo: finished.matchInfo,
    seats: finished.seats,
    dealIndex: finished.dealIndex,
    dealer: next.dealer,
    results: finished.results,
    hand: next.hand,
    handSeed: next.handSeed,
    over: false,
  };
  return { ok: true, state: dealt, events };
}

/**
 * A view as the variant built it. Each variant builds its hand views with the
 * view types registry.ts pairs with its id, so a view of `variant` is that
 * id's case of the MatchView union; the compiler cannot follow the pairing
 * through the registry, hence this one assertion.
 */
type BuiltView = Omit<MatchView, "hand" | "matchInfo"> & { readonly hand: VariantHandView | null; readonly matchInfo: object };
const asMatchView = (built: BuiltView): MatchView => built as MatchView;

/** What `seat` (null: a spectator) may see. Never includes the hand in progress's seed. */
export function view(state: MatchState, seat: Seat | null): MatchView {
  const viewer = isSeat(seat) && seat < state.seats.length ? seat : null;
  return asMatchView({
    variant: state.variant,
    seatCount: state.seats.length,
    options: state.options,
    seat: viewer,
    handIndex: state.dealIndex,
    scores: state.scores,
    results: state.results,
    over: state.over,
    hand: state.hand ? variantOf(state).viewHand(state.hand, viewer, state.options) : null,
    matchInfo: state.matchInfo,
  });
}

/**
 * A spectator's view of one hand of `variant` outside a match (no scores or
 * results), for code that reads hands through views: the replay analysis.
 */
export function spectatorView(variant: AnyVariant, options: Readonly<Record<string, unknown>>, hand: BaseHand): MatchView {
  return asMatchView({
    variant: variant.id,
    seatCount: hand.hands.length,
    options,
    seat: null,
    handIndex: 0,
    scores: hand.hands.map(() => 0),
    results: [],
    over: false,
    hand: variant.viewHand(hand, null, options),
    matchInfo: {},
  });
}
