/**
 * Live tables end to end over real sockets: a real server process
 * (standalone.ts, the same wiring as the main server) against the run's
 * PostgreSQL database, with socket.io clients authenticated by session cookies.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { apply, buildRecord, createMatch, getVariant, handSeed, parseRecord, variantIds, verifyRecord, type MatchState } from "@/engine";
import type { Seat } from "@/engine/types";
import type { ServerMessage } from "@/protocol";
import { closeTestDb, createTestUser, testDb, type TestUser } from "@/server/test/helpers";
import { PrismaTableStore } from "./prisma-store";
import { LiveClient, sessionCookie } from "./test-client";

const SECRET = process.env.AUTH_SECRET ?? "test-secret-test-secret-test-secret-0123456789";

interface Running {
  proc: ChildProcess;
  url: string;
}

function startServer(port = 0, leaseMs = 1500): Promise<Running> {
  const proc = spawn(process.execPath, ["--import", "tsx", "src/server/realtime/standalone.ts"], {
    env: { ...process.env, DATABASE_URL: inject("databaseUrl")!, AUTH_SECRET: SECRET, LIVE_PORT: String(port), PORT: "3000", BOT_DELAY_MS: "0", LEASE_MS: String(leaseMs) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ proc, url: `http://127.0.0.1:${m[1]}` });
    });
    proc.on("exit", (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

const stop = (r: Running, signal: NodeJS.Signals = "SIGTERM") =>
  new Promise<void>((resolve) => {
    if (r.proc.exitCode !== null) return resolve();
    r.proc.once("exit", () => resolve());
    r.proc.kill(signal);
  });

/** Short matches: 4 deals or a target of 2 (within each option's limits). */
function shortOptions(variant: string): Record<string, unknown> {
  const fields = getVariant(variant)!.optionFields;
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.key === "deals") out.deals = Math.max(f.min ?? 4, 4);
    if (f.key === "target") out.target = Math.max(f.min ?? 2, 2);
  }
  return out;
}

/**
 * No payload ever shows a seat's cards in play to anyone but that seat, the
 * match seed never leaves the server, and a hand's seed only once it is over.
 */
function assertOnlyOwnCards(msgs: readonly ServerMessage[], seat: Seat | null, matchSeed: string) {
  let tables = 0;
  for (const m of msgs) {
    if (m.type !== "table" || !m.table.view?.hand) continue;
    tables++;
    m.table.view.hand.hands.forEach((h, i) => {
      if (i !== seat) expect(h.cards, `seat ${i}'s cards sent to ${seat}`).toBeNull();
    });
    const text = JSON.stringify(m);
    expect(text).not.toContain(matchSeed);
    expect(text).not.toContain(handSeed(matchSeed, m.table.view.handIndex));
  }
  expect(tables).toBeGreaterThan(0);
}

function replayActions(variant: string, options: unknown, seed: string, names: string[], actions: { seat: number; action: unknown }[]) {
  const setup = { variant, options, seed, seats: names.map((name) => ({ name })) };
  const created = createMatch(setup);
  if (!created.ok) throw new Error(created.error.message);
  let state: MatchState = created.value;
  for (const a of actions) {
    const s = apply(state, a.seat as Seat, a.action as never);
    if (!s.ok) throw new Error(s.error.code);
    state = s.state;
  }
  return { setup, state };
}

let server: Running;
let players: TestUser[];
let cookies: string[];
const clients: LiveClient[] = [];

async function seatedClients(tableId: string): Promise<LiveClient[]> {
  const cs = cookies.map((c) => new LiveClient(server.url, c));
  clients.push(...cs);
  for (const c of cs) expect(await c.open(tableId)).toEqual({ ok: true });
  for (const [i, c] of cs.entries()) expect(await c.send({ type: "seat/take", tableId, seat: i })).toEqual({ ok: true });
  await Promise.all(cs.map((c) => c.waitFor((t) => t.status === "playing" && t.view !== null)));
  return cs;
}

async function newTable(variant: string, options: Record<string, unknown> = shortOptions(variant), turnSeconds = 120) {
  const store = new PrismaTableStore(testDb());
  return store.createTable({ variant, options, isPrivate: false, createdById: players[0]!.id, turnSeconds }, Date.now());
}

beforeAll(async () => {
  players = await Promise.all([0, 1, 2, 3].map((i) => createTestUser({ displayName: `Live ${i}` })));
  cookies = await Promise.all(players.map((p) => sessionCookie(p.id, SECRET)));
  server = await startServer();
});

afterAll(async () => {
  for (const c of clients) c.close();
  if (server) await stop(server);
  await closeTestDb();
});

