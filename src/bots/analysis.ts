/**
 * Replay analysis for the history/replay pages: replays one recorded hand
 * with full knowledge of the deal and, for every card played, solves the
 * position double dummy before and after it. The difference is what that
 * card kept or cost its player's side (in tricks). Only for finished hands:
 * it reads every hidden card.
 *
 * Who a card is judged for: in two-sided hands (trick contracts, classic,
 * Norwegian, Danish nolo/grand/sol/grandi, a single sol) every card is
 * judged by the declaring side's final tricks, as the bots' hand model
 * counts them (early ends included). Where each player plays for themself —
 * Danish pasnolo, and es-makker sol with players who went along (gå med) —
 * a card is judged by one player's own tricks against the other three: the
 * mover's own when they are a sol player still in the game (or in pasnolo),
 * otherwise the first sol player still in it, whom everyone else wants to
 * see fail.
 *
 * The work: the values of a two-sided hand's positions run along the play,
 * the value after one card being the value before the next, so a hand costs
 * one exact solve at its last card and a bounded search per card before it
 * (none for a forced card: every legal card equivalent to the one played),
 * from the last card back to the first (the cheap, small positions first:
 * with a deadline the cards left out are the first ones; where each player is
 * judged alone, one judge's cards after another's, so the first ones of the
 * judges not reached). All searches of one judge share a solver table
 * session, so each position finds much of its tree already in the table
 * (solving forward instead measured the same).
 *
 * Not every hand can be analysed: the solver plays four hands, and judges
 * cards by a two-sided outcome model. Hands of other seat counts, of
 * variants without partners at all, and contracts without a model come back
 * marked `unavailable` with no cards valued.
 */
import { type GameRecord, firstHandContext, getVariant, parseOptions, spectatorView } from "../engine/index";
import type { Card } from "../engine/cards";
import type { Deal } from "../engine/random";
import type { BaseHand, MatchContext, MatchView, Result, Seat, SeatAction } from "../engine/types";
import { fail, ok } from "../engine/types";
import { variantMeta } from "../engine/meta";
import { calledCard, isPasnolo, partnerCalled, trickRulesOf, tricksSoFar } from "./facts";
import { handModel } from "./outcome";
import { SearchAborted, type SearchOptions, type SolveInput, type TableSession, createSearch, growTablePool, moveOf, newTableSession } from "./solver/index";

export interface AnalysedPlay {
  /** Index of the action in the hand's action list. */
  readonly actionIndex: number;
  readonly seat: Seat;
  readonly card: string;
  /** 0-based trick number. */
  readonly trick: number;
  /** Seats whose final tricks `before` and `after` count (the declaring side, or the one player judged). */
  readonly counted: readonly Seat[];
  /** True when the counted seats want many tricks. */
  readonly countedWantMore: boolean;
  /** Tricks the counted seats end with, best play from the position before / after this card (null when not analysed). */
  readonly before: number | null;
  readonly after: number | null;
  /** after - before (null when not analysed). */
  readonly delta: number | null;
  /** Tricks this card cost its own side (0 = a best card; null when not analysed). */
  readonly lost: number | null;
}

export interface HandAnalysis {
  /** The side whose tricks every card is judged by (declarer and partner; for classic and pass games seats 0 and 2); empty when each player plays for themself. */
  readonly side: readonly Seat[];
  /** False when the side wants few tricks (sol, nolo, pass games). */
  readonly sideMaximises: boolean;
  readonly plays: readonly AnalysedPlay[];
  /** Every card has its values (false when maxHandSize or the deadline left the first ones out, see the file header). */
  readonly complete: boolean;
  /**
   * Set when the hand cannot be analysed (then `plays` is empty): "seats", a
   * table of other than four; "model", no two-sided outcome model to judge by.
   */
  readonly unavailable?: "seats" | "model";
}

/**
 * Whether the analysis applies to a variant's hands at a table of
 * `seatCount`: four hands for the solver, and partners (a variant where
 * every player plays for themself in every hand has no two-sided model).
 */
export function analysisAvailable(variant: string, seatCount: number): boolean {
  const meta = variantMeta(variant);
  return seatCount === 4 && meta !== undefined && meta.teams.kind !== "none";
}

const unavailable = (why: "seats" | "model"): HandAnalysis => ({ side: [], sideMaximises: false, plays: [], complete: true, unavailable: why });

