/**
 * Chaos benchmark of live tables (not a test). One live-table server process
 * (standalone.ts) on a throw-away PostgreSQL database reached through a TCP
 * proxy; N tables of classic whist to 5 points (--target), of people (four socket
 * clients), of computer players, and of one person with three computer
 * players. Then K faults of each kind, one after the other:
 *   kill -9 of the server and an immediate restart (the default 30 s lease:
 *   the restart resumes the tables within it), and
 *   PostgreSQL unreachable for 8 s (the proxy drops every connection and
 *   refuses new ones, then lets them through again).
 * After each fault, a table's recovery time runs from the fault's end (the
 * restarted server listening, or the database back) until its next stored
 * action; a table that does not move within 30 s is frozen. At the end every
 * match is played out and checked: actions a client had accepted but that are
 * not stored at their version are lost; people's actions stored that no
 * client sent, and extra Match rows, are duplicated.
 *
 *   npm run bench:chaos -- [tables=6] [faults=1] [--target 5]
 * Needs PostgreSQL (TEST_DATABASE_ADMIN_URL, default postgres@127.0.0.1:5432).
 */
import { randomBytes } from "node:crypto";
import { numberArg, scriptArgs } from "../src/cli/args";
import { createPrismaClient } from "../src/server/db";
import { createTestDatabase, dropTestDatabase } from "../src/server/test/database";
import { sessionCookie, type LiveClient } from "../src/server/realtime/test-client";
import { checkTable, eventually, openChaosTable, tableStates, type ChaosKind, type ChaosTable } from "../src/server/realtime/test-chaos";
import { TcpProxy } from "../src/server/realtime/test-proxy";
import { startLiveServer, stopLiveServer, type LiveServer } from "../src/server/realtime/test-server";

const { TABLES, FAULTS, TARGET } = scriptArgs(
  {
    usageName: "npm run bench:chaos --",
    summary:
      "Live tables through faults: one server process on a throw-away database behind a TCP proxy, TABLES tables of classic whist, then FAULTS faults of each kind (kill -9 and an immediate restart; the database unreachable for 8 s). Prints tables resumed, frozen, actions lost and duplicated, and the recovery p95.",
    positionals: [
      { name: "TABLES", optional: true, help: "tables in play (default 6)" },
      { name: "FAULTS", optional: true, help: "faults of each kind (default 1)" },
    ],
    flags: {
      target: { type: "string", value: "N", help: "each match's target in points (default 5; 1 is one or two hands)" },
    },
    examples: ["npm run bench:chaos", "npm run bench:chaos -- 6 2", "npm run bench:chaos -- 1 1 --target 1   (a quick check that it runs)"],
  },
  (a) => ({
    TABLES: numberArg("TABLES", a.positionals[0], 6, { min: 1, integer: true }),
    FAULTS: numberArg("FAULTS", a.positionals[1], 1, { min: 1, integer: true }),
    TARGET: numberArg("--target", a.flags.target, 5, { min: 1, max: 100, integer: true }),
  }),
);
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const KINDS: ChaosKind[] = ["people", "computers", "mixed"];
const FROZEN_AFTER_MS = 30_000;
const CUT_MS = 8000;

const database = await createTestDatabase("whist_bench_chaos");
const db = createPrismaClient(database.url, 4);
const target = new URL(database.url);
const proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432));
const clients: LiveClient[] = [];
let port = 0;
const start = async (): Promise<LiveServer> => {
  const s = await startLiveServer({
    DATABASE_URL: proxy.urlFor(database.url),
    AUTH_SECRET: SECRET,
    LIVE_PORT: String(port),
    LEASE_MS: "30000",
    BOT_DELAY_MS: "80",
    LOG_LEVEL: "warn",
    REDIS_URL: "",
    NODE_ENV: "production",
  });
  port = s.port;
  return s;
};
const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

