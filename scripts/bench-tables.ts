/**
 * Live-table benchmark (not a test): BOTS tables of four computer players
 * at a person's pace and PEOPLE tables of four scripted socket clients,
 * against one server process (the same wiring as the main server, compiled
 * as production runs it; the clients run here, in another process) and a throw-away PostgreSQL
 * database. Prints, one per line: accepted actions per second, the
 * p50/p95/p99 latency from a client sending an action to all four clients of
 * that table holding the new version, the server's peak RSS, its CPU time
 * per action, and lost and duplicated actions. With --compare K, runs the
 * same load again on K processes behind Redis and prints the ratios. With
 * --floor, PEOPLE tables at the same pace against a server that only stores
 * each action durably and sends it on (scripts/bench-floor-server.ts): the
 * latency this machine allows before any game logic, to read the others by.
 *
 *   npm run bench:tables -- --bots 1000 --people 50 --seconds 60
 *   npm run bench:tables -- --floor --people 50 --seconds 60
 *   npm run bench:tables -- [tables=20] [seconds=20]     (people only, as fast as they can; 1 1 for a quick check)
 * Needs PostgreSQL (TEST_DATABASE_ADMIN_URL, default postgres@127.0.0.1:5432), and Redis for --compare.
 */
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { randomBytes } from "node:crypto";
import { io as connect, type Socket } from "socket.io-client";
import { createPrismaClient } from "../src/server/db";
import { createTestDatabase, dropTestDatabase } from "../src/server/test/database";
import { PrismaTableStore } from "../src/server/realtime/prisma-store";
import { LiveClient, patiently, sessionCookie } from "../src/server/realtime/test-client";
import { buildServer, startLiveServer, stopLiveServer, replayActions, type LiveServer } from "../src/server/realtime/test-server";
import { numberArg, scriptArgs } from "../src/cli/args";
import type { SeatOccupant } from "../src/protocol";

const opts = scriptArgs(
  {
    usageName: "npm run bench:tables --",
    summary:
      "Live tables against one server process and a throw-away PostgreSQL database (TEST_DATABASE_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres): tables of computer players at a person's pace plus tables of four scripted socket clients. Prints actions/s, the latency from an action to all four clients holding the new version (p50/p95/p99), the server's peak RSS, CPU ms per action, and lost/duplicated actions.",
    flags: {
      bots: { type: "string", value: "N", help: "tables of four computer players, one action per table per --pace ms (default 0)" },
      people: { type: "string", value: "N", help: "tables of four socket clients (default: TABLES)" },
      seconds: { type: "string", value: "S", help: "length of the measured run (default: SECONDS)" },
      pace: { type: "string", value: "MS", help: "computer players' and (with --bots) people's time per action (default 2000)" },
      "cpu-prof": { type: "string", value: "DIR", help: "write each server process's CPU profile (node --cpu-prof) into DIR" },
      compare: { type: "string", value: "K", help: "run the same load again on K processes behind Redis (REDIS_URL, default redis://127.0.0.1:6379) and print the ratios" },
      floor: { type: "boolean", help: "instead: the people's tables (one action per table per --pace ms) against a server that only stores each action and sends it to the table's four sockets" },
    },
    positionals: [
      { name: "TABLES", optional: true, help: "people tables when --people is not given (default 20)" },
      { name: "SECONDS", optional: true, help: "length of the measured run when --seconds is not given (default 20)" },
    ],
    examples: ["npm run bench:tables -- --bots 1000 --people 50 --seconds 60", "npm run bench:tables -- --bots 1000 --people 50 --seconds 60 --compare 3", "npm run bench:tables -- 1 1   (a quick check that it runs)"],
  },
  (a) => {
    const bots = numberArg("--bots", a.flags.bots, 0, { min: 0, integer: true });
    return {
      bots,
      people: numberArg("--people", a.flags.people, numberArg("TABLES", a.positionals[0], 20, { min: 0, integer: true }), { min: 0, integer: true }),
      seconds: numberArg("--seconds", a.flags.seconds, numberArg("SECONDS", a.positionals[1], 20, { min: 0.1 }), { min: 0.1 }),
      pace: numberArg("--pace", a.flags.pace, 2000, { min: 0, integer: true }),
      compare: numberArg("--compare", a.flags.compare, 0, { min: 0, max: 8, integer: true }),
      cpuProf: typeof a.flags["cpu-prof"] === "string" ? a.flags["cpu-prof"] : null,
      floor: a.flags.floor === true,
    };
  },
);
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
/** With computer tables, people play at a person's pace too; alone, as fast as the server lets them (the older figures). */
const PEOPLE_THINK_MS = opts.bots > 0 || opts.floor ? opts.pace : 0;

