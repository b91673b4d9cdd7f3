/**
 * Club events against the run's real PostgreSQL database: creating and
 * signing up (with the role refusals), seating under each rule with 8, 12 and
 * 16 players and with odd counts filled by computer players, duplicate deals
 * identical across a round's tables, and the ledger written at the end
 * (summing to zero, settled, marked paid, exported). Rounds are ended here
 * by writing the tables' results as the finishing step would; the live
 * rounds (computer players playing, a restart mid-round) are events.live.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { AppError } from "@/server/api/errors";
import { closeTestDb, createTestUser, testCaller, testDb, type TestUser } from "@/server/test/helpers";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { replayMatch } from "@/server/modules/matches/lifecycle";
import { advance } from "./runner";
import { repeatMeetings } from "./seating";
import { randomBytes } from "node:crypto";

let owner: TestUser;
let admin: TestUser;
let members: TestUser[];
let outsider: TestUser;
let clubId: string;
let presetId: string;
const tableIds: string[] = [];

beforeAll(async () => {
  const all = await Promise.all(Array.from({ length: 19 }, (_, i) => createTestUser({ displayName: `P${String(i).padStart(2, "0")}` })));
  [owner, admin, outsider] = [all[0]!, all[1]!, all[2]!];
  members = all.slice(3);
  const club = await testCaller(owner).clubs.create({ name: `Events ${randomBytes(4).toString("hex")}`, description: "", locale: "da", isOpen: true });
  clubId = club.id;
  for (const u of [admin, ...members]) await testCaller(u).clubs.join({ clubId });
  await testCaller(owner).clubs.setRole({ clubId, userId: admin.id, role: "admin" });
  presetId = (await testCaller(owner).clubs.createPreset({ clubId, name: "Torsdag", variant: "esmakker", options: {} })).id;
});

afterAll(async () => {
  // Nothing drives these tables here: leave none "playing" for later files' sweeps.
  await testDb().table.updateMany({ where: { id: { in: tableIds } }, data: { status: "abandoned" } });
  await closeTestDb();
});

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(TRPCError);
    return (e as TRPCError).cause instanceof AppError ? ((e as TRPCError).cause as AppError).error.code : (e as TRPCError).code;
  }
  throw new Error("expected a refusal");
}

type Rule = "random" | "swiss" | "meetEveryone";

async function newEvent(over: { seating?: Rule; duplicate?: boolean; allowComputers?: boolean; rounds?: number } = {}) {
  return testCaller(admin).events.create({ clubId, name: "Klubaften", presetId, rounds: over.rounds ?? 3, dealsPerRound: 4, seating: over.seating ?? "random", duplicate: over.duplicate ?? false, allowComputers: over.allowComputers ?? true });
}

async function signUp(eventId: string, people: readonly TestUser[]) {
  for (const u of people) await testCaller(u).events.signUp({ clubId, eventId });
}

async function roundTables(eventId: string, round: number) {
  const rows = await testDb().eventTable.findMany({ where: { eventId, round }, orderBy: { tableNo: "asc" } });
  tableIds.push(...rows.map((r) => r.tableId));
  return rows;
}

/** Ends a round as the finishing steps would: each table's one deal scored by `score(key)`, zero-sum per table. */
async function finishRound(eventId: string, round: number, score: (key: string) => number) {
  for (const t of await roundTables(eventId, round)) {
    const raw = t.players.map(score);
    const mean = raw.reduce((s, x) => s + x, 0) / 4;
    const pts = raw.map((x) => Math.round(x - mean));
    pts[0]! -= pts.reduce((s, x) => s + x, 0);
    await testDb().eventTable.update({ where: { tableId: t.tableId }, data: { status: "finished", points: [pts], scores: pts } });
  }
  return advance(testDb(), eventId);
}

function expectPartition(tables: readonly { players: string[] }[], players: readonly string[]) {
  expect(tables.every((t) => t.players.length === 4)).toBe(true);
  expect(tables.flatMap((t) => t.players).sort()).toEqual([...players].sort());
}

