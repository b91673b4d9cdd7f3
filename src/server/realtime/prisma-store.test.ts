/**
 * The PostgreSQL table store's grouped writes: actions of many tables sent
 * at once are stored by few statements, each table's guard (expected
 * version, lease owner) still holds row by row, and a retried action that is
 * already stored is a success.
 */
import { afterAll, describe, expect, it } from "vitest";
import { replayMatch } from "@/server/modules/matches/lifecycle";
import { closeTestDb, createTestUser, testDb, testPool, untilLockWaits } from "@/server/test/helpers";
import { PrismaTableStore } from "./prisma-store";
import type { StoredAction } from "./store";
import * as engine from "@/engine";

afterAll(closeTestDb);

async function playingTable(store: PrismaTableStore, owner: string) {
  const u = await createTestUser({ displayName: "Group commit" });
  const t = await store.createTable({ variant: "classic", options: { target: 1 }, isPrivate: false, createdById: u.id, turnSeconds: 60 }, Date.now());
  const seats = [0, 1, 2, 3].map((i) => ({ kind: "bot" as const, name: `B${i}` }));
  await store.updateSeats(t.id, seats, { seed: `seed-${t.id}`, at: Date.now() });
  expect(await store.acquireLease(t.id, owner, 30_000, Date.now())).toBe(true);
  return (await store.getTable(t.id))!;
}

/** The next legal action at a table whose stored actions are `done`. */
function nextAction(rec: Awaited<ReturnType<PrismaTableStore["getTable"]>>, done: StoredAction[]): StoredAction {
  const state = replayMatch(rec!, done)!;
  const seat = engine.currentTurn(state)!;
  const action = engine.legalActions(state, seat)[0]!;
  return { seq: done.length + 1, seat, action, byBot: true };
}

