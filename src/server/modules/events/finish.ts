/**
 * The event's part of a match's finishing step (history's recordFinishedMatch
 * calls it inside the transaction that stores the match): an event table's
 * per-deal points and totals, stored once. Kept apart from runner.ts so the
 * finishing step imports nothing of the live tables.
 */
import { parseRecord } from "@/engine";
import type { Tx } from "@/server/db";
import { findEventTableStatus, storeEventTableFinish } from "./repository";

/** Called by the finishing step of every match, inside its transaction: stores an event table's per-deal points. */
export async function recordEventTableFinish(tx: Tx, m: { tableId: string; matchId: string; record: unknown; scores: readonly number[] }): Promise<boolean> {
  if ((await findEventTableStatus(tx, m.tableId)) !== "playing") return false;
  const parsed = parseRecord(m.record);
  const points = parsed.ok ? parsed.value.hands.filter((h) => h.result).map((h) => h.result!.points.slice()) : [];
  await storeEventTableFinish(tx, { tableId: m.tableId, matchId: m.matchId, points, scores: [...m.scores] });
  return true;
}
