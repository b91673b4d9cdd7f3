/**
 * Matches still in play, read from their tables' rows and stored actions
 * (the live tables' own truth): for the events' standings, which move with
 * every finished deal, and for the replay analysis of a hand finished
 * while its match goes on.
 */
import type { SeatOccupant } from "@/protocol";
import type { DbTx } from "@/server/db";
import type { Action, Seat } from "@/engine/types";
import type { GameRecord } from "@/engine";
import type { StoredAction } from "@/server/realtime/store";
import { type MatchTable, matchIdOf, matchRecord } from "./match-record";

/** The tables among `tableIds` whose match is in play, with what their match depends on and their version. */
export async function listPlayingTables(db: DbTx, tableIds: readonly string[]): Promise<(MatchTable & { readonly seq: number })[]> {
  const rows = await db.table.findMany({
    where: { id: { in: [...tableIds] }, status: "playing" },
    select: { id: true, variant: true, options: true, seats: true, seed: true, seq: true },
  });
  return rows.map((r) => ({ ...r, options: r.options as Record<string, unknown>, seats: r.seats as unknown as (SeatOccupant | null)[] }));
}

/** A live table's stored actions, in order. */
export async function listTableActions(db: DbTx, tableId: string): Promise<StoredAction[]> {
  const rows = await db.tableEvent.findMany({ where: { tableId }, orderBy: { seq: "asc" }, select: { seq: true, seat: true, action: true, byBot: true } });
  return rows.map((a) => ({ seq: a.seq, seat: a.seat as Seat, action: a.action as unknown as Action, byBot: a.byBot }));
}

/**
 * The game record so far of the match in play at `tableId`, when that match is `matchId` (see
 * matchIdOf); null when it is not (the match ended, was abandoned, or is another).
 */
export async function recordInPlay(db: DbTx, tableId: string, matchId: string): Promise<GameRecord | null> {
  const [table] = await listPlayingTables(db, [tableId]);
  if (!table?.seed || matchIdOf(table.id, table.seed) !== matchId) return null;
  const actions = await listTableActions(db, tableId);
  return matchRecord(table, actions);
}
