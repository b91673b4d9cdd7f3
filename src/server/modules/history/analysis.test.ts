/**
 * The replay's hand analysis against the real database: a finished match is
 * stored as the live tables store it, and `history.analyzeHand` solves one
 * of its hands in a worker thread.
 */
import { afterAll, describe, expect, it } from "vitest";
import { buildRecord, parseRecord, playRandomMatch } from "@/engine";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { closeTestDb, createTestUser, testCaller, testDb } from "@/server/test/helpers";
import { ANALYSIS_MAX_HAND_SIZE, analyzeMatchHand } from "./analysis";

afterAll(closeTestDb);

/** Stores a randomly played classic match at a fresh table and returns its id and record. */
async function storedMatch(label: string) {
  const owner = await createTestUser();
  const store = new PrismaTableStore(testDb());
  const table = await store.createTable({ variant: "classic", options: {}, isPrivate: false, createdById: owner.id, turnSeconds: 30 }, Date.now());
  const setup = { variant: "classic", seats: [0, 1, 2, 3].map((i) => ({ name: `P${i}` })), seed: `analysis-${label}-${table.id}` };
  const played = playRandomMatch(setup, `r-${table.id}`);
  if (!played.ok) throw new Error(played.error.message);
  const record = buildRecord(setup, played.value.actions, played.value.state);
  if (!record.ok) throw new Error(record.error.message);
  const players = [0, 1, 2, 3].map((i) => ({ kind: "bot" as const, name: `P${i}` }));
  await store.finishMatch({ tableId: table.id, variant: "classic", record: record.value, players, scores: played.value.state.scores, finishedAt: Date.now() });
  const match = await testDb().match.findFirstOrThrow({ where: { tableId: table.id }, select: { id: true } });
  return { matchId: match.id, record: record.value };
}

describe("history.analyzeHand", () => {
  it("marks every card of the last tricks with what it cost its side, consistent with the tricks actually won", async () => {
    const { matchId, record } = await storedMatch("consistent");
    const started = performance.now();
    const res = await testCaller().history.analyzeHand({ matchId, handIndex: 0 });
    const firstMs = performance.now() - started;
    expect(res.status).toBe("done");
    if (res.status !== "done") return;
    const { side, sideMaximises, plays } = res.analysis;
    expect(side).toEqual([0, 2]);
    expect(sideMaximises).toBe(true);
    const hand = parseRecord(record);
    if (!hand.ok) throw new Error(hand.error.message);
    const recorded = hand.value.hands[0]!;
    expect(plays).toHaveLength(recorded.actions.filter((a) => a.action.type === "play").length);

    // Cards before the cut (more than maxHandSize cards in some hand) are not analysed; all later ones are.
    const analysed = plays.filter((p) => p.lost !== null);
    const firstAnalysed = plays.findIndex((p) => p.lost !== null);
    expect(analysed.length).toBe(ANALYSIS_MAX_HAND_SIZE * 4);
    expect(plays.slice(firstAnalysed).every((p) => p.lost !== null)).toBe(true);

    // A card never gains under best play, and the position after one card is the position before the next.
    for (const p of analysed) expect(p.lost).toBeGreaterThanOrEqual(0);
    for (let i = 1; i < analysed.length; i++) expect(analysed[i]!.before).toBe(analysed[i - 1]!.after);
    // So the tricks lost by the side's cards, less those given away by the other side, lead from the first analysed DD value to the tricks won.
    const lostBySide = analysed.filter((p) => side.includes(p.seat)).reduce((s, p) => s + p.lost!, 0);
    const giftedByOthers = analysed.filter((p) => !side.includes(p.seat)).reduce((s, p) => s + p.lost!, 0);
    const sideTricks = side.reduce<number>((s, seat) => s + recorded.result!.tricksWon[seat]!, 0);
    expect(analysed[0]!.before! - lostBySide + giftedByOthers).toBe(sideTricks);
    expect(analysed.at(-1)!.after).toBe(sideTricks);

    // Cached: the same answer again, without another solve.
    const again = performance.now();
    expect(await testCaller().history.analyzeHand({ matchId, handIndex: 0 })).toEqual(res);
    expect(performance.now() - again).toBeLessThan(firstMs);
  }, 60_000);

  it("reports a timeout when the solve outlasts its time limit, and refuses unknown hands and matches", async () => {
    const { matchId } = await storedMatch("limits");
    expect(await analyzeMatchHand(testDb(), matchId, 0, { maxHandSize: 13, timeLimitMs: 50 })).toEqual({ ok: true, value: { status: "timeout", maxHandSize: 13 } });
    await expect(testCaller().history.analyzeHand({ matchId, handIndex: 999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(testCaller().history.analyzeHand({ matchId: "no-such-match", handIndex: 0 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  }, 30_000);
});
