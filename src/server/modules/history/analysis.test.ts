/**
 * Replay analysis against the real database and its pg-boss job queue: a
 * finished match stored as the live tables store it queues its played hands
 * (rows and jobs, in its transaction); the background worker (its child
 * process included) analyses them and `history.handAnalysis` serves the
 * stored result, with a value for every card, the last tricks' values equal
 * to a plain engine minimax; while a hand is solved its row holds the cards
 * valued so far. A hand nobody asked for yields to a replay's request. The
 * queue survives a worker that dies mid-hand, a graceful stop and a restart,
 * and fails a hand that kills its child three times. A match abandoned in
 * play takes its hands' analysis with it. A club match's analysis
 * is refused to whoever may not see its replay.
 *
 * The job queue is database-wide, so this file works in a database of its
 * own (other files' finished matches would queue their hands here too).
 */
import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildRecord, parseRecord, playRandomMatch } from "@/engine";
import type { Seat } from "@/engine/types";
import type { HandAnalysis } from "@/bots/analysis";
import { referenceValues } from "@/bots/analysis-reference";
import { analyzeRecordHand } from "@/bots/analysis";
import { recordInPlay } from "@/server/modules/matches/in-play-repository";
import { finishedMatchOf, matchIdOf, replayMatch } from "@/server/modules/matches/lifecycle";
import { poolJobDb } from "@/server/db";
import { JOB_SCHEMA, QUEUES } from "@/server/jobs";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { createTestDatabase, dropTestDatabase } from "@/server/test/database";
import { closeTestDb, createTestUser, testCaller, testDb, testPool, useOwnDatabase } from "@/server/test/helpers";
import { HandAnalysisWorker, type AnalysisWorkerOptions } from "./analysis-queue";
import { finishHand, handProgress, queueHands, releaseHand, takeHand, type HandJob } from "./analysis-repository";
import { playedHandIndexes } from "./analysis";

let own: { name: string; url: string };
beforeAll(async () => {
  own = await createTestDatabase("whist_analysis");
  await useOwnDatabase(own.url);
});

const workers: HandAnalysisWorker[] = [];
// One worker at a time: each test's worker is stopped before the next test starts its own.
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
});
afterAll(async () => {
  await closeTestDb();
  await dropTestDatabase(own.name);
});

/** Stores a randomly played classic match (its first `hands` hands) at a table, as the live tables do. */
async function storedMatch(label: string, opts: { hands?: number; tableId?: string } = {}) {
  const store = new PrismaTableStore(testDb());
  let tableId = opts.tableId;
  if (!tableId) {
    const owner = await createTestUser();
    tableId = (await store.createTable({ variant: "classic", options: {}, isPrivate: false, createdById: owner.id, turnSeconds: 30 }, Date.now())).id;
  }
  // Seeded by the label alone, so each test plays the same match every run: with a seed from the random table id
  // about 1 match in 20 was over after its first hand, leaving the queue tests one hand short.
  const setup = { variant: "classic", seats: [0, 1, 2, 3].map((i) => ({ name: `P${i}` })), seed: `analysis-${label}` };
  const played = playRandomMatch(setup, `r-${label}`, { maxHands: opts.hands ?? 2 });
  if (!played.ok) throw new Error(played.error.message);
  const record = buildRecord(setup, played.value.actions, played.value.state);
  if (!record.ok) throw new Error(record.error.message);
  const players = [0, 1, 2, 3].map((i) => ({ kind: "bot" as const, name: `P${i}` }));
  await store.finishMatch({ tableId, variant: "classic", record: record.value, players, scores: played.value.state.scores, finishedAt: Date.now() });
  const match = await testDb().match.findFirstOrThrow({ where: { tableId }, select: { id: true } });
  return { matchId: match.id, record: record.value };
}

const rowsOf = (matchId: string) =>
  testDb().matchHandAnalysis.findMany({ where: { matchId }, select: { handIndex: true, status: true, attempts: true }, orderBy: { handIndex: "asc" } });

