/**
 * Chaos suite: real server processes (standalone.ts, the main server's live
 * wiring) against the run's real PostgreSQL, reached through a TCP proxy the
 * test can cut, with tables of people (socket clients), of computer players
 * and of both. The server's lease is the default 30 s, so everything below
 * happens well within it.
 *   (b) the database is unreachable for about 8 s: every table moves again
 *       after it returns, no action is lost or stored twice, and the server
 *       logs faults and recoveries, never an unhandled rejection; a person
 *       who plays meanwhile sees "saving…" and is answered once it is stored;
 *   (a) kill -9 mid-hand and a restart at once: every table resumes (within
 *       its lease) and every stored record equals an uninterrupted replay;
 *   (d) a person's connection drops while the database is unreachable: the
 *       handshake is refused for now and tried again, so once the database
 *       is back they are at their seat again, not watching as a visitor;
 *   (c) the finishing write fails: retried in the process it is recorded
 *       once; failing until the process is killed, the restarted process's
 *       resume() records it, once.
 * Faults are injected only from outside: the proxy, SIGKILL, and for (c) a
 * trigger this test adds to its own database that refuses the Match row of
 * chosen tables.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDb, createTestUser, testDb, testDatabaseUrl } from "@/server/test/helpers";
import { TableConnection, type TableConnectionState } from "@/components/table/table-connection";
import type { TableSnapshot } from "@/protocol";
import { PrismaTableStore } from "./prisma-store";
import { sessionCookie, type LiveClient } from "./test-client";
import { checkTable, eventually, openChaosTable, tableStates, type ChaosKind, type ChaosTable } from "./test-chaos";
import { TcpProxy } from "./test-proxy";
import { logLines, startLiveServer, stopLiveServer, type LiveServer } from "./test-server";

const SECRET = process.env.AUTH_SECRET ?? "test-secret-test-secret-test-secret-0123456789";
const KINDS: ChaosKind[] = ["people", "computers", "mixed"];

let proxy: TcpProxy;
let server: LiveServer;
let port = 0;
let userId: string;
let cookies: string[];
const clients: LiveClient[] = [];
const watchers: TableConnection[] = [];
const servers: LiveServer[] = [];

async function start(): Promise<LiveServer> {
  const s = await startLiveServer({
    DATABASE_URL: proxy.urlFor(testDatabaseUrl()!),
    AUTH_SECRET: SECRET,
    LIVE_PORT: String(port),
    LEASE_MS: "30000",
    BOT_DELAY_MS: "60",
    LOG_LEVEL: "info",
    REDIS_URL: "",
  });
  port = s.port; // a restart listens where the clients reconnect
  servers.push(s);
  return s;
}

/**
 * Tables of every kind, all well into their first hand and none finished. `opened` runs as soon as
 * they are open, so its wait does not eat into the time before the computers' table (paced by the
 * clock alone, not by the machine's load) finishes its match.
 */
async function runningTables(opened?: (tables: ChaosTable[]) => Promise<void>): Promise<ChaosTable[]> {
  const tables: ChaosTable[] = [];
  for (const kind of KINDS) tables.push(await openChaosTable(testDb(), server.url, cookies, userId, kind, clients));
  await opened?.(tables);
  const started = await eventually(async () => [...(await tableStates(testDb(), tables)).values()].every((s) => s.seq >= 10), 60_000);
  expect(started).toBe(true);
  return tables;
}

async function expectAllFinishedIntact(tables: ChaosTable[]) {
  const done = await eventually(async () => [...(await tableStates(testDb(), tables)).values()].every((s) => s.status === "finished"), 60_000, 100);
  expect(done).toBe(true);
  for (const t of tables) {
    const check = await checkTable(testDb(), t);
    expect(check, `${t.kind} table ${t.id}`).toEqual({ finished: true, gapless: true, recorded: 1, identicalToReplay: true, lost: 0, duplicated: 0 });
  }
}

/** Waits (a condition, bounded) until every table has moved past the versions in `at`. */
async function everyTableMovesPast(tables: ChaosTable[], at: Map<string, { seq: number }>, ms: number) {
  const moved = await eventually(async () => {
    const now = await tableStates(testDb(), tables);
    return tables.every((t) => now.get(t.id)!.seq > at.get(t.id)!.seq || now.get(t.id)!.status === "finished");
  }, ms);
  const log = logLines(server).slice(-40).map((l) => JSON.stringify(l)).join("\n");
  expect(moved, `tables frozen after the fault: ${JSON.stringify([...(await tableStates(testDb(), tables))])}\nserver log:\n${log}`).toBe(true);
}