type Db = ReturnType<typeof createPrismaClient>;

interface Result {
  readonly processes: number;
  readonly actionsPerSecond: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly rssMb: number;
  readonly cpuMsPerAction: number;
  readonly lost: number;
  readonly duplicated: number;
  readonly peopleActions: number;
  readonly elapsed: number;
}

/** CPU time (user + system) of a process so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the whole line)
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function createComputerTables(db: Db, n: number): Promise<void> {
  if (n === 0) return;
  const store = new PrismaTableStore(db);
  const owner = await db.user.create({ data: { email: `bench-bots-${randomBytes(6).toString("hex")}@example.test`, passwordHash: "-", displayName: "Bench" }, select: { id: true } });
  const seats: SeatOccupant[] = [0, 1, 2, 3].map((i) => ({ kind: "bot", name: `Computer ${i}`, level: "normal" }));
  for (let i = 0; i < n; i += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, n - i) }, async () => {
        const t = await store.createTable({ variant: "classic", options: { target: 100 }, isPrivate: false, createdById: owner.id, turnSeconds: 600, trickPauseMs: 0 }, Date.now());
        await store.updateSeats(t.id, seats, { seed: randomBytes(16).toString("hex"), at: Date.now() });
      }),
    );
  }
}

/**
 * The measured window of --seconds: `latencies` is emptied at its start and read at its end; `stored` counts the
 * actions in the database (before and after); CPU time and peak RSS are those of the server processes `pids`.
 */
async function measure(pids: number[], latencies: number[], stored: () => Promise<number>): Promise<Omit<Result, "processes" | "lost" | "duplicated">> {
  const cpu0 = pids.map(cpuMs);
  const stored0 = await stored();
  latencies.length = 0;
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, ...pids.map(rssMb))), 250);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, opts.seconds * 1000));
  const elapsed = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, ...pids.map(rssMb));
  const cpu = pids.map(cpuMs).reduce((s, x, i) => s + x - cpu0[i]!, 0);
  const actions = (await stored()) - stored0;
  const sorted = latencies.slice().sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return {
    actionsPerSecond: actions / elapsed,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    rssMb: peakRss,
    cpuMsPerAction: cpu / Math.max(1, actions),
    peopleActions: sorted.length,
    elapsed,
  };
}

