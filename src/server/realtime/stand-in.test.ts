/**
 * The stand-in, the trick pause, abandoned tables, rematches and the rating
 * changes of a finished ranked match: a real live-table server process
 * (standalone.ts, the production wiring, with a short abandonment grace)
 * over real sockets against the run's PostgreSQL database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decide } from "@/bots";
import { apply, buildRecord, createMatch, parseRecord, playRandomMatch, variantIds, type MatchState } from "@/engine";
import type { Action, Seat } from "@/engine/types";
import type { ChatLine, SeatOccupant, ServerMessage } from "@/protocol";
import { closeTestDb, createTestUser, testCaller, testDb, type TestUser, testDatabaseUrl } from "@/server/test/helpers";
import { createRankedTable } from "@/server/modules/ranked/repository";
import { displayRating } from "@/server/modules/ratings/rating-system";
import { PrismaTableStore } from "./prisma-store";
import { LiveClient, sessionCookie } from "./test-client";
import { shortOptions, startLiveServer, stopLiveServer, type LiveServer } from "./test-server";

const SECRET = process.env.AUTH_SECRET ?? "test-secret-test-secret-test-secret-0123456789";
/** The abandonment grace of the server under test. */
const GRACE_MS = 1500;

let server: LiveServer;
let people: TestUser[];
const clients: LiveClient[] = [];

beforeAll(async () => {
  people = await Promise.all([0, 1, 2, 3, 4].map((i) => createTestUser({ displayName: `Stand-in ${i}` })));
  server = await startLiveServer({ DATABASE_URL: testDatabaseUrl()!, AUTH_SECRET: SECRET, REDIS_URL: "", ABANDON_GRACE_MS: String(GRACE_MS) });
});

afterAll(async () => {
  for (const c of clients) c.close();
  if (server) await stopLiveServer(server);
  await closeTestDb();
});

async function connect(user: TestUser | null): Promise<LiveClient> {
  const c = new LiveClient(server.url, user ? await sessionCookie(user.id, SECRET) : null);
  clients.push(c);
  await new Promise<void>((r) => (c.socket.connected ? r() : c.socket.once("connect", () => r())));
  return c;
}

const ok = { ok: true };
const store = () => new PrismaTableStore(testDb());
const newTable = (variant: string, over: { turnSeconds?: number; trickPauseMs?: number; options?: Record<string, unknown>; creator?: TestUser } = {}) =>
  store().createTable(
    {
      variant,
      options: over.options ?? shortOptions(variant),
      isPrivate: false,
      createdById: (over.creator ?? people[0]!).id,
      turnSeconds: over.turnSeconds ?? 600,
      trickPauseMs: over.trickPauseMs ?? 0,
    },
    Date.now(),
  );

/** The client's user at `seat` and computer players (at `levels` by seat) everywhere else, seated by the creator so the match starts. */
async function seatWithBots(c: LiveClient, tableId: string, seat: Seat, levels: Record<number, "easy" | "normal" | "strong"> = {}) {
  expect(await c.open(tableId)).toEqual(ok);
  expect(await c.send({ type: "seat/take", tableId, seat })).toEqual(ok);
  for (const s of [0, 1, 2, 3].filter((s) => s !== seat)) expect(await c.send({ type: "seat/bot", tableId, seat: s, on: true, level: levels[s] ?? "normal" })).toEqual(ok);
}

const events = (tableId: string) => testDb().tableEvent.findMany({ where: { tableId }, orderBy: { seq: "asc" }, select: { seq: true, seat: true, action: true, byBot: true, createdAt: true } });
const chatLines = (c: LiveClient, tableId: string): ChatLine[] => c.received.flatMap((m: ServerMessage) => (m.type === "chat" && m.tableId === tableId ? [m.line] : []));

/** Replays stored events with the engine: the state before each one, and whether it completed a trick. */
async function replay(tableId: string) {
  const row = await testDb().table.findUniqueOrThrow({ where: { id: tableId }, select: { variant: true, options: true, seed: true, seats: true } });
  const created = createMatch({ variant: row.variant, options: row.options, seed: row.seed!, seats: [0, 1, 2, 3].map((i) => ({ name: `S${i}` })) });
  if (!created.ok) throw new Error(created.error.message);
  let state: MatchState = created.value;
  const out: { seq: number; seat: Seat; action: Action; byBot: boolean; at: number; before: MatchState; trickWon: boolean }[] = [];
  for (const e of await events(tableId)) {
    const step = apply(state, e.seat as Seat, e.action as unknown as Action);
    if (!step.ok) throw new Error(step.error.code);
    out.push({ seq: e.seq, seat: e.seat as Seat, action: e.action as unknown as Action, byBot: e.byBot, at: e.createdAt.getTime(), before: state, trickWon: step.events.some((x) => x.type === "trickWon") });
    state = step.state;
  }
  return out;
}

