/**
 * The MatchHandAnalysis rows (the status a replay shows, and the results)
 * and their jobs in the pg-boss queue "hand-analysis" (src/server/jobs.ts).
 * A row and its job are written in one transaction. The queue holds the
 * order and the lease (a job whose worker died is retried after its expiry);
 * the row says which job holds a running hand, so a second job for the same
 * hand (a replay's request sends one at a higher priority) never solves it
 * twice. Job ids are chosen here and carried in the job's data, so a job
 * that reaches the dead-letter queue still names the hand's holder.
 */
import { randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { type Db, type DbTx, type Tx, transactionJobDb } from "@/server/db";
import { ANALYSIS_MAX_ATTEMPTS, jobSender, QUEUES } from "@/server/jobs";

export type AnalysisStatus = "pending" | "running" | "done" | "failed";

export interface AnalysisRow {
  readonly status: AnalysisStatus;
  readonly result: unknown;
  readonly requestedAt: Date | null;
}

/** A hand-analysis job's data: the hand, its job id, and the attempts before this job (a re-sent hand keeps its count). */
export interface HandJob {
  readonly matchId: string;
  /** For a hand queued while its match was still in play: the table, whose stored actions are its record until the Match row exists. */
  readonly tableId?: string;
  readonly handIndex: number;
  readonly jobId: string;
  readonly priorAttempts: number;
}

/** Priority of a hand a replay waits for (queued hands have 0); pg-boss takes higher first, then the oldest. */
export const REQUESTED_PRIORITY = 1;

async function sendJobs(tx: Tx, hands: readonly Omit<HandJob, "jobId">[], priority: number): Promise<void> {
  if (hands.length === 0) return;
  const jobs = hands.map((h) => {
    const data: HandJob = { ...h, jobId: randomUUID() };
    // Fewer retries for a hand that already used some: the limit is per hand, not per job.
    return { id: data.jobId, name: QUEUES.handAnalysis.name, data, priority, retryLimit: Math.max(0, ANALYSIS_MAX_ATTEMPTS - 1 - h.priorAttempts) };
  });
  await jobSender.insert(jobs, { db: transactionJobDb(tx) });
}

/**
 * Queues hands of a match (in the caller's transaction); those already queued are left as they are.
 * `tableId` for hands of a match still in play (see HandJob).
 */
export async function queueHands(tx: Tx, matchId: string, handIndexes: readonly number[], tableId?: string): Promise<void> {
  if (handIndexes.length === 0) return;
  const created = await tx.$queryRaw<{ handIndex: number }[]>(Prisma.sql`
    INSERT INTO "MatchHandAnalysis" ("matchId", "handIndex")
    SELECT ${matchId}, h FROM unnest(${[...handIndexes]}::int[]) AS h
    ON CONFLICT DO NOTHING RETURNING "handIndex"`);
  await sendJobs(tx, created.map((r) => ({ matchId, tableId, handIndex: r.handIndex, priorAttempts: 0 })), 0);
}

/**
 * The hands queued in play of a match that will never be stored (its table was abandoned): nobody
 * can ever ask for them. Their jobs, if any wait, then find nothing to do (takeHand).
 */
export async function dropMatchHands(tx: Tx, matchId: string): Promise<void> {
  await tx.matchHandAnalysis.deleteMany({ where: { matchId } });
}

/**
 * A replay waits for this hand: queues it when it never was (matches stored before the analysis
 * existed), or marks a waiting one as asked for (the first request counts), and sends it ahead of
 * the queue. True when it changed anything.
 */
export function requestHand(db: Db, matchId: string, handIndex: number, at: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ attempts: number }[]>(Prisma.sql`
      INSERT INTO "MatchHandAnalysis" ("matchId", "handIndex", "requestedAt") VALUES (${matchId}, ${handIndex}, ${at})
      ON CONFLICT ("matchId", "handIndex") DO UPDATE SET "requestedAt" = EXCLUDED."requestedAt"
        WHERE "MatchHandAnalysis"."requestedAt" IS NULL AND "MatchHandAnalysis".status IN ('pending', 'running')
      RETURNING attempts`);
    const row = rows[0];
    if (!row) return false;
    await sendJobs(tx, [{ matchId, handIndex, priorAttempts: row.attempts }], REQUESTED_PRIORITY);
    return true;
  });
}