async function run(processes: number): Promise<Result> {
  const database = await createTestDatabase("whist_bench");
  const db = createPrismaClient(database.url, 8);
  const servers: LiveServer[] = [];
  const clients: LiveClient[] = [];
  try {
    const setupStart = Date.now();
    await createComputerTables(db, opts.bots);
    const prefix = `whist-bench-${randomBytes(4).toString("hex")}`;
    const env = {
      DATABASE_URL: database.url,
      AUTH_SECRET: SECRET,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      BOT_DELAY_MS: String(opts.bots > 0 ? opts.pace : 0),
      ABANDON_GRACE_MS: "3600000",
      ...(processes > 1 ? { REDIS_URL, REDIS_PREFIX: prefix, LEASE_MS: "10000" } : { REDIS_URL: "" }),
    };
    // One after the other, so that with several processes each takes a share of the computer tables at its start.
    for (let k = 0; k < processes; k++) servers.push(await startLiveServer(env, opts.cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${opts.cpuProf}`] : [], { compiled: true }));
    const latencies: number[] = [];
    const store = new PrismaTableStore(db);
    const people: { id: string; clients: LiveClient[] }[] = [];
    for (let t = 0; t < opts.people; t++) {
      const users = await Promise.all(
        [0, 1, 2, 3].map((i) =>
          db.user.create({
            data: { email: `bench-${randomBytes(6).toString("hex")}@example.test`, passwordHash: "-", displayName: `Bench ${t}.${i}` },
            select: { id: true },
          }),
        ),
      );
      // Long matches (high target) so every table keeps playing for the whole run.
      const table = await store.createTable({ variant: "classic", options: { target: 100 }, isPrivate: false, createdById: users[0]!.id, turnSeconds: 600 }, Date.now());
      const cs = await Promise.all(users.map(async (u, i) => new LiveClient(servers[(t + i) % processes]!.url, await sessionCookie(u.id, SECRET, db))));
      clients.push(...cs);
      people.push({ id: table.id, clients: cs });
      // Latency: from the send of the action that moved the table to version s, to the 4th client holding version s.
      const sentAt = new Map<number, number>();
      const seen = new Map<number, Set<number>>();
      for (const [ci, c] of cs.entries()) {
        c.thinkMs = PEOPLE_THINK_MS;
        c.keepReceived = false; // a run's worth of messages would only grow this process's heap (and its pauses)
        const send = c.send.bind(c);
        c.send = (msg) => {
          if ((msg as { type?: string }).type === "action") sentAt.set((msg as { seq: number }).seq + 1, performance.now());
          return send(msg);
        };
        c.onTable = (snap) => {
          const by = seen.get(snap.seq) ?? new Set<number>();
          by.add(ci);
          seen.set(snap.seq, by);
          const t0 = sentAt.get(snap.seq);
          if (by.size === 4 && t0 !== undefined) {
            latencies.push(performance.now() - t0);
            sentAt.delete(snap.seq);
            seen.delete(snap.seq);
          }
        };
      }
      for (const c of cs) await patiently(() => c.open(table.id), 10);
      for (const [i, c] of cs.entries()) await patiently(() => c.send({ type: "seat/take", tableId: table.id, seat: i as 0 | 1 | 2 | 3 }), 10);
      cs.forEach((c) => c.play());
    }
    // Let the computer tables get going (every table loaded and acting) before measuring.
    await new Promise((r) => setTimeout(r, Math.min(10_000, 2 * opts.pace + 2000)));
    const count = async () => Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "TableEvent"`)[0]!.n);
    const m = await measure(servers.map((s) => s.proc.pid!), latencies, count);
    console.log(`[${processes} process${processes > 1 ? "es" : ""}] set-up ${((Date.now() - setupStart) / 1000 - m.elapsed).toFixed(0)} s, run ${m.elapsed.toFixed(1)} s`);

    // Every action a client was told was accepted is stored at its version; no table's log holds anything a replay refuses.
    // Checked once everything stopped (a graceful stop lets writes in flight finish).
    clients.forEach((c) => c.close());
    await Promise.all(servers.map((s) => stopLiveServer(s, "SIGINT")));
    let lost = 0;
    let duplicated = 0;
    for (const t of people) {
      const rows = await db.tableEvent.findMany({ where: { tableId: t.id }, orderBy: { seq: "asc" }, select: { seq: true, seat: true, action: true } });
      const bySeq = new Map(rows.map((r) => [r.seq, r]));
      for (const c of t.clients) {
        const seqs = new Set<number>();
        for (const a of c.accepted) {
          const row = bySeq.get(a.seq + 1);
          if (!row || !isDeepStrictEqual(row.action, a.action)) lost++;
          if (seqs.has(a.seq)) duplicated++;
          seqs.add(a.seq);
        }
      }
    }
    // Stored logs: versions 1..n with no gap, and a legal replay from the seed (a duplicated action would be refused).
    const tables = await db.table.findMany({ where: { status: { in: ["playing", "finished"] } }, select: { id: true, variant: true, options: true, seed: true, seq: true, seats: true } });
    for (const t of tables) {
      const rows = await db.tableEvent.findMany({ where: { tableId: t.id }, orderBy: { seq: "asc" }, select: { seq: true, seat: true, action: true } });
      if (rows.length !== t.seq || rows.some((r, i) => r.seq !== i + 1)) duplicated++;
      try {
        replayActions(t.variant, t.options, t.seed!, (t.seats as { name: string }[]).map((s) => s.name), rows);
      } catch {
        duplicated++;
      }
    }
    return { processes, ...m, lost, duplicated };
  } finally {
    clients.forEach((c) => c.close());
    await Promise.all(servers.map((s) => stopLiveServer(s, "SIGINT")));
    await db.$disconnect();
    await dropTestDatabase(database.name);
  }
}

/**
 * The floor: PEOPLE tables of four sockets at the people's pace against scripts/bench-floor-server.ts. The seats
 * act in turn, each --pace ms after it heard the last action; latency as in run(): from the send to the 4th socket
 * hearing of it. Lost: an action acknowledged but not stored.
 */
