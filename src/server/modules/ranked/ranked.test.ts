/**
 * Ranked play against the real database: the queue seats four humans at a
 * started table, the match's end rates them in the same transaction that
 * stores the Match (a leaver loses, the others' results stand), and the
 * history, leaderboard, rating-history and statistics procedures show it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { buildRecord, playRandomMatch, verifyRecord, parseRecord, VARIANT_IDS, VARIANT_META } from "@/engine";
import type { SeatOccupant } from "@/protocol";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { toTableSummary } from "@/server/realtime/store";
import { closeTestDb, createTestUser, holdLocks, testCaller, testDb, type TestUser } from "@/server/test/helpers";
import { NO_CLUB, takeDecision } from "@/server/realtime/seating";
import { formGroups, joinQueue, matchmake, playWithComputers, queueStatus, rankedGroupSize, seatOrder, spreadAfter } from "./service";
import { touchQueueEntry, upsertQueueEntry } from "./repository";

afterAll(closeTestDb);

/** Plays the table's match to its end with random legal moves and stores it as the live tables do. */
async function finishTable(tableId: string, opts: { leaverSeat?: number; at?: Date } = {}) {
  const store = new PrismaTableStore(testDb());
  const rec = (await store.getTable(tableId))!;
  const setup = { variant: rec.variant, options: rec.options, seats: rec.seats.map((s) => ({ name: s!.name })), seed: rec.seed! };
  const played = playRandomMatch(setup, `t-${tableId}`);
  if (!played.ok) throw new Error(played.error.message);
  const record = buildRecord(setup, played.value.actions, played.value.state);
  if (!record.ok) throw new Error(record.error.message);
  const players: (SeatOccupant | null)[] = rec.seats.map((s, i) => (i === opts.leaverSeat ? { kind: "bot", name: "Computer" } : s));
  await store.finishMatch({ tableId, variant: rec.variant, record: record.value, players, scores: played.value.state.scores, finishedAt: (opts.at ?? new Date()).getTime() });
  return { scores: played.value.state.scores, seats: rec.seats };
}

async function queueFour(variant: string): Promise<{ users: TestUser[]; tableId: string }> {
  const users = await Promise.all([0, 1, 2, 3].map((i) => createTestUser({ displayName: `Ranked ${i}` })));
  for (const u of users.slice(0, 3)) expect((await testCaller(u).ranked.join({ variant })).state).toBe("waiting");
  const last = await testCaller(users[3]!).ranked.join({ variant });
  expect(last.state).toBe("playing");
  return { users, tableId: (last as { tableId: string }).tableId };
}

