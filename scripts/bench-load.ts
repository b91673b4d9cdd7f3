/**
 * Load benchmark of live tables on several server processes (not a test).
 * Starts K live-table server processes (standalone.ts: the same wiring as the
 * main server) sharing a throw-away PostgreSQL database and the local Redis,
 * and plays N tables of classic whist with four scripted clients each over
 * real sockets on the loopback; the four clients of a table are spread over
 * different processes, so most actions are forwarded to the table's driving
 * process and most updates cross Redis. Three runs:
 *   1. K processes with Redis, for a fixed time: actions/s, p50/p95/p99
 *      latency from a client sending an action to all four clients of that
 *      table holding the new version, and errors (refused or unanswered);
 *   2. the same load on one process without Redis;
 *   3. a fault run: K processes play short matches, one process is SIGKILLed
 *      mid-match, its clients reconnect to the next process, and every match
 *      must finish with a stored record identical to an uninterrupted replay.
 *
 *   npm run bench:load -- [processes=3] [tables=12] [seconds=15] [--skip-single] [--skip-fault] [--fault-target 3]
 *   npm run bench:load -- 2 1 1 --fault-target 1     (a quick check that it runs)
 * Needs PostgreSQL (TEST_DATABASE_ADMIN_URL) and Redis (REDIS_URL, default
 * redis://127.0.0.1:6379). --skip-single / --skip-fault (or BENCH_SKIP_SINGLE=1 /
 * BENCH_SKIP_FAULT=1) skip runs 2 / 3.
 */
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { createPrismaClient } from "../src/server/db";
import { createTestDatabase, dropTestDatabase } from "../src/server/test/database";
import { PrismaTableStore } from "../src/server/realtime/prisma-store";
import { LiveClient, patiently, sessionCookie } from "../src/server/realtime/test-client";
import { replayActions, startLiveServer, stopLiveServer, type LiveServer } from "../src/server/realtime/test-server";
import type { Seat } from "../src/engine/types";
import { numberArg, scriptArgs } from "../src/cli/args";

const { PROCESSES, TABLES, SECONDS, SKIP_SINGLE, SKIP_FAULT, FAULT_TARGET } = scriptArgs(
  {
    usageName: "npm run bench:load --",
    summary:
      "Live tables on several server processes sharing a throw-away PostgreSQL database (TEST_DATABASE_ADMIN_URL) and Redis (REDIS_URL, default redis://127.0.0.1:6379). Three runs: K processes with Redis for a fixed time (actions/s, p50/p95/p99 from an action to all four clients updated, errors); the same load on one process without Redis; and a fault run that SIGKILLs a process mid-match and checks that every match finishes with a record identical to an uninterrupted replay (exit 1 if not).",
    positionals: [
      { name: "PROCESSES", optional: true, help: "server processes, at least 2 (default 3)" },
      { name: "TABLES", optional: true, help: "tables played at once in each run (default 12)" },
      { name: "SECONDS", optional: true, help: "length of each timed run (default 15)" },
    ],
    flags: {
      "skip-single": { type: "boolean", help: "skip run 2 (one process without Redis); also BENCH_SKIP_SINGLE=1" },
      "skip-fault": { type: "boolean", help: "skip run 3 (the fault run); also BENCH_SKIP_FAULT=1" },
      "fault-target": { type: "string", value: "N", help: "the fault run's match target in points (default 3; 1 is one hand, the process is killed in its first trick or two)" },
    },
    examples: ["npm run bench:load", "npm run bench:load -- 2 1 1 --fault-target 1   (a quick check that it runs)"],
  },
  (a) => ({
    PROCESSES: numberArg("PROCESSES", a.positionals[0], 3, { min: 2, integer: true }),
    TABLES: numberArg("TABLES", a.positionals[1], 12, { min: 1, integer: true }),
    SECONDS: numberArg("SECONDS", a.positionals[2], 15, { min: 0.1 }),
    SKIP_SINGLE: a.flags["skip-single"] === true || !!process.env.BENCH_SKIP_SINGLE,
    SKIP_FAULT: a.flags["skip-fault"] === true || !!process.env.BENCH_SKIP_FAULT,
    FAULT_TARGET: numberArg("--fault-target", a.flags["fault-target"], 3, { min: 1, max: 100, integer: true }),
  }),
);
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const LEASE_MS = 3000;

type Db = ReturnType<typeof createPrismaClient>;

interface Cluster {
  readonly servers: LiveServer[];
  readonly db: Db;
  readonly dbName: string;
}