async function runFloor(): Promise<Result> {
  const database = await createTestDatabase("whist_bench");
  const db = createPrismaClient(database.url, 2);
  const sockets: Socket[] = [];
  let server: LiveServer | null = null;
  try {
    await db.$executeRawUnsafe("CREATE TABLE floor_event (table_no int NOT NULL, seq int NOT NULL, at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (table_no, seq))");
    server = await startLiveServer({ DATABASE_URL: database.url }, opts.cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${opts.cpuProf}`] : [], { script: "scripts/bench-floor-server.ts" });
    const latencies: number[] = [];
    let acked = 0;
    let stopped = false;
    for (let t = 0; t < opts.people; t++) {
      const cs = await Promise.all(
        [0, 1, 2, 3].map(async () => {
          const socket = connect(server!.url, { path: "/socket.io", transports: ["websocket"], reconnection: false });
          sockets.push(socket);
          await socket.emitWithAck("join", t);
          return socket;
        }),
      );
      let sentAt = 0;
      let heard = 0;
      const act = (seq: number) => {
        if (stopped) return;
        sentAt = performance.now();
        heard = 0;
        void cs[seq % 4]!.emitWithAck("act", { table: t, seq }).then((ok: boolean) => ok && acked++);
      };
      cs.forEach((c) =>
        c.on("update", (seq: number) => {
          if (++heard < 4) return;
          latencies.push(performance.now() - sentAt);
          setTimeout(() => act(seq + 1), PEOPLE_THINK_MS);
        }),
      );
      // Tables start spread over one pace, as the people's tables of run() do once they are going.
      setTimeout(() => act(1), Math.random() * PEOPLE_THINK_MS);
    }
    await new Promise((r) => setTimeout(r, 2 * opts.pace + 2000));
    const rows = async () => Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM floor_event`)[0]!.n);
    const m = await measure([server.proc.pid!], latencies, rows);
    stopped = true;
    await new Promise((r) => setTimeout(r, 500)); // the actions in flight are answered
    console.log(`[floor] run ${m.elapsed.toFixed(1)} s`);
    return {
      processes: 1,
      ...m,
      lost: Math.max(0, acked - (await rows())),
      duplicated: 0, // the table's primary key refuses a second row for a version
    };
  } finally {
    sockets.forEach((s) => s.close());
    if (server) await stopLiveServer(server, "SIGINT");
    await db.$disconnect();
    await dropTestDatabase(database.name);
  }
}

function print(r: Result): void {
  if (opts.floor) {
    console.log(`floor: ${opts.people} tables of 4 sockets (${PEOPLE_THINK_MS} ms per action); each action one durable INSERT, then one message to each of the 4 sockets; no game logic`);
    console.log(`actions/s: ${r.actionsPerSecond.toFixed(0)}`);
  } else {
    console.log(`load: ${opts.bots} computer tables (one action per table per ${opts.pace} ms) + ${opts.people} tables of 4 socket clients${PEOPLE_THINK_MS ? ` (${PEOPLE_THINK_MS} ms per action)` : " (as fast as they can)"}, classic whist`);
    console.log(`actions/s: ${r.actionsPerSecond.toFixed(0)} (all tables; ${(r.peopleActions / r.elapsed).toFixed(0)}/s at people's tables)`);
  }
  console.log(`latency action -> all 4 players p50: ${r.p50.toFixed(1)} ms`);
  console.log(`latency action -> all 4 players p95: ${r.p95.toFixed(1)} ms`);
  console.log(`latency action -> all 4 players p99: ${r.p99.toFixed(1)} ms`);
  console.log(`peak RSS${r.processes > 1 ? " (largest process)" : ""}: ${r.rssMb.toFixed(0)} MB`);
  console.log(`CPU per action${r.processes > 1 ? " (all processes)" : ""}: ${r.cpuMsPerAction.toFixed(3)} ms`);
  console.log(`lost actions: ${r.lost}`);
  console.log(`duplicated actions: ${r.duplicated}`);
}

if (opts.floor) print(await runFloor());
else {
  buildServer();
  const one = await run(1);
  print(one);
  if (opts.compare > 1) {
    const many = await run(opts.compare);
    print(many);
    console.log(`ratio ${opts.compare} processes / 1 process: actions/s ${(many.actionsPerSecond / one.actionsPerSecond).toFixed(2)}, p95 ${(many.p95 / one.p95).toFixed(2)}, p99 ${(many.p99 / one.p99).toFixed(2)}, CPU per action ${(many.cpuMsPerAction / one.cpuMsPerAction).toFixed(2)}`);
  }
}
