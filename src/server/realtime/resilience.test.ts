/**
 * The table hub and room under faults, with the in-memory store (whose
 * methods can be made to throw, as a lost database connection makes the
 * PostgreSQL store throw): writes retried until stored, computer turns
 * rescheduled after a failure, lease renewal that keeps its rooms through a
 * database error, the sweep without a cluster, and the finishing step run by
 * resume() for a match that is over but not recorded.
 */
import { describe, expect, it } from "vitest";
import type { Seat } from "@/engine/types";
import type { Ack } from "@/protocol";
import { inlineBots, type BotDecide } from "./bot";
import { TableHub } from "./lobby";
import { MemoryTableStore, type NewTable } from "./store";
import { MemoryTransport, type Conn } from "./transport";

const users: Conn[] = [0, 1, 2, 3].map((i) => ({ id: `c${i}`, user: { id: `u${i}`, name: `Player ${i}` } }));
const table = (over: Partial<NewTable> = {}): NewTable => ({ variant: "classic", options: { target: 1 }, isPrivate: false, createdById: "u0", turnSeconds: 60, trickPauseMs: 0, ...over });
const expectOk = (a: Ack) => expect(a).toEqual({ ok: true });

async function waitFor(cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
}

function hubOver(store: MemoryTableStore, owner: string, decide: BotDecide = inlineBots("easy"), leaseMs = 3000) {
  const transport = new MemoryTransport();
  return { transport, hub: new TableHub({ store, transport, decide, owner, botDelayMs: 0, leaseMs }) };
}

/** A table of four computer players, started by users[0] (who stays to watch). */
async function botTable(hub: TableHub, over: Partial<NewTable> = {}): Promise<string> {
  const t = await hub.createTable(table(over));
  expectOk(await hub.handle(users[0]!, { type: "table/open", tableId: t.id }));
  for (const seat of [0, 1, 2, 3]) expectOk(await hub.handle(users[0]!, { type: "seat/bot", tableId: t.id, seat, on: true, level: "easy" }));
  return t.id;
}

/** The stored actions are numbered 1..n and the table's version is n. */
async function expectGaplessLog(store: MemoryTableStore, tableId: string) {
  const actions = await store.loadActions(tableId);
  expect(actions.map((a) => a.seq)).toEqual(actions.map((_, i) => i + 1));
  expect((await store.getTable(tableId))!.seq).toBe(actions.length);
}