/** A person (the first cookie) at seat 0 of a new classic table with three computer players, through the browser's connection code. */
async function personWithComputers(): Promise<{ own: { id: string }; me: TableConnection; seen: { snap: TableSnapshot | null } }> {
  const own = await new PrismaTableStore(testDb()).createTable({ variant: "classic", options: { target: 1 }, isPrivate: false, createdById: userId, turnSeconds: 600 }, Date.now());
  const seen: { snap: TableSnapshot | null } = { snap: null };
  const me = new TableConnection(own.id, undefined, {
    url: server.url,
    headers: { cookie: cookies[0]! },
    onMessage: (m) => {
      if (m.type === "table" && m.table.id === own.id && (!seen.snap || m.table.seq >= seen.snap.seq)) seen.snap = m.table;
    },
    onState: () => undefined,
  });
  watchers.push(me);
  expect(await eventually(async () => me.current.connected && seen.snap !== null, 10_000)).toBe(true);
  for (const seat of [1, 2, 3] as const) expect(await me.send({ type: "seat/bot", tableId: own.id, seat, on: true, level: "easy" })).toEqual({ ok: true });
  expect(await me.send({ type: "seat/take", tableId: own.id, seat: 0 })).toEqual({ ok: true });
  return { own, me, seen };
}

const unhandled = (s: LiveServer) => /unhandledRejection|uncaughtException|UnhandledPromiseRejection/.test(s.output());

beforeAll(async () => {
  const target = new URL(testDatabaseUrl()!);
  proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432));
  const user = await createTestUser({ displayName: "Chaos 0" });
  const others = await Promise.all([1, 2, 3].map((i) => createTestUser({ displayName: `Chaos ${i}` })));
  userId = user.id;
  cookies = await Promise.all([user, ...others].map((u) => sessionCookie(u.id, SECRET)));
  server = await start();
}, 120_000);

afterAll(async () => {
  for (const c of clients) c.close();
  for (const w of watchers) w.close();
  await Promise.all(servers.map((s) => stopLiveServer(s)));
  await testDb().$executeRawUnsafe(`DROP TRIGGER IF EXISTS chaos_fail_finish ON "Match"`).catch(() => undefined);
  await proxy?.close();
  await closeTestDb();
});