/** K server processes on a fresh database; with Redis when k > 1 (one process runs as without REDIS_URL). */
async function startCluster(k: number): Promise<Cluster> {
  const database = await createTestDatabase("whist_bench_load");
  const prefix = `whist-bench-${randomBytes(4).toString("hex")}`;
  const env = { DATABASE_URL: database.url, AUTH_SECRET: SECRET, NODE_ENV: "production", LEASE_MS: String(LEASE_MS) };
  const servers = await Promise.all(
    Array.from({ length: k }, () => startLiveServer(k > 1 ? { ...env, REDIS_URL, REDIS_PREFIX: prefix } : { ...env, REDIS_URL: "" })),
  );
  return { servers, db: createPrismaClient(database.url, 4), dbName: database.name };
}

async function stopCluster(c: Cluster): Promise<void> {
  await Promise.all(c.servers.map((s) => stopLiveServer(s)));
  await c.db.$disconnect();
  await dropTestDatabase(c.dbName);
}

interface Tally {
  readonly latencies: number[];
  accepted: number;
  readonly errors: Map<string, number>;
}

interface Table {
  readonly id: string;
  readonly clients: LiveClient[];
  /** Index of the server each client is connected to. */
  readonly serverOf: number[];
}

/**
 * N tables, four clients each; client i of table t connects to server (t + i) mod K,
 * and the table's first visitor (seat 0, on server t mod K) makes that server its driver.
 */
async function playTables(c: Cluster, n: number, options: Record<string, unknown>, tally: Tally): Promise<Table[]> {
  const store = new PrismaTableStore(c.db);
  const k = c.servers.length;
  const tables: Table[] = [];
  for (let t = 0; t < n; t++) {
    const users = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        c.db.user.create({
          data: { email: `load-${randomBytes(6).toString("hex")}@example.test`, passwordHash: "-", displayName: `Load ${t}.${i}` },
          select: { id: true },
        }),
      ),
    );
    const table = await store.createTable({ variant: "classic", options, isPrivate: false, createdById: users[0]!.id, turnSeconds: 600 }, Date.now());
    const serverOf = users.map((_, i) => (t + i) % k);
    const clients = await Promise.all(users.map(async (u, i) => new LiveClient(c.servers[serverOf[i]!]!.url, await sessionCookie(u.id, SECRET))));
    const sentAt = new Map<number, number>();
    const seen = new Map<number, number>();
    for (const cl of clients) {
      const send = cl.send.bind(cl);
      cl.send = (msg) => {
        if ((msg as { type?: string }).type === "action") sentAt.set((msg as { seq: number }).seq + 1, performance.now());
        const res = send(msg);
        res.then(
          (ack) => !ack.ok && tally.errors.set(ack.error.code, (tally.errors.get(ack.error.code) ?? 0) + 1),
          () => tally.errors.set("no answer", (tally.errors.get("no answer") ?? 0) + 1),
        );
        return res;
      };
      cl.onTable = (snap) => {
        const seenBy = (seen.get(snap.seq) ?? 0) + 1;
        seen.set(snap.seq, seenBy);
        const t0 = sentAt.get(snap.seq);
        if (seenBy === 4 && t0 !== undefined) {
          tally.latencies.push(performance.now() - t0);
          tally.accepted++;
          sentAt.delete(snap.seq);
          seen.delete(snap.seq);
        }
      };
    }
    for (const cl of clients) await patiently(() => cl.open(table.id));
    for (const [i, cl] of clients.entries()) await patiently(() => cl.send({ type: "seat/take", tableId: table.id, seat: i as Seat }));
    tables.push({ id: table.id, clients, serverOf });
  }
  // Every table starts playing at the same moment.
  for (const t of tables) t.clients.forEach((cl) => cl.play());
  return tables;
}

const newTally = (): Tally => ({ latencies: [], accepted: 0, errors: new Map() });

function report(label: string, tally: Tally, seconds: number): void {
  const sorted = tally.latencies.slice().sort((a, b) => a - b);
  const pct = (p: number) => (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN).toFixed(1);
  const errors = [...tally.errors].map(([code, n]) => `${code} ${n}`).join(", ") || "none";
  console.log(`${label}`);
  console.log(`  actions delivered to all 4 clients: ${tally.accepted} in ${seconds.toFixed(1)} s = ${(tally.accepted / seconds).toFixed(0)} actions/s`);
  console.log(`  action -> all 4 clients updated: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`);
  console.log(`  errors: ${errors}`);
}