describe("ranked queue", () => {
  it("seats four waiting players at a started table of the variant's standard rules, humans only", async () => {
    const { users, tableId } = await queueFour("esmakker");
    for (const u of users) expect(await testCaller(u).ranked.status()).toEqual({ state: "playing", tableId, variant: "esmakker" });
    const table = (await new PrismaTableStore(testDb()).getTable(tableId))!;
    expect(table.status).toBe("playing");
    // The table page labels it as ranked (global ranking).
    expect(toTableSummary(table).ranked).toBe("global");
    expect(table.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(table.options).toMatchObject({ deals: 12 });
    expect(table.seats.every((s) => s?.kind === "human")).toBe(true);
    expect(new Set(table.seats.map((s) => (s as { userId: string }).userId))).toEqual(new Set(users.map((u) => u.id)));
    // Already in a match: cannot queue again. Outsiders may watch but not sit.
    await expect(testCaller(users[0]!).ranked.join({ variant: "classic" })).rejects.toMatchObject({ code: "CONFLICT" });
    // Each seat belongs to its matched account for the whole match: nobody else sits there, not even another of the four.
    const outsider = await createTestUser();
    const person = (u: TestUser) => ({ userId: u.id, invited: false, facts: NO_CLUB });
    expect(table.fixedSeats).toEqual(table.seats.map((s) => (s as { userId: string }).userId));
    expect(takeDecision(table, person(outsider), 0)).toMatchObject({ kind: "refused", refusal: { code: "table/private" } });
    expect(takeDecision(table, { ...person(outsider), invited: true }, 0)).toMatchObject({ kind: "refused", refusal: { code: "ranked/players-only" } });
    const left = { ...table, seats: table.seats.map((s, i) => (i === 1 ? { kind: "bot" as const, name: "Computer B" } : s)) };
    const leaver = users.find((u) => u.id === table.fixedSeats![1])!;
    const another = users.find((u) => u.id === table.fixedSeats![0])!;
    expect(takeDecision(left, person(another), 1)).toMatchObject({ kind: "refused" });
    expect(takeDecision(left, person(leaver), 1)).toEqual({ kind: "now" });
  });

  it("leaves the queue, refuses unknown variants and visitors", async () => {
    const u = await createTestUser();
    expect((await testCaller(u).ranked.join({ variant: "norwegian" })).state).toBe("waiting");
    await testCaller(u).ranked.leave();
    expect(await testCaller(u).ranked.status()).toEqual({ state: "idle" });
    await expect(testCaller(u).ranked.join({ variant: "bridge" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(testCaller().ranked.status()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("groups players of similar rating, widening the spread with waiting time", () => {
    const t0 = new Date(0);
    const w = (userId: string, ordinal: number) => ({ userId, ordinal, joinedAt: t0 });
    const pool = [w("a", 0), w("b", 1), w("c", 40), w("d", 2), w("e", 41), w("f", 1.5)];
    expect(formGroups(pool, 0).map((g) => g.map((x) => x.userId).sort())).toEqual([["a", "b", "d", "f"]]);
    expect(formGroups([w("a", 0), w("b", 1), w("c", 2), w("x", 30)], 0)).toEqual([]);
    expect(formGroups([w("a", 0), w("b", 1), w("c", 2), w("x", 30)], 200_000)).toHaveLength(1);
    expect(spreadAfter(10_000)).toBeGreaterThan(spreadAfter(0));
    // Partnership seating: strongest with weakest.
    expect(seatOrder([w("a", 1), w("b", 4), w("c", 3), w("d", 2)], "classic").map((x) => x.userId)).toEqual(["b", "c", "a", "d"]);
    // Groups of other sizes (a variant's default seat count decides), seated by rating where nobody has a partner.
    const ids = (groups: { userId: string }[][]) => groups.map((g) => g.map((x) => x.userId).sort());
    expect(ids(formGroups(pool, 0, 5))).toEqual([]);
    expect(ids(formGroups(pool, 0, 3))).toEqual([["a", "b", "f"]]);
    expect(ids(formGroups(pool, 0, 2))).toEqual([["a", "b"], ["c", "e"], ["d", "f"]]);
    for (const id of VARIANT_IDS) expect(rankedGroupSize(id)).toBe(VARIANT_META[id].seats.default);
    const solo = VARIANT_IDS.find((id) => VARIANT_META[id].teams.kind === "none")!;
    expect(seatOrder([w("a", 1), w("b", 4), w("c", 3), w("d", 2), w("e", 5)], solo).map((x) => x.userId)).toEqual(["e", "b", "c", "d", "a"]);
  });
});

describe("a variant scored by place", () => {
  it("is queued in groups of its default seat count and rates each player on their own by final score", async () => {
    const variant = VARIANT_IDS.find((id) => VARIANT_META[id].scoresBy === "place")!;
    expect(rankedGroupSize(variant)).toBe(4);
    const { users, tableId } = await queueFour(variant);
    const { scores, seats } = await finishTable(tableId);
    const match = await testDb().match.findFirstOrThrow({ where: { tableId }, select: { id: true } });
    const changes = await testDb().ratingChange.findMany({ where: { matchId: match.id }, select: { userId: true, place: true } });
    expect(changes).toHaveLength(4);
    seats.forEach((o, seat) => {
      const userId = (o as { userId: string }).userId;
      expect(changes.find((c) => c.userId === userId)!.place).toBe(1 + scores.filter((x) => x > scores[seat]!).length);
    });
    expect(new Set(changes.map((c) => c.userId))).toEqual(new Set(users.map((u) => u.id)));
  });
});

describe("a player left waiting alone", () => {
  it("sees the time waited and the queues per variant, and after the offer's wait gets an unrated table with three computer players", async () => {
    const me = await createTestUser();
    const db = testDb();
    const t0 = Date.now();
    expect((await joinQueue(db, me.id, "danish", t0)).ok).toBe(true);
    const early = await queueStatus(db, me.id, t0 + 30_000);
    expect(early).toMatchObject({ state: "waiting", variant: "danish", waitedSeconds: 30, offerComputersAfterSeconds: 60 });
    if (early.state !== "waiting") throw new Error("not waiting");
    expect(early.byVariant.find((q) => q.variant === "danish")?.count).toBeGreaterThanOrEqual(1);
    // Not before the offer's wait is over.
    expect(await playWithComputers(db, me.id, t0 + 30_000)).toMatchObject({ ok: false, error: { code: "RANKED_OFFER_NOT_YET" } });
    expect(await queueStatus(db, me.id, t0 + 61_000)).toMatchObject({ state: "waiting", waitedSeconds: 61 });
    const opened = await playWithComputers(db, me.id, t0 + 61_000);
    if (!opened.ok) throw new Error(opened.error.code);
    const table = (await new PrismaTableStore(db).getTable(opened.value.tableId))!;
    expect(table).toMatchObject({ variant: "danish", status: "playing", isPrivate: true });
    expect(table.seats.map((s) => s?.kind)).toEqual(["human", "bot", "bot", "bot"]);
    expect(table.seats[0]).toMatchObject({ userId: me.id });
    // Unrated: no ranked record; and out of the queue.
    expect(await db.rankedTable.count({ where: { tableId: opened.value.tableId } })).toBe(0);
    expect(await queueStatus(db, me.id, t0 + 62_000)).toEqual({ state: "idle" });
    expect(await playWithComputers(db, me.id, t0 + 62_000)).toMatchObject({ ok: false, error: { code: "RANKED_NOT_WAITING" } });
  });
});

describe("players who went away", () => {
  it("are not matched until they poll again, and are dropped after a minute", async () => {
    const users = await Promise.all([0, 1, 2, 3].map(() => createTestUser()));
    const t0 = Date.now();
    const db = testDb();
    const { joinQueue, queueStatus, matchmake } = await import("./service");
    // The first three joined over 10 s ago and stopped polling; the fourth joins now.
    for (const u of users.slice(0, 3)) await joinQueue(db, u.id, "danish", t0 - 20_000);
    const last = await joinQueue(db, users[3]!.id, "danish", t0);
    expect(last).toMatchObject({ ok: true, value: { state: "waiting" } });
    // One comes back: still three present. Then the others poll too, and the four are seated.
    expect((await queueStatus(db, users[0]!.id, t0 + 1000)).state).toBe("waiting");
    expect((await queueStatus(db, users[1]!.id, t0 + 1500)).state).toBe("waiting");
    expect((await queueStatus(db, users[2]!.id, t0 + 2000)).state).toBe("playing");
    // Someone who stays away for a minute leaves the queue.
    const gone = await createTestUser();
    await joinQueue(db, gone.id, "danish", t0 - 120_000);
    await matchmake(db, "danish", t0 + 3000);
    expect(await db.rankedQueueEntry.findUnique({ where: { userId: gone.id } })).toBeNull();
  });
});

describe("two requests at once", () => {
  // Queue entries set up without a join (which would match the four at once), seen at `t`: in the
  // future, so that entries other tests left behind are stale there and play no part.
  const t = Date.now() + 10 * 86_400_000;
  async function fourWaiting(variant: string) {
    const users = await Promise.all([0, 1, 2, 3].map(() => createTestUser()));
    for (const u of users) await upsertQueueEntry(testDb(), { userId: u.id, variant, ordinal: 0, at: new Date(t - 61_000) });
    for (const u of users) await touchQueueEntry(testDb(), u.id, new Date(t));
    return users;
  }
  /** Holds the player's queue entry's row while the racing requests come as far as it. */
  const holdEntry = (userId: string) => holdLocks((tx) => tx.$executeRaw`SELECT 1 FROM "RankedQueueEntry" WHERE "userId" = ${userId} FOR UPDATE`);

  it("the offer of computer players taken twice at once opens one table", async () => {
    const me = await createTestUser();
    await upsertQueueEntry(testDb(), { userId: me.id, variant: "classic", ordinal: 0, at: new Date(t - 61_000) });
    const held = await holdEntry(me.id);
    const offers = Promise.all([playWithComputers(testDb(), me.id, t), playWithComputers(testDb(), me.id, t)]);
    await held.waiting(2);
    await held.release();
    const results = await offers;
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ error: { code: "RANKED_NOT_WAITING" } });
  });

  it("a player matched while taking the offer of computer players ends at one table", async () => {
    const users = await fourWaiting("norwegian");
    const me = users[0]!;
    const held = await holdEntry(me.id);
    const race = Promise.all([playWithComputers(testDb(), me.id, t), matchmake(testDb(), "norwegian", t)]);
    await held.waiting(2);
    await held.release();
    const [offer, matched] = await race;
    // Either the offer came first (no match of three) or the match did (the offer is refused).
    expect((offer.ok ? 1 : 0) + matched.length).toBe(1);
    if (!offer.ok) expect(offer.error.code).toBe("RANKED_NOT_WAITING");
    expect(await testDb().rankedQueueEntry.findUnique({ where: { userId: me.id } })).toBeNull();
  });

  it("a player matched while joining another variant's queue is refused, not left waiting there as well", async () => {
    const users = await fourWaiting("esmakker");
    const me = users[0]!;
    const held = await holdEntry(me.id);
    const matched = matchmake(testDb(), "esmakker", t);
    await held.waiting(1);
    const joined = joinQueue(testDb(), me.id, "classic", t);
    await held.waiting(2);
    await held.release();
    expect(await matched).toHaveLength(1);
    expect(await joined).toMatchObject({ ok: false, error: { code: "RANKED_IN_MATCH" } });
    expect(await testDb().rankedQueueEntry.findUnique({ where: { userId: me.id } })).toBeNull();
  });
});

describe("ratings and history at a ranked match's end", () => {
  it("rates the four players in the match's transaction; the leaver loses, history and replay data follow", async () => {
    const { users, tableId } = await queueFour("esmakker");
    const { scores, seats } = await finishTable(tableId, { leaverSeat: 1 });
    const db = testDb();
    const match = await db.match.findFirstOrThrow({ where: { tableId }, select: { id: true } });
    const seatOf = (u: TestUser) => seats.findIndex((s) => s?.kind === "human" && s.userId === u.id);
    const ratings = await db.playerRating.findMany({ where: { userId: { in: users.map((u) => u.id) }, variant: "esmakker", scope: "global" } });
    expect(ratings).toHaveLength(4);
    const changes = await db.ratingChange.findMany({ where: { matchId: match.id } });
    expect(changes).toHaveLength(4);
    const leaver = users.find((u) => seatOf(u) === 1)!;
    const leaverChange = changes.find((c) => c.userId === leaver.id)!;
    expect(leaverChange.leftEarly).toBe(true);
    expect(leaverChange.place).toBe(4);
    expect(leaverChange.mu).toBeLessThan(leaverChange.muBefore);
    for (const c of changes) {
      expect(c.sigma).toBeLessThan(c.sigmaBefore);
      if (c.leftEarly) continue;
      const s = scores[seatOf(users.find((u) => u.id === c.userId)!)]!;
      // The side with the best score gains; a match the two sides drew (random play can end level) moves nobody's mu.
      if (scores.every((x) => x <= s) && scores.some((x) => x < s)) expect(c.mu).toBeGreaterThan(c.muBefore);
      if (scores.every((x) => x === s)) expect(c.mu).toBeCloseTo(c.muBefore, 9);
    }
    for (const r of ratings) expect(r.games).toBe(1);

    // History: all four have the match, the leaver flagged; the record replays through the engine.
    const me = testCaller(users[0]!);
    const list = await me.history.list({ limit: 10 });
    expect(list.items.map((i) => i.matchId)).toContain(match.id);
    const leaverList = await testCaller(leaver).history.list({});
    expect(leaverList.items.find((i) => i.matchId === match.id)).toMatchObject({ leftEarly: true, place: 4, ranked: true });
    const detail = await testCaller().history.match({ matchId: match.id });
    expect(detail.ranked).toBe(true);
    const parsed = parseRecord(detail.record);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(verifyRecord(parsed.value)).toMatchObject({ ok: true, value: { mismatches: [] } });

    // Leaderboard and rating history.
    const board = await testCaller().ratings.leaderboard({ variant: "esmakker" });
    const onBoard = board.filter((b) => users.some((u) => u.id === b.userId));
    expect(onBoard).toHaveLength(4);
    expect(board.map((b) => b.conservative)).toEqual([...board.map((b) => b.conservative)].sort((a, b) => b - a));
    const mine = await testCaller().ratings.forUser({ userId: leaver.id });
    expect(mine[0]).toMatchObject({ variant: "esmakker", scope: "global", provisional: true, games: 1 });
    expect(mine[0]!.history).toHaveLength(2);
    expect(mine[0]!.history[1]!.rating).toBeLessThan(mine[0]!.history[0]!.rating);

    const stats = await testCaller().history.stats({ userId: users[0]!.id });
    const es = stats.find((s) => s.variant === "esmakker")!;
    expect(es.matches).toBe(1);
    expect(es.deals).toBeGreaterThan(0);
    expect(es.asDeclarer + es.asPartner + es.asDefender).toBeLessThanOrEqual(es.deals);
    const declared = Object.values(es.contracts).reduce((n, [d]) => n + d, 0);
    expect(declared).toBe(es.asDeclarer);
  });

  it("an unranked table's match adds history rows for its humans only, and no ratings", async () => {
    const db = testDb();
    const [a, b] = await Promise.all([createTestUser(), createTestUser()]);
    const tableId = await startTable("classic", [a, b]);
    expect(toTableSummary((await new PrismaTableStore(testDb()).getTable(tableId))!).ranked).toBeNull();
    await finishTable(tableId);
    const match = await db.match.findFirstOrThrow({ where: { tableId }, select: { id: true } });
    expect(await db.matchPlayer.count({ where: { matchId: match.id } })).toBe(2);
    expect(await db.ratingChange.count({ where: { matchId: match.id } })).toBe(0);
  });
});

/** A plain (unranked) started table with the given humans on seats 0.. and computer players elsewhere. */
async function startTable(variant: string, humans: TestUser[]): Promise<string> {
  const store = new PrismaTableStore(testDb());
  const t = await store.createTable({ variant, options: variant === "classic" ? { target: 5 } : {}, isPrivate: false, createdById: humans[0]!.id, turnSeconds: 45 }, Date.now());
  const { parseOptions } = await import("@/engine");
  const opts = parseOptions(variant, t.options);
  if (!opts.ok) throw new Error("options");
  await testDb().table.update({ where: { id: t.id }, data: { options: opts.value as object } });
  const seats: SeatOccupant[] = [0, 1, 2, 3].map((i) => (humans[i] ? { kind: "human", userId: humans[i]!.id, name: humans[i]!.displayName } : { kind: "bot", name: `Computer ${i}` }));
  await store.updateSeats(t.id, seats, { seed: "ab".repeat(32), at: Date.now() });
  return t.id;
}

describe("history paging and filters", () => {
  it("pages by keyset without gaps or repeats and filters by variant, date and opponent", async () => {
    const [me, other] = await Promise.all([createTestUser(), createTestUser()]);
    const base = Date.UTC(2026, 0, 1);
    const made: { variant: string; at: Date; withOther: boolean }[] = [
      { variant: "classic", at: new Date(base + 1000), withOther: true },
      { variant: "norwegian", at: new Date(base + 2000), withOther: false },
      { variant: "classic", at: new Date(base + 3000), withOther: false },
      { variant: "norwegian", at: new Date(base + 4000), withOther: true },
      { variant: "classic", at: new Date(base + 4000), withOther: false }, // same instant: the match id breaks the tie
    ];
    for (const m of made) {
      const id = await startTable(m.variant, m.withOther ? [me, other] : [me]);
      await finishTable(id, { at: m.at });
    }
    const api = testCaller(me);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof api.history.list>> = await api.history.list({ limit: 2, cursor });
      seen.push(...page.items.map((i) => i.matchId));
      for (let i = 1; i < page.items.length; i++) expect(page.items[i - 1]!.finishedAt.getTime()).toBeGreaterThanOrEqual(page.items[i]!.finishedAt.getTime());
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const classic = await api.history.list({ variant: "classic" });
    expect(classic.items.map((i) => i.variant)).toEqual(["classic", "classic", "classic"]);
    const early = await api.history.list({ to: new Date(base + 2500) });
    expect(early.items).toHaveLength(2);
    const withOther = await api.history.list({ opponentId: other.id });
    expect(withOther.items.map((i) => i.variant).sort()).toEqual(["classic", "norwegian"]);
    expect(withOther.items[0]!.players.some((p) => p?.kind === "human" && p.userId === other.id)).toBe(true);
  });
});

describe("a club's ranked table", () => {
  it("is never up as a plain club table: the table and its ranked row are written together", async () => {
    const owner = await createTestUser();
    const api = testCaller(owner);
    const club = await api.clubs.create({ name: `Together ${owner.id.slice(-6)}`, description: "", locale: "en", isOpen: true });
    const preset = await api.clubs.createPreset({ clubId: club.id, name: "Ladder", variant: "classic", options: {} });
    // While the ranked row cannot be written yet, the club has no table to sit at.
    const held = await holdLocks((tx) => tx.$executeRaw`LOCK TABLE "RankedTable" IN SHARE MODE`);
    const opening = api.ranked.openClubTable({ clubId: club.id, presetId: preset.id });
    await held.waiting(1);
    expect(await testDb().clubTable.count({ where: { clubId: club.id } })).toBe(0);
    await held.release();
    const { tableId } = await opening;
    expect(await testDb().clubTable.count({ where: { clubId: club.id } })).toBe(1);
    expect(await testDb().rankedTable.findUnique({ where: { tableId } })).toMatchObject({ scope: club.id, variant: "classic" });
  });

  it("plays the club's preset, captures its four members at the start and rates them on the club ladder", async () => {
    const users = await Promise.all([0, 1, 2, 3].map((i) => createTestUser({ displayName: `Club ${i}` })));
    const owner = testCaller(users[0]!);
    const club = await owner.clubs.create({ name: `Ladder ${users[0]!.id.slice(-6)}`, description: "", locale: "en", isOpen: true });
    for (const u of users.slice(1)) await testCaller(u).clubs.join({ clubId: club.id });
    const preset = await owner.clubs.createPreset({ clubId: club.id, name: "Short", variant: "classic", options: { target: 3 } });
    const outsider = await createTestUser();
    await expect(testCaller(outsider).ranked.openClubTable({ clubId: club.id, presetId: preset.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const { tableId } = await testCaller(users[1]!).ranked.openClubTable({ clubId: club.id, presetId: preset.id });
    // Before the start any member may sit; the live table starts with the four humans.
    const store = new PrismaTableStore(testDb());
    const rec = (await store.getTable(tableId))!;
    const member = (u: TestUser) => ({ userId: u.id, invited: false, facts: { club: { name: "Ladder", guestsMayWatch: false, role: "member" as const } } });
    expect(rec.ranked).toBe(true);
    expect(rec.fixedSeats).toBeNull();
    // Labelled as a club-ladder table at the table and in the club's lobby.
    expect(toTableSummary(rec).ranked).toBe("club");
    const lobby = await store.listLobby({ viewerId: users[0]!.id, clubId: club.id, limit: 20 });
    expect(lobby.tables.map(toTableSummary).find((t) => t.id === tableId)?.ranked).toBe("club");
    expect(takeDecision(rec, member(users[2]!), 0)).toEqual({ kind: "now" });
    expect(rec.options).toMatchObject({ target: 3 });
    await store.updateSeats(tableId, users.map((u) => ({ kind: "human", userId: u.id, name: u.displayName })), { seed: "cd".repeat(32), at: Date.now() });
    expect((await testDb().rankedTable.findUniqueOrThrow({ where: { tableId } })).userIds).toEqual(users.map((u) => u.id));
    const started = (await store.getTable(tableId))!;
    expect(started.fixedSeats).toEqual(users.map((u) => u.id));
    expect(takeDecision(started, { userId: outsider.id, invited: false, facts: { club: { name: "Ladder", guestsMayWatch: false, role: null } } }, 0)).toMatchObject({
      kind: "refused",
      refusal: { code: "club/members-only" },
    });
    expect(takeDecision({ ...started, seats: started.seats.map((s, i) => (i === 1 ? null : s)) }, member(users[0]!), 1)).toMatchObject({
      kind: "refused",
      refusal: { code: "ranked/players-only" },
    });
    await finishTable(tableId);
    const board = await testCaller().ratings.leaderboard({ variant: "classic", clubId: club.id });
    expect(board.map((b) => b.userId).sort()).toEqual(users.map((u) => u.id).sort());
    expect(await testCaller().ratings.leaderboard({ variant: "classic" }).then((b) => b.filter((r) => users.some((u) => u.id === r.userId)))).toEqual([]);
    const clubGames = await testCaller(users[0]!).history.list({ clubId: club.id });
    expect(clubGames.items).toHaveLength(1);
    expect(clubGames.items[0]).toMatchObject({ ranked: true, clubId: club.id });
  });

  it("is not rated when a computer player started in a seat", async () => {
    const users = await Promise.all([0, 1, 2].map(() => createTestUser()));
    const owner = testCaller(users[0]!);
    const club = await owner.clubs.create({ name: `Bots ${users[0]!.id.slice(-6)}`, description: "", locale: "en", isOpen: true });
    const preset = await owner.clubs.createPreset({ clubId: club.id, name: "Std", variant: "norwegian" });
    const { tableId } = await owner.ranked.openClubTable({ clubId: club.id, presetId: preset.id });
    const seats: SeatOccupant[] = [...users.map((u) => ({ kind: "human" as const, userId: u.id, name: u.displayName })), { kind: "bot", name: "Computer" }];
    await new PrismaTableStore(testDb()).updateSeats(tableId, seats, { seed: "ef".repeat(32), at: Date.now() });
    await finishTable(tableId);
    const match = await testDb().match.findFirstOrThrow({ where: { tableId }, select: { id: true } });
    expect(await testDb().ratingChange.count({ where: { matchId: match.id } })).toBe(0);
    expect(await testDb().matchPlayer.count({ where: { matchId: match.id, ranked: false } })).toBe(3);
  });
});