describe("chaos: tables survive database outages and crashes", () => {
  it("(b) PostgreSQL unreachable for about 8 s: every table moves again after its return, nothing lost or stored twice, no unhandled rejection", async () => {
    // A person at a table with three computer players, through the browser's connection code, about to play.
    const { own, me, seen } = await personWithComputers();
    const myTurn = () => seen.snap?.status === "playing" && seen.snap.view?.hand?.turn === 0 && seen.snap.view.hand.legal.length > 0;
    expect(await eventually(async () => myTurn(), 20_000)).toBe(true);

    const tables = await runningTables();
    proxy.cut();
    // The person plays while the database is away: no answer yet, and the page says "saving…".
    const at = seen.snap!.seq;
    const action = seen.snap!.view!.hand!.legal[0]!;
    const answer = me.act({ type: "action", tableId: own.id, seq: at, action });
    expect(await eventually(async () => me.current.saving, 6000)).toBe(true);
    await new Promise((r) => setTimeout(r, 8000));
    const atReturn = await tableStates(testDb(), tables);
    proxy.restore();
    expect(await answer).toEqual({ ok: true });
    expect(me.current.saving).toBe(false);
    const stored = await testDb().tableEvent.findUniqueOrThrow({ where: { tableId_seq: { tableId: own.id, seq: at + 1 } } });
    expect({ seat: stored.seat, action: stored.action, byBot: stored.byBot }).toEqual({ seat: 0, action: JSON.parse(JSON.stringify(action)), byBot: false });
    await everyTableMovesPast(tables, atReturn, 10_000);
    await expectAllFinishedIntact(tables);
    expect(server.proc.exitCode).toBeNull();
    expect(unhandled(server)).toBe(false);
    // The faults and the recoveries are in the structured log.
    const msgs = logLines(server).map((l) => l.msg);
    expect(msgs).toContain("table write failed; retrying");
    expect(msgs).toContain("table write recovered");
    expect(msgs).toContain("liveness lock taken again");
  }, 90_000);

  it("(d) a reconnect while the database is unreachable is refused for now and retried: the person ends at their seat, not as a visitor", async () => {
    const { me, seen } = await personWithComputers();
    expect(await eventually(async () => seen.snap?.you === 0 && seen.snap.status === "playing", 20_000)).toBe(true);

    proxy.cut();
    const refused: string[] = [];
    me.socket.on("connect_error", (e: Error & { data?: { code?: string } }) => refused.push(e.data?.code ?? e.message));
    me.socket.io.engine.close(); // the network drops; socket.io reconnects into the outage
    expect(await eventually(async () => refused.length >= 2, 15_000)).toBe(true);
    expect(refused.every((c) => c === "table/unavailable")).toBe(true);
    expect(me.current.connected).toBe(false);
    proxy.restore();
    seen.snap = null;
    expect(await eventually(async () => me.current.connected && !me.current.reconnecting && seen.snap !== null, 20_000)).toBe(true);
    expect(seen.snap!.you).toBe(0);
    expect(unhandled(server)).toBe(false);
  }, 90_000);

  it("(a) kill -9 mid-hand and restart at once: every table resumes within its lease, the browser's connection reopens it, and every record equals an uninterrupted replay", async () => {
    // A spectator through the browser's own connection code (table-connection.ts).
    const states: TableConnectionState[] = [];
    let lastSeq = -1;
    let watcher!: TableConnection;
    const tables = await runningTables(async ([first]) => {
      watcher = new TableConnection(first!.id, undefined, {
        url: server.url,
        onMessage: (m) => {
          if (m.type === "table") lastSeq = Math.max(lastSeq, m.table.seq);
        },
        onState: (st) => states.push(st),
      });
      watchers.push(watcher);
      expect(await eventually(async () => lastSeq >= 0, 10_000)).toBe(true);
    });
    const killedAt = Date.now();
    await stopLiveServer(server, "SIGKILL");
    const atKill = await tableStates(testDb(), tables);
    // Every table mid-match at the kill (else the test proves nothing about it): which one was not, if any.
    expect(tables.filter((t) => atKill.get(t.id)!.status !== "playing").map((t) => ({ kind: t.kind, ...atKill.get(t.id)! }))).toEqual([]);
    expect(await eventually(async () => watcher.current.reconnecting, 10_000)).toBe(true);
    server = await start();
    const listeningAt = Date.now();
    await everyTableMovesPast(tables, atKill, 10_000);
    console.log(`(a) restart took ${((listeningAt - killedAt) / 1000).toFixed(1)} s; every table moved ${((Date.now() - listeningAt) / 1000).toFixed(1)} s after it listened`);
    // The watcher's page is live again: its table answers and moves on.
    expect(await eventually(async () => !watcher.current.reconnecting && lastSeq > atKill.get(tables[0]!.id)!.seq, 10_000)).toBe(true);
    expect(states.some((st) => st.reconnecting)).toBe(true);
    await expectAllFinishedIntact(tables);
    expect(logLines(server).some((l) => l.msg === "tables in play resumed")).toBe(true);
    expect(unhandled(server)).toBe(false);
  }, 90_000);

  it("(c) the finishing write fails: retried, or resumed after a kill -9, the match is recorded exactly once", async () => {
    const db = testDb();
    await db.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS chaos_finish_fault ("tableId" text PRIMARY KEY)`);
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION chaos_fail_finish() RETURNS trigger AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM chaos_finish_fault WHERE "tableId" = NEW."tableId") THEN RAISE EXCEPTION 'injected fault: finishing write refused'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS chaos_fail_finish ON "Match"`);
    await db.$executeRawUnsafe(`CREATE TRIGGER chaos_fail_finish BEFORE INSERT ON "Match" FOR EACH ROW EXECUTE FUNCTION chaos_fail_finish()`);
    const retried = await openChaosTable(db, server.url, cookies, userId, "computers", clients);
    const resumed = await openChaosTable(db, server.url, cookies, userId, "computers", clients);
    for (const t of [retried, resumed]) await db.$executeRaw`INSERT INTO chaos_finish_fault ("tableId") VALUES (${t.id})`;
    const failedFinish = (id: string) => logLines(server).some((l) => l.msg === "table write failed; retrying" && l.write === "finish" && l.tableId === id);
    expect(await eventually(async () => failedFinish(retried.id) && failedFinish(resumed.id), 30_000)).toBe(true);
    // One fails once, then goes through on the process's own retry.
    await db.$executeRaw`DELETE FROM chaos_finish_fault WHERE "tableId" = ${retried.id}`;
    expect(await eventually(async () => (await tableStates(db, [retried])).get(retried.id)!.status === "finished", 10_000)).toBe(true);
    // The other keeps failing until the process dies; the fault is lifted and a new process resumes it.
    expect((await tableStates(db, [resumed])).get(resumed.id)!.status).toBe("playing");
    await stopLiveServer(server, "SIGKILL");
    await db.$executeRaw`DELETE FROM chaos_finish_fault WHERE "tableId" = ${resumed.id}`;
    server = await start();
    await expectAllFinishedIntact([retried, resumed]);
    expect(logLines(server).some((l) => l.msg === "match finish stored" && l.tableId === resumed.id && l.outcome === "recorded")).toBe(true);
  }, 90_000);
});