describe("tables under faults (in-memory store)", () => {
  it("a person's action whose write fails is retried, answered only once stored, and stored once", async () => {
    const store = new MemoryTableStore();
    const { transport, hub } = hubOver(store, "p1");
    const t = await hub.createTable(table());
    for (const c of users) expectOk(await hub.handle(c, { type: "table/open", tableId: t.id }));
    for (const [i, c] of users.entries()) expectOk(await hub.handle(c, { type: "seat/take", tableId: t.id, seat: i }));
    const snap = transport.lastTable("c0")!;
    const turn = snap.view!.hand!.turn as Seat;
    const mine = transport.lastTable(`c${turn}`)!;
    store.faults.set("appendAction", 3);
    const ack = await hub.handle(users[turn]!, { type: "action", tableId: t.id, seq: mine.seq, action: mine.view!.hand!.legal[0]! });
    expectOk(ack);
    expect(store.faults.get("appendAction")).toBe(0); // the three faults were met before the write went through
    expect((await store.loadActions(t.id)).length).toBe(1);
    // Sending it again is stale and changes nothing.
    expect(await hub.handle(users[turn]!, { type: "action", tableId: t.id, seq: mine.seq, action: mine.view!.hand!.legal[0]! })).toMatchObject({ ok: false, error: { code: "table/stale" } });
    expect((await store.loadActions(t.id)).length).toBe(1);
    await hub.shutdown();
  });

  it("computer turns go on after failed decisions and failed writes, and the finishing write is retried: the match is recorded once", async () => {
    const store = new MemoryTableStore();
    const easy = inlineBots("easy");
    let calls = 0;
    // Every fifth decision fails.
    const flaky: BotDecide = (view, req) => (++calls % 5 === 0 ? Promise.reject(new Error("worker died")) : easy(view, req));
    const { hub } = hubOver(store, "p1", flaky);
    const id = await botTable(hub);
    await waitFor(async () => (await store.getTable(id))!.seq >= 10);
    store.faults.set("appendAction", 4);
    store.faults.set("finishMatch", 2);
    await waitFor(async () => (await store.getTable(id))!.status === "finished");
    expect(store.faults.get("appendAction")).toBe(0);
    expect(store.faults.get("finishMatch")).toBe(0);
    expect(store.matches.filter((m) => m.tableId === id)).toHaveLength(1);
    await expectGaplessLog(store, id);
    await hub.shutdown();
  });

  it("a hand that cannot be queued for its analysis changes nothing at the table: the match goes on and is recorded once", async () => {
    const store = new MemoryTableStore();
    const { hub } = hubOver(store, "p1", inlineBots("easy"));
    store.faults.set("queueEndedHand", Number.MAX_SAFE_INTEGER);
    const id = await botTable(hub, { variant: "danish", options: { deals: 4 } });
    await waitFor(async () => (await store.getTable(id))!.status === "finished");
    // Every hand but the last was tried (the finishing step queues what was not: see modules/history/analysis.ts).
    expect(Number.MAX_SAFE_INTEGER - store.faults.get("queueEndedHand")!).toBe(3);
    expect(store.endedHands).toEqual([]);
    expect(store.matches.filter((m) => m.tableId === id)).toHaveLength(1);
    await expectGaplessLog(store, id);
    await hub.shutdown();
  });

  it("a database error while renewing leases keeps the rooms: the tables keep moving", async () => {
    const store = new MemoryTableStore();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const easy = inlineBots("easy");
    // Decisions wait at the gate: the table is idle while its lease renewals fail.
    const gated: BotDecide = async (view, req) => {
      await gate;
      return easy(view, req);
    };
    const { hub } = hubOver(store, "p1", gated, 3000); // renewals every second
    const id = await botTable(hub);
    store.faults.set("acquireLease", 3);
    await waitFor(() => store.faults.get("acquireLease") === 0);
    release();
    await waitFor(async () => (await store.getTable(id))!.status === "finished");
    expect((await store.leaseHolder(id))!.owner).toBe("p1");
    await hub.shutdown();
  });

  it("without a cluster, a process sweeps up tables whose driver is gone or whose lease ran out", async () => {
    const store = new MemoryTableStore();
    const frozen: BotDecide = () => new Promise(() => undefined); // the first drivers never move
    const gone = hubOver(store, "gone-process", frozen, 60_000);
    const hung = hubOver(store, "hung-process", frozen, 60_000);
    const first = await botTable(gone.hub);
    const second = await botTable(hung.hub);
    // A third process arrives (no Redis) while both leases are long; the first driver is gone, the second alive.
    store.markGone("gone-process");
    const b = hubOver(store, "p2", inlineBots("easy"), 3000);
    await waitFor(async () => (await store.getTable(first))!.status === "finished");
    expect((await store.getTable(second))!.seq).toBe(0); // a live process holds it, within its lease
    expect(await b.hub.handle(users[1]!, { type: "table/open", tableId: second })).toMatchObject({ ok: false, error: { code: "table/busy" } });
    // The second driver hangs (stops renewing, releases nothing) and its lease runs out: the sweep takes that table too.
    hung.hub["stopped"] = true;
    clearInterval(hung.hub["leaseTimer"]!);
    await store.acquireLease(second, "hung-process", 1, Date.now()); // its lease now ends in 1 ms
    await waitFor(async () => (await store.getTable(second))!.status === "finished");
    await expectGaplessLog(store, first);
    await expectGaplessLog(store, second);
    await b.hub.shutdown();
  });

  it("resume() runs the finishing step of a match that is over but not recorded", async () => {
    const store = new MemoryTableStore();
    const a = hubOver(store, "p1");
    const id = await botTable(a.hub);
    await waitFor(async () => (await store.getTable(id))!.seq >= 5);
    store.faults.set("finishMatch", Number.MAX_SAFE_INTEGER); // the finishing write keeps failing…
    const room = (await a.hub.room(id))!;
    await waitFor(() => room.match!.over);
    const stored = await store.loadActions(id);
    expect((await store.getTable(id))!.status).toBe("playing");
    // …until the process dies.
    room.close();
    a.hub["stopped"] = true;
    clearInterval(a.hub["leaseTimer"]!);
    store.markGone("p1");
    store.faults.delete("finishMatch");
    const b = hubOver(store, "p2");
    expect(await b.hub.resumeAll()).toBe(1);
    await waitFor(async () => (await store.getTable(id))!.status === "finished");
    expect(store.matches.filter((m) => m.tableId === id)).toHaveLength(1);
    expect(await store.loadActions(id)).toEqual(stored); // nothing played after the end
    await b.hub.shutdown();
  });
});
