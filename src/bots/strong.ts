/**
 * The strong level's card play: deal the unseen cards at random in ways
 * consistent with what this seat has seen, weighted by what the auction and
 * the play say about each hand (sampling.ts), solve each sample
 * double dummy, and play the card with the best average points under the
 * variant's scoring (outcome.ts). Early in a hand, when a full solve per card
 * would not fit the time budget, each sample is played out instead by a fast
 * greedy playout (the solver's move ordering); from `exactCards` cards per
 * hand on, every sample is solved exactly. The time budget is turned into a
 * budget of search work (solver nodes, playout plies) so the choice stays a
 * pure function of the view and the seed; the clock only stops a search that
 * runs far past its budget on an overloaded machine. Where the solver does
 * not apply the normal level's heuristics play: pasnolo (everyone for
 * themself), hands the variant has no two-sided outcome model for, and
 * tables of other than four seats (the solver plays four hands).
 */
import { type Card, JOKER } from "../engine/cards";
import { createRng } from "../engine/random";
import type { MatchView, Seat } from "../engine/types";
import { calledCard, partnerCalled, seatedHand, sidesOf, trickInProgress, trickRulesOf } from "./facts";
import { handModel } from "./outcome";
import { chooseCard, playContext } from "./play";
import { createDealSampler } from "./sampling";
import { cardToMove, cardValues, createSearch } from "./solver/index";

export interface StrongOptions {
  readonly budgetMs: number;
  /** How the budget becomes work (default the strong level's). */
  readonly tuning?: StrongTuning;
  readonly seed: string;
  /** Largest hand size solved exactly; default from the budget. */
  readonly exactCards?: number;
  /** Upper limit on samples (mainly for tests). */
  readonly maxSamples?: number;
  /** Wall-clock cap on the search (default 4 × budgetMs), for a machine too busy to do the budget's work in time. */
  readonly deadlineMs?: number;
}

/**
 * How a strong level turns its time budget into search work: the work a millisecond buys, and the
 * largest hand it solves exactly per sample (below it, samples are played out greedily).
 */
export interface StrongTuning {
  /** Search work (solver nodes or playout plies) a millisecond buys. */
  readonly workPerMs: number;
  /** Largest hand size solved exactly for a budget. */
  readonly exactCards: (budgetMs: number) => number;
  /** Whether the samples are weighed by what the play says too (sampling.ts, playEvidence), not only the auction. */
  readonly readPlay?: boolean;
}

/** Work units one hand evaluation of the deal sampler costs (a few microseconds, like a few solver nodes). */
export const WORK_PER_EVALUATION = 4;

/**
 * The strong level as it was before the solver's speed work, pinned as the baseline every change to
 * the strong level is measured against (`npm run bench:bots -- 1 1000 --pairs strong:baseline`): 800
 * units of work a millisecond, and exact solves from the hand sizes that fitted the solver of that
 * time with about 30 samples (9 cards a hand at 1 s).
 */
export const BASELINE_TUNING: StrongTuning = {
  workPerMs: 800,
  exactCards: (budgetMs) => (budgetMs >= 2500 ? 10 : budgetMs >= 800 ? 9 : budgetMs >= 300 ? 8 : budgetMs >= 100 ? 7 : 6),
};

/**
 * The strong level's tuning: the baseline's work, with the samples weighed by what the play says
 * (sampling.ts, playEvidence): +0.068 points a deal [+0.021, +0.114] over 800 duplicate classic
 * deals at the same thinking time. Spending the whole budget with today's faster solver (2000 nodes
 * a millisecond, exact from 11 cards a hand at 1 s) played no better over 600 duplicate classic deals
 * at three times the thinking time (docs/solver.md, "The stronger player").
 */
export const STRONG_TUNING: StrongTuning = { ...BASELINE_TUNING, readPlay: true };

export interface CardScore {
  readonly card: Card;
  readonly points: number;
  readonly tricks: number;
}