export interface RecordedHandInput {
  readonly variant: string;
  readonly options?: unknown;
  readonly dealer: Seat;
  readonly deal: Deal;
  readonly actions: readonly SeatAction[];
}

export interface AnalysisOptions {
  /** Positions where a hand holds more cards than this are not solved (for quick partial checks). Default 13: every card. */
  readonly maxHandSize?: number;
  /** performance.now() at which solving stops: the cards not reached yet (the earliest, see the file header) keep null values. */
  readonly deadline?: number;
  /**
   * Called after each card valued, with the analysis so far (built only when called: the cards
   * not valued yet have null values, `complete` is false), so a caller can show a long hand's
   * progress.
   */
  readonly onProgress?: (soFar: () => HandAnalysis) => void;
}

/**
 * Entries of the solver's table for a hand's analysis (4 Mi: about 390 MB at most, its front included): the 12- and 13-card
 * positions where nobody wants tricks fill the default pool many times over, and finding again what
 * its compactions dropped cost three times the nodes of the slowest nolo deal measured. The table
 * grows into that memory only as a hand's searches fill it: a trick contract's hand touches a few MB.
 */
export const ANALYSIS_TABLE_ENTRIES = 1 << 22;

/** Analyses one hand of a game record. */
export function analyzeRecordHand(record: GameRecord, handIndex: number, opts: AnalysisOptions = {}): Result<HandAnalysis> {
  const hand = record.hands.find((h) => h.index === handIndex);
  if (!hand) return fail("record/malformed", `no hand ${handIndex} in the record`);
  return analyzePlay({ variant: record.variant, options: record.options, dealer: hand.dealer as Seat, deal: hand.deal, actions: hand.actions as SeatAction[] }, opts);
}

/** Whose tricks a card is judged by, and how the hand can end early for them. */
interface Judge {
  /** Same key, same model: their searches share a table session, and one's "after" is the next one's "before". */
  readonly key: string;
  readonly side: readonly Seat[];
  readonly sideMaximises: boolean;
  readonly stopSide?: number;
  readonly stopOthers?: number;
}

/** The hand replayed: every card played with its position and judge (or why the hand cannot be analysed). */
interface Replay {
  readonly cards: readonly PlayToSolve[];
  /** The two-sided judge, when any card was judged by it. */
  readonly twoSided: Judge | null;
}

function replayHand(input: RecordedHandInput, maxHandSize: number): Result<Replay | "seats" | "model"> {
  const variant = getVariant(input.variant);
  if (!variant) return fail("setup/unknown-variant", `unknown variant "${input.variant}"`);
  const parsed = parseOptions(input.variant, input.options ?? {});
  if (!parsed.ok) return parsed;
  const options = parsed.value;
  const seatCount = input.deal.hands.length;
  if (!analysisAvailable(input.variant, seatCount)) return ok(seatCount === 4 ? "model" : "seats");
  const ctx: MatchContext<unknown> = firstHandContext(options, input.dealer, seatCount);
  let hand: BaseHand = variant.startHand(ctx, input.deal);
  let twoSided: Judge | null = null;
  let hidden: Card | null = null;
  const cards: PlayToSolve[] = [];
  for (let i = 0; i < input.actions.length; i++) {
    const { seat, action } = input.actions[i]!;
    if (action.type === "hide") hidden = action.card;
    if (action.type === "play") {
      const mv = spectatorView(variant, options, hand);
      const judge: Judge | null = judgeFor(mv, hand, seat, input.variant);
      if (!judge) return ok("model");
      if (judge.key === "side") twoSided = judge;
      const position = positionOf(input.variant, mv, hand, judge, hidden);
      cards.push({
        entry: { actionIndex: i, seat, card: action.card, trick: hand.tricks.length, counted: judge.side, countedWantMore: judge.sideMaximises },
        position,
        judge,
        solvable: Math.max(...position.hands.map((h) => h.length)) <= maxHandSize,
      });
    }
    const step = variant.applyAction(hand, seat, action, options);
    if (!step.ok) return fail("record/illegal-action", `action ${i} refused: ${step.error.message}`, { index: i });
    hand = step.hand;
    if (variant.isOver(hand)) break;
  }
  return ok({ cards, twoSided });
}

/**
 * The position before the hand's first card, as the analysis solves it for that card's judge
 * (null when the hand cannot be analysed or has no card played): for measuring whole-deal solves.
 */
