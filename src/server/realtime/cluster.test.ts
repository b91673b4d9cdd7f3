/**
 * Live tables across two server processes sharing the run's PostgreSQL
 * database and the Redis at 127.0.0.1:6379 (under a key prefix of its own):
 * players connected to different processes share a table, and when the
 * process driving a table is killed, the other one takes it over and the
 * match completes with the record of an uninterrupted replay.
 */
import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Seat } from "@/engine/types";
import { closeTestDb, createTestUser, testDb, type TestUser, testDatabaseUrl } from "@/server/test/helpers";
import { PrismaTableStore } from "./prisma-store";
import { LiveClient, sessionCookie } from "./test-client";
import { assertOnlyOwnCards } from "./test-checks";
import { replayActions, shortOptions, startLiveServer, stopLiveServer, type LiveServer } from "./test-server";

const SECRET = process.env.AUTH_SECRET ?? "test-secret-test-secret-test-secret-0123456789";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PREFIX = `whist-test-${randomBytes(4).toString("hex")}`;
// Renewed every third of it: a renewal late by less than two thirds (a busy machine) keeps the table on
// its process. A killed process's tables are free at once anyway (its liveness lock goes with it).
const LEASE_MS = 4000;

const start = () =>
  startLiveServer({ DATABASE_URL: testDatabaseUrl()!, AUTH_SECRET: SECRET, LEASE_MS: String(LEASE_MS), REDIS_URL, REDIS_PREFIX: PREFIX });

let a: LiveServer;
let b: LiveServer;
let players: TestUser[];
let cookies: string[];
const clients: LiveClient[] = [];

const client = (s: LiveServer, cookie: string | null) => {
  const c = new LiveClient(s.url, cookie);
  clients.push(c);
  return c;
};

/** The process driving a table, from its lease (owner ids are host:pid:random). */
async function driverPid(tableId: string): Promise<number> {
  const row = await testDb().table.findUniqueOrThrow({ where: { id: tableId }, select: { leaseOwner: true } });
  return Number(row.leaseOwner?.split(":")[1]);
}

/** A table whose first visitor is on process `driver` (so that one drives it); seats 0-1 connect to a, 2-3 to b. */
async function sharedTable(driver: LiveServer) {
  const t = await new PrismaTableStore(testDb()).createTable(
    { variant: "classic", options: shortOptions("classic"), isPrivate: false, createdById: players[0]!.id, turnSeconds: 120 },
    Date.now(),
  );
  const opener = client(driver, null);
  expect(await opener.open(t.id)).toEqual({ ok: true });
  expect(await driverPid(t.id)).toBe(driver.proc.pid);
  const cs = cookies.map((c, i) => client(i < 2 ? a : b, c));
  for (const c of cs) expect(await c.open(t.id)).toEqual({ ok: true });
  for (const [i, c] of cs.entries()) expect(await c.send({ type: "seat/take", tableId: t.id, seat: i })).toEqual({ ok: true });
  await Promise.all(cs.map((c) => c.waitFor((s) => s.status === "playing" && s.view !== null)));
  return { table: t, cs, opener };
}

/** The stored match equals a from-scratch replay of its stored actions, which are numbered 1..n without gaps. */
async function expectRecordOfUninterruptedReplay(tableId: string) {
  const db = testDb();
  const row = await db.table.findUniqueOrThrow({ where: { id: tableId } });
  const match = await db.match.findFirstOrThrow({ where: { tableId } });
  const events = await db.tableEvent.findMany({ where: { tableId }, orderBy: { seq: "asc" } });
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  expect(row.seq).toBe(events.length);
  const names = (row.seats as { name: string }[]).map((s) => s.name);
  const { state, record } = replayActions(row.variant, row.options, row.seed!, names, events.map((e) => ({ seat: e.seat, action: e.action })));
  expect(state.over).toBe(true);
  expect(JSON.parse(JSON.stringify(match.record))).toEqual(JSON.parse(JSON.stringify(record)));
  return { row, events };
}

beforeAll(async () => {
  players = await Promise.all([0, 1, 2, 3].map((i) => createTestUser({ displayName: `Cluster ${i}` })));
  cookies = await Promise.all(players.map((p) => sessionCookie(p.id, SECRET)));
  [a, b] = await Promise.all([start(), start()]);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all([a, b].filter(Boolean).map((s) => stopLiveServer(s)));
  await closeTestDb();
});

