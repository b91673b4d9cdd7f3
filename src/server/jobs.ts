/**
 * Background jobs: pg-boss 10 (the last line that runs on Node 20) in the
 * schema "pgboss" of the app's own database. Its schema and queues are
 * installed by `installJobQueue` right after the Prisma migrations
 * (src/server/migrate.ts), so any code may send a job from the first request
 * on, also inside a Prisma transaction (`transactionJobDb` in db.ts). Workers
 * start their own PgBoss with `startJobQueue`, running its SQL through the
 * process's pg pool (db.ts): with the embedded database that pool has one
 * connection, so pg-boss never opens a second one to PGlite.
 */
import PgBoss from "pg-boss";
import pg from "pg";
import { type JobDb, poolJobDb } from "@/server/db";
import { childLog } from "@/server/log";

export const JOB_SCHEMA = "pgboss";
/** pg-boss's schema version for the installed package (readiness checks it is applied). */
export const JOB_SCHEMA_VERSION = 24;

/** Longest solve of one hand; measured hands take well under a minute (README, Computer players). */
export const ANALYSIS_TIME_CAP_MS = 10 * 60_000;
/** Tries per hand: a hand whose solve keeps killing the analysis process fails after these. */
export const ANALYSIS_MAX_ATTEMPTS = 3;

/** Every queue, created (and its options brought up to date) at migration time; a dead-letter queue before its queue. */
export const QUEUES = {
  /** Hands out of attempts (their last worker died under them): the analysis worker marks them failed. */
  handAnalysisFailed: { name: "hand-analysis-failed" },
  /** Replays' double-dummy analysis (history/analysis-queue.ts): one job per hand. */
  handAnalysis: {
    name: "hand-analysis",
    retryLimit: ANALYSIS_MAX_ATTEMPTS - 1,
    // The job's lease: a worker that died holding a hand frees it after this (the solve cap plus two minutes).
    expireInSeconds: ANALYSIS_TIME_CAP_MS / 1000 + 120,
    deadLetter: "hand-analysis-failed",
  },
} satisfies Record<string, PgBoss.Queue>;

const log = childLog({ component: "jobs" });

export interface JobQueueOptions {
  /** How often this process expires jobs whose worker died (pg-boss maintenance; at least 1 s). */
  readonly maintenanceIntervalSeconds?: number;
}

/** A started PgBoss on `db`, logging its errors. Stop it with `stop({ close: false })`: the pool is not its own. */
export async function startJobQueue(db: JobDb, opts: JobQueueOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: db as PgBoss.Db,
    schema: JOB_SCHEMA,
    schedule: false,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60,
  });
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  await boss.start();
  return boss;
}

/**
 * A PgBoss that is never started: it only builds pg-boss's SQL for sends, which
 * always pass their own `db` (a transaction's, see db.ts transactionJobDb).
 */
export const jobSender = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error("jobSender: pass { db } to every call")) },
  schema: JOB_SCHEMA,
  supervise: false,
  schedule: false,
  migrate: false,
});

/** Installs (or upgrades) pg-boss's schema and creates every queue; run after the Prisma migrations, before the app. */
export async function installJobQueue(databaseUrl: string): Promise<void> {
  // One connection: with the embedded database nothing else runs yet.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const boss = new PgBoss({ db: poolJobDb(pool) as PgBoss.Db, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
    boss.on("error", (err) => log.error({ err }, "job queue error"));
    await boss.start();
    for (const { name, ...options } of Object.values(QUEUES)) {
      await boss.createQueue(name, { name, ...options });
      await boss.updateQueue(name, { name, ...options });
    }
    await boss.stop({ graceful: false, close: false });
  } finally {
    await pool.end();
  }
}