export function openingPosition(input: RecordedHandInput): Result<SolveInput | null> {
  const replay = replayHand(input, 13);
  if (!replay.ok) return replay;
  return ok(typeof replay.value === "string" ? null : (replay.value.cards[0]?.position ?? null));
}

/** Replays the hand's actions and solves the position around every card played. */
export function analyzePlay(input: RecordedHandInput, opts: AnalysisOptions = {}): Result<HandAnalysis> {
  // First the replay: each card with its position and judge.
  const replay = replayHand(input, opts.maxHandSize ?? 13);
  if (!replay.ok) return replay;
  if (typeof replay.value === "string") return ok(unavailable(replay.value));
  growTablePool(ANALYSIS_TABLE_ENTRIES);
  const { cards, twoSided } = replay.value;

  // Then the values, from the last card back: the value after a card is the value before the next
  // one when both are judged alike, so each card costs one bounded search of its own position.
  const sessions = new Map<string, TableSession>();
  const values: ({ before: number; after: number } | null)[] = cards.map(() => null);
  try {
    for (const k of solvingOrder(cards)) {
      const { position, judge, entry, solvable } = cards[k]!;
      if (!solvable) continue;
      let session = sessions.get(judge.key);
      if (!session) sessions.set(judge.key, (session = newTableSession()));
      const moverMaximises = judge.side.includes(entry.seat) === judge.sideMaximises;
      values[k] = solveAround(position, entry.card, boundAfter(cards, values, k), moverMaximises, { session, deadline: opts.deadline });
      opts.onProgress?.(soFar);
    }
  } catch (e) {
    if (!(e instanceof SearchAborted)) throw e;
  }
  return ok(soFar());

  function soFar(): HandAnalysis {
    const plays: AnalysedPlay[] = cards.map(({ entry, judge }, k) => {
      const v = values[k];
      const delta = v ? v.after - v.before : null;
      const moverWantsMore = judge.side.includes(entry.seat) === judge.sideMaximises;
      return { ...entry, before: v?.before ?? null, after: v?.after ?? null, delta, lost: delta === null ? null : moverWantsMore ? -delta : delta };
    });
    return { side: twoSided?.side ?? [], sideMaximises: twoSided?.sideMaximises ?? false, plays, complete: plays.every((p) => p.lost !== null) };
  }
}

/**
 * The order the cards are valued in: each judge's cards in a row, from its last card back to its
 * first (one judge: the hand from the last card back). The judges' table sessions share one pool, and
 * a compaction for one drops the others' entries: valued card by card in turns, the slowest pasnolo
 * hand measured took 7% more nodes.
 */
function solvingOrder(cards: readonly PlayToSolve[]): number[] {
  const byJudge = new Map<string, number[]>();
  for (let k = cards.length - 1; k >= 0; k--) {
    const key = cards[k]!.judge.key, ks = byJudge.get(key);
    if (ks) ks.push(k);
    else byJudge.set(key, [k]);
  }
  return [...byJudge.values()].flat();
}

/**
 * What the same judge's next valued card says of the value after card k. When it is the very next
 * card, its value before is that value (a two-sided hand: every card). Otherwise (each player judged
 * alone: pasnolo, es-makker sol with players along) it is a close first guess, and a bound when only
 * one side of the judge's model moves between (the value after k is the best those movers can do,
 * the next card's value what they did).
 */
function boundAfter(cards: readonly PlayToSolve[], values: readonly ({ before: number } | null)[], k: number): AfterBound | null {
  const { judge, entry } = cards[k]!;
  let maximisers = 0, minimisers = 0;
  for (let j = k + 1; j < cards.length; j++) {
    const c = cards[j]!;
    if (c.judge.key === judge.key) {
      const v = values[j]?.before;
      if (v === undefined) return null;
      // Only plays between (any other action may change the position): else a guess alone.
      const onlyPlays = c.entry.actionIndex - entry.actionIndex === j - k;
      return { guess: v, lo: onlyPlays && minimisers === 0 ? v : 0, hi: onlyPlays && maximisers === 0 ? v : 99 };
    }
    if (judge.side.includes(c.entry.seat) === judge.sideMaximises) maximisers++;
    else minimisers++;
  }
  return null;
}

/** A first guess for the value after a card (final tricks), with bounds known on it (lo = hi: known). */
interface AfterBound {
  readonly guess: number;
  readonly lo: number;
  readonly hi: number;
}