describe("creating events and signing up", () => {
  it("admins create; members sign up and withdraw; admins add members; refusals are translated codes", async () => {
    const event = await newEvent();
    expect(event).toMatchObject({ status: "open", variant: "esmakker", dealsPerRound: 4, rounds: 3 });
    expect((event.options as { deals: number }).deals).toBe(4);
    expect(await refusal(testCaller(members[0]!).events.create({ clubId, name: "X", presetId, rounds: 1, dealsPerRound: 4 }))).toBe("CLUB_NOT_ADMIN");
    expect(await refusal(testCaller(outsider).events.signUp({ clubId, eventId: event.id }))).toBe("CLUB_NOT_MEMBER");
    expect(await refusal(testCaller(admin).events.create({ clubId, name: "X", presetId, rounds: 1, dealsPerRound: 5 }))).toBe("EVENT_DEALS");
    await testCaller(members[0]!).events.signUp({ clubId, eventId: event.id });
    await testCaller(admin).events.addMember({ clubId, eventId: event.id, userId: members[1]!.id });
    expect(await refusal(testCaller(admin).events.addMember({ clubId, eventId: event.id, userId: outsider.id }))).toBe("CLUB_MEMBER_NOT_FOUND");
    expect(await refusal(testCaller(members[0]!).events.addMember({ clubId, eventId: event.id, userId: members[2]!.id }))).toBe("CLUB_NOT_ADMIN");
    await testCaller(members[1]!).events.withdraw({ clubId, eventId: event.id });
    const view = await testCaller(members[0]!).events.get({ clubId, eventId: event.id });
    expect(view.players.map((p) => p.userId)).toEqual([members[0]!.id]);
    expect(view.signedUp).toBe(true);
    // One person cannot be seated without computer players.
    const solo = await newEvent({ allowComputers: false });
    await signUp(solo.id, members.slice(0, 5));
    expect(await refusal(testCaller(admin).events.start({ clubId, eventId: solo.id }))).toBe("EVENT_PLAYER_COUNT");
    expect(await refusal(testCaller(members[0]!).events.start({ clubId, eventId: solo.id }))).toBe("CLUB_NOT_ADMIN");
  });

  it("two additions of computer players at once add both", async () => {
    const event = await newEvent();
    await Promise.all([1, 2, 3].map(() => testCaller(admin).events.addComputers({ clubId, eventId: event.id, count: 2 })));
    const bots = await testDb().eventPlayer.findMany({ where: { eventId: event.id, isBot: true } });
    expect(bots.map((b) => b.key).sort()).toEqual(["bot:1", "bot:2", "bot:3", "bot:4", "bot:5", "bot:6"]);
  });

  it("a sign-up waits for a start in progress and is then refused: nobody is signed up without a table", async () => {
    const event = await newEvent();
    await signUp(event.id, members.slice(0, 4));
    // Another transaction holds the event's row, as the start does while it seats the list.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const start = testDb().$transaction(async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM "Event" WHERE id = ${event.id} FOR UPDATE`;
      locked();
      await held;
      await tx.event.update({ where: { id: event.id }, data: { status: "running", currentRound: 1 } });
    }, { timeout: 60_000 });
    await isLocked;
    const late = [
      refusal(testCaller(members[4]!).events.signUp({ clubId, eventId: event.id })),
      refusal(testCaller(admin).events.addComputers({ clubId, eventId: event.id, count: 4 })),
      refusal(testCaller(members[0]!).events.withdraw({ clubId, eventId: event.id })),
    ];
    let settled = false;
    void Promise.allSettled(late).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false); // each waits for the event's row
    release();
    await start;
    expect(await Promise.all(late)).toEqual(["EVENT_NOT_OPEN", "EVENT_NOT_OPEN", "EVENT_NOT_OPEN"]);
    const players = await testDb().eventPlayer.findMany({ where: { eventId: event.id } });
    expect(players.map((p) => p.userId).sort()).toEqual(members.slice(0, 4).map((m) => m.id).sort());
  });
});

