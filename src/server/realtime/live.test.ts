/**
 * Live tables end to end over real sockets: a real server process
 * (standalone.ts, the same wiring as the main server) against the run's
 * PostgreSQL database, with socket.io clients authenticated by session cookies.
 *
 * Tables of five: the variant is the one that seats five, found by what
 * variants declare (knock-out whist), with its on/off house rules switched
 * on so players pass tricks on a dog's life. Three people and two computer
 * players play a match to its end: every stored action replays, nobody is
 * shown another seat's cards, the match and its people's history rows hold
 * all five seats with places by final score (equal scores share the place),
 * and the replay analysis answers "unavailable". A club's ranked table of
 * five people rates all five on the club ladder by those places.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getVariant, parseRecord, VARIANT_IDS, VARIANT_META, variantIds, verifyRecord } from "@/engine";
import type { Seat, VariantId } from "@/engine/types";
import type { SeatOccupant } from "@/protocol";
import { displayRating } from "@/server/modules/ratings/rating-system";
import { closeTestDb, createTestUser, testCaller, testDb, type TestUser, testDatabaseUrl } from "@/server/test/helpers";
import { PrismaTableStore } from "./prisma-store";
import { LiveClient, sessionCookie } from "./test-client";
import { assertOnlyOwnCards } from "./test-checks";
import { replayActions, shortOptions, startLiveServer, stopLiveServer, type LiveServer } from "./test-server";

const SECRET = process.env.AUTH_SECRET ?? "test-secret-test-secret-test-secret-0123456789";

type Running = LiveServer;

const startServer = (port = 0, leaseMs = 1500) =>
  startLiveServer({ DATABASE_URL: testDatabaseUrl()!, AUTH_SECRET: SECRET, LIVE_PORT: String(port), LEASE_MS: String(leaseMs), REDIS_URL: "" });
const stop = stopLiveServer;

let server: Running;
let players: TestUser[];
let cookies: string[];
const clients: LiveClient[] = [];

async function seatedClients(tableId: string): Promise<LiveClient[]> {
  const cs = cookies.map((c) => new LiveClient(server.url, c));
  clients.push(...cs);
  for (const c of cs) expect(await c.open(tableId)).toEqual({ ok: true });
  for (const [i, c] of cs.entries()) expect(await c.takeSeat(tableId, i)).toEqual({ ok: true });
  await Promise.all(cs.map((c) => c.waitFor((t) => t.status === "playing" && t.view !== null)));
  return cs;
}

async function newTable(variant: string, options: Record<string, unknown> = shortOptions(variant), turnSeconds = 120) {
  const store = new PrismaTableStore(testDb());
  return store.createTable({ variant, options, isPrivate: false, createdById: players[0]!.id, turnSeconds }, Date.now());
}

beforeAll(async () => {
  server = await startServer();
});

// Four new people for every test: the message limit is per person, and a test must not start with
// the budget the test before spent (a match played at full speed spends most of it).
beforeEach(async () => {
  players = await Promise.all([0, 1, 2, 3].map((i) => createTestUser({ displayName: `Live ${i}` })));
  cookies = await Promise.all(players.map((p) => sessionCookie(p.id, SECRET)));
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
    // Its own account: the limit is per person, and the other tests' players must not share this one's budget.
    const flooder = await createTestUser({ displayName: "Flooder" });
    const c = new LiveClient(server.url, await sessionCookie(flooder.id, SECRET));
    clients.push(c);
    await new Promise<void>((r) => c.socket.once("connect", () => r()));
    const acks = await Promise.all(Array.from({ length: 80 }, () => c.send({ type: "lobby/watch" }).catch(() => null)));
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
    const { state, record } = replayActions(row.variant, row.options, row.seed!, names, actions);
    expect(state.over).toBe(true);
    expect(JSON.parse(JSON.stringify(match.record))).toEqual(JSON.parse(JSON.stringify(record)));
    cs.forEach((c) => c.close());
  }, 180_000); // a restarted process resumes its tables before it listens: on a loaded machine that start takes a while

  it("one person and three strong computer players finish a hand while another table's actions are answered promptly", async () => {
    const botTable = await newTable("classic");
    const me = new LiveClient(server.url, cookies[0]!);
    clients.push(me);
    expect(await me.open(botTable.id)).toEqual({ ok: true });
    for (const seat of [1, 2, 3]) expect(await me.send({ type: "seat/bot", tableId: botTable.id, seat, on: true, level: "strong" })).toEqual({ ok: true });
    expect(await me.takeSeat(botTable.id, 0)).toEqual({ ok: true });
    const started = await me.waitFor((s) => s.status === "playing" && s.view !== null);
    expect(started.seats.slice(1).map((s) => s?.kind === "bot" && s.level)).toEqual(["strong", "strong", "strong"]);
    me.play();

    // Meanwhile four people play at another table; each action's answer is timed.
    const other = await newTable("classic");
    const cs = await seatedClients(other.id);
    const latencies: number[] = [];
    while (!me.table!.view!.results.length) {
      const snap = cs[0]!.table!;
      if (snap.status !== "playing") break;
      const turn = snap.view!.hand!.turn as Seat;
      const c = cs[turn]!;
      await c.waitFor((s) => s.seq >= snap.seq);
      const t0 = performance.now();
      const ack = await c.send({ type: "action", tableId: other.id, seq: c.table!.seq, action: c.table!.view!.hand!.legal[0]! });
      latencies.push(performance.now() - t0);
      expect(ack).toEqual({ ok: true });
      await cs[0]!.waitFor((s) => s.seq > snap.seq);
      await new Promise((r) => setTimeout(r, 60)); // below each socket's message rate
    }
    await me.waitFor((s) => s.view!.results.length >= 1, 120_000);
    const botMoves = await testDb().tableEvent.count({ where: { tableId: botTable.id, byBot: true } });
    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.floor(latencies.length * 0.95)]!;
    console.log(`strong table: ${botMoves} computer moves; other table: ${latencies.length} actions, median ${latencies[latencies.length >> 1]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${latencies[latencies.length - 1]!.toFixed(1)} ms`);
    expect(botMoves).toBeGreaterThanOrEqual(30);
    expect(latencies.length).toBeGreaterThanOrEqual(20);
    // A strong decision thinks for a second (DEFAULT_BOT_BUDGET_MS): run on the event loop, it would hold most
    // answers that long. Off it (the worker pool), answers stay far below that even on a busy machine.
    expect(p95).toBeLessThan(600);
    [me, ...cs].forEach((c) => c.close());
  }, 180_000);

  it("a client that misses an update asks for a resync and gets the snapshot a newcomer gets; deltas carry no other seat's cards", async () => {
    const t = await newTable("classic", { target: 1 });
    const cs = await seatedClients(t.id);
    const row = (await testDb().table.findUnique({ where: { id: t.id }, select: { seed: true } }))!;
    // Seat 0's next update is lost on the way (as if dropped): the one after it no longer follows its snapshot.
    cs[0]!.dropDeltas = 1;
    cs.forEach((c) => c.play());
    await cs[0]!.waitFor((s) => s.seq >= 12);
    expect(cs[0]!.follower!.missed).toBeGreaterThanOrEqual(1);
    expect(cs[0]!.follower!.applied).toBeGreaterThan(0);
    // It was answered with a whole snapshot and kept playing from deltas again.
    const afterMiss = cs[0]!.received.filter((m) => m.type === "tableDelta" || m.type === "table");
    expect(afterMiss.some((m) => m.type === "table" && m.table.seq > 0)).toBe(true);
    cs.forEach((c) => c.stop());
    await new Promise((r) => setTimeout(r, 500)); // an action in flight is answered and broadcast
    // What the client made of its deltas is what a client opening the table now is sent whole.
    const fresh = new LiveClient(server.url, cookies[0]!);
    clients.push(fresh);
    expect(await fresh.open(t.id)).toEqual({ ok: true });
    await fresh.waitFor((s) => s.seq === cs[0]!.table!.seq);
    const { v: _v1, seatInfo: _s1, ...held } = cs[0]!.follower!.snapshot!;
    const { v: _v2, seatInfo: _s2, ...whole } = fresh.table!;
    expect(held).toEqual(whole);
    cs.forEach((c, i) => assertOnlyOwnCards(c.received, i as Seat, row.seed!));
  }, 120_000);
});

const SEATS = 5;
const fiveSeatVariant: VariantId = VARIANT_IDS.find((id) => VARIANT_META[id].seats.min <= SEATS && SEATS <= VARIANT_META[id].seats.max)!;
/** Every on/off house rule of the variant switched on. */
const houseRules = Object.fromEntries(getVariant(fiveSeatVariant)!.optionFields.filter((f) => f.kind === "boolean").map((f) => [f.key, true]));
const ok = { ok: true };

