/**
 * The event's part of a match's finishing step (history's recordFinishedMatch
 * calls it inside the transaction that stores the match): an event table's
 * per-deal points and totals, stored once. Kept apart from runner.ts so the
 * finishing step imports nothing of the live tables.
 */
import { parseRecord } from "@/engine";
import type { Db, DbTx } from "@/server/db";

type Tx = Exclude<DbTx, Db>;

/** Called by the finishing step of every match, inside its transaction: stores an event table's per-deal points. */
export async function recordEventTableFinish(tx: Tx, m: { tableId: string; matchId: string; record: unknown; scores: readonly number[] }): Promise<boolean> {
  const row = await tx.eventTable.findUnique({ where: { tableId: m.tableId }, select: { status: true } });
  if (!row || row.status !== "playing") return false;
  const parsed = parseRecord(m.record);
  const points = parsed.ok ? parsed.value.hands.filter((h) => h.result).map((h) => h.result!.points.slice()) : [];
  await tx.eventTable.update({ where: { tableId: m.tableId }, data: { status: "finished", matchId: m.matchId, points, scores: [...m.scores] } });
  return true;
}
