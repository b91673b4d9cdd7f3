/**
 * The match lifecycle against the real database: the start is one
 * transaction that a retry repeats harmlessly, and the finishing step is
 * idempotent, keyed by table and match: finishing a ranked match twice, even
 * at once, stores one Match, one set of history rows, one rating update and
 * one analysis queue entry per hand.
 */
import { afterAll, describe, expect, it } from "vitest";
import { buildRecord, playRandomMatch } from "@/engine";
import type { SeatOccupant } from "@/protocol";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { closeTestDb, createTestUser, testCaller, testDb } from "@/server/test/helpers";
import { finishMatch, newMatchSeed, startMatch } from "./lifecycle";

afterAll(closeTestDb);

async function rankedTableOfFour() {
  const users = await Promise.all([0, 1, 2, 3].map((i) => createTestUser({ displayName: `Life ${i}` })));
  for (const u of users.slice(0, 3)) await testCaller(u).ranked.join({ variant: "classic" });
  const last = await testCaller(users[3]!).ranked.join({ variant: "classic" });
  expect(last.state).toBe("playing");
  return { users, tableId: (last as { tableId: string }).tableId };
}

async function playedToTheEnd(tableId: string) {
  const rec = (await new PrismaTableStore(testDb()).getTable(tableId))!;
  const setup = { variant: rec.variant, options: rec.options, seats: rec.seats.map((s) => ({ name: s!.name })), seed: rec.seed! };
  const played = playRandomMatch(setup, `life-${tableId}`);
  if (!played.ok) throw new Error(played.error.message);
  const record = buildRecord(setup, played.value.actions, played.value.state);
  if (!record.ok) throw new Error(record.error.message);
  return { tableId, variant: rec.variant, record: record.value, players: rec.seats, scores: played.value.state.scores, finishedAt: Date.now() };
}

describe("match lifecycle", () => {
  it("finishing a match twice at once records it once: one Match, one set of history rows, ratings and analysis queue", async () => {
    const { users, tableId } = await rankedTableOfFour();
    const match = await playedToTheEnd(tableId);
    const outcomes = await Promise.allSettled([finishMatch(testDb(), match), finishMatch(testDb(), match)]);
    // The table row's lock orders the two: one records, the other finds it recorded.
    const values = outcomes.map((o) => (o.status === "fulfilled" ? o.value : "failed"));
    expect(values.sort()).toEqual(["already-recorded", "recorded"]);
    expect(await finishMatch(testDb(), match)).toBe("already-recorded");
    const db = testDb();
    const matches = await db.match.findMany({ where: { tableId }, select: { id: true, seed: true } });
    expect(matches).toHaveLength(1);
    const table = await db.table.findUniqueOrThrow({ where: { id: tableId }, select: { status: true, seed: true } });
    expect(table.status).toBe("finished");
    expect(matches[0]!.seed).toBe(table.seed);
    expect(await db.matchPlayer.count({ where: { matchId: matches[0]!.id } })).toBe(4);
    for (const u of users) expect(await db.ratingChange.count({ where: { userId: u.id } })).toBe(1);
    const queued = await db.matchHandAnalysis.findMany({ where: { matchId: matches[0]!.id }, select: { handIndex: true } });
    expect(queued.length).toBeGreaterThan(0);
    expect(new Set(queued.map((q) => q.handIndex)).size).toBe(queued.length);
  });

  it("a start written twice (a retry) is one start; a table playing another match is left alone", async () => {
    const users = await Promise.all([0, 1, 2, 3].map((i) => createTestUser({ displayName: `Start ${i}` })));
    const store = new PrismaTableStore(testDb());
    const t = await store.createTable({ variant: "classic", options: {}, isPrivate: false, createdById: users[0]!.id, turnSeconds: 60 }, Date.now());
    const seats: SeatOccupant[] = users.map((u) => ({ kind: "human", userId: u.id, name: u.displayName }));
    const start = { tableId: t.id, seats, seed: newMatchSeed(), at: Date.now() };
    expect(await startMatch(testDb(), start)).toBe(true);
    expect(await startMatch(testDb(), start)).toBe(true);
    expect(await startMatch(testDb(), { ...start, seed: newMatchSeed() })).toBe(false);
    const row = (await store.getTable(t.id))!;
    expect(row.status).toBe("playing");
    expect(row.seed).toBe(start.seed);
    expect(row.seats).toEqual(seats);
  });
});