const AUCTION = new Set(["bid", "hold", "join", "redeal"]);

describe("the stand-in", () => {
  for (const variant of variantIds()) {
    it(`${variant}: for an absent person it passes in every auction, never declares, and plays their cards`, async () => {
      const t = await newTable(variant, { turnSeconds: 1 });
      const me = await connect(people[0]!);
      await seatWithBots(me, t.id, 0);
      // The person never acts: after one turn time the stand-in takes over until the end.
      await me.waitFor((s) => s.seatInfo[0]!.away, 30_000);
      await me.waitFor((s) => s.status === "finished", 200_000);
      const mine = (await replay(t.id)).filter((e) => e.seat === 0);
      expect(mine.every((e) => e.byBot)).toBe(true);
      expect(mine.filter((e) => AUCTION.has(e.action.type))).toEqual([]);
      expect(mine.some((e) => e.action.type === "play")).toBe(true);
      // Whenever the seat had a turn in an auction, the stand-in passed (with some deals the auction ends before it comes round).
      const auctionTurns = mine.filter((e) => e.before.hand?.phase === "auction");
      expect(auctionTurns.every((e) => e.action.type === "pass"), JSON.stringify(auctionTurns.map((e) => e.action))).toBe(true);
      // In es-makker and Danish whist every seat speaks in every auction.
      if (variant === "esmakker" || variant === "danish") expect(auctionTurns.length).toBeGreaterThan(0);
      const match = await testDb().match.findFirstOrThrow({ where: { tableId: t.id }, select: { record: true } });
      expect(parseRecord(match.record).ok).toBe(true);
      const results = me.table!.view!.results;
      expect(results.length).toBeGreaterThan(0);
      // Classic whist has no auction (the turned card makes trump); elsewhere seat 0 never holds a contract.
      if (variant !== "classic") expect(results.filter((r) => r.contract?.declarer === 0)).toEqual([]);
    }, 240_000);
  }

  it("makes the safest set-up choice for an absent declarer and says so in the chat; seat/back takes the seat back", async () => {
    // Es-makker: the person bids the lowest contract and walks away before naming trump.
    const t = await newTable("esmakker", { turnSeconds: 2 });
    const cs = await Promise.all(people.slice(0, 4).map((p) => connect(p)));
    for (const c of cs) expect(await c.open(t.id)).toEqual(ok);
    for (const [i, c] of cs.entries()) expect(await c.send({ type: "seat/take", tableId: t.id, seat: i })).toEqual(ok);
    const [me, ...others] = cs as [LiveClient, ...LiveClient[]];
    let bid = false;
    // The others never act (the stand-in passes for them); the person bids at their first turn of the first hand.
    me.onTable = (s) => {
      const h = s.view?.hand;
      if (!bid && s.view?.handIndex === 0 && h?.phase === "auction" && h.turn === 0) {
        bid = true;
        const lowest = h.legal.find((a) => a.type === "bid")!;
        void me.send({ type: "action", tableId: t.id, seq: s.seq, action: lowest });
      }
    };
    const choosing = await me.waitFor((s) => s.view?.handIndex === 0 && s.view.hand?.phase !== "auction" && s.view.hand?.turn === 0, 60_000);
    expect(choosing.view!.hand!.contract?.declarer).toBe(0);
    const offered = choosing.view!.hand!.legal;
    // The set-up is made for them once their turn time is over.
    await me.waitFor((s) => s.seatInfo[0]!.away && s.seq > choosing.seq, 30_000);
    await me.waitFor((s) => s.view?.hand?.phase === "play" || s.view?.handIndex !== 0, 60_000);
    const stored = (await replay(t.id)).find((e) => e.seq === choosing.seq + 1)!;
    expect(stored).toMatchObject({ seat: 0, byBot: true });
    // Naming trump: the computer player's choice for the hand; calling: the first choice the engine lists.
    const namesTrump = offered.every((a) => a.type === "trump" || a.type === "noTrump");
    expect(stored.action).toEqual(namesTrump ? decide(choosing.view!, { level: "normal", seed: `table:${t.id}` }) : offered[0]);
    const lines = chatLines(others[0]!, t.id).filter((l) => l.system);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]!.system!.params.name).toBe("Stand-in 0");
    expect(lines[0]!.from).toBe("");
    if (stored.action.type === "trump") expect(lines[0]!.system).toMatchObject({ key: "trump", params: { suit: stored.action.suit } });
    // Every further set-up step of that hand for seat 0 was the safest: keep the hand, decline a face-down card.
    for (const e of (await replay(t.id)).filter((x) => x.seat === 0 && x.before.dealIndex === 0 && x.seq > choosing.seq)) {
      if (e.action.type === "exchange") expect(e.action.discard).toEqual([]);
      if (e.action.type === "hide") throw new Error("the stand-in set a card face down");
    }
    // Taking the seat back.
    expect(await me.send({ type: "seat/back", tableId: t.id })).toEqual(ok);
    const back = await me.waitFor((s) => !s.seatInfo[0]!.away, 10_000);
    expect(back.seatInfo[0]!.away).toBe(false);
    // Someone without a seat has nothing to take back.
    const watcher = await connect(people[4]!);
    expect(await watcher.open(t.id)).toEqual(ok);
    expect(await watcher.send({ type: "seat/back", tableId: t.id })).toMatchObject({ ok: false, error: { code: "table/not-seated" } });
  }, 180_000);
});