describe("seating", () => {
  for (const n of [8, 12, 16]) {
    it(`random: ${n} players, every one seated once per round at tables of four, a live table per table`, async () => {
      const event = await newEvent({ seating: "random" });
      const people = members.slice(0, n);
      await signUp(event.id, people);
      const started = await testCaller(admin).events.start({ clubId, eventId: event.id });
      expect(started).toEqual({ round: 1, tables: n / 4 });
      const r1 = await roundTables(event.id, 1);
      expectPartition(r1, people.map((u) => u.id));
      const live = await testDb().table.findMany({ where: { id: { in: r1.map((t) => t.tableId) } } });
      expect(live.every((t) => t.status === "playing")).toBe(true);
      for (const t of r1) {
        const row = live.find((l) => l.id === t.tableId)!;
        expect((row.seats as { userId?: string }[]).map((s) => s.userId)).toEqual(t.players);
      }
      // Not duplicate: every table its own deals.
      expect(new Set(live.map((t) => t.seed)).size).toBe(live.length);
      await finishRound(event.id, 1, () => 0);
      expectPartition(await roundTables(event.id, 2), people.map((u) => u.id));
      // The viewer's own table.
      const view = await testCaller(people[0]!).events.get({ clubId, eventId: event.id });
      expect(view.myTable).toBe((await roundTables(event.id, 2)).find((t) => t.players.includes(people[0]!.id))!.tableId);
      expect(await testCaller(people[0]!).events.mySeat()).toMatchObject({ tableId: view.myTable, eventId: event.id, round: 2 });
    });

    it(`swiss: ${n} players, round 2 seats the leaders together`, async () => {
      const event = await newEvent({ seating: "swiss" });
      const people = members.slice(0, n);
      await signUp(event.id, people);
      await testCaller(admin).events.start({ clubId, eventId: event.id });
      const rank = new Map(people.map((u, i) => [u.id, i]));
      // Score: the lower the index, the better.
      await finishRound(event.id, 1, (k) => 1000 - 10 * rank.get(k)!);
      const standings = (await testCaller(admin).events.get({ clubId, eventId: event.id })).standings.map((s) => s.key);
      const r2 = await roundTables(event.id, 2);
      expectPartition(r2, people.map((u) => u.id));
      r2.forEach((t, i) => expect(new Set(t.players)).toEqual(new Set(standings.slice(4 * i, 4 * i + 4))));
    });

    it(`meet everyone: ${n} players, repeat meetings kept to the least possible`, async () => {
      const event = await newEvent({ seating: "meetEveryone" });
      const people = members.slice(0, n);
      await signUp(event.id, people);
      await testCaller(admin).events.start({ clubId, eventId: event.id });
      const r1 = await roundTables(event.id, 1);
      await finishRound(event.id, 1, () => 0);
      const r2 = await roundTables(event.id, 2);
      expectPartition(r2, people.map((u) => u.id));
      const repeats2 = repeatMeetings(r2.map((t) => t.players), r1.map((t) => t.players));
      // 8: two tables, so each new table takes two from each old one (2 repeat pairs per table);
      // 12: three old tables feed each new table of four, so at least one pair per table repeats; 16: none need to.
      expect(repeats2).toBe({ 8: 4, 12: 3, 16: 0 }[n]);
      if (n === 8) for (const t of r2) for (const old of r1) expect(t.players.filter((k) => old.players.includes(k))).toHaveLength(2);
      if (n === 16) {
        await finishRound(event.id, 2, () => 0);
        const r3 = await roundTables(event.id, 3);
        expect(repeatMeetings(r3.map((t) => t.players), [...r1, ...r2].map((t) => t.players))).toBe(0);
      }
    });
  }

  for (const people of [5, 7, 10, 13]) {
    it(`${people} people: computer players fill up to a multiple of four, seated like everyone`, async () => {
      const event = await newEvent({ seating: "meetEveryone" });
      await signUp(event.id, members.slice(0, people));
      await testCaller(admin).events.start({ clubId, eventId: event.id });
      const total = Math.ceil(people / 4) * 4;
      const players = await testDb().eventPlayer.findMany({ where: { eventId: event.id } });
      expect(players.filter((p) => p.isBot)).toHaveLength(total - people);
      expectPartition(await roundTables(event.id, 1), players.map((p) => p.key));
      const live = await testDb().table.findMany({ where: { id: { in: (await roundTables(event.id, 1)).map((t) => t.tableId) } } });
      expect(live.flatMap((t) => (t.seats as { kind: string }[]).filter((s) => s.kind === "bot"))).toHaveLength(total - people);
    });
  }
});

describe("computer players never get a table to themselves while people could sit there", () => {
  for (const rule of ["random", "swiss", "meetEveryone"] as const) {
    it(`${rule}: 3 people and 9 computer players, three rounds, a person at every table`, async () => {
      const event = await newEvent({ seating: rule });
      await signUp(event.id, members.slice(0, 3));
      await testCaller(admin).events.addComputers({ clubId, eventId: event.id, count: 9 });
      await testCaller(admin).events.start({ clubId, eventId: event.id });
      for (const round of [1, 2, 3]) {
        const tables = await roundTables(event.id, round);
        expect(tables).toHaveLength(3);
        for (const t of tables) expect(t.players.filter((k) => !k.startsWith("bot:"))).toHaveLength(1);
        if (round < 3) await finishRound(event.id, round, (k) => (k.startsWith("bot:") ? 5 : 0));
      }
    });
  }
});

