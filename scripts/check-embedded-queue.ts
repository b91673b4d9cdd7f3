/**
 * The job queue on the embedded database (PGlite, one backend for every
 * connection: STACK.md §3): starts PGlite in a scratch folder as `npm start`
 * does without DATABASE_URL, migrates it (Prisma migrations, then pg-boss's
 * schema over one connection), then runs the analysis worker on the server's
 * single-connection pool while TABLES concurrent transactions store finished
 * matches (each queuing its hands: rows and jobs in one transaction), and
 * checks that nothing was lost: every match stored, every hand row and job
 * there, every hand analysed. Prints the figures.
 *
 * Usage: npx tsx scripts/check-embedded-queue.ts [TABLES=6]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { buildRecord, playRandomMatch } from "../src/engine";
import { createPool, createPrismaClient, poolJobDb } from "../src/server/db";
import { startEmbeddedDb } from "../src/server/embedded-db";
import { JOB_SCHEMA, QUEUES } from "../src/server/jobs";
import { migrateDeploy } from "../src/server/migrate";
import { HandAnalysisWorker } from "../src/server/modules/history/analysis-queue";
import { PrismaTableStore } from "../src/server/realtime/prisma-store";

const tables = Number(process.argv[2] ?? 6);
const dir = mkdtempSync(path.join(tmpdir(), "whist-embedded-"));
const embedded = await startEmbeddedDb(path.join(dir, "pglite"), Number(process.env.EMBEDDED_PORT ?? 54339));
let t = performance.now();
await migrateDeploy(embedded.url);
console.log(`migrated (Prisma + pg-boss) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
// As main.ts does with the embedded database: one pool of ONE connection for Prisma and pg-boss.
const pool = createPool(embedded.url, 1);
const db = createPrismaClient(pool);
const worker = new HandAnalysisWorker(db, { jobDb: poolJobDb(pool), pollingIntervalSeconds: 0.5, nice: 0, log: pino({ level: "warn" }) }).start();
try {
  const store = new PrismaTableStore(db);
  const user = await db.user.create({ data: { email: "embedded@example.test", passwordHash: "x", displayName: "E" }, select: { id: true } });
  t = performance.now();
  const stored = await Promise.all(
    Array.from({ length: tables }, async (_, i) => {
      const table = await store.createTable({ variant: "classic", options: {}, isPrivate: false, createdById: user.id, turnSeconds: 30 }, Date.now());
      const setup = { variant: "classic", seats: [0, 1, 2, 3].map((k) => ({ name: `P${k}` })), seed: `embedded-${i}` };
      const played = playRandomMatch(setup, `r-embedded-${i}`, { maxHands: 2 });
      if (!played.ok) throw new Error(played.error.message);
      const record = buildRecord(setup, played.value.actions, played.value.state);
      if (!record.ok) throw new Error(record.error.message);
      const players = [0, 1, 2, 3].map((k) => ({ kind: "bot" as const, name: `P${k}` }));
      await store.finishMatch({ tableId: table.id, variant: "classic", record: record.value, players, scores: played.value.state.scores, finishedAt: Date.now() });
      return table.id;
    }),
  );
  const matches = await db.match.count({ where: { tableId: { in: stored } } });
  const rows = await db.matchHandAnalysis.count();
  const jobs = Number((await pool.query(`SELECT count(*) FROM ${JOB_SCHEMA}.job WHERE name = $1`, [QUEUES.handAnalysis.name])).rows[0].count);
  console.log(`stored ${matches}/${tables} matches concurrently with the worker polling: ${rows} hand rows, ${jobs} jobs`);
  for (;;) {
    const waiting = await db.matchHandAnalysis.count({ where: { status: { in: ["pending", "running"] } } });
    if (waiting === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const byStatus = await db.matchHandAnalysis.groupBy({ by: ["status"], _count: { _all: true } });
  console.log(`analysed in ${((performance.now() - t) / 1000).toFixed(1)} s: ${byStatus.map((s) => `${s.status} ${s._count._all}`).join(", ")}`);
  if (matches !== tables || rows !== jobs || byStatus.some((s) => s.status !== "done")) process.exitCode = 1;
} finally {
  await worker.stop();
  await db.$disconnect();
  await pool.end();
  await embedded.stop();
  rmSync(dir, { recursive: true, force: true });
}
