/**
 * A club event played by computer players on the real live-table machinery
 * (table hub and rooms over the PostgreSQL store): two duplicate rounds run
 * to the end by the event runner, with the server (hub and runner) stopped in
 * the middle of round 1 and a new one taking over. Checks that every table
 * was recorded once, that each round's tables were dealt the same cards, and
 * that the standings hold matchpoints.
 */
import { afterAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { parseRecord } from "@/engine";
import { closeTestDb, createTestUser, testCaller, testDb } from "@/server/test/helpers";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { TableHub } from "@/server/realtime/lobby";
import { inlineBots } from "@/server/realtime/bot";
import { MemoryTransport } from "@/server/realtime/transport";
import { EventRunner } from "./runner";
import { livePoints } from "./live-points";

const tableIds: string[] = [];

afterAll(async () => {
  await testDb().table.updateMany({ where: { id: { in: tableIds }, status: "playing" }, data: { status: "abandoned" } });
  await closeTestDb();
});

async function waitFor(cond: () => Promise<boolean>, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One server process's live tables and event runner, as registerRealtime wires them. */
function serverProcess(owner: string) {
  const hub = new TableHub({
    store: new PrismaTableStore(testDb()),
    transport: new MemoryTransport(),
    decide: inlineBots("easy"),
    owner,
    botDelayMs: 0,
    leaseMs: 3000,
    // Nobody watches these tables: they must not be abandoned meanwhile.
    abandonGraceMs: 600_000,
  });
  const load = (ids: readonly string[]) => {
    tableIds.push(...ids);
    for (const id of ids) void hub.room(id).catch(() => null);
  };
  const runner = new EventRunner(testDb(), { intervalMs: 100, onTables: load });
  return { hub, runner, load };
}

describe("an event runs itself", () => {
  it("two duplicate rounds of computer players to the end, through a restart in the middle of round 1", async () => {
    const admin = await createTestUser({ displayName: "Admin" });
    const clubId = (await testCaller(admin).clubs.create({ name: `Live ${randomBytes(4).toString("hex")}`, description: "", locale: "da", isOpen: true })).id;
    const presetId = (await testCaller(admin).clubs.createPreset({ clubId, name: "Aften", variant: "esmakker", options: {} })).id;
    const event = await testCaller(admin).events.create({ clubId, name: "Aften", presetId, rounds: 2, dealsPerRound: 4, seating: "meetEveryone", duplicate: true, trickPauseMs: 0, allowComputers: true });
    await testCaller(admin).events.addComputers({ clubId, eventId: event.id, count: 8 });

    const first = serverProcess("events-live-1");
    await testCaller(admin).events.start({ clubId, eventId: event.id });
    const round1 = (await testDb().eventTable.findMany({ where: { eventId: event.id, round: 1 } })).map((t) => t.tableId);
    first.load(round1);
    first.runner.start();
    // Standings move with each finished deal: wait for a deal done at every table.
    await waitFor(async () => (await testCaller(admin).events.get({ clubId, eventId: event.id })).tables.every((t) => t.deals >= 1));
    // The server stops mid-round.
    first.runner.stop();
    await first.hub.shutdown();
    const atStop = await testDb().table.findMany({ where: { id: { in: round1 } } });
    expect(atStop.some((t) => t.status === "playing")).toBe(true);
    const live = await livePoints(testDb(), round1);
    const view = await testCaller(admin).events.get({ clubId, eventId: event.id });
    for (const t of await testDb().eventTable.findMany({ where: { tableId: { in: [...live.keys()] } } })) {
      const sofar = live.get(t.tableId)!.reduce((sum, deal) => sum.map((x, s) => x + deal[s]!), [0, 0, 0, 0]);
      t.players.forEach((k, s) => expect(view.standings.find((x) => x.key === k)).toMatchObject({ points: sofar[s], tables: 0 }));
    }
    expect((await testDb().event.findUnique({ where: { id: event.id } }))!.currentRound).toBe(1);

    // A new process: its hub resumes the tables in play, its runner goes on with the event.
    const second = serverProcess("events-live-2");
    second.load(round1);
    second.runner.start();
    await waitFor(async () => (await testDb().event.findUnique({ where: { id: event.id } }))!.status === "finished");
    second.runner.stop();
    await second.hub.shutdown();

    const tables = await testDb().eventTable.findMany({ where: { eventId: event.id }, orderBy: [{ round: "asc" }, { tableNo: "asc" }] });
    expect(tables.map((t) => [t.round, t.status])).toEqual([[1, "finished"], [1, "finished"], [2, "finished"], [2, "finished"]]);
    const matches = await testDb().match.findMany({ where: { tableId: { in: tables.map((t) => t.tableId) } } });
    expect(matches).toHaveLength(4);
    // What the standings showed live is what the finished tables recorded for those deals.
    for (const [tableId, deals] of live) expect((tables.find((t) => t.tableId === tableId)!.points as number[][]).slice(0, deals.length)).toEqual(deals);
    for (const round of [1, 2]) {
      const records = tables.filter((t) => t.round === round).map((t) => parseRecord(matches.find((m) => m.id === t.matchId)!.record));
      const deals = records.map((r) => (r.ok ? r.value.hands.map((h) => h.deal) : null));
      expect(deals[0]).toHaveLength(4);
      expect(deals[1]).toEqual(deals[0]);
      // Each table's points per deal were kept with it.
      for (const t of tables.filter((x) => x.round === round)) expect((t.points as number[][]).length).toBe(4);
    }
    const results = await testCaller(admin).events.results({ clubId, eventId: event.id });
    // Two tables per deal and seat: each comparison hands out 2 matchpoints, so 4 deals × 4 seats × 2 per round.
    const mpTotal = results.standings.reduce((s, x) => s + (x.matchpoints ?? 0), 0);
    expect(mpTotal).toBe(2 * 4 * 4 * 2);
    expect(results.rounds.every((r) => r.frequencies?.length === 4)).toBe(true);
    // No people, so nobody pays anybody.
    expect((await testCaller(admin).events.ledger({ clubId, eventId: event.id })).entries).toEqual([]);
  });
});
