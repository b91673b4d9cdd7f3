/**
 * Live-table benchmark (not a test): N tables, each with four scripted
 * clients over real sockets, against one server process (the same wiring as
 * the main server) and a throw-away PostgreSQL database. Prints accepted
 * actions per second and the p50/p99 latency from a client sending an action
 * to all four clients of that table holding the new version.
 *
 *   npm run bench:tables -- [tables=20] [seconds=20]     (1 1 for a quick check)
 * Needs PostgreSQL (TEST_DATABASE_ADMIN_URL, default postgres@127.0.0.1:5432).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createPrismaClient } from "../src/server/db";
import { createTestDatabase, dropTestDatabase } from "../src/server/test/database";
import { PrismaTableStore } from "../src/server/realtime/prisma-store";
import { LiveClient, patiently, sessionCookie } from "../src/server/realtime/test-client";
import { numberArg, scriptArgs } from "../src/cli/args";

const [TABLES, SECONDS] = scriptArgs(
  {
    usageName: "npm run bench:tables --",
    summary:
      "N live tables, four scripted socket clients each, against one server process and a throw-away PostgreSQL database (TEST_DATABASE_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres): prints accepted actions per second and the p50/p99 latency from an action to all four clients holding the new version.",
    positionals: [
      { name: "TABLES", optional: true, help: "tables played at once (default 20)" },
      { name: "SECONDS", optional: true, help: "length of the measured run (default 20)" },
    ],
    examples: ["npm run bench:tables", "npm run bench:tables -- 1 1   (a quick check that it runs)"],
  },
  (a) => [numberArg("TABLES", a.positionals[0], 20, { min: 1, integer: true }), numberArg("SECONDS", a.positionals[1], 20, { min: 0.1 })] as const,
);
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

const database = await createTestDatabase("whist_bench");
const db = createPrismaClient(database.url, 4);
const server = spawn(process.execPath, ["--import", "tsx", "src/server/realtime/standalone.ts"], {
  env: { ...process.env, DATABASE_URL: database.url, AUTH_SECRET: SECRET, LIVE_PORT: "0", PORT: "3000", BOT_DELAY_MS: "0", NODE_ENV: "production" },
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise<string>((resolve, reject) => {
  let out = "";
  server.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
    const m = /listening (\d+)/.exec(out);
    if (m) resolve(`http://127.0.0.1:${m[1]}`);
  });
  server.on("exit", (code) => reject(new Error(`server exited ${code}`)));
});

const latencies: number[] = [];
let accepted = 0;
const clients: LiveClient[] = [];
const store = new PrismaTableStore(db);
const started = Date.now();

try {
  for (let t = 0; t < TABLES; t++) {
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
    const cs = await Promise.all(users.map(async (u) => new LiveClient(url, await sessionCookie(u.id, SECRET))));
    clients.push(...cs);
    // Latency: from the send of the action that moved the table to version s, to the 4th client seeing version s.
    const sentAt = new Map<number, number>();
    const seen = new Map<number, number>();
    for (const c of cs) {
      const send = c.send.bind(c);
      c.send = (msg) => {
        if ((msg as { type?: string }).type === "action") sentAt.set((msg as { seq: number }).seq + 1, performance.now());
        return send(msg);
      };
      c.onTable = (snap) => {
        const n = (seen.get(snap.seq) ?? 0) + 1;
        seen.set(snap.seq, n);
        const t0 = sentAt.get(snap.seq);
        if (n === 4 && t0 !== undefined) {
          latencies.push(performance.now() - t0);
          accepted++;
          sentAt.delete(snap.seq);
          seen.delete(snap.seq);
        }
      };
    }
    for (const c of cs) await patiently(() => c.open(table.id));
    for (const [i, c] of cs.entries()) await patiently(() => c.send({ type: "seat/take", tableId: table.id, seat: i as 0 | 1 | 2 | 3 }));
    cs.forEach((c) => c.play());
  }
  const t0 = performance.now();
  const acceptedAtStart = accepted;
  latencies.length = 0;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const elapsed = (performance.now() - t0) / 1000;
  const n = accepted - acceptedAtStart;
  const sorted = latencies.slice().sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  console.log(`tables: ${TABLES} (4 socket clients each, classic whist), run: ${elapsed.toFixed(1)} s, set-up ${((Date.now() - started) / 1000 - elapsed).toFixed(1)} s`);
  console.log(`actions accepted and delivered to all 4 clients: ${n} (${(n / elapsed).toFixed(0)} actions/s)`);
  console.log(`client action -> all clients updated: p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? NaN).toFixed(1)} ms`);
} finally {
  clients.forEach((c) => c.close());
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await db.$disconnect();
  await dropTestDatabase(database.name);
}
