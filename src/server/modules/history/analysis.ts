/**
 * Double-dummy analysis of the hands of finished matches, for their replays:
 * what each card played kept or cost its side. Every hand with cards played
 * is queued as soon as it ends (its match still in play: under the Match id
 * the match will be stored with, matches/match-record.ts), and again, for
 * the hands not queued yet, when its match is stored (in the same
 * transaction); so the replay right after a match finds its hands analysed
 * but the last ones. The
 * background worker (analysis-queue.ts, on the pg-boss job queue) solves it
 * and stores the result, so no request ever waits for a solve and nothing is
 * solved twice. A replay asking for a hand that is not done yet moves it
 * ahead of the queue (and queues it if it never was: matches stored before
 * the analysis existed). Hands the solver cannot analyse (a table of other
 * than four, a variant without partners: bots' analysisAvailable) are never
 * queued and answer "unavailable". The hands queued in play of a match
 * abandoned go with it.
 * Who may see a hand's analysis: whoever may see the match's replay.
 */
import { parseRecord } from "@/engine";
import { analysisAvailable, type HandAnalysis } from "@/bots/analysis";
import type { Db, DbTx } from "@/server/db";
import { failure, success, type ServiceResult } from "@/server/api/errors";
import { dropMatchHands, findAnalysis, handsAhead, queueHands, requestHand } from "./analysis-repository";
import { findMatchRecord } from "./repository";
import { matchIdOf } from "@/server/modules/matches/match-record";
import { listPlayingTables } from "@/server/modules/matches/in-play-repository";
import { wakeAnalysisWorker } from "./analysis-queue";
import { matchRefusal } from "./service";

export type HandAnalysisState =
  | { status: "done"; analysis: HandAnalysis }
  | { status: "pending"; ahead: number }
  /** Being solved: `analysis` holds the cards valued so far once a long hand has some (see analysis-queue.ts). */
  | { status: "running"; analysis?: HandAnalysis }
  | { status: "failed" }
  /** The double-dummy analysis does not apply to this match's hands (seat count or variant). */
  | { status: "unavailable" };

/** Whether a stored game record's hands can be analysed: its variant at its seat count. */
function analysable(record: unknown): boolean {
  const r = record as { variant?: unknown; seats?: unknown } | null;
  return typeof r?.variant === "string" && Array.isArray(r.seats) && analysisAvailable(r.variant, r.seats.length);
}

/** Hands of a game record with at least one card played (the ones worth analysing). */
export function playedHandIndexes(record: unknown): number[] {
  const hands = (record as { hands?: { index?: unknown; actions?: { action?: { type?: unknown } }[] }[] } | null)?.hands ?? [];
  return hands.flatMap((h) => (typeof h.index === "number" && (h.actions ?? []).some((a) => a.action?.type === "play") ? [h.index] : []));
}

/** Queues every played hand of a match being stored (called in the transaction that stores it), where the analysis applies. */
export async function queueMatchAnalysis(tx: Exclude<DbTx, Db>, matchId: string, record: unknown): Promise<void> {
  if (!analysable(record)) return;
  await queueHands(tx, matchId, playedHandIndexes(record));
}

/**
 * Queues a hand that just ended at a table whose match goes on (no-op when its analysis does not
 * apply, or the table has no match in play). Nobody sees it before the match is stored: a replay
 * (handAnalysis) asks for a stored match.
 */
export async function queueEndedHand(db: Db, tableId: string, handIndex: number): Promise<void> {
  await db.$transaction(async (tx) => {
    const [table] = await listPlayingTables(tx, [tableId]);
    if (!table?.seed || !analysisAvailable(table.variant, table.seats.length)) return;
    await queueHands(tx, matchIdOf(tableId, table.seed), [handIndex], tableId);
  });
}

/** The match in play at `tableId` (started with `seed`) was abandoned: the hands queued meanwhile go (in the abandoning transaction). */
export async function dropAbandonedAnalysis(tx: Exclude<DbTx, Db>, tableId: string, seed: string): Promise<void> {
  await dropMatchHands(tx, matchIdOf(tableId, seed));
}

/** One hand's analysis as far as it has come, for a viewer of the match. */
export async function handAnalysis(db: Db, userId: string | null, matchId: string, handIndex: number): Promise<ServiceResult<HandAnalysisState>> {
  const match = await findMatchRecord(db, matchId);
  if (!match) return failure({ code: "NOT_FOUND", status: "NOT_FOUND", message: "No such match." });
  const refusal = await matchRefusal(db, match.tableId, userId);
  if (refusal) return failure(refusal);
  const parsed = parseRecord(match.record);
  if (!parsed.ok || !parsed.value.hands.some((h) => h.index === handIndex))
    return failure({ code: "NOT_FOUND", status: "NOT_FOUND", message: `No hand ${handIndex} in this match.` });
  if (!analysable(parsed.value)) return success({ status: "unavailable" });
  // A hand without cards played (passed out) has nothing to analyse.
  if (!playedHandIndexes(parsed.value).includes(handIndex)) return success({ status: "done", analysis: { side: [], sideMaximises: true, plays: [], complete: true } });

  let row = await findAnalysis(db, matchId, handIndex);
  if (!row || (row.requestedAt === null && (row.status === "pending" || row.status === "running"))) {
    if (await requestHand(db, matchId, handIndex, new Date())) wakeAnalysisWorker({ matchId, handIndex });
    row = await findAnalysis(db, matchId, handIndex);
  }
  switch (row?.status) {
    case "done":
      return success({ status: "done", analysis: row.result as HandAnalysis });
    case "failed":
      return success({ status: "failed" });
    case "running":
      return success(row.result ? { status: "running", analysis: row.result as HandAnalysis } : { status: "running" });
    default:
      return success({ status: "pending", ahead: (await handsAhead(db, matchId, handIndex)) ?? 0 });
  }
}