/** Waits (polling the table) until no hand of the match is pending or running; the deadline only guards against a hang. */
async function analysed(matchId: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const rows = await rowsOf(matchId);
    if (rows.every((r) => r.status === "done" || r.status === "failed")) return rows;
    if (Date.now() > deadline) throw new Error(`hands still waiting: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function startWorker(opts: AnalysisWorkerOptions = {}) {
  // At normal priority: on a busy shared machine a nice-19 child can get no CPU for minutes.
  const worker = new HandAnalysisWorker(testDb(), { jobDb: poolJobDb(testPool()), pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, nice: 0, log: pino({ level: "silent" }), ...opts }).start();
  workers.push(worker);
  return worker;
}

/** Waits (polling) until `check` holds; the deadline only guards against a hang. */
async function until<T>(what: string, check: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`still waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A classic table with four computer players, its match (seeded by `seed`, played by `label`, `hands`
 * hands) to be stored action by action as the live table stores them, under the lease "live".
 */
async function liveMatch(seed: string, label: string, hands: number) {
  const store = new PrismaTableStore(testDb());
  const owner = await createTestUser();
  const table = await store.createTable({ variant: "classic", options: {}, isPrivate: false, createdById: owner.id, turnSeconds: 30 }, Date.now());
  await store.updateSeats(table.id, [0, 1, 2, 3].map((i) => ({ kind: "bot" as const, name: `P${i}` })), { seed, at: Date.now() });
  expect(await store.acquireLease(table.id, "live", 60_000, Date.now())).toBe(true);
  const played = playRandomMatch({ variant: "classic", seats: [0, 1, 2, 3].map((i) => ({ name: `P${i}` })), seed }, label, { maxHands: hands });
  if (!played.ok) throw new Error(played.error.message);
  const stored = played.value.actions.map((a, k) => ({ ...a, seq: k + 1, byBot: true }));
  const started = (await store.getTable(table.id))!;
  /** How many actions end the match's `n`-th hand. */
  const handEnd = (n: number) => stored.findIndex((_, k) => replayMatch(started, stored.slice(0, k + 1))!.results.length === n) + 1;
  const append = async (from: number, to: number) => {
    for (let k = from; k < to; k++) expect(await store.appendAction(table.id, stored[k]!, Date.now(), "live")).toBe("ok");
  };
  return { store, table, stored, handEnd, append, matchId: matchIdOf(table.id, seed) };
}

describe("history.handAnalysis", () => {
  it("analyses every card of every played hand in the background; the replay gets the stored result", async () => {
    const { matchId, record } = await storedMatch("every-card");
    const played = playedHandIndexes(record);
    expect(played.length).toBeGreaterThan(0);
    // Queued with the match, in its transaction: a row and a job per played hand.
    expect(await rowsOf(matchId)).toEqual(played.map((handIndex) => ({ handIndex, status: "pending", attempts: 0 })));
    const jobs = await testPool().query(`SELECT data FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'matchId' = $2 ORDER BY (data->>'handIndex')::int`, [QUEUES.handAnalysis.name, matchId]);
    expect(jobs.rows.map((r: { data: HandJob }) => r.data.handIndex)).toEqual(played);

    const worker = startWorker();
    expect((await analysed(matchId)).map((r) => r.status)).toEqual(played.map(() => "done"));
    await worker.stop();

    const parsed = parseRecord(record);
    if (!parsed.ok) throw new Error(parsed.error.message);
    for (const handIndex of played) {
      const res = await testCaller().history.handAnalysis({ matchId, handIndex });
      if (res.status !== "done") throw new Error(`hand ${handIndex}: ${res.status}`);
      const hand = parsed.value.hands.find((h) => h.index === handIndex)!;
      const { plays, side, complete } = res.analysis;
      expect(complete).toBe(true);
      expect(side).toEqual([0, 2]);
      // A value for every card played, in order.
      expect(plays.map((p) => p.actionIndex)).toEqual(hand.actions.flatMap((a, i) => (a.action.type === "play" ? [i] : [])));
      for (const p of plays) expect(p.lost).toBeGreaterThanOrEqual(0);
      for (let i = 1; i < plays.length; i++) expect(plays[i]!.before).toBe(plays[i - 1]!.after);
      expect(plays.at(-1)!.after).toBe(hand.result!.tricksWon[0]! + hand.result!.tricksWon[2]!);
      // The last tricks against a plain minimax over the engine's rules.
      const input = { variant: record.variant, options: record.options, dealer: hand.dealer as Seat, deal: hand.deal, actions: hand.actions };
      const checks = referenceValues(input, hand.result!.contract, plays);
      expect(checks.length).toBeGreaterThanOrEqual(12);
      for (const { analysed: mine, reference } of checks) expect(mine).toEqual(reference);
    }
    await expect(testCaller().history.handAnalysis({ matchId, handIndex: 999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(testCaller().history.handAnalysis({ matchId: "no-such-match", handIndex: 0 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  }, 180_000);

  it("a hand that ends while its match goes on is analysed then, under the id its match is stored with; nobody sees it before", async () => {
    // Two hands played as the live table plays them: each action stored in turn.
    const { store, table, stored, handEnd, append, matchId } = await liveMatch("analysis-live", "r-live", 2);
    const firstHand = handEnd(1);
    expect(firstHand).toBeGreaterThan(0);
    expect(firstHand).toBeLessThan(stored.length);
    await append(0, firstHand);
    // The room queues the hand that just ended: under the Match id the match will get, with its table.
    await store.queueEndedHand(table.id, 0);
    expect(await rowsOf(matchId)).toEqual([{ handIndex: 0, status: "pending", attempts: 0 }]);
    const jobs = await testPool().query(`SELECT data FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'matchId' = $2`, [QUEUES.handAnalysis.name, matchId]);
    expect(jobs.rows.map((r: { data: HandJob }) => r.data.tableId)).toEqual([table.id]);
    // A worker stopping gives it back: the job sent in its place names the table too.
    const first = jobs.rows[0]!.data as HandJob;
    expect(await takeHand(testDb(), first, 0)).toEqual({ attempts: 1 });
    await releaseHand(testDb(), first, 1, 0);
    const resent = await testPool().query(`SELECT data FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'matchId' = $2 AND data->>'jobId' <> $3`, [QUEUES.handAnalysis.name, matchId, first.jobId]);
    expect(resent.rows.map((r: { data: HandJob }) => r.data.tableId)).toEqual([table.id]);
    // Analysed from the table's stored actions while the match goes on (the second hand started meanwhile).
    await append(firstHand, firstHand + 4);
    const worker = startWorker();
    expect(await analysed(matchId)).toEqual([{ handIndex: 0, status: "done", attempts: 1 }]);
    await worker.stop();
    // Nobody sees it while the match is in play: there is no match to replay yet.
    await expect(testCaller().history.handAnalysis({ matchId, handIndex: 0 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Only the match in play at that table is read: not another id, not once it has ended.
    expect(await recordInPlay(testDb(), table.id, matchIdOf(table.id, "another-seed"))).toBeNull();
    const before = await testDb().matchHandAnalysis.findUniqueOrThrow({ where: { matchId_handIndex: { matchId, handIndex: 0 } } });

    // The match ends: stored under that id, the hand analysed before is not queued again, the next one is.
    await append(firstHand + 4, stored.length);
    const rec = (await store.getTable(table.id))!;
    const actions = await store.loadActions(table.id);
    const finish = finishedMatchOf(rec, actions, replayMatch(rec, actions)!, Date.now());
    expect(await store.finishMatch(finish)).toBe("recorded");
    expect((await testDb().match.findFirstOrThrow({ where: { tableId: table.id }, select: { id: true } })).id).toBe(matchId);
    expect(await recordInPlay(testDb(), table.id, matchId)).toBeNull();
    expect(await rowsOf(matchId)).toEqual([
      { handIndex: 0, status: "done", attempts: 1 },
      { handIndex: 1, status: "pending", attempts: 0 },
    ]);
    const after = await testDb().matchHandAnalysis.findUniqueOrThrow({ where: { matchId_handIndex: { matchId, handIndex: 0 } } });
    expect(after.finishedAt).toEqual(before.finishedAt);
    // The replay gets what the analysis of the stored record gives.
    const parsed = parseRecord(finish.record);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const expected = analyzeRecordHand(parsed.value, 0);
    if (!expected.ok) throw new Error(expected.error.message);
    expect(await testCaller().history.handAnalysis({ matchId, handIndex: 0 })).toEqual({ status: "done", analysis: JSON.parse(JSON.stringify(expected.value)) });
  }, 180_000);

  it("a match abandoned in play takes its hands' analysis with it, done or waiting, and a hand queued as it goes is dropped by the worker", async () => {
    const { store, table, stored, handEnd, append, matchId } = await liveMatch("analysis-abandoned", "r-abandoned-2", 3);
    expect(handEnd(2)).toBeGreaterThan(0);
    expect(handEnd(2)).toBeLessThan(stored.length);
    const jobStates = async () =>
      (await testPool().query(`SELECT state FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'matchId' = $2`, [QUEUES.handAnalysis.name, matchId])).rows.map((r: { state: string }) => r.state);

    // Hand 0 analysed in play, hand 1 queued and waiting.
    await append(0, handEnd(1));
    await store.queueEndedHand(table.id, 0);
    const worker = startWorker();
    expect(await analysed(matchId)).toEqual([{ handIndex: 0, status: "done", attempts: 1 }]);
    await worker.stop();
    await append(handEnd(1), handEnd(2));
    await store.queueEndedHand(table.id, 1);
    expect((await rowsOf(matchId)).map((r) => r.status)).toEqual(["done", "pending"]);

    // Everybody left: the match will never be stored, and nobody can ask for its hands.
    expect(await store.abandonTable(table.id, "live")).toBe(true);
    expect(await rowsOf(matchId)).toEqual([]);
    // The table moved on: a hand queued now (a queueing that raced the abandoning, written as it does) is dropped by the worker.
    await testDb().$transaction((tx) => queueHands(tx, matchId, [1], table.id));
    expect(await rowsOf(matchId)).toEqual([{ handIndex: 1, status: "pending", attempts: 0 }]);
    startWorker();
    await until("every job of the abandoned match completed", async () => (await jobStates()).every((s) => s === "completed"));
    expect(await rowsOf(matchId)).toEqual([]);
    await expect(testCaller().history.handAnalysis({ matchId, handIndex: 0 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  }, 180_000);

  it("stores a hand's analysis so far while it is solved, and a replay gets it: the last cards first, with their final values", async () => {
    // Every write of a hand's result is logged by a trigger (this file has a database of its own).
    await testPool().query(`
      CREATE TABLE IF NOT EXISTS result_writes (id serial PRIMARY KEY, match_id text, hand_index int, status text, result jsonb);
      CREATE OR REPLACE FUNCTION log_result_write() RETURNS trigger AS $$
        BEGIN INSERT INTO result_writes (match_id, hand_index, status, result) VALUES (NEW."matchId", NEW."handIndex", NEW.status, NEW.result); RETURN NEW; END
      $$ LANGUAGE plpgsql;
      DROP TRIGGER IF EXISTS result_writes ON "MatchHandAnalysis";
      CREATE TRIGGER result_writes AFTER UPDATE ON "MatchHandAnalysis" FOR EACH ROW WHEN (NEW.result IS DISTINCT FROM OLD.result OR NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION log_result_write();`);
    const { matchId, record } = await storedMatch("progress", { hands: 1 });
    const [handIndex] = playedHandIndexes(record);
    const worker = startWorker({ progressIntervalMs: 0 });
    expect(await analysed(matchId)).toEqual([{ handIndex, status: "done", attempts: 1 }]);
    // Stopped before the match below is stored: polling every half second, it could take that
    // match's hand before the test does (and leave it half solved for the next test's worker).
    await worker.stop();
    const writes = (await testPool().query(`SELECT status, result FROM result_writes WHERE match_id = $1 ORDER BY id`, [matchId])).rows as { status: string; result: HandAnalysis }[];
    const done = writes.at(-1)!;
    expect(done.status).toBe("done");
    expect(done.result.complete).toBe(true);
    const final = done.result.plays;
    const partial = writes.slice(0, -1).filter((w) => w.result !== null);
    expect(writes.slice(0, -1).every((w) => w.status === "running")).toBe(true);
    // Written while running (one write at a time, the newest waiting: not one per card), each with more cards valued.
    const counts = partial.map((w) => w.result.plays.filter((p) => p.lost !== null).length);
    // The first report (after the last card, valued first) is always written.
    expect(counts[0]).toBe(1);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBe(counts.length);
    for (const [i, w] of partial.entries()) {
      expect(w.result.complete).toBe(counts[i] === final.length);
      // The last cards, with the values the finished analysis gives them.
      expect(w.result.plays.map((p) => p.lost !== null)).toEqual(final.map((_, k) => k >= final.length - counts[i]!));
      w.result.plays.forEach((p, k) => p.lost !== null && expect(p).toEqual(final[k]));
    }

    // What a replay gets for a running hand with cards valued so far (another match, its hand held by hand).
    const other = await storedMatch("progress-view", { hands: 1 });
    const [otherHand] = playedHandIndexes(other.record);
    const job: HandJob = { matchId: other.matchId, handIndex: otherHand!, jobId: randomUUID(), priorAttempts: 0 };
    expect(await takeHand(testDb(), job, 0)).toEqual({ attempts: 1 });
    expect(await testCaller().history.handAnalysis({ matchId: other.matchId, handIndex: otherHand! })).toEqual({ status: "running" });
    const soFar = partial[0]!.result;
    await handProgress(testDb(), job, soFar);
    expect(await testCaller().history.handAnalysis({ matchId: other.matchId, handIndex: otherHand! })).toEqual({ status: "running", analysis: soFar });
    // Once finished, a late progress write changes nothing.
    await finishHand(testDb(), job, { result: done.result, solveMs: 1 }, new Date());
    await handProgress(testDb(), job, soFar);
    expect(await testCaller().history.handAnalysis({ matchId: other.matchId, handIndex: otherHand! })).toEqual({ status: "done", analysis: done.result });
  }, 180_000);

  it("a replay asking for a hand not done yet moves it ahead of the queue (and queues a hand that never was)", async () => {
    const { matchId, record } = await storedMatch("request", { hands: 3 });
    const played = playedHandIndexes(record);
    expect(played.length).toBeGreaterThan(1);
    const last = played.at(-1)!;
    // An older match stored before the analysis existed: its rows are missing.
    await testDb().matchHandAnalysis.deleteMany({ where: { matchId, handIndex: last } });
    const asked = await testCaller().history.handAnalysis({ matchId, handIndex: last });
    expect(asked).toEqual({ status: "pending", ahead: 0 });
    const others = await testCaller().history.handAnalysis({ matchId, handIndex: played[0]! });
    expect(others).toEqual({ status: "pending", ahead: 1 });
    // The worker takes the requested hands first, in the order they were asked for.
    startWorker();
    await analysed(matchId);
    const order = await testDb().matchHandAnalysis.findMany({ where: { matchId }, select: { handIndex: true, finishedAt: true }, orderBy: { finishedAt: "asc" } });
    expect(order.slice(0, 2).map((r) => r.handIndex)).toEqual([last, played[0]]);
  }, 180_000);

  it("a hand nobody asked for yields to a replay's request: it goes back to the queue, not counted, and the asked hand is solved first", async () => {
    const background = await storedMatch("yield-background", { hands: 1 });
    const asked = await storedMatch("yield-asked", { hands: 1 });
    const [bHand] = playedHandIndexes(background.record);
    const [aHand] = playedHandIndexes(asked.record);
    const worker = startWorker();
    // The background hand (stored first) is taken; its analysis process is then frozen, as a
    // starved or very slow solve would be: without the request it would never finish.
    const childPid = await until("the background hand running in the analysis process", async () =>
      (await rowsOf(background.matchId))[0]?.status === "running" && worker.childPid,
    );
    process.kill(childPid, "SIGSTOP");

    expect(await testCaller().history.handAnalysis({ matchId: asked.matchId, handIndex: aHand! })).toMatchObject({ status: "pending" });
    // The frozen process is killed, the background hand waits again with no attempt counted…
    await until("the background hand given back", async () => (await rowsOf(background.matchId))[0]?.status === "pending");
    expect(await rowsOf(background.matchId)).toEqual([{ handIndex: bHand, status: "pending", attempts: 0 }]);
    await until("the frozen process gone", async () => {
      try {
        process.kill(childPid, 0);
        return false;
      } catch {
        return true;
      }
    });
    // …the asked hand is solved, and then the background one, once.
    expect(await analysed(asked.matchId)).toEqual([{ handIndex: aHand, status: "done", attempts: 1 }]);
    expect(await analysed(background.matchId)).toEqual([{ handIndex: bHand, status: "done", attempts: 1 }]);
    const finished = await testDb().matchHandAnalysis.findMany({ where: { matchId: { in: [asked.matchId, background.matchId] } }, select: { matchId: true }, orderBy: { finishedAt: "asc" } });
    expect(finished.map((r) => r.matchId)).toEqual([asked.matchId, background.matchId]);
  }, 180_000);

  it("survives a worker that dies mid-hand, a graceful stop and a restart: every waiting hand is done once a worker runs again", async () => {
    // This match's jobs get a shorter lease (15 s), so that the dead worker's hand comes back within the test.
    // (Still many times longer than a solve here, a classic hand in well under a second: a lease shorter than the solve
    // would let the queue give the hand up under a live worker.)
    const boss = new PgBoss({ db: poolJobDb(testPool()) as PgBoss.Db, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: false });
    await boss.start();
    await boss.updateQueue(QUEUES.handAnalysis.name, { ...QUEUES.handAnalysis, expireInSeconds: 15 });
    const { matchId, record } = await storedMatch("restart", { hands: 3 }).finally(() => boss.updateQueue(QUEUES.handAnalysis.name, QUEUES.handAnalysis));
    const played = playedHandIndexes(record);
    expect(played.length).toBe(3);

    // A worker took the first hand and died: its job stays active until its lease runs out.
    // (Jobs left by the earlier tests, duplicates of hands already done, come first: a worker would complete them unsolved.)
    let dead: PgBoss.JobWithMetadata<HandJob> | undefined;
    for (;;) {
      [dead] = await boss.fetch<HandJob>(QUEUES.handAnalysis.name, { includeMetadata: true });
      if (!dead || dead.data.matchId === matchId) break;
      expect((await rowsOf(dead.data.matchId)).find((r) => r.handIndex === dead!.data.handIndex)?.status).toBe("done");
      await boss.complete(QUEUES.handAnalysis.name, dead.id);
    }
    // (Hands of one match are queued at the same instant: any of them may come first.)
    expect(dead!.data.matchId).toBe(matchId);
    const deadHand = dead!.data.handIndex;
    expect(await takeHand(testDb(), dead!.data, dead!.retryCount)).toEqual({ attempts: 1 });
    await boss.stop({ graceful: false, close: false });

    // A worker stopping gracefully in the middle of a hand gives it back at once, not counted.
    const first = startWorker();
    const running = await until("a hand running under the first worker", async () => (await rowsOf(matchId)).find((r) => r.status === "running" && r.handIndex !== deadHand));
    await first.stop();
    expect((await rowsOf(matchId)).find((r) => r.handIndex === running.handIndex)).toEqual({ handIndex: running.handIndex, status: "pending", attempts: 0 });

    startWorker();
    const rows = await analysed(matchId);
    expect(rows.map((r) => r.status)).toEqual(played.map(() => "done"));
    // The dead worker's hand was taken a second time; the others once.
    expect(rows.map((r) => r.attempts)).toEqual(played.map((h) => (h === deadHand ? 2 : 1)));
  }, 300_000);

  it("fails a hand whose analysis process dies under it three times instead of trying it forever", async () => {
    const { matchId, record } = await storedMatch("killer", { hands: 1 });
    const [handIndex] = playedHandIndexes(record);
    // No time at all: every attempt's child is killed as overrunning before it can answer.
    startWorker({ timeCapMs: 1, overrunGraceMs: 0 });
    const rows = await analysed(matchId);
    expect(rows).toEqual([{ handIndex, status: "failed", attempts: 3 }]);
    expect(await testCaller().history.handAnalysis({ matchId, handIndex: handIndex! })).toEqual({ status: "failed" });
    const failed = await testDb().matchHandAnalysis.findFirstOrThrow({ where: { matchId }, select: { error: true } });
    expect(failed.error).toMatch(/overran its time cap \(3 attempts\)/);
  }, 120_000);
});

describe("who may see a match's analysis: whoever may see its replay", () => {
  it("a club table's match: members only (unless the club lets guests watch); refused to others and to visitors", async () => {
    const [admin, member, outsider] = await Promise.all(["Admin", "Member", "Outsider"].map((displayName) => createTestUser({ displayName })));
    const club = await testCaller(admin!).clubs.create({ name: `Analyse ${Date.now()} ${admin!.id.slice(-6)}`, locale: "da", isOpen: true });
    await testCaller(member!).clubs.join({ clubId: club.id });
    const preset = await testCaller(admin!).clubs.createPreset({ clubId: club.id, name: "Engelsk", variant: "classic", options: {} });
    const closed = await testCaller(admin!).clubs.openTable({ clubId: club.id, presetId: preset.id });
    const open = await testCaller(admin!).clubs.openTable({ clubId: club.id, presetId: preset.id, guestsMayWatch: true });
    const members = await storedMatch("club-closed", { hands: 1, tableId: closed.tableId });
    const guests = await storedMatch("club-open", { hands: 1, tableId: open.tableId });
    const handIndex = playedHandIndexes(members.record)[0]!;

    for (const who of [outsider!, null]) {
      await expect(testCaller(who).history.match({ matchId: members.matchId })).rejects.toMatchObject({ code: "FORBIDDEN", cause: { error: { code: "MATCH_MEMBERS_ONLY" } } });
      await expect(testCaller(who).history.handAnalysis({ matchId: members.matchId, handIndex })).rejects.toMatchObject({ code: "FORBIDDEN" });
      // A refused request queues nothing ahead of anyone.
      expect((await testDb().matchHandAnalysis.findFirstOrThrow({ where: { matchId: members.matchId, handIndex }, select: { requestedAt: true } })).requestedAt).toBeNull();
      expect((await testCaller(who).history.handAnalysis({ matchId: guests.matchId, handIndex: playedHandIndexes(guests.record)[0]! })).status).toBe("pending");
    }
    expect((await testCaller(member!).history.match({ matchId: members.matchId })).id).toBe(members.matchId);
    expect((await testCaller(member!).history.handAnalysis({ matchId: members.matchId, handIndex })).status).toBe("pending");
  }, 60_000);
});
