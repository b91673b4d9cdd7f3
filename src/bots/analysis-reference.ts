/**
 * A plain minimax over the engine's own rules (its legal cards, trick
 * winners and early ends), written without the double-dummy solver: the
 * reference the replay analysis is tested against on the last tricks of a
 * hand. Exponential: for hands of a few cards only.
 */
import { firstHandContext, getVariant, parseOptions } from "../engine/index";
import type { BaseHand, ContractSummary, MatchContext, Seat } from "../engine/types";
import type { AnalysedPlay, RecordedHandInput } from "./analysis";

/** The hand as the engine holds it before action `upTo` of the recorded hand. */
export function handBeforeAction(h: RecordedHandInput, upTo: number): BaseHand {
  const variant = getVariant(h.variant)!;
  const options = parseOptions(h.variant, h.options ?? {});
  if (!options.ok) throw new Error(options.error.message);
  const ctx: MatchContext<unknown> = firstHandContext(options.value, h.dealer);
  let hand = variant.startHand(ctx, h.deal);
  for (let i = 0; i < upTo; i++) {
    const { seat, action } = h.actions[i]!;
    const step = variant.applyAction(hand, seat, action, options.value);
    if (!step.ok) throw new Error(step.error.message);
    hand = step.hand;
  }
  return hand;
}

/**
 * Tricks the counted seats end with under best play by everyone, trying every legal card the
 * engine offers until it ends the hand. `cap`: a sol player's tricks count up to one over the
 * limit (the sol is lost then; the engine plays on while another sol player is in the game).
 */
export function engineMinimax(h: RecordedHandInput, hand: BaseHand, counted: readonly Seat[], wantMore: boolean, cap = 99): number {
  const variant = getVariant(h.variant)!;
  const options = parseOptions(h.variant, h.options ?? {});
  if (!options.ok) throw new Error(options.error.message);
  const taken = counted.reduce<number>((n, s) => n + hand.tricksWon[s]!, 0);
  if (taken >= cap || variant.isOver(hand) || hand.turn === null) return Math.min(taken, cap);
  const seat = hand.turn;
  const maximiser = counted.includes(seat) === wantMore;
  let best = maximiser ? -1 : 99;
  for (const action of variant.legalActions(hand, seat, options.value)) {
    if (action.type !== "play") continue;
    const step = variant.applyAction(hand, seat, action, options.value);
    if (!step.ok) throw new Error(step.error.message);
    const v = engineMinimax(h, step.hand, counted, wantMore, cap);
    best = maximiser ? Math.max(best, v) : Math.min(best, v);
  }
  return best;
}

/**
 * The cap engineMinimax needs for an analysed card: one over the limit when the card is judged for
 * one player of a contract with a most (a sol lost is lost, however many more tricks it takes; where
 * the hand ends there anyway, as in Danish sol, the cap changes nothing).
 */
export function solCap(contract: ContractSummary | null, p: Pick<AnalysedPlay, "counted" | "countedWantMore">): number {
  const max = contract?.need?.max;
  return max !== undefined && p.counted.length === 1 && !p.countedWantMore ? max + 1 : 99;
}

/**
 * The reference values before and after each analysed card played while every hand held at most
 * `maxCards` cards, next to the analysis' own.
 */
export function referenceValues(h: RecordedHandInput, contract: ContractSummary | null, plays: readonly AnalysedPlay[], maxCards = 4) {
  return plays
    .filter((p) => Math.max(...handBeforeAction(h, p.actionIndex).hands.map((c) => c.length)) <= maxCards)
    .map((p) => {
      const cap = solCap(contract, p);
      return {
        analysed: { card: p.card, at: p.actionIndex, before: p.before, after: p.after },
        reference: {
          card: p.card,
          at: p.actionIndex,
          before: engineMinimax(h, handBeforeAction(h, p.actionIndex), p.counted, p.countedWantMore, cap),
          after: engineMinimax(h, handBeforeAction(h, p.actionIndex + 1), p.counted, p.countedWantMore, cap),
        },
      };
    });
}