describe("grouped action writes", () => {
  it("twenty tables' actions sent at once are stored by few statements, every one in order and none twice", async () => {
    // Through the pg pool as a prepared statement, as the live server writes.
    const store = new PrismaTableStore(testDb(), { pool: testPool(), prepare: true });
    const tables = await Promise.all(Array.from({ length: 20 }, () => playingTable(store, "group-owner")));
    const done = new Map(tables.map((t) => [t.id, [] as StoredAction[]]));
    const before = { ...store.appendStats };
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        tables.map((t) => {
          const a = nextAction(t, done.get(t.id)!);
          return store.appendAction(t.id, a, Date.now(), "group-owner").then((r) => (r === "ok" && done.get(t.id)!.push(a), r));
        }),
      );
      expect(results.every((r) => r === "ok")).toBe(true);
    }
    const statements = store.appendStats.statements - before.statements;
    expect(store.appendStats.actions - before.actions).toBe(100);
    expect(statements).toBeLessThan(100 / 4);
    for (const t of tables) {
      expect(await store.loadActions(t.id)).toEqual(done.get(t.id));
      expect((await store.getTable(t.id))!.seq).toBe(5);
    }
  }, 180_000);

  const paths = {
    "Prisma's query path": () => ({}),
    "the pg pool": () => ({ pool: testPool() }),
    "a prepared statement": () => ({ pool: testPool(), prepare: true }),
  };
  for (const via of Object.keys(paths) as (keyof typeof paths)[])
    it(`in one statement each table's guard holds alone (${via}): a stale version or a foreign lease is a conflict, the others are stored, a repeat is a success`, async () => {
      const store = new PrismaTableStore(testDb(), paths[via]());
      const [a, b, c] = await Promise.all([playingTable(store, "me"), playingTable(store, "me"), playingTable(store, "me")]);
      const first = nextAction(a, []);
      expect(await store.appendAction(a!.id, first, Date.now(), "me")).toBe("ok");
      const results = await Promise.all([
        store.appendAction(a!.id, first, Date.now(), "me"), // the same action again (its answer was lost): ok
        store.appendAction(b!.id, { ...nextAction(b, []), seq: 2 }, Date.now(), "me"), // a version ahead of the table: conflict
        store.appendAction(c!.id, nextAction(c, []), Date.now(), "someone-else"), // not the lease holder: conflict
      ]);
      expect(results).toEqual(["ok", "conflict", "conflict"]);
      expect(await store.loadActions(a!.id)).toEqual([first]);
      expect(await store.loadActions(b!.id)).toEqual([]);
      expect(await store.loadActions(c!.id)).toEqual([]);
      // And the next action at `a` with a new hand's owners is stored with them.
      const second = nextAction(a, [first]);
      const at = Date.now() - 12_345;
      expect(await store.appendAction(a!.id, second, at, "me", { handOwners: ["x", null, null, null] })).toBe("ok");
      const row = (await store.getTable(a!.id))!;
      expect(row.handOwners).toEqual(["x", null, null, null]);
      expect(row.lastActionAt).toBe(at);
    }, 60_000);

  it("a watched table's write does not wait behind computer-only tables' writes", async () => {
    const db = testDb();
    const store = new PrismaTableStore(db, { pool: testPool(), appendsInFlight: { watched: 1, unwatched: 1 } });
    const [blocked, queued, watched] = await Promise.all([playingTable(store, "lanes"), playingTable(store, "lanes"), playingTable(store, "lanes")]);
    // Another transaction holds the first table's row, so the computer-only lane's one statement waits on it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM "Table" WHERE id = ${blocked!.id} FOR UPDATE`;
      locked();
      await held;
    }, { timeout: 60_000 });
    await isLocked;
    const slow = store.appendAction(blocked!.id, nextAction(blocked, []), Date.now(), "lanes");
    await new Promise((r) => setTimeout(r, 50)); // that statement is in flight, holding the lane's slot
    const behind = store.appendAction(queued!.id, nextAction(queued, []), Date.now(), "lanes");
    let behindDone = false;
    void behind.then(() => (behindDone = true));
    try {
      const stillWaiting = new Promise((r) => setTimeout(() => r("still waiting"), 10_000));
      expect(await Promise.race([store.appendAction(watched!.id, nextAction(watched, []), Date.now(), "lanes", { watched: true }), stillWaiting])).toBe("ok");
      expect(behindDone).toBe(false);
    } finally {
      release();
      await holder;
    }
    expect(await Promise.all([slow, behind])).toEqual(["ok", "ok"]);
  }, 60_000);

  it("leases of many tables are renewed by one statement; a table that is not there is not held", async () => {
    const store = new PrismaTableStore(testDb());
    const [a, b] = await Promise.all([playingTable(store, "renewer"), playingTable(store, "renewer")]);
    const now = Date.now();
    const held = await store.renewLeases([a!.id, b!.id, "no-such-table"], "renewer", 60_000, now);
    expect([...held].sort()).toEqual([a!.id, b!.id].sort());
    for (const t of [a!, b!]) expect(await store.leaseHolder(t.id)).toEqual({ owner: "renewer", until: now + 60_000 });
  }, 60_000);

  it("renewing leases waits for a table row another transaction holds without holding any other: no deadlock, every lease renewed", async () => {
    const store = new PrismaTableStore(testDb());
    const [low, high] = (await Promise.all([playingTable(store, "renewer"), playingTable(store, "renewer")])).sort((x, y) => (x!.id < y!.id ? -1 : 1));
    // A transaction, as a grouped action write is, holds the later table's row and will want the earlier one's.
    const other = await testPool().connect();
    try {
      await other.query("BEGIN");
      await other.query(`SET LOCAL lock_timeout = '5s'`);
      await other.query(`SELECT 1 FROM "Table" WHERE "id" = $1 FOR NO KEY UPDATE`, [high!.id]);
      const now = Date.now();
      const renewing = store.renewLeases([low!.id, high!.id], "renewer", 60_000, now);
      await untilLockWaits(1);
      // The earlier table's lease is renewed already, and its row free: the other transaction takes it at once.
      expect(await store.leaseHolder(low!.id)).toEqual({ owner: "renewer", until: now + 60_000 });
      await other.query(`UPDATE "Table" SET "updatedAt" = now() WHERE "id" = $1`, [low!.id]);
      await other.query("COMMIT");
      expect(await renewing).toEqual(new Set([low!.id, high!.id]));
      expect(await store.leaseHolder(high!.id)).toEqual({ owner: "renewer", until: now + 60_000 });
    } finally {
      await other.query("ROLLBACK").catch(() => {});
      other.release();
    }
  }, 60_000);
});
