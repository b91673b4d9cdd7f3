/**
 * What the remaining tricks are worth to one seat: for each variant and
 * contract, the side whose tricks decide the hand, whether that side wants
 * many or few, the early ends, and this seat's points as a function of the
 * side's final trick count (default tariffs of RULES.md). The strong bot
 * averages these points over sampled deals.
 */
import type { MatchView, Seat } from "../engine/types";
import { nextSeat } from "../engine/types";
import { parseBid } from "./bids";
import { isNorwegianPassGame, isPasnolo } from "./facts";

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

const ESMAKKER_SOL_VALUES = [50, 100, 150, 200];
const DANISH_VALUES: Readonly<Record<string, number>> = { nolo: 1, grand: 2, sol: 3, grandi: 4 };

/**
 * The model for the hand in the view, given who the declaring side is in this
 * sample (es-makker's partner may be unknown). Null when the hand is not a
 * two-sided game (pasnolo) or has no contract the bot understands.
 */
export function handModel(view: MatchView, me: Seat, declaring: readonly Seat[] | null): HandModel | null {
  const hand = view.hand!;
  const won = hand.tricksWon;
  const taken = (side: readonly Seat[]): number => side.reduce<number>((n, s) => n + (won[s] ?? 0), 0);
  const totalTaken = won.reduce((a, b) => a + b, 0);
  const make = (side: readonly Seat[], sideMaximises: boolean, points: (t: number) => number, stops: { stopSide?: number; stopOthers?: number } = {}): HandModel => ({
    side,
    sideMaximises,
    takenSide: taken(side),
    takenOthers: totalTaken - taken(side),
    points,
    ...stops,
  });
  if (isPasnolo(view)) return null;
  const contract = hand.contract;
  const pair: Seat[] = [me, nextSeat(me, 2)];

  if (view.variant === "classic") return make(pair, true, (t) => (t >= 7 ? t - 6 : t - 7));
  if (view.variant === "norwegian") {
    if (isNorwegianPassGame(view) || !contract || contract.declarer === null)
      return make(pair, false, (t) => (t <= 6 ? 6 - t : 7 - t));
    const grandPair: Seat[] = [contract.declarer, nextSeat(contract.declarer, 2)];
    const mine = grandPair.includes(me) ? 1 : -1;
    return make(grandPair, true, (t) => mine * (t >= 7 ? t - 6 : -2 * (7 - t)));
  }
  if (!contract || contract.declarer === null) return null;
  const d = contract.declarer;
  const bid = parseBid(contract.bid, view.variant);

  if (view.variant === "danish") {
    const v = DANISH_VALUES[contract.bid] ?? 1;
    const alone = bid.kind === "grandi" || (bid.kind === "avoid" && bid.maxTricks <= 1);
    const side: Seat[] = alone ? [d] : [d, nextSeat(d, 2)];
    const mine = side.includes(me) ? (alone ? 3 : 1) : -1;
    if (bid.kind === "grandi") return make(side, true, (t) => mine * (t >= 7 ? v : -v), { stopSide: 7, stopOthers: 1 });
    if (bid.kind === "grand") return make(side, true, (t) => mine * (t >= 7 ? v : -v));
    if (bid.kind === "avoid") {
      const max = bid.maxTricks;
      return make(side, false, (t) => mine * (t <= max ? v : -v), alone ? { stopSide: max + 1 } : {});
    }
    return null;
  }

  // Es-makker.
  if (bid.kind === "avoid") {
    const kind = (bid.open ? 2 : 0) + (bid.maxTricks === 0 ? 1 : 0);
    const v = ESMAKKER_SOL_VALUES[kind]!;
    const max = bid.maxTricks;
    const declarerSide = me === d;
    return make([d], false, (t) => (t <= max ? (declarerSide ? 3 * v : -v) : declarerSide ? -6 * v : 2 * v), { stopSide: max + 1 });
  }
  if (bid.kind !== "tricks") return null;
  const side = declaring ?? [d];
  const need = contract.need?.min ?? bid.tricks;
  const base = 10 * 2 ** (need - 7);
  const mult = bid.addOn === "" ? 1 : 2;
  const alone = side.length === 1;
  const mine = side.includes(me) ? (alone ? 3 : 1) : -1;
  return make(side, true, (t) => mine * (t >= need ? base * (1 + t - need) * mult : -2 * base * mult));
}
