/**
 * Replay analysis for the history/replay pages: replays one recorded hand
 * with full knowledge of the deal and, for every card played, solves the
 * position double dummy before and after it. The difference is what that
 * card kept or cost the declaring side (in tricks). Only for finished hands:
 * it reads every hidden card.
 */
import { type GameRecord, getVariant, parseOptions } from "../engine/index";
import type { Deal } from "../engine/random";
import type { BaseHand, MatchContext, MatchView, Result, Seat, SeatAction } from "../engine/types";
import { fail, ok } from "../engine/types";
import { calledCard, trickRulesOf } from "./facts";
import { handModel } from "./outcome";
import { type SolveInput, cardToMove, createSearch } from "./solver/index";

export interface AnalysedPlay {
  /** Index of the action in the hand's action list. */
  readonly actionIndex: number;
  readonly seat: Seat;
  readonly card: string;
  /** 0-based trick number. */
  readonly trick: number;
  /** Tricks the declaring side ends with, best play from the position before / after this card (null when not analysed). */
  readonly before: number | null;
  readonly after: number | null;
  /** after - before, from the declaring side's point of view (null when not analysed). */
  readonly delta: number | null;
  /** Tricks this card cost its own side (0 = a best card). */
  readonly lost: number | null;
}

export interface HandAnalysis {
  /** The side whose tricks are counted (declarer and partner; for classic and pass games seats 0 and 2). */
  readonly side: readonly Seat[];
  /** False when the side wants few tricks (sol, nolo, pass games). */
  readonly sideMaximises: boolean;
  readonly plays: readonly AnalysedPlay[];
}

export interface RecordedHandInput {
  readonly variant: string;
  readonly options?: unknown;
  readonly dealer: Seat;
  readonly deal: Deal;
  readonly actions: readonly SeatAction[];
}

export interface AnalysisOptions {
  /** Positions where a hand holds more cards than this are not solved (full deals take seconds each). Default 13. */
  readonly maxHandSize?: number;
}

/** Analyses one hand of a game record. */
export function analyzeRecordHand(record: GameRecord, handIndex: number, opts: AnalysisOptions = {}): Result<HandAnalysis> {
  const hand = record.hands.find((h) => h.index === handIndex);
  if (!hand) return fail("record/malformed", `no hand ${handIndex} in the record`);
  return analyzePlay({ variant: record.variant, options: record.options, dealer: hand.dealer as Seat, deal: hand.deal, actions: hand.actions as SeatAction[] }, opts);
}

/** Replays the hand's actions and solves the position around every card played. */
export function analyzePlay(input: RecordedHandInput, opts: AnalysisOptions = {}): Result<HandAnalysis> {
  const variant = getVariant(input.variant);
  if (!variant) return fail("setup/unknown-variant", `unknown variant "${input.variant}"`);
  const parsed = parseOptions(input.variant, input.options ?? {});
  if (!parsed.ok) return parsed;
  const options = parsed.value;
  const ctx: MatchContext<unknown> = { options, handIndex: 0, dealer: input.dealer, scores: [0, 0, 0, 0], matchInfo: {} };
  let hand: BaseHand = variant.startHand(ctx, input.deal);
  const maxHandSize = opts.maxHandSize ?? 13;
  const plays: AnalysedPlay[] = [];
  let model: { side: readonly Seat[]; sideMaximises: boolean } | null = null;

  for (let i = 0; i < input.actions.length; i++) {
    const { seat, action } = input.actions[i]!;
    let entry: Omit<AnalysedPlay, "before" | "after" | "delta" | "lost"> | null = null;
    let solved: { before: number; after: number } | null = null;
    if (action.type === "play") {
      entry = { actionIndex: i, seat, card: action.card, trick: hand.tricks.length };
      const position = positionOf(input.variant, options, hand, variant.viewHand(hand, null, options));
      if (position) {
        model = { side: position.side, sideMaximises: position.sideMaximises ?? true };
        if (Math.max(...hand.hands.map((h) => h.length)) <= maxHandSize) {
          // The position before this card is the one after the previous card: its value is known.
          const prev = plays.at(-1);
          const known = prev && prev.actionIndex === i - 1 ? prev.after : null;
          solved = solveAround(position, action.card, known, position.side.includes(seat) === (position.sideMaximises ?? true));
        }
      }
    }
    const step = variant.applyAction(hand, seat, action, options);
    if (!step.ok) return fail("record/illegal-action", `action ${i} refused: ${step.error.message}`, { index: i });
    hand = step.hand;
    if (entry) {
      const moverWantsMore = model !== null && model.side.includes(seat) === model.sideMaximises;
      const delta = solved ? solved.after - solved.before : null;
      plays.push({ ...entry, before: solved?.before ?? null, after: solved?.after ?? null, delta, lost: delta === null ? null : moverWantsMore ? -delta : delta });
    }
    if (variant.isOver(hand)) break;
  }
  if (!model) return ok({ side: [], sideMaximises: true, plays });
  return ok({ side: model.side, sideMaximises: model.sideMaximises, plays });
}

/** The solver's view of a hand in play, with every card known. Null for pasnolo and hands without a side. */
function positionOf(variantId: string, options: Readonly<Record<string, unknown>>, hand: BaseHand, hv: MatchView["hand"]): SolveInput | null {
  const mv: MatchView = { variant: variantId as MatchView["variant"], options, seat: null, handIndex: 0, scores: [0, 0, 0, 0], results: [], over: false, hand: hv, matchInfo: {} };
  const contract = hv!.contract;
  const called = calledCard(mv);
  // The declaring side with every card known: es-makker's partner is whoever holds or played the called card.
  let declaring: Seat[] | null = null;
  if (contract && contract.declarer !== null && variantId === "esmakker") {
    declaring = [contract.declarer];
    if (called) {
      let holder = hand.hands.findIndex((h) => h.includes(called));
      for (const t of [...hand.tricks, ...(hand.trick ? [hand.trick] : [])]) for (const p of t.plays) if (p.card === called) holder = p.seat;
      if (holder >= 0 && holder !== contract.declarer) declaring.push(holder as Seat);
    }
  }
  const me: Seat = contract?.declarer ?? 0;
  const model = handModel(mv, me, declaring);
  if (!model) return null;
  const trick = hand.trick && hand.trick.plays.length < 4 ? hand.trick : null;
  return {
    hands: hand.hands,
    trick,
    leader: trick ? trick.leader : (hand.turn ?? 0),
    rules: trickRulesOf(mv),
    side: model.side,
    sideMaximises: model.sideMaximises,
    firstTrick: hand.tricks.length === 0,
    called: variantId === "esmakker" ? called : null,
    stopSide: model.stopSide,
    stopOthers: model.stopOthers,
    takenSide: model.takenSide,
    takenOthers: model.takenOthers,
  };
}

/**
 * Values (declaring side's final tricks) before and after `card`. `knownBefore` skips the first
 * solve; the card cannot do better for its player than the position's value, which bounds the second.
 */
function solveAround(position: SolveInput, card: string, knownBefore: number | null, moverMaximises: boolean): { before: number; after: number } {
  const dd = createSearch(position);
  const taken = position.takenSide ?? 0;
  const before = knownBefore ?? taken + dd.value();
  const rep = dd.representative(cardToMove(card, position.rules.aceLow));
  const after = taken + (moverMaximises ? dd.valueAfter(rep, 0, before - taken) : dd.valueAfter(rep, before - taken, 99));
  return { before, after };
}
