/**
 * Replay frames computed from a game record by the engine (pure, runs in the
 * browser): for each hand, one frame before any action and one after each
 * action, showing every seat's hand (the match is over, so nothing is secret),
 * the auction, the contract, the trick in progress, the tricks taken and, on
 * a hand's last frame, its result. Nothing is read from a second copy of the
 * match: every frame is the engine's state after re-applying the record's
 * actions to its deals.
 */
import { apply, createMatch, view, type GameRecord, type MatchState } from "@/engine";
import type { Card } from "@/engine/cards";
import type { CompletedTrick, ContractSummary, EngineError, Result, SeatAction, Trick } from "@/engine/types";
import { fail, ok } from "@/engine/types";
import type { RecordedResult } from "@/engine/record";

export interface ReplayFrame {
  readonly handIndex: number;
  /** Actions of this hand applied so far. */
  readonly step: number;
  readonly dealer: number;
  readonly phase: string;
  readonly turn: number | null;
  readonly hands: readonly (readonly Card[])[];
  readonly auction: readonly SeatAction[];
  readonly contract: ContractSummary | null;
  readonly trick: Trick | null;
  readonly tricks: readonly CompletedTrick[];
  readonly tricksWon: readonly number[];
  /** The action that led to this frame (null for a hand's first frame). */
  readonly last: SeatAction | null;
  /** The hand's result, on its last frame only. */
  readonly result: RecordedResult | null;
  /** Running totals before this hand, or after it on its last frame. */
  readonly totals: readonly number[];
}

/** The cards less one copy of `card` (two jokers share a code). */
const withoutOne = (cards: readonly Card[], card: Card) => {
  const i = cards.indexOf(card);
  return i < 0 ? cards : [...cards.slice(0, i), ...cards.slice(i + 1)];
};

function frameOf(state: MatchState, handIndex: number, step: number, last: SeatAction | null): ReplayFrame {
  const views = state.seats.map((_, s) => view(state, s).hand!);
  const h = views[0]!;
  return {
    handIndex,
    step,
    dealer: h.dealer,
    phase: h.phase,
    turn: h.turn,
    hands: views.map((v, s) => v.hands[s]!.cards ?? []),
    auction: h.auction,
    contract: h.contract,
    trick: h.trick,
    tricks: h.tricks,
    tricksWon: h.tricksWon,
    last,
    result: null,
    totals: state.scores,
  };
}

/** Every hand's frames; an error when the record does not replay (parse and verify it first). */
export function replayFrames(record: GameRecord): Result<ReplayFrame[][]> {
  const created = createMatch({ variant: record.variant, options: record.options, seats: record.seats, seed: record.seed ?? undefined, deals: record.hands.map((h) => h.deal) });
  if (!created.ok) return created;
  let state = created.value;
  const all: ReplayFrame[][] = [];
  for (const hand of record.hands) {
    if (!state.hand || state.dealIndex !== hand.index) return fail("record/illegal-action", `hand ${hand.index} cannot be replayed`);
    const frames = [frameOf(state, hand.index, 0, null)];
    for (let i = 0; i < hand.actions.length; i++) {
      const a = hand.actions[i]!;
      const stepped = apply(state, a.seat, a.action);
      if (!stepped.ok) return { ok: false, error: stepped.error as EngineError };
      state = stepped.state;
      if (state.dealIndex === hand.index && state.hand && !state.over) {
        frames.push(frameOf(state, hand.index, i + 1, a));
        continue;
      }
      // The hand ended with this action: show its last trick and result.
      const prev = frames[frames.length - 1]!;
      const won = stepped.events.flatMap((e) => (e.type === "trickWon" ? [e.trick] : []));
      const played = a.action.type === "play" ? a.action.card : null;
      const result = hand.result ?? null;
      frames.push({
        ...prev,
        step: i + 1,
        phase: "done",
        turn: null,
        hands: prev.hands.map((cards, s) => (s === a.seat && played ? withoutOne(cards, played) : cards)),
        trick: won[won.length - 1] ?? prev.trick,
        tricks: [...prev.tricks, ...won],
        tricksWon: result?.tricksWon ?? prev.tricksWon,
        last: a,
        result,
        totals: result?.totals ?? state.scores,
      });
    }
    all.push(frames);
  }
  return ok(all);
}