let server = await start();
let ok = false;
try {
  const users = await Promise.all(
    [0, 1, 2, 3].map((i) =>
      db.user.create({ data: { email: `chaos-${randomBytes(6).toString("hex")}@example.test`, passwordHash: "-", displayName: `Chaos ${i}` }, select: { id: true } }),
    ),
  );
  const cookies = await Promise.all(users.map((u) => sessionCookie(u.id, SECRET, db)));
  const tables: ChaosTable[] = [];
  for (let i = 0; i < TABLES; i++) tables.push(await openChaosTable(db, server.url, cookies, users[0]!.id, KINDS[i % KINDS.length]!, clients, { target: TARGET }));
  await eventually(async () => [...(await tableStates(db, tables)).values()].every((s) => s.seq >= 12), 120_000);
  console.log(`chaos: 1 server process, ${TABLES} tables (${KINDS.map((k) => `${tables.filter((t) => t.kind === k).length} ${k}`).join(", ")}), ${FAULTS} fault(s) of each kind`);

  const recoveries = { kill: [] as number[], cut: [] as number[] };
  const frozen = new Set<string>();
  const restarts: number[] = [];
  for (let k = 0; k < FAULTS; k++) {
    for (const fault of ["kill", "cut"] as const) {
      const before = await tableStates(db, tables);
      const playing = tables.filter((t) => before.get(t.id)!.status === "playing");
      if (fault === "kill") {
        const t0 = Date.now();
        await stopLiveServer(server, "SIGKILL");
        server = await start();
        restarts.push((Date.now() - t0) / 1000);
      } else {
        proxy.cut();
        await new Promise((r) => setTimeout(r, CUT_MS));
        proxy.restore();
      }
      const endedAt = Date.now();
      const at = await tableStates(db, playing);
      const waiting = new Set(playing.map((t) => t.id));
      await eventually(async () => {
        const now = await tableStates(db, playing);
        for (const id of [...waiting]) {
          const s = now.get(id)!;
          if (s.seq > at.get(id)!.seq || s.status === "finished") {
            recoveries[fault].push((Date.now() - endedAt) / 1000);
            waiting.delete(id);
          }
        }
        return waiting.size === 0;
      }, FROZEN_AFTER_MS);
      for (const id of waiting) frozen.add(id);
      console.log(
        `  ${fault === "kill" ? "kill -9 + restart" : `database cut ${CUT_MS / 1000} s`} #${k + 1}: ${playing.length - waiting.size}/${playing.length} tables in play moved again, recovery p50 ${pct(recoveries[fault].slice(-playing.length), 50).toFixed(1)} s${fault === "kill" ? ` (restart took ${restarts.at(-1)!.toFixed(1)} s)` : ""}`,
      );
    }
  }
  const finished = await eventually(async () => [...(await tableStates(db, tables)).values()].every((s) => s.status === "finished"), 300_000, 250);
  const checks = await Promise.all(tables.map((t) => checkTable(db, t)));
  const lost = checks.reduce((a, c) => a + c.lost, 0);
  const duplicated = checks.reduce((a, c) => a + c.duplicated, 0);
  const identical = checks.filter((c) => c.identicalToReplay && c.gapless && c.recorded === 1).length;
  const all = [...recoveries.kill, ...recoveries.cut];
  console.log(`  kill -9: recovery p50 ${pct(recoveries.kill, 50).toFixed(1)} s, p95 ${pct(recoveries.kill, 95).toFixed(1)} s; database cut: p50 ${pct(recoveries.cut, 50).toFixed(1)} s, p95 ${pct(recoveries.cut, 95).toFixed(1)} s`);
  console.log(`  matches played out: ${finished ? "all" : "not all"}; recorded once with a record identical to an uninterrupted replay: ${identical}/${TABLES}`);
  console.log(`tables resumed ${TABLES - frozen.size}/${TABLES}, frozen ${frozen.size}, actions lost ${lost}, duplicated ${duplicated}, recovery p95 ${pct(all, 95).toFixed(1)} s`);
  ok = frozen.size === 0 && lost === 0 && duplicated === 0 && identical === TABLES;
} finally {
  for (const c of clients) c.close();
  await stopLiveServer(server);
  await proxy.close();
  await db.$disconnect();
  await dropTestDatabase(database.name);
}
process.exit(ok ? 0 : 1);
