/**
 * The MatchHandAnalysis rows: the queue of hands waiting for their
 * double-dummy analysis and the results. A hand is claimed by one worker at a
 * time (FOR UPDATE SKIP LOCKED, so several server processes never take the
 * same hand) and its claim is a lease the worker renews while it solves: a
 * worker that dies leaves a claim that expires, and the hand is taken again.
 */
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db";

type DbTx = Db | Prisma.TransactionClient;

export type AnalysisStatus = "pending" | "running" | "done" | "failed";

export interface AnalysisRow {
  readonly status: AnalysisStatus;
  readonly result: unknown;
  readonly requestedAt: Date | null;
}

export interface ClaimedHand {
  readonly matchId: string;
  readonly handIndex: number;
  readonly attempts: number;
}

/** Queues hands of a stored match (those already queued are left as they are). */
export async function queueHands(db: DbTx, matchId: string, handIndexes: readonly number[], requestedAt: Date | null = null): Promise<void> {
  if (handIndexes.length === 0) return;
  await db.matchHandAnalysis.createMany({ data: handIndexes.map((handIndex) => ({ matchId, handIndex, requestedAt })), skipDuplicates: true });
}

export async function findAnalysis(db: DbTx, matchId: string, handIndex: number): Promise<AnalysisRow | null> {
  const row = await db.matchHandAnalysis.findUnique({ where: { matchId_handIndex: { matchId, handIndex } }, select: { status: true, result: true, requestedAt: true } });
  return row && { status: row.status as AnalysisStatus, result: row.result, requestedAt: row.requestedAt };
}

/** Marks a waiting hand as asked for by a replay (the first request counts), which moves it ahead of the queue. */
export async function markRequested(db: DbTx, matchId: string, handIndex: number, at: Date): Promise<void> {
  await db.matchHandAnalysis.updateMany({ where: { matchId, handIndex, requestedAt: null, status: { in: ["pending", "running"] } }, data: { requestedAt: at } });
}

/** Hands that will be taken before this one (requested first, then oldest first); null when it is not waiting. */
export async function handsAhead(db: DbTx, matchId: string, handIndex: number): Promise<number | null> {
  // The queue's order as one key (a hand nobody asked for sorts after every request).
  const key = (t: string) => Prisma.raw(`(COALESCE(${t}."requestedAt", 'infinity'), ${t}."createdAt", ${t}."matchId", ${t}."handIndex")`);
  const rows = await db.$queryRaw<{ ahead: bigint }[]>(Prisma.sql`
    SELECT count(o.*) AS ahead FROM "MatchHandAnalysis" me
    LEFT JOIN "MatchHandAnalysis" o ON o.status = 'pending' AND ${key("o")} < ${key("me")}
    WHERE me."matchId" = ${matchId} AND me."handIndex" = ${handIndex} AND me.status = 'pending'
    GROUP BY me."matchId"`);
  return rows[0] ? Number(rows[0].ahead) : null;
}

/**
 * Takes the next hand: claims whose lease ran out go back to the queue first (or fail after
 * `maxAttempts`), then the oldest request, else the oldest queued hand, is claimed until `leaseUntil`.
 * `matchIds` limits the worker to some matches (tests share one database).
 */
export async function claimNext(db: Db, leaseUntil: Date, now: Date, maxAttempts: number, matchIds?: readonly string[]): Promise<ClaimedHand | null> {
  const scope = matchIds ? Prisma.sql`AND "matchId" IN (${Prisma.join(matchIds)})` : Prisma.empty;
  await db.$executeRaw(Prisma.sql`
    UPDATE "MatchHandAnalysis" SET
      status = CASE WHEN attempts >= ${maxAttempts} THEN 'failed' ELSE 'pending' END,
      error = CASE WHEN attempts >= ${maxAttempts} THEN 'the worker stopped while solving this hand, ' || attempts || ' times' ELSE error END,
      "leaseUntil" = NULL
    WHERE status = 'running' AND "leaseUntil" < ${now} ${scope}`);
  const rows = await db.$queryRaw<ClaimedHand[]>(Prisma.sql`
    UPDATE "MatchHandAnalysis" a SET status = 'running', "leaseUntil" = ${leaseUntil}, attempts = a.attempts + 1
    FROM (
      SELECT "matchId", "handIndex" FROM "MatchHandAnalysis"
      WHERE status = 'pending' ${scope}
      ORDER BY "requestedAt" ASC NULLS LAST, "createdAt" ASC, "matchId" ASC, "handIndex" ASC
      LIMIT 1 FOR UPDATE SKIP LOCKED
    ) next
    WHERE a."matchId" = next."matchId" AND a."handIndex" = next."handIndex"
    RETURNING a."matchId", a."handIndex", a.attempts`);
  return rows[0] ?? null;
}

/** Extends a running claim; false when the hand is no longer this worker's (its lease ran out and it was taken again). */
export async function renewClaim(db: Db, hand: ClaimedHand, leaseUntil: Date): Promise<boolean> {
  const res = await db.matchHandAnalysis.updateMany({ where: { matchId: hand.matchId, handIndex: hand.handIndex, status: "running", attempts: hand.attempts }, data: { leaseUntil } });
  return res.count === 1;
}

/** Stores the outcome of a claim (ignored when the claim was lost meanwhile). */
export async function finishClaim(db: Db, hand: ClaimedHand, outcome: { result: unknown; solveMs: number } | { error: string }, at: Date): Promise<void> {
  const data =
    "result" in outcome
      ? { status: "done", result: outcome.result as Prisma.InputJsonValue, solveMs: Math.round(outcome.solveMs), error: null }
      : { status: "failed", error: outcome.error.slice(0, 2000) };
  await db.matchHandAnalysis.updateMany({
    where: { matchId: hand.matchId, handIndex: hand.handIndex, status: "running", attempts: hand.attempts },
    data: { ...data, leaseUntil: null, finishedAt: at },
  });
}

/**
 * Gives a claim back to the queue: when the worker stops (not counted as an attempt), or when
 * its process died under the hand (counted: after `maxAttempts` the hand fails with `error`).
 */
export async function releaseClaim(db: Db, hand: ClaimedHand, how: { countAttempt: false } | { countAttempt: true; maxAttempts: number; error: string }): Promise<void> {
  const where = { matchId: hand.matchId, handIndex: hand.handIndex, status: "running", attempts: hand.attempts };
  if (how.countAttempt && hand.attempts >= how.maxAttempts) {
    await db.matchHandAnalysis.updateMany({ where, data: { status: "failed", error: `${how.error} (${hand.attempts} attempts)`, leaseUntil: null, finishedAt: new Date() } });
    return;
  }
  await db.matchHandAnalysis.updateMany({ where, data: { status: "pending", leaseUntil: null, attempts: how.countAttempt ? hand.attempts : hand.attempts - 1 } });
}