async function connect(user: TestUser): Promise<LiveClient> {
  const c = new LiveClient(server.url, await sessionCookie(user.id, SECRET));
  clients.push(c);
  return c;
}

/** Competition places from final scores: 1 + how many scored more. */
const placesOf = (scores: readonly number[]) => scores.map((s) => 1 + scores.filter((o) => o > s).length);

/** The finished match of a table: its record checked by replay, its players and scores. */
async function finishedMatch(tableId: string) {
  const match = await testDb().match.findFirstOrThrow({ where: { tableId }, select: { id: true, record: true, players: true, scores: true, variant: true } });
  const parsed = parseRecord(match.record);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const verified = verifyRecord(parsed.value);
  expect(verified.ok && verified.value.mismatches).toEqual([]);
  expect(parsed.value.seats).toHaveLength(SEATS);
  return { ...match, record: parsed.value, players: match.players as unknown as SeatOccupant[], scores: match.scores as number[] };
}

describe(`a table of ${SEATS}`, () => {
  it("three people and two computer players play a match to its end; history rows hold places among all five", async () => {
    expect(VARIANT_META[fiveSeatVariant].scoresBy).toBe("place");
    const people = await Promise.all([0, 1, 2].map((i) => createTestUser({ displayName: `Five ${i}` })));
    const { id: tableId } = await testCaller(people[0]!).tables.create({ variant: fiveSeatVariant, options: houseRules, seatCount: SEATS, turnSeconds: 600 });
    const cs = await Promise.all(people.map(connect));
    for (const c of cs) expect(await c.open(tableId)).toEqual(ok);
    const humanSeats: Seat[] = [0, 2, 4];
    for (const [i, c] of cs.entries()) expect(await c.takeSeat(tableId, humanSeats[i]!)).toEqual(ok);
    expect(await cs[0]!.send({ type: "seat/bot", tableId, seat: 1, on: true, level: "normal" })).toEqual(ok);
    expect(await cs[0]!.send({ type: "seat/bot", tableId, seat: 3, on: true, level: "strong" })).toEqual(ok);
    const started = await cs[0]!.waitFor((t) => t.status === "playing" && t.view !== null);
    expect(started.view!.seatCount).toBe(SEATS);
    expect(started.seatInfo).toHaveLength(SEATS);
    // The people pass a trick whenever they may (a dog's life), else play their first legal action.
    for (const c of cs) c.play((v) => v.hand!.legal.find((a) => a.type === "decline") ?? v.hand!.legal[0]!);
    await Promise.all(cs.map((c) => c.waitFor((s) => s.status === "finished", 200_000)));

    const row = await testDb().table.findUniqueOrThrow({ where: { id: tableId }, select: { seed: true, seats: true } });
    cs.forEach((c, i) => assertOnlyOwnCards(c.received, humanSeats[i]!, row.seed!));
    const match = await finishedMatch(tableId);
    expect(match.players.map((p) => p.kind)).toEqual(["human", "bot", "human", "bot", "human"]);
    expect(match.scores).toHaveLength(SEATS);
    const places = placesOf(match.scores);
    expect(places).toContain(1);
    const rows = await testDb().matchPlayer.findMany({ where: { matchId: match.id }, orderBy: { seat: "asc" }, select: { seat: true, userId: true, place: true, score: true, ranked: true, deals: true } });
    expect(rows).toEqual(
      humanSeats.map((seat, i) => ({ seat, userId: people[i]!.id, place: places[seat]!, score: match.scores[seat]!, ranked: false, deals: match.record.hands.length })),
    );
    // The people's game history lists it with its five seats.
    const history = await testCaller(people[1]!).history.list({});
    expect(history.items.find((h) => h.matchId === match.id)).toMatchObject({ place: places[2], players: match.players });
    // No double-dummy analysis for five hands: none queued, and the replay says so.
    expect(await testDb().matchHandAnalysis.count({ where: { matchId: match.id } })).toBe(0);
    expect(await testCaller(people[0]!).history.handAnalysis({ matchId: match.id, handIndex: 0 })).toEqual({ status: "unavailable" });
  }, 240_000);

  it("a club's ranked table of five people rates all five by place on the club ladder", async () => {
    const people = await Promise.all([0, 1, 2, 3, 4].map((i) => createTestUser({ displayName: `Ladder five ${i}` })));
    const owner = testCaller(people[0]!);
    const club = await owner.clubs.create({ name: `Five ${people[0]!.id.slice(-8)}`, description: "", locale: "en", isOpen: true });
    for (const u of people.slice(1)) await testCaller(u).clubs.join({ clubId: club.id });
    const preset = await owner.clubs.createPreset({ clubId: club.id, name: "Five", variant: fiveSeatVariant, options: houseRules });
    await expect(owner.ranked.openClubTable({ clubId: club.id, presetId: preset.id, seatCount: VARIANT_META[fiveSeatVariant].seats.max + 1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const { tableId } = await owner.ranked.openClubTable({ clubId: club.id, presetId: preset.id, seatCount: SEATS });
    const cs = await Promise.all(people.map(connect));
    for (const c of cs) expect(await c.open(tableId)).toEqual(ok);
    for (const [i, c] of cs.entries()) expect(await c.takeSeat(tableId, i)).toEqual(ok);
    await cs[0]!.waitFor((t) => t.status === "playing" && t.view !== null);
    expect((await testDb().rankedTable.findUniqueOrThrow({ where: { tableId } })).userIds).toEqual(people.map((u) => u.id));
    for (const c of cs) c.play();
    const done = await cs[0]!.waitFor((s) => s.status === "finished" && s.ratingChanges !== null, 200_000);

    const match = await finishedMatch(tableId);
    const places = placesOf(match.scores);
    const changes = await testDb().ratingChange.findMany({ where: { matchId: match.id }, select: { userId: true, scope: true, place: true, leftEarly: true, mu: true, muBefore: true } });
    expect(changes).toHaveLength(SEATS);
    for (const [seat, u] of people.entries()) expect(changes.find((c) => c.userId === u.id)).toMatchObject({ scope: club.id, place: places[seat], leftEarly: false });
    // Everyone started equal: the winner gains, whoever placed alone last loses.
    const gain = (seat: number) => {
      const c = changes.find((x) => x.userId === people[seat]!.id)!;
      return c.mu - c.muBefore;
    };
    expect(gain(places.indexOf(1))).toBeGreaterThan(0);
    const last = Math.max(...places);
    if (places.filter((p) => p === last).length === 1) expect(gain(places.indexOf(last))).toBeLessThan(0);
    // Equal scores, equal places, equal changes.
    for (let a = 0; a < SEATS; a++) for (let b = a + 1; b < SEATS; b++) if (places[a] === places[b]) expect(gain(a)).toBeCloseTo(gain(b));
    expect(done.ratingChanges).toEqual(people.map((u) => {
      const c = changes.find((x) => x.userId === u.id)!;
      return displayRating(c.mu) - displayRating(c.muBefore);
    }));
    const rows = await testDb().matchPlayer.findMany({ where: { matchId: match.id }, orderBy: { seat: "asc" }, select: { userId: true, place: true, ranked: true, clubId: true } });
    expect(rows).toEqual(people.map((u, seat) => ({ userId: u.id, place: places[seat], ranked: true, clubId: club.id })));
    const board = await testCaller().ratings.leaderboard({ variant: fiveSeatVariant, clubId: club.id });
    expect(board.map((b) => b.userId).sort()).toEqual(people.map((u) => u.id).sort());
  }, 240_000);
});