/** One card of the replay, ready to solve. */
interface PlayToSolve {
  readonly entry: Omit<AnalysedPlay, "before" | "after" | "delta" | "lost">;
  readonly position: SolveInput;
  readonly judge: Judge;
  /** Within AnalysisOptions.maxHandSize. */
  readonly solvable: boolean;
}

/** Who holds (or played) a card in the hand so far; -1 when nobody does (in the kat). */
function holderOf(hand: BaseHand, card: Card): number {
  for (const t of tricksSoFar(hand)) for (const p of t.plays) if (p.card === card) return p.seat;
  return hand.hands.findIndex((h) => h.includes(card));
}

/** The model a card of `mover` is judged by (see the file header); null when no model fits the contract. */
function judgeFor(mv: MatchView, hand: BaseHand, mover: Seat, variantId: string): Judge | null {
  const hv = mv.hand!;
  const contract = hv.contract;
  const won = hand.tricksWon;
  // Every player for themself: pasnolo.
  if (isPasnolo(mv)) return { key: `own:${mover}`, side: [mover], sideMaximises: false };
  // The declaring side with every card known: es-makker's partner is whoever holds or played the called card.
  const called = calledCard(mv);
  let declaring: Seat[] | null = null;
  if (contract && contract.declarer !== null && partnerCalled(variantId)) {
    declaring = [contract.declarer];
    const holder = called ? holderOf(hand, called) : -1;
    if (holder >= 0 && holder !== contract.declarer) declaring.push(holder as Seat);
  }
  const model = handModel(mv, contract?.declarer ?? 0, declaring);
  if (!model) return null;
  const joiners = hv.info.joiners ?? [];
  if (!partnerCalled(variantId) || contract?.declarer == null || joiners.length === 0) {
    return { key: "side", side: model.side, sideMaximises: model.sideMaximises, stopSide: model.stopSide, stopOthers: model.stopOthers };
  }
  // Es-makker sol with players who went along: each sol player settles with each of the other three.
  const solPlayers: Seat[] = [contract.declarer, ...joiners];
  const limit = (model.stopSide ?? 14) - 1;
  const inGame = solPlayers.filter((s) => won[s]! <= limit);
  const judged = inGame.includes(mover) ? mover : (inGame[0] ?? contract.declarer);
  return { key: `own:${judged}`, side: [judged], sideMaximises: false, stopSide: model.stopSide };
}

/** The solver's view of a hand in play, with every card known, for one judge. */
function positionOf(variantId: string, mv: MatchView, hand: BaseHand, judge: Judge, hidden: Card | null): SolveInput {
  // In progress while a seat holding cards has not played to it.
  const trick = hand.trick && hand.hands.some((h, s) => h.length > 0 && !hand.trick!.plays.some((p) => p.seat === s)) ? hand.trick : null;
  const takenSide = judge.side.reduce<number>((n, s) => n + hand.tricksWon[s]!, 0);
  const takenAll = hand.tricksWon.reduce<number>((a, b) => a + b, 0);
  return {
    hands: hand.hands,
    trick,
    leader: trick ? trick.leader : (hand.turn ?? 0),
    rules: trickRulesOf(mv),
    side: judge.side,
    sideMaximises: judge.sideMaximises,
    firstTrick: hand.tricks.length === 0,
    called: partnerCalled(variantId) ? calledCard(mv) : null,
    hidden,
    stopSide: judge.stopSide,
    stopOthers: judge.stopOthers,
    takenSide,
    takenOthers: takenAll - takenSide,
  };
}

/**
 * Values (counted seats' final tricks) before and after `card`. The value after is solved first,
 * from what `after` knows of it (nothing to search when it is known); it bounds the value before
 * (no card does better for its player than the position's value), which then usually costs one
 * test: the card played was a best one.
 */
function solveAround(position: SolveInput, card: string, after: AfterBound | null, moverMaximises: boolean, search: SearchOptions): { before: number; after: number } {
  const dd = createSearch(position, search);
  const taken = position.takenSide ?? 0;
  const played = dd.representative(moveOf(position, card));
  const a = after ? dd.valueAfter(played, Math.max(0, after.lo - taken), after.hi - taken, after.guess - taken) : dd.valueAfter(played);
  // A forced card (every legal card equivalent to it) keeps the position's value: nothing to search.
  if (dd.legalMoves().every((m) => dd.representative(m) === played)) return { before: taken + a, after: taken + a };
  return { before: taken + (moverMaximises ? dd.value(a, a, 99) : dd.value(a, 0, a)), after: taken + a };
}