export async function findAnalysis(db: DbTx, matchId: string, handIndex: number): Promise<AnalysisRow | null> {
  const row = await db.matchHandAnalysis.findUnique({ where: { matchId_handIndex: { matchId, handIndex } }, select: { status: true, result: true, requestedAt: true } });
  return row && { status: row.status as AnalysisStatus, result: row.result, requestedAt: row.requestedAt };
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
 * A worker took `job` (its `retryCount`-th retry): the hand is running under it. Null when there is
 * nothing to do: the hand is done or failed, or another job holds it (a duplicate).
 */
export async function takeHand(db: Db, job: HandJob, retryCount: number): Promise<{ attempts: number } | null> {
  const attempts = job.priorAttempts + retryCount + 1;
  const rows = await db.$queryRaw<{ attempts: number }[]>(Prisma.sql`
    UPDATE "MatchHandAnalysis" SET status = 'running', "jobId" = ${job.jobId}, attempts = ${attempts}
    WHERE "matchId" = ${job.matchId} AND "handIndex" = ${job.handIndex}
      AND (status = 'pending' OR (status = 'running' AND "jobId" = ${job.jobId}))
    RETURNING attempts`);
  return rows[0] ?? null;
}

const held = (job: HandJob) => ({ matchId: job.matchId, handIndex: job.handIndex, status: "running", jobId: job.jobId });

/** Stores the analysis so far of a hand being solved (ignored when the job no longer holds it). */
export async function handProgress(db: Db, job: HandJob, soFar: unknown): Promise<void> {
  await db.matchHandAnalysis.updateMany({ where: held(job), data: { result: soFar as Prisma.InputJsonValue } });
}

/** Stores the outcome of a job (ignored when the job no longer holds the hand). */
export async function finishHand(db: Db, job: HandJob, outcome: { result: unknown; solveMs: number } | { error: string }, at: Date): Promise<void> {
  const data =
    "result" in outcome
      ? { status: "done", result: outcome.result as Prisma.InputJsonValue, solveMs: Math.round(outcome.solveMs), error: null }
      : { status: "failed", error: outcome.error.slice(0, 2000) };
  await db.matchHandAnalysis.updateMany({ where: held(job), data: { ...data, jobId: null, finishedAt: at } });
}

/** The hand held by `job` will never be asked for (queued in play, its match abandoned): its row goes. */
export async function dropHand(db: Db, job: HandJob): Promise<void> {
  await db.matchHandAnalysis.deleteMany({ where: held(job) });
}

/** The job failed and will be retried by the queue: the hand waits again. */
export async function handWaitsAgain(db: Db, job: HandJob): Promise<void> {
  await db.matchHandAnalysis.updateMany({ where: held(job), data: { status: "pending", jobId: null } });
}

/**
 * A worker stopping gracefully gives its hand back, not counted as an attempt: the row waits
 * again and a fresh job (same priority, the same attempts left) replaces the one it held, which
 * the caller then completes.
 */
export function releaseHand(db: Db, job: HandJob, attempts: number, priority: number): Promise<void> {
  return db.$transaction(async (tx) => {
    const res = await tx.matchHandAnalysis.updateMany({ where: held(job), data: { status: "pending", jobId: null, attempts: attempts - 1 } });
    // The same hand (its table too, for a match in play) under a fresh job id.
    if (res.count === 1) await sendJobs(tx, [{ ...job, priorAttempts: attempts - 1 }], priority);
  });
}

/** A job out of attempts whose last worker died under it (from the dead-letter queue): its hand fails. */
export async function failAbandonedHand(db: Db, job: HandJob, at: Date): Promise<void> {
  await db.matchHandAnalysis.updateMany({
    where: held(job),
    data: { status: "failed", jobId: null, error: `the analysis worker stopped while solving this hand (${ANALYSIS_MAX_ATTEMPTS} attempts)`, finishedAt: at },
  });
}
