/**
 * Game records: a JSON document holding a whole match (variant, full options,
 * seats, seed, and per hand its dealer, seed, dealt cards, every action in
 * order, its result and the running totals), so that anyone can replay the
 * match through the engine and check every stored result.
 *
 * record.schema.json is this module's zod schema as JSON Schema (draft
 * 2020-12); record.example.json is a record produced by the engine. A record
 * of an unfinished match includes the hand in progress with its cards, so it
 * is only for players once the match is over (or for the server).
 */
import { z } from "zod";
import { canonicalAction, cardSchema, seatActionSchema, seatSchema, suitSchema } from "./actions";
import { makeDeck } from "./cards";
import { type MatchSetup, type MatchState, apply, createMatch } from "./match";
import { type Deal, dealFromSeed, handSeed } from "./random";
import { getVariant } from "./registry";
import type { EngineError, HandResult, Result, SeatAction } from "./types";
import { VARIANT_IDS } from "./meta";
import { MAX_SEATS, err, fail, ok } from "./types";

export const RECORD_FORMAT = "whist-record";
export const RECORD_VERSION = 1;

const int = z.number().int();
/** One entry per seat; createMatch checks the count against the variant and the record's seats. */
const perSeat = <T extends z.ZodType>(t: T) => z.array(t).min(2).max(MAX_SEATS);

const dealSchema = z.strictObject({
  hands: perSeat(z.array(cardSchema).max(13)),
  kat: z.array(cardSchema).max(54),
});

const contractSchema = z.looseObject({
  bid: z.string(),
  declarer: seatSchema.nullable(),
  partners: z.array(seatSchema),
  trump: suitSchema.nullable(),
  called: cardSchema.nullable().optional(),
  alone: z.boolean().optional(),
  need: z.strictObject({ min: int.optional(), max: int.optional() }).optional(),
});

const scoreLineSchema = z.strictObject({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

const resultSchema = z.strictObject({
  contract: contractSchema.nullable(),
  outcome: z.enum(["made", "lost", "passedOut", "redeal", "played"]),
  margin: int,
  endReason: z.string(),
  tricksWon: perSeat(int.min(0).max(13)),
  points: perSeat(z.number()),
  totals: perSeat(z.number()),
  explanation: z.array(scoreLineSchema),
});

const handSchema = z.strictObject({
  index: int.min(0),
  dealer: seatSchema,
  seed: z.string().nullable(),
  deal: dealSchema,
  actions: z.array(seatActionSchema),
  /** null for a hand still in progress when the record was made. */
  result: resultSchema.nullable(),
});

export const recordSchema = z
  .strictObject({
    format: z.literal(RECORD_FORMAT),
    version: z.literal(RECORD_VERSION),
    variant: z.enum(VARIANT_IDS as [string, ...string[]]),
    options: z.record(z.string(), z.unknown()),
    seats: perSeat(z.strictObject({ name: z.string().min(1) })),
    seed: z.string().min(1).nullable(),
    hands: z.array(handSchema).min(1),
    finalScores: perSeat(z.number()),
    over: z.boolean(),
  })
  .meta({
    title: "Whist game record",
    description: "A whole whist match: set-up, every deal and action, and every hand's result, replayable by the engine.",
  });

export type GameRecord = z.infer<typeof recordSchema>;
export type RecordedHand = GameRecord["hands"][number];
export type RecordedResult = NonNullable<RecordedHand["result"]>;

/** The record's JSON Schema, generated from the zod schema (record.schema.json holds this). */
export const recordJsonSchema = (): Record<string, unknown> =>
  z.toJSONSchema(recordSchema, { target: "draft-2020-12" }) as Record<string, unknown>;

/** Validates parsed JSON (or a JSON string) as a game record. */
export function parseRecord(json: unknown): Result<GameRecord> {
  let value = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch {
      return fail("record/malformed", "the record is not valid JSON");
    }
  }
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join(".") : "record";
    return fail("record/malformed", `malformed record at ${where}: ${issue.message}`, { path: issue.path.map(String) });
  }
  return ok(parsed.data);
}

