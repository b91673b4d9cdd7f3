/**
 * Club event benchmark (not a test): one event of N tables of four computer
 * players (default 100 tables, 400 players) on the live-table machinery of
 * one process (table hub and rooms over the PostgreSQL store, quick
 * computer players with no delay and no trick pause) and a throw-away
 * database. Prints, per round, the time from the round's start to all its
 * tables seated (tables created, matches started, rooms loaded and playing),
 * the server time of each round change (ending a round, seating the next
 * from the standings), how long the round took to play, and the memory used.
 *
 *   npm run bench:event -- [tables=100] [rounds=2] [deals=4]     (2 1 for a quick check)
 * Needs PostgreSQL (TEST_DATABASE_ADMIN_URL, default postgres@127.0.0.1:5432).
 */
import { numberArg, scriptArgs } from "../src/cli/args";

const [TABLES, ROUNDS, DEALS] = scriptArgs(
  {
    usageName: "npm run bench:event --",
    summary:
      "One club event of N tables of four computer players on one process's live tables and a throw-away PostgreSQL database (TEST_DATABASE_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres): prints the time from each round's start to all tables seated, the server time per round change, and the memory used.",
    positionals: [
      { name: "TABLES", optional: true, help: "tables per round (default 100: 400 computer players)" },
      { name: "ROUNDS", optional: true, help: "rounds (default 2)" },
      { name: "DEALS", optional: true, help: "deals per round, a multiple of 4 (default 4)" },
    ],
    examples: ["npm run bench:event", "npm run bench:event -- 2 1   (a quick check that it runs)"],
  },
  (a) =>
    [
      numberArg("TABLES", a.positionals[0], 100, { min: 1, integer: true }),
      numberArg("ROUNDS", a.positionals[1], 2, { min: 1, max: 30, integer: true }),
      numberArg("DEALS", a.positionals[2], 4, { min: 4, integer: true }),
    ] as const,
);

// Quiet: every finished match logs at info.
process.env.LOG_LEVEL ??= "warn";
const { createPrismaClient } = await import("../src/server/db");
const { createTestDatabase, dropTestDatabase } = await import("../src/server/test/database");
const { PrismaTableStore } = await import("../src/server/realtime/prisma-store");
const { TableHub } = await import("../src/server/realtime/lobby");
const { inlineBots } = await import("../src/server/realtime/bot");
const { MemoryTransport } = await import("../src/server/realtime/transport");
const { createEvent, addComputers } = await import("../src/server/modules/events/service");
const { startEvent, advance } = await import("../src/server/modules/events/runner");

const database = await createTestDatabase("whist_bench");
const db = createPrismaClient(database.url, 10);
const hub = new TableHub({ store: new PrismaTableStore(db), transport: new MemoryTransport(), decide: inlineBots(), owner: "bench-event", botDelayMs: 0, abandonGraceMs: 3_600_000 });
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
let peak = { rss: 0, heapUsed: 0 };
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peak = { rss: Math.max(peak.rss, m.rss), heapUsed: Math.max(peak.heapUsed, m.heapUsed) };
}, 250);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Loads the rooms of new tables (their computer players start at once) and returns when every one is driven here. */
async function seat(ids: readonly string[]): Promise<void> {
  const rooms = await Promise.all(ids.map((id) => hub.room(id)));
  if (rooms.some((r) => r === null)) throw new Error("a table could not be loaded");
}

async function roundPlayed(eventId: string, round: number): Promise<void> {
  while ((await db.eventTable.count({ where: { eventId, round, status: "playing" } })) > 0) await sleep(100);
}

try {
  const owner = await db.user.create({ data: { email: `bench-event-${Date.now()}@example.test`, passwordHash: "-", displayName: "Bench" }, select: { id: true } });
  const club = await db.club.create({ data: { name: "Bench", nameKey: `bench-${Date.now()}`, description: "", locale: "da", isOpen: true, inviteCode: `bench-${Date.now()}` } });
  await db.clubMember.create({ data: { clubId: club.id, userId: owner.id, role: "owner" } });
  const preset = await db.rulePreset.create({ data: { clubId: club.id, name: "Bench", variant: "esmakker", versions: { create: { version: 1, options: {}, createdById: owner.id } } } });
  const made = await createEvent(db, { userId: owner.id }, club.id, {
    name: "Bench", kind: "tournament", presetId: preset.id, rounds: ROUNDS, dealsPerRound: DEALS, seating: "swiss", duplicate: true,
    roundMinutes: 60, turnSeconds: 45, trickPauseMs: 0, startAt: null, allowComputers: true, ranked: false,
  });
  if (!made.ok) throw new Error(made.error.message);
  const eventId = made.value.id;
  const computers = await addComputers(db, club.id, eventId, TABLES * 4);
  if (!computers.ok) throw new Error(computers.error.message);
  const before = process.memoryUsage();
  console.log(`event: ${TABLES} tables, ${TABLES * 4} computer players, ${ROUNDS} rounds of ${DEALS} deals (es-makker, duplicate, Swiss seating)`);
  console.log(`memory before the first round: rss ${mb(before.rss)}, heap ${mb(before.heapUsed)}`);

  let t0 = performance.now();
  const first = await startEvent(db, eventId);
  if (!first.ok) throw new Error(first.error.message);
  const created = performance.now() - t0;
  await seat(first.value.tableIds);
  console.log(`round 1: start -> ${first.value.tableIds.length} tables seated: ${(performance.now() - t0).toFixed(0)} ms (seating transaction ${first.value.seatingMs} ms, created ${created.toFixed(0)} ms, rooms loaded after)`);
  for (let round = 1; round <= ROUNDS; round++) {
    const playStart = performance.now();
    await roundPlayed(eventId, round);
    console.log(`round ${round}: played in ${((performance.now() - playStart) / 1000).toFixed(1)} s; memory peak so far rss ${mb(peak.rss)}, heap ${mb(peak.heapUsed)}`);
    t0 = performance.now();
    const next = await advance(db, eventId);
    if (next.started) {
      const changed = performance.now() - t0;
      await seat(next.started.tableIds);
      console.log(
        `round change ${round} -> ${round + 1}: server time ${changed.toFixed(0)} ms (standings, seating transaction ${next.started.seatingMs} ms); start -> all ${next.started.tableIds.length} tables seated ${(performance.now() - t0).toFixed(0)} ms`,
      );
    } else console.log(`event end (ledger, settlements): ${(performance.now() - t0).toFixed(0)} ms, outcome ${next.outcome}`);
  }
  const after = process.memoryUsage();
  console.log(`memory: peak rss ${mb(peak.rss)}, peak heap ${mb(peak.heapUsed)}; at the end rss ${mb(after.rss)}, heap ${mb(after.heapUsed)}`);
} finally {
  clearInterval(sampler);
  await hub.shutdown();
  await db.$disconnect();
  await dropTestDatabase(database.name);
}