describe("live tables on two processes over Redis", () => {
  it("players on different processes share a table: seats, chat, lobby and a whole match, each seeing only their own cards", async () => {
    // A lobby watcher on b hears of seat changes made on a.
    const lobby = client(b, null);
    await new Promise<void>((r) => lobby.socket.once("connect", () => r()));
    expect(await lobby.send({ type: "lobby/watch" })).toEqual({ ok: true });
    const { table, cs } = await sharedTable(a);
    await expect
      .poll(() => lobby.received.some((m) => m.type === "lobby" && m.tables.some((t) => t.id === table.id && t.status === "playing")), { timeout: 5000 })
      .toBe(true);
    // Chat said on b (forwarded to the driver a) reaches a player on a.
    expect(await cs[3]!.send({ type: "chat", tableId: table.id, text: "hello from b" })).toEqual({ ok: true });
    await expect.poll(() => cs[0]!.received.some((m) => m.type === "chat" && m.line.text === "hello from b"), { timeout: 5000 }).toBe(true);
    // A spectator on b, then the whole match.
    const watcher = client(b, null);
    expect(await watcher.open(table.id)).toEqual({ ok: true });
    cs.forEach((c) => c.play());
    await Promise.all([...cs, watcher].map((c) => c.waitFor((s) => s.status === "finished", 90_000)));
    const { row } = await expectRecordOfUninterruptedReplay(table.id);
    cs.forEach((c, i) => assertOnlyOwnCards(c.received, i as Seat, row.seed!));
    assertOnlyOwnCards(watcher.received, null, row.seed!);
    expect(await driverPid(table.id)).toBe(a.proc.pid);
  }, 120_000);

  it("updates to players on the driving process go straight to their sockets, not through Redis", async () => {
    // Every message the socket.io adapter publishes for this run's servers.
    const spy = createClient({ url: REDIS_URL });
    await spy.connect();
    const published: string[] = [];
    await spy.pSubscribe(`${PREFIX}:io#*`, (_m, channel) => published.push(channel));
    try {
      const t = await new PrismaTableStore(testDb()).createTable(
        { variant: "classic", options: shortOptions("classic"), isPrivate: false, createdById: players[0]!.id, turnSeconds: 120 },
        Date.now(),
      );
      const cs = cookies.map((c) => client(a, c));
      for (const c of cs) expect(await c.open(t.id)).toEqual({ ok: true });
      for (const [i, c] of cs.entries()) expect(await c.send({ type: "seat/take", tableId: t.id, seat: i })).toEqual({ ok: true });
      cs.forEach((c) => c.play());
      await Promise.all(cs.map((c) => c.waitFor((s) => s.seq >= 8)));
      expect(await driverPid(t.id)).toBe(a.proc.pid);
      // A socket on the other process still hears the table through Redis.
      const watcher = client(b, null);
      expect(await watcher.open(t.id)).toEqual({ ok: true });
      await watcher.waitFor((s) => s.seq >= 10);
      await expect.poll(() => published.length, { timeout: 5000 }).toBeGreaterThan(0);
      // Only the watcher's updates went through Redis: every published message is addressed to its socket.
      expect(published.every((ch) => ch.includes(watcher.socket.id!))).toBe(true);
      cs.forEach((c) => c.close());
    } finally {
      await spy.quit();
    }
  }, 60_000);

  it("the driving process is SIGKILLed mid-match: the other takes the table over and the match completes with nothing lost", async () => {
    const { table, cs } = await sharedTable(a);
    cs.forEach((c) => c.play());
    await cs[3]!.waitFor((s) => s.seq >= 20);
    await stopLiveServer(a, "SIGKILL");
    const killedAt = (await testDb().table.findUniqueOrThrow({ where: { id: table.id } })).seq;
    expect(killedAt).toBeGreaterThanOrEqual(20);
    // The players who were on a come back through b (as a load balancer would send them).
    cs[0]!.moveTo(b.url);
    cs[1]!.moveTo(b.url);
    await Promise.all(cs.map((c) => c.waitFor((s) => s.status === "finished", 90_000)));
    const { events } = await expectRecordOfUninterruptedReplay(table.id);
    expect(events.length).toBeGreaterThan(killedAt);
    expect(await driverPid(table.id)).toBe(b.proc.pid);
    // Everyone saw every version from the kill to the end: nothing was skipped or rewritten.
    for (const c of cs) expect(c.table!.seq).toBe(events.length);
  }, 120_000);
});