describe("the trick pause", () => {
  it("computer players wait the table's trick pause after a completed trick, and not otherwise", async () => {
    const pause = 1200;
    const t = await newTable("classic", { trickPauseMs: pause, options: { target: 1 } });
    const creator = await connect(people[0]!);
    expect(await creator.open(t.id)).toEqual(ok);
    for (const seat of [0, 1, 2, 3]) expect(await creator.send({ type: "seat/bot", tableId: t.id, seat, on: true, level: "easy" })).toEqual(ok);
    expect((await creator.waitFor((s) => s.status === "playing")).trickPauseMs).toBe(pause);
    await creator.waitFor((s) => (s.view?.hand?.tricks.length ?? 0) >= 3, 60_000);
    const log = await replay(t.id);
    const afterTrick: number[] = [];
    const otherwise: number[] = [];
    for (let i = 1; i < log.length; i++) (log[i - 1]!.trickWon ? afterTrick : otherwise).push(log[i]!.at - log[i - 1]!.at);
    expect(afterTrick.length).toBeGreaterThanOrEqual(2);
    // Timer precision: a few milliseconds early at most.
    for (const gap of afterTrick) expect(gap).toBeGreaterThanOrEqual(pause - 20);
    expect(Math.min(...otherwise)).toBeLessThan(pause / 2);
  }, 120_000);

  it("tables.create takes a trick pause from 0 to 3000 ms (default 1500) and refuses others with a clear error", async () => {
    const api = testCaller(people[4]!);
    const made = await api.tables.create({ variant: "classic", trickPauseMs: 300 });
    expect((await testDb().table.findUniqueOrThrow({ where: { id: made.id } })).trickPauseMs).toBe(300);
    const plain = await api.tables.create({ variant: "classic" });
    expect((await testDb().table.findUniqueOrThrow({ where: { id: plain.id } })).trickPauseMs).toBe(1500);
    for (const bad of [-1, 3001, 12.5]) {
      const err = await api.tables.create({ variant: "classic", trickPauseMs: bad }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "BAD_REQUEST" });
      const issues = ((err as Error).cause as unknown as { issues: { path: PropertyKey[]; message: string }[] }).issues;
      expect(issues.map((i) => i.path.join("."))).toEqual(["trickPauseMs"]);
      expect(issues[0]!.message).toMatch(/trick pause is (at least 0|at most 3000|a whole number)/);
    }
  });
});