/** Average points (and side tricks) of each legal card over sampled deals; null when the bot should use heuristics. */
export function scoreCards(view: MatchView, opts: StrongOptions): { scores: CardScore[]; samples: number; exact: boolean } | null {
  const seated = seatedHand(view);
  // The double-dummy solver plays four hands, one card each per trick.
  if (!seated || view.seatCount !== 4) return null;
  const { me, hand, cards } = seated;
  const legal = hand.legal.flatMap((a) => (a.type === "play" ? [a.card] : []));
  if (legal.length === 0) return null;
  // A face-down (fordækt) card on the table is unknown to the solver.
  const onTable = [...hand.tricks.flatMap((t) => t.plays), ...(hand.trick?.plays ?? [])];
  if (onTable.some((p) => p.card[0] === "X")) return null;
  const sides = sidesOf(view, me, cards);
  const called = calledCard(view);
  if (handModel(view, me, sides.declaring) === null) return null;

  const rules = trickRulesOf(view);
  const rng = createRng(`${opts.seed}#strong#${view.handIndex}#${hand.tricks.length}#${hand.trick?.plays.length ?? 0}#${me}`);
  const tuning = opts.tuning ?? STRONG_TUNING;
  const sampler = createDealSampler(view, me, cards, rng, undefined, tuning.readPlay ?? false);
  const exact = cards.length <= (opts.exactCards ?? tuning.exactCards(opts.budgetMs));
  const workBudget = opts.budgetMs * tuning.workPerMs;
  const hardDeadline = performance.now() + (opts.deadlineMs ?? opts.budgetMs * 4);
  let work = 0;
  const maxSamples = opts.maxSamples ?? (exact ? 200 : 400);
  const sumPoints = new Float64Array(legal.length);
  const sumTricks = new Float64Array(legal.length);
  const trick = trickInProgress(hand);
  const leader: Seat = trick ? trick.leader : me;
  let samples = 0;
  let failures = 0;
  while (samples < maxSamples && (samples === 0 || (work + sampler.evaluations * WORK_PER_EVALUATION < workBudget && performance.now() < hardDeadline))) {
    const hands = sampler.next();
    if (!hands) {
      if (++failures > 20) break;
      continue;
    }
    // Es-makker with the partner unknown: this sample decides who holds the called card.
    let declaring = sides.declaring;
    if (!sides.known && called && partnerCalled(view.variant)) {
      const holder = hands.findIndex((h) => h.includes(called)) as Seat | -1;
      const d = sides.declaring[0]!;
      declaring = holder === -1 || holder === d ? [d] : [d, holder];
    }
    const model = handModel(view, me, declaring)!;
    const dd = createSearch({
      hands,
      trick,
      leader,
      rules,
      side: model.side,
      sideMaximises: model.sideMaximises,
      firstTrick: hand.tricks.length === 0,
      called: partnerCalled(view.variant) ? called : null,
      stopSide: model.stopSide,
      stopOthers: model.stopOthers,
      takenSide: model.takenSide,
      takenOthers: model.takenOthers,
    });
    const byRep = exact ? cardValues(dd, model.side.includes(me) === model.sideMaximises).values : new Map<number, number>();
    legal.forEach((card, i) => {
      const rep = dd.representative(cardToMove(card, rules.aceLow));
      let v = byRep.get(rep);
      if (v === undefined) {
        v = dd.rolloutAfter(rep);
        byRep.set(rep, v);
        // A playout costs about as much as a few solver nodes per card played.
        if (!exact) work += 16 * cards.length;
      }
      sumPoints[i]! += model.points(model.takenSide + v);
      sumTricks[i]! += model.sideMaximises === model.side.includes(me) ? v : -v;
    });
    work += dd.nodes;
    samples++;
  }
  if (samples === 0) return null;
  return {
    scores: legal.map((card, i) => ({ card, points: sumPoints[i]! / samples, tricks: sumTricks[i]! / samples })),
    samples,
    exact,
  };
}

export function strongCard(view: MatchView, opts: StrongOptions): Card | null {
  const seated = seatedHand(view)!;
  const legal = seated.hand.legal.flatMap((a) => (a.type === "play" ? [a.card] : []));
  if (legal.length === 1) return legal[0]!;
  const result = scoreCards(view, opts);
  if (!result) return null;
  // Best average points; then the better trick count for our aim; ties go to the heuristic's card.
  const heuristic = chooseCard(playContext(view, seated.me, seated.cards, legal, true));
  const EPS = 1e-9;
  let best = result.scores[0]!;
  for (const s of result.scores) {
    if (s.points > best.points + EPS || (Math.abs(s.points - best.points) <= EPS && s.tricks > best.tricks + EPS)) best = s;
  }
  const tied = result.scores.filter((s) => Math.abs(s.points - best.points) <= EPS && Math.abs(s.tricks - best.tricks) <= EPS);
  if (tied.some((s) => s.card === heuristic)) return heuristic;
  // Among equals, keep jokers for later.
  return (tied.find((s) => s.card !== JOKER) ?? best).card;
}