const toRecorded = (r: HandResult): RecordedResult => ({
  contract: r.contract as RecordedResult["contract"],
  outcome: r.outcome,
  margin: r.margin,
  endReason: r.endReason,
  tricksWon: r.tricksWon.slice(),
  points: r.points.slice(),
  totals: r.totals.slice(),
  explanation: r.explanation as RecordedResult["explanation"],
});

/** Deep equality of JSON values, ignoring key order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Applies actions grouped by hand; an illegal action names its hand and position. */
function replayGroups(start: MatchState, groups: readonly (readonly SeatAction[])[]): Result<MatchState> {
  let state = start;
  for (let h = 0; h < groups.length; h++) {
    if (state.dealIndex !== h || !state.hand)
      return fail("record/illegal-action", `hand ${h} cannot be played: ${state.over ? "the match is over" : `hand ${state.dealIndex} is not finished`}`, {
        hand: h,
        action: 0,
      });
    const actions = groups[h]!;
    for (let i = 0; i < actions.length; i++) {
      const { seat, action } = actions[i]!;
      if (state.dealIndex !== h)
        return fail("record/illegal-action", `hand ${h}, action ${i}: the hand is already over`, { hand: h, action: i });
      const step = apply(state, seat, action);
      if (!step.ok)
        return fail("record/illegal-action", `hand ${h}, action ${i} (seat ${seat} ${action.type}): ${step.error.message}`, {
          hand: h,
          action: i,
          error: step.error,
        });
      state = step.state;
    }
  }
  return ok(state);
}

/**
 * The deals the record's seed produces, hand by hand, replaying the record's
 * actions on them; it stops at the first hand whose actions do not fit.
 */
function seededDeals(record: GameRecord): Deal[] {
  const created = createMatch({ variant: record.variant, options: record.options, seats: record.seats, seed: record.seed ?? undefined });
  const deals: Deal[] = [];
  if (!created.ok) return deals;
  let state = created.value;
  for (const h of record.hands) {
    if (!state.hand || state.dealIndex !== h.index) break;
    deals.push(state.hand.deal);
    for (const { seat, action } of h.actions) {
      const step = apply(state, seat, action);
      if (!step.ok) return deals;
      state = step.state;
    }
  }
  return deals;
}

/** Re-applies every action of the record through the engine, using the stored deals. */
export function replayRecord(record: GameRecord): Result<MatchState> {
  const created = createMatch({
    variant: record.variant,
    options: record.options,
    seats: record.seats,
    seed: record.seed ?? undefined,
    deals: record.hands.map((h) => h.deal),
  });
  if (!created.ok) return fail("record/malformed", `the record's set-up is invalid: ${created.error.message}`, { error: created.error });
  return replayGroups(
    created.value,
    record.hands.map((h) => h.actions),
  );
}

export interface Verification {
  /** Results recomputed by the engine. */
  readonly results: readonly HandResult[];
  readonly finalScores: readonly number[];
  readonly over: boolean;
  /** Every difference between the stored record and the recomputation (code record/mismatch). */
  readonly mismatches: readonly EngineError[];
}

