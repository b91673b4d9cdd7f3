/**
 * The life of a live match, in one place: when a match starts (the last seat
 * filled at a table, or matchmaking seating its ranked players), how its
 * state is rebuilt from the stored actions (match-record.ts), and its one finishing step (the
 * Match record, history rows, ratings, club ladder and analysis queue, in one
 * idempotent transaction keyed by table and match). The table room calls
 * these; the database is reached through ./repository.ts.
 */
import { randomBytes } from "node:crypto";
import * as engine from "@/engine";
import type { SeatOccupant } from "@/protocol";
import type { DbTx } from "@/server/db";
import { log } from "@/server/log";
import type { StoredAction, TableRecord } from "@/server/realtime/store";
import { ownersAtDeal } from "@/server/realtime/seating";
import { matchRecord, replayMatch } from "./match-record";
import { writeMatchFinish, writeMatchStart, type FinishOutcome, type MatchesDb, type MatchFinish, type MatchStart } from "./repository";

export type { MatchFinish, MatchStart, FinishOutcome } from "./repository";
export { matchIdOf, replayMatch } from "./match-record";

/** A match seed from the CSPRNG: with the stored actions it reproduces the match. */
export const newMatchSeed = (): string => randomBytes(32).toString("hex");

/**
 * The start of a match when `seats` fill an open table: the table as it will
 * be and the match's first state (validated before anything is stored); null
 * when the match does not start.
 */
export function planStart(
  rec: TableRecord,
  seats: readonly (SeatOccupant | null)[],
  at: number,
  seed: string = newMatchSeed(),
): { readonly rec: TableRecord; readonly state: engine.MatchState; readonly start: MatchStart } | null {
  if (rec.status !== "open" || !seats.every((s) => s !== null)) return null;
  // A club-ladder table learns its players as it starts: from now on each seat is theirs.
  const humans = seats.flatMap((s) => (s?.kind === "human" ? [s.userId] : []));
  const fixedSeats = rec.ranked && !rec.fixedSeats && humans.length === seats.length ? humans : rec.fixedSeats;
  const handOwners = ownersAtDeal({ seats, fixedSeats });
  const next: TableRecord = { ...rec, seats, seed, status: "playing", lastActionAt: at, fixedSeats, handOwners };
  const state = replayMatch(next, [])!;
  return { rec: next, state, start: { tableId: rec.id, seats, seed, at } };
}

/** Stores a match start (seats, seed, status, a ranked table's players) in one transaction, or in the caller's. */
export const startMatch = (db: DbTx, start: MatchStart): Promise<boolean> => writeMatchStart(db, start);

/** What the finishing step stores for a table whose match is over. */
export function finishedMatchOf(rec: TableRecord, actions: readonly StoredAction[], state: engine.MatchState, finishedAt: number): MatchFinish {
  return { tableId: rec.id, variant: rec.variant, record: matchRecord(rec, actions, state), players: rec.seats, scores: state.scores, finishedAt };
}

/** The finishing step: idempotent, so a retry or a resume after a failure records the match exactly once. */
export async function finishMatch(db: MatchesDb, match: MatchFinish): Promise<FinishOutcome> {
  const outcome = await writeMatchFinish(db, match);
  log.info({ tableId: match.tableId, outcome }, "match finish stored");
  return outcome;
}