describe("live tables over sockets", () => {
  for (const variant of variantIds()) {
    it(`four clients play a whole ${variant} match; nobody receives another seat's cards`, async () => {
      const t = await newTable(variant);
      const cs = await seatedClients(t.id);
      const watcher = new LiveClient(server.url, null);
      clients.push(watcher);
      expect(await watcher.open(t.id)).toEqual({ ok: true });
      cs.forEach((c) => c.play());
      await Promise.all(cs.map((c) => c.waitFor((s) => s.status === "finished", 230_000)));
      await watcher.waitFor((s) => s.status === "finished");
      const db = testDb();
      const match = await db.match.findFirstOrThrow({ where: { tableId: t.id } });
      const events = await db.tableEvent.findMany({ where: { tableId: t.id }, orderBy: { seq: "asc" } });
      const row = await db.table.findUniqueOrThrow({ where: { id: t.id } });
      cs.forEach((c, i) => assertOnlyOwnCards(c.received, i as Seat, row.seed!));
      assertOnlyOwnCards(watcher.received, null, row.seed!);
      expect(row.seq).toBe(events.length);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      const parsed = parseRecord(match.record);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const verified = verifyRecord(parsed.value);
      expect(verified.ok && verified.value.mismatches).toEqual([]);
      // Each revealed hand seed hashes to what the table showed before that hand's first bid.
      const shown = new Set(cs[0]!.received.flatMap((m) => (m.type === "table" && m.table.handSeedHash ? [m.table.handSeedHash] : [])));
      const results = cs[0]!.table!.view!.results;
      expect(results.length).toBeGreaterThan(0);
      const { sha256Hex } = await import("@/engine");
      for (const r of results) expect(shown.has(sha256Hex(r.seed!))).toBe(true);
      cs.forEach((c) => c.close());
      watcher.close();
    }, 240_000);
  }

  it("refuses another seat's card, a stale retry and malformed messages, and nothing changes", async () => {
    const t = await newTable("classic");
    const cs = await seatedClients(t.id);
    const snap = cs[0]!.table!;
    const turn = snap.view!.hand!.turn as Seat;
    const other = ((turn + 1) % 4) as Seat;
    const me = cs[turn]!;
    const otherCard = cs[other]!.table!.view!.hand!.hands[other]!.cards![0]!;
    const r1 = await me.send({ type: "action", tableId: t.id, seq: 0, action: { type: "play", card: otherCard } });
    expect(r1.ok).toBe(false);
    const r2 = await cs[other]!.send({ type: "action", tableId: t.id, seq: 0, action: { type: "play", card: otherCard } });
    expect(r2).toMatchObject({ ok: false, error: { code: "action/not-your-turn" } });
    for (const bad of [{ type: "action", tableId: t.id, seq: "x" }, { type: "nope" }, "garbage", { type: "action", tableId: t.id, seq: 0, action: { type: "play", card: "1Z" } }])
      expect(await me.send(bad as never)).toMatchObject({ ok: false, error: { code: "table/malformed" } });
    const legal = me.table!.view!.hand!.legal[0]!;
    expect(await me.send({ type: "action", tableId: t.id, seq: 0, action: legal })).toEqual({ ok: true });
    expect(await me.send({ type: "action", tableId: t.id, seq: 0, action: legal })).toMatchObject({ ok: false, error: { code: "table/stale" } });
    await me.waitFor((s) => s.seq === 1);
    expect(await testDb().tableEvent.count({ where: { tableId: t.id } })).toBe(1);
    // A spectator without a session cannot sit.
    const anon = new LiveClient(server.url, null);
    clients.push(anon);
    expect(await anon.send({ type: "seat/take", tableId: t.id, seat: 0 })).toMatchObject({ ok: false, error: { code: "table/login-required" } });
    cs.forEach((c) => c.close());
    anon.close();
  });

  it("a client flooding messages is rate-limited and then disconnected", async () => {
    const c = new LiveClient(server.url, cookies[0]!);
    clients.push(c);
    await new Promise<void>((r) => c.socket.once("connect", () => r()));
    const acks = await Promise.all(Array.from({ length: 40 }, () => c.send({ type: "lobby/watch" }).catch(() => null)));
    expect(acks.some((a) => a && !a.ok && a.error.code === "table/rate-limited")).toBe(true);
    await new Promise<void>((resolve) => (c.socket.connected ? c.socket.once("disconnect", () => resolve()) : resolve()));
    c.close();
  });

  it("survives SIGKILL mid-hand: after a restart the match completes with the record of an uninterrupted replay", async () => {
    const t = await newTable("classic", { target: 2 });
    const cs = await seatedClients(t.id);
    cs.forEach((c) => c.play());
    await cs[0]!.waitFor((s) => s.seq >= 20);
    const port = Number(new URL(server.url).port);
    await stop(server, "SIGKILL");
    const killedAt = (await testDb().table.findUniqueOrThrow({ where: { id: t.id } })).seq;
    expect(killedAt).toBeGreaterThanOrEqual(20);
    server = await startServer(port);
    await Promise.all(cs.map((c) => c.waitFor((s) => s.status === "finished", 120_000)));

    const db = testDb();
    const row = await db.table.findUniqueOrThrow({ where: { id: t.id } });
    const match = await db.match.findFirstOrThrow({ where: { tableId: t.id } });
    const events = await db.tableEvent.findMany({ where: { tableId: t.id }, orderBy: { seq: "asc" } });
    expect(events.length).toBeGreaterThan(killedAt);
    const names = (row.seats as { name: string }[]).map((s) => s.name);
    const actions = events.map((e) => ({ seat: e.seat, action: e.action }));
    const { setup, state } = replayActions(row.variant, row.options, row.seed!, names, actions);
    expect(state.over).toBe(true);
    const record = buildRecord(setup, actions as never, state);
    if (!record.ok) throw new Error(record.error.message);
    expect(JSON.parse(JSON.stringify(match.record))).toEqual(JSON.parse(JSON.stringify(record.value)));
    cs.forEach((c) => c.close());
  });
});