/** Replays a record and lists every stored figure, seed or deal the engine does not reproduce. */
export function verifyRecord(record: GameRecord): Result<Verification> {
  const mismatches: EngineError[] = [];
  const mismatch = (hand: number | null, field: string, stored: unknown, recomputed: unknown) =>
    mismatches.push(
      err("record/mismatch", `${hand === null ? "match" : `hand ${hand}`}: stored ${field} differs from the replay`, {
        hand,
        field,
        stored,
        recomputed,
      }),
    );
  // Seeds and deals first: a deal that its seed does not produce explains any illegal action that follows.
  const variant = getVariant(record.variant);
  const options = variant?.optionsSchema.safeParse(record.options);
  if (variant && options?.success) {
    const deck = makeDeck(variant.deckJokers(options.data));
    const seatCount = record.seats.length;
    // A variant that sizes its deals by the match so far (knock-out whist) is dealt by replaying from the seed alone.
    const seeded = variant.dealSizes && record.seed !== null ? seededDeals(record) : null;
    record.hands.forEach((h, i) => {
      if (h.index !== i) mismatch(i, "index", h.index, i);
      if (h.dealer !== i % seatCount) mismatch(i, "dealer", h.dealer, i % seatCount);
      if (record.seed !== null && h.seed !== handSeed(record.seed, i)) mismatch(i, "seed", h.seed, handSeed(record.seed, i));
      if (h.seed !== null) {
        const dealt = seeded ? (seeded[i] ?? null) : dealFromSeed(h.seed, deck, i % seatCount);
        if (!sameJson(dealt, h.deal)) mismatch(i, "deal", h.deal, dealt);
      }
    });
  }
  const replayed = replayRecord(record);
  if (!replayed.ok) {
    if (mismatches.length === 0) return replayed;
    return fail("record/mismatch", `${mismatches[0]!.message} (${replayed.error.message})`, { mismatches });
  }
  const state = replayed.value;
  record.hands.forEach((h, i) => {
    const recomputed = state.results[i];
    if (!recomputed || !h.result) {
      if (recomputed || h.result) mismatch(i, "result", h.result, recomputed ? toRecorded(recomputed) : null);
      return;
    }
    const fresh = toRecorded(recomputed);
    for (const key of Object.keys(fresh) as (keyof RecordedResult)[])
      if (!sameJson(h.result[key], fresh[key])) mismatch(i, key, h.result[key], fresh[key]);
  });
  if (!sameJson(record.finalScores, state.scores)) mismatch(null, "finalScores", record.finalScores, state.scores);
  if (record.over !== state.over) mismatch(null, "over", record.over, state.over);
  return ok({ results: state.results, finalScores: state.scores, over: state.over, mismatches });
}

/**
 * Builds the record of a match from its set-up and every action applied so
 * far (in order). The actions are replayed to split them by hand; given
 * `state` (the match as its caller holds it), the replay must reproduce its
 * results.
 */
export function buildRecord(setup: MatchSetup, seatActions: readonly SeatAction[], state?: MatchState): Result<GameRecord> {
  const created = createMatch(setup);
  if (!created.ok) return created;
  let replay = created.value;
  const groups: SeatAction[][] = [[]];
  for (let i = 0; i < seatActions.length; i++) {
    const { seat, action } = seatActions[i]!;
    const step = apply(replay, seat, action);
    if (!step.ok)
      return fail("record/illegal-action", `action ${i} (seat ${seat} ${action.type}): ${step.error.message}`, { action: i, error: step.error });
    groups[replay.dealIndex]!.push({ seat, action: canonicalAction(action)! }); // apply accepted it, so it is well formed
    replay = step.state;
    while (groups.length <= replay.dealIndex) groups.push([]);
  }
  if (state && (replay.dealIndex !== state.dealIndex || !sameJson(replay.results, state.results)))
    return fail("record/mismatch", "the actions do not reproduce the given match state");
  const hands: RecordedHand[] = [];
  const handCount = replay.hand ? replay.dealIndex + 1 : replay.dealIndex;
  for (let i = 0; i < handCount; i++) {
    const r = replay.results[i];
    const deal = r ? r.deal : replay.hand!.deal;
    hands.push({
      index: i,
      dealer: r ? r.dealer : replay.dealer,
      seed: r ? r.seed : replay.handSeed,
      deal: { hands: deal.hands.map((cards) => cards.slice()), kat: deal.kat.slice() },
      actions: groups[i] ?? [],
      result: r ? toRecorded(r) : null,
    });
  }
  return ok({
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    variant: replay.variant,
    options: { ...replay.options },
    seats: replay.seats.map((s) => ({ name: s.name })),
    seed: replay.seed,
    hands,
    finalScores: replay.scores.slice(),
    over: replay.over,
  });
}
