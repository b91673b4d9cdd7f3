/**
 * What the remaining tricks are worth to one seat: the variant's outcome
 * model of the hand (engine), under the table's options, read for the seat
 * the bot plays — the side whose tricks decide the hand, whether that side
 * wants many or few, the early ends, the tricks taken so far, and this seat's
 * points as a function of the side's final trick count. The strong bot
 * averages these points over sampled deals.
 */
import { getVariant, parseOptions } from "../engine/registry";
import type { MatchView, Seat } from "../engine/types";
import { isPasnolo } from "./facts";

export interface HandModel {
  readonly side: readonly Seat[];
  readonly sideMaximises: boolean;
  readonly stopSide?: number;
  readonly stopOthers?: number;
  readonly takenSide: number;
  readonly takenOthers: number;
  /** Points for the viewing seat when the side ends with `tricks` tricks in all. */
  readonly points: (tricks: number) => number;
}

// A view carries the table's full options; they are checked once per options object.
const checkedOptions = new WeakMap<object, Readonly<Record<string, unknown>> | null>();

function tableOptions(view: MatchView): Readonly<Record<string, unknown>> | null {
  let options = checkedOptions.get(view.options);
  if (options === undefined) {
    const parsed = parseOptions(view.variant, view.options);
    options = parsed.ok ? parsed.value : null;
    checkedOptions.set(view.options, options);
  }
  return options;
}

/**
 * The model for the hand in the view, given who the declaring side is in this
 * sample (es-makker's partner may be unknown). Null when the hand is not a
 * two-sided game (pasnolo) or has no contract the variant models.
 */
export function handModel(view: MatchView, me: Seat, declaring: readonly Seat[] | null): HandModel | null {
  const hand = view.hand!;
  const variant = getVariant(view.variant);
  const options = tableOptions(view);
  if (!variant || !options || isPasnolo(view)) return null;
  const model = variant.outcomeModel(hand, options, me, declaring);
  if (!model) return null;
  const won = hand.tricksWon;
  const takenSide = model.side.reduce<number>((n, s) => n + (won[s] ?? 0), 0);
  const totalTaken = won.reduce((a, b) => a + b, 0);
  return {
    side: model.side,
    sideMaximises: model.sideMaximises,
    ...(model.stopSide !== undefined ? { stopSide: model.stopSide } : {}),
    ...(model.stopOthers !== undefined ? { stopOthers: model.stopOthers } : {}),
    takenSide,
    takenOthers: totalTaken - takenSide,
    points: (t) => model.worth(t)[me]!,
  };
}