/** A timed run of long matches (they do not end within the run). */
async function loadRun(k: number): Promise<void> {
  const cluster = await startCluster(k);
  const tally = newTally();
  let tables: Table[] = [];
  try {
    tables = await playTables(cluster, TABLES, { target: 100 }, tally);
    // Measure only the steady state: forget what the set-up produced.
    tally.latencies.length = 0;
    tally.errors.clear();
    const start = tally.accepted;
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const elapsed = (performance.now() - t0) / 1000;
    const steady: Tally = { latencies: tally.latencies.slice(), accepted: tally.accepted - start, errors: new Map(tally.errors) };
    report(`${k} process${k > 1 ? "es, Redis" : ", no Redis"}: ${TABLES} tables x 4 socket clients${k > 1 ? " spread over the processes" : ""}`, steady, elapsed);
  } finally {
    tables.forEach((t) => t.clients.forEach((c) => c.close()));
    await stopCluster(cluster);
  }
}

/** Short matches; one process is killed mid-match; every match must finish with the record of an uninterrupted replay. */
async function faultRun(k: number): Promise<boolean> {
  const cluster = await startCluster(k);
  const tally = newTally();
  let tables: Table[] = [];
  try {
    tables = await playTables(cluster, TABLES, { target: FAULT_TARGET }, tally);
    const seqs = async () => (await cluster.db.table.findMany({ where: { id: { in: tables.map((t) => t.id) } }, select: { seq: true } })).map((r) => r.seq);
    // Kill once the tables are well into their first hand.
    while (Math.min(...(await seqs())) < 20) await new Promise((r) => setTimeout(r, 50));
    const victim = cluster.servers[0]!;
    const owners = await cluster.db.table.findMany({ where: { id: { in: tables.map((t) => t.id) }, status: "playing" }, select: { leaseOwner: true } });
    const drivenBy = cluster.servers.map((srv) => owners.filter((o) => o.leaseOwner?.split(":")[1] === String(srv.proc.pid)).length);

    const killedAt = (await seqs()).reduce((a, b) => a + b, 0);
    const t0 = performance.now();
    await stopLiveServer(victim, "SIGKILL");
    // Its clients come back through the next process, as a load balancer would send them.
    let moved = 0;
    for (const t of tables)
      t.clients.forEach((c, i) => {
        if (t.serverOf[i] === 0) {
          c.moveTo(cluster.servers[1]!.url);
          moved++;
        }
      });
    const finished = await Promise.all(tables.map((t) => Promise.all(t.clients.map((c) => c.waitFor((s) => s.status === "finished", 180_000))).then(() => true, () => false)));
    const elapsed = (performance.now() - t0) / 1000;
    let identical = 0;
    for (const t of tables) {
      const row = await cluster.db.table.findUniqueOrThrow({ where: { id: t.id } });
      const match = await cluster.db.match.findFirst({ where: { tableId: t.id } });
      const events = await cluster.db.tableEvent.findMany({ where: { tableId: t.id }, orderBy: { seq: "asc" } });
      if (!match || events.some((e, i) => e.seq !== i + 1) || row.seq !== events.length) continue;
      const names = (row.seats as { name: string }[]).map((s) => s.name);
      const { state, record } = replayActions(row.variant, row.options, row.seed!, names, events.map((e) => ({ seat: e.seat, action: e.action })));
      if (state.over && isDeepStrictEqual(match.record, JSON.parse(JSON.stringify(record)))) identical++;
    }
    const done = finished.filter(Boolean).length;
    const total = (await seqs()).reduce((a, b) => a + b, 0);
    console.log(`fault run: ${k} processes, ${TABLES} short matches (classic, target ${FAULT_TARGET}); SIGKILL of process 1 (pid ${victim.proc.pid}) after ${killedAt} actions, while the processes drove ${drivenBy.join(" / ")} of the matches in play; ${moved} clients moved to process 2`);
    console.log(`  after the kill: ${total - killedAt} more actions in ${elapsed.toFixed(1)} s until every match ended`);
    console.log(`  matches finished: ${done}/${TABLES}; stored record identical to an uninterrupted replay of the stored actions: ${identical}/${TABLES}`);
    console.log(`  answers refused during the run (clients retry "busy"): ${[...tally.errors].map(([code, n]) => `${code} ${n}`).join(", ") || "none"}`);
    return done === TABLES && identical === TABLES && drivenBy[0]! > 0;
  } finally {
    tables.forEach((t) => t.clients.forEach((c) => c.close()));
    await stopCluster(cluster);
  }
}

console.log(`live tables under load on the loopback: ${PROCESSES} processes vs 1, ${TABLES} tables, ${SECONDS} s per timed run\n`);
await loadRun(PROCESSES);
if (!SKIP_SINGLE) await loadRun(1);
const ok = SKIP_FAULT ? true : await faultRun(PROCESSES);
console.log(ok ? "\nfault run: every match finished with a record identical to an uninterrupted replay" : "\nfault run: FAILED");
process.exit(ok ? 0 : 1);