describe("ranked events", () => {
  it("a ranked event's tables of four people count for the club ladder; a table with a computer player does not", async () => {
    const event = await testCaller(admin).events.create({ clubId, name: "Ranglisteaften", presetId, rounds: 1, dealsPerRound: 4, ranked: true });
    await signUp(event.id, members.slice(0, 6)); // and two computer players
    await testCaller(admin).events.start({ clubId, eventId: event.id });
    const tables = await roundTables(event.id, 1);
    const ranked = await testDb().rankedTable.findMany({ where: { tableId: { in: tables.map((t) => t.tableId) } } });
    expect(ranked.every((r) => r.scope === clubId)).toBe(true);
    expect(ranked).toHaveLength(2);
    for (const t of tables) {
      const row = ranked.find((r) => r.tableId === t.tableId)!;
      // Rated (players fixed) exactly when all four are people.
      expect(row.userIds).toEqual(t.players.some((k) => k.startsWith("bot:")) ? [] : t.players);
    }
  });
});

describe("duplicate deals", () => {
  it("every table of a round plays the same seed: seat s holds the same cards everywhere; the next round other cards", async () => {
    const event = await newEvent({ duplicate: true });
    await signUp(event.id, members.slice(0, 12));
    await testCaller(admin).events.start({ clubId, eventId: event.id });
    const store = new PrismaTableStore(testDb());
    const deals = async (round: number) =>
      Promise.all((await roundTables(event.id, round)).map(async (t) => replayMatch((await store.getTable(t.tableId))!, [])!.hand!.deal));
    const r1 = await deals(1);
    expect(r1).toHaveLength(3);
    for (const d of r1) expect(d).toEqual(r1[0]);
    // Mid-round the standings have no matchpoints yet (nothing to compare).
    const mid = await testCaller(members[0]!).events.get({ clubId, eventId: event.id });
    expect(mid.standings.map((s) => s.matchpoints)).toEqual(Array(12).fill(0));
    await finishRound(event.id, 1, () => 0);
    const r2 = await deals(2);
    for (const d of r2) expect(d).toEqual(r2[0]);
    expect(r2[0]).not.toEqual(r1[0]);
  });
});

describe("the ledger at the event's end", () => {
  it("amounts at the club's rate sum to zero, settled in the fewest transfers; admins mark them paid; balances and CSV", async () => {
    expect(await refusal(testCaller(members[0]!).events.setLedgerSettings({ clubId, rateOre: 25, roundingOre: 50 }))).toBe("CLUB_NOT_ADMIN");
    await testCaller(admin).events.setLedgerSettings({ clubId, rateOre: 25, roundingOre: 50 });
    const event = await newEvent({ rounds: 2, seating: "swiss" });
    expect(event).toMatchObject({ rateOre: 25, roundingOre: 50 });
    const people = members.slice(0, 7); // and one computer player
    await signUp(event.id, people);
    await testCaller(admin).events.start({ clubId, eventId: event.id });
    const rank = new Map(people.map((u, i) => [u.id, i]));
    const score = (k: string) => (rank.has(k) ? 37 * ((rank.get(k)! * 7) % 5) : 11);
    expect((await finishRound(event.id, 1, score)).outcome).toBe("next-round");
    expect((await finishRound(event.id, 2, score)).outcome).toBe("finished");
    const ledger = await testCaller(members[0]!).events.ledger({ clubId, eventId: event.id });
    expect(ledger.event.status).toBe("finished");
    expect(ledger.entries).toHaveLength(7);
    expect(ledger.entries.reduce((s, e) => s + e.amountOre, 0)).toBe(0);
    expect(ledger.entries.every((e) => e.amountOre % 50 === 0)).toBe(true);
    const open = ledger.entries.filter((e) => e.amountOre !== 0).length;
    expect(ledger.settlements.length).toBeLessThanOrEqual(open - 1);
    const after = new Map(ledger.entries.map((e) => [e.userId, e.amountOre]));
    for (const s of ledger.settlements) (after.set(s.from, after.get(s.from)! + s.amountOre), after.set(s.to, after.get(s.to)! - s.amountOre));
    expect([...after.values()].every((x) => x === 0)).toBe(true);
    const first = ledger.settlements[0]!;
    expect(await refusal(testCaller(members[0]!).events.markPaid({ clubId, eventId: event.id, settlementId: first.id }))).toBe("CLUB_NOT_ADMIN");
    await testCaller(admin).events.markPaid({ clubId, eventId: event.id, settlementId: first.id });
    const balances = await testCaller(members[0]!).events.balances({ clubId });
    const payer = balances.find((b) => b.userId === first.from)!;
    expect(payer.openOre).toBe(payer.totalOre + first.amountOre);
    expect(balances.reduce((s, b) => s + b.totalOre, 0)).toBe(0);
    const { eventsCsv } = await import("./csv-check");
    expect(eventsCsv(await (await import("./service")).clubBalancesCsv(testDb(), clubId))).toHaveLength(balances.length);
  });
});