describe("abandoned tables", () => {
  it("a match everybody left ends as abandoned after the grace period and leaves the lobby; it is never recorded", async () => {
    const t = await newTable("classic", { options: { target: 1 }, creator: people[1] });
    const me = await connect(people[1]!);
    await seatWithBots(me, t.id, 1);
    await me.waitFor((s) => s.status === "playing");
    const watcher = await connect(null);
    expect(await watcher.send({ type: "lobby/watch", filter: { limit: 100 } })).toEqual(ok);
    const listed = () => {
      const pages = watcher.received.filter((m) => m.type === "lobby");
      const last = pages[pages.length - 1];
      return last?.type === "lobby" && last.tables.some((x) => x.id === t.id);
    };
    // A person still at the table keeps it: nothing happens within the grace period.
    await new Promise((r) => setTimeout(r, GRACE_MS + 1000));
    expect((await testDb().table.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("playing");
    me.close();
    const left = Date.now();
    for (;;) {
      const row = await testDb().table.findUniqueOrThrow({ where: { id: t.id }, select: { status: true } });
      if (row.status === "abandoned") break;
      if (Date.now() - left > GRACE_MS + 20_000) throw new Error(`still ${row.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(Date.now() - left).toBeGreaterThanOrEqual(GRACE_MS - 50);
    const page = await testCaller().tables.list({ limit: 100 });
    expect(page.tables.some((x) => x.id === t.id)).toBe(false);
    await expect.poll(listed, { timeout: 10_000 }).toBe(false);
    // Opening it shows it ended; no move is taken, no seat either.
    const back = await connect(people[1]!);
    expect(await back.open(t.id)).toEqual(ok);
    expect((await back.waitFor((s) => s.status === "abandoned")).rematch).toBeNull();
    expect(await back.send({ type: "action", tableId: t.id, seq: back.table!.seq, action: { type: "play", card: "2C" } })).toMatchObject({ ok: false, error: { code: "table/ended" } });
    // The finishing step never turns it into a finished match.
    const rec = (await store().getTable(t.id))!;
    const outcome = await store().finishMatch({ tableId: t.id, variant: rec.variant, record: {}, players: rec.seats, scores: [0, 0, 0, 0], finishedAt: Date.now() });
    expect(outcome).toBe("abandoned");
    expect(await testDb().match.count({ where: { tableId: t.id } })).toBe(0);
    expect((await testDb().table.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("abandoned");
  }, 60_000);
});

describe("rematch", () => {
  it("after the match people vote, computer seats agree, and the new table has the same seats and set-up", async () => {
    const [a, , b, , outsider] = people as [TestUser, TestUser, TestUser, TestUser, TestUser];
    const t = await newTable("classic", { options: { target: 1 }, trickPauseMs: 100, turnSeconds: 90, creator: a });
    const ca = await connect(a);
    const cb = await connect(b);
    expect(await ca.open(t.id)).toEqual(ok);
    expect(await cb.open(t.id)).toEqual(ok);
    expect(await ca.send({ type: "seat/take", tableId: t.id, seat: 0 })).toEqual(ok);
    expect(await cb.send({ type: "seat/take", tableId: t.id, seat: 2 })).toEqual(ok);
    expect(await ca.send({ type: "seat/bot", tableId: t.id, seat: 1, on: true, level: "easy" })).toEqual(ok);
    expect(await ca.send({ type: "table/rematch", tableId: t.id, agree: true })).toMatchObject({ ok: false, error: { code: "table/no-rematch" } });
    expect(await ca.send({ type: "seat/bot", tableId: t.id, seat: 3, on: true, level: "strong" })).toEqual(ok);
    const playing = await ca.waitFor((s) => s.status === "playing");
    expect(playing.rematch).toBeNull();
    ca.play();
    cb.play();
    const over = await ca.waitFor((s) => s.status === "finished", 200_000);
    expect(over.rematch).toEqual({ votes: [1, 3], tableId: null });
    expect(over.ratingChanges).toBeNull();
    const watcher = await connect(outsider);
    expect(await watcher.open(t.id)).toEqual(ok);
    expect(await watcher.send({ type: "table/rematch", tableId: t.id, agree: true })).toMatchObject({ ok: false, error: { code: "table/not-seated" } });
    expect(await ca.send({ type: "table/rematch", tableId: t.id, agree: true })).toEqual(ok);
    expect((await cb.waitFor((s) => s.rematch?.votes.length === 3)).rematch).toEqual({ votes: [0, 1, 3], tableId: null });
    // Changing one's mind, then agreeing.
    expect(await ca.send({ type: "table/rematch", tableId: t.id, agree: false })).toEqual(ok);
    await cb.waitFor((s) => s.rematch?.votes.length === 2);
    expect(await ca.send({ type: "table/rematch", tableId: t.id, agree: true })).toEqual(ok);
    // The creator's table quota applies: with their five waiting tables the last vote is refused, and may be cast again.
    const waiting = await Promise.all([0, 1, 2, 3, 4].map(() => newTable("classic", { creator: a })));
    expect(await cb.send({ type: "table/rematch", tableId: t.id, agree: true })).toMatchObject({ ok: false, error: { code: "table/quota" } });
    expect((await cb.waitFor((s) => s.rematch?.votes.length === 3)).rematch!.tableId).toBeNull();
    await testDb().table.updateMany({ where: { id: { in: waiting.map((w) => w.id) } }, data: { status: "abandoned" } });
    expect(await cb.send({ type: "table/rematch", tableId: t.id, agree: true })).toEqual(ok);
    const done = await watcher.waitFor((s) => s.rematch?.tableId != null);
    const newId = done.rematch!.tableId!;
    await ca.waitFor((s) => s.rematch?.tableId === newId);
    const [oldRow, newRow] = await Promise.all([t.id, newId].map((id) => testDb().table.findUniqueOrThrow({ where: { id } })));
    expect(oldRow!.rematchTableId).toBe(newId);
    expect(newRow).toMatchObject({
      variant: oldRow!.variant,
      options: oldRow!.options,
      isPrivate: oldRow!.isPrivate,
      turnSeconds: 90,
      trickPauseMs: 100,
      createdById: a.id,
      status: "playing",
      seats: oldRow!.seats,
    });
    expect((newRow!.seats as unknown as SeatOccupant[]).map((s) => (s.kind === "bot" ? s.level : s.userId))).toEqual([a.id, "easy", b.id, "strong"]);
    // Its match runs: the players find their seats there.
    const there = await connect(b);
    expect(await there.open(newId)).toEqual(ok);
    expect((await there.waitFor((s) => s.view !== null)).you).toBe(2);
    // A vote after the table exists changes nothing.
    expect(await cb.send({ type: "table/rematch", tableId: t.id, agree: false })).toEqual(ok);
    expect((await testDb().table.findUniqueOrThrow({ where: { id: t.id } })).rematchTableId).toBe(newId);
  }, 240_000);

  it("a finished ranked match offers no rematch and shows each seat's rating change", async () => {
    const four = await Promise.all([0, 1, 2, 3].map((i) => createTestUser({ displayName: `Rated ${i}` })));
    const s = store();
    const t = await s.createTable({ variant: "norwegian", options: {}, isPrivate: true, createdById: four[0]!.id, turnSeconds: 45 }, Date.now());
    await createRankedTable(testDb(), { tableId: t.id, variant: "norwegian", scope: "global", userIds: four.map((u) => u.id) });
    const seats: SeatOccupant[] = four.map((u) => ({ kind: "human", userId: u.id, name: u.displayName }));
    await s.updateSeats(t.id, seats, { seed: "cd".repeat(32), at: Date.now() });
    const rec = (await s.getTable(t.id))!;
    const setup = { variant: rec.variant, options: rec.options, seats: seats.map((x) => ({ name: x.name })), seed: rec.seed! };
    const played = playRandomMatch(setup, `rematch-${t.id}`);
    if (!played.ok) throw new Error(played.error.message);
    const record = buildRecord(setup, played.value.actions, played.value.state);
    if (!record.ok) throw new Error(record.error.message);
    expect(await s.finishMatch({ tableId: t.id, variant: rec.variant, record: record.value, players: seats, scores: played.value.state.scores, finishedAt: Date.now() })).toBe("recorded");
    const c = await connect(four[0]!);
    expect(await c.open(t.id)).toEqual(ok);
    const snap = await c.waitFor((x) => x.status === "finished" && x.ratingChanges !== null, 20_000);
    expect(snap.rematch).toBeNull();
    const match = await testDb().match.findFirstOrThrow({ where: { tableId: t.id }, select: { id: true } });
    const changes = await testDb().ratingChange.findMany({ where: { matchId: match.id } });
    const expected = four.map((u) => {
      const ch = changes.find((x) => x.userId === u.id)!;
      return displayRating(ch.mu) - displayRating(ch.muBefore);
    });
    expect(snap.ratingChanges).toEqual(expected);
    expect(expected.some((d) => d !== 0)).toBe(true);
    expect(await c.send({ type: "table/rematch", tableId: t.id, agree: true })).toMatchObject({ ok: false, error: { code: "table/no-rematch" } });
  }, 60_000);
});
