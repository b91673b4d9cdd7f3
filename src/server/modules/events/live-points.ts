/**
 * The points so far of an event's tables still playing, so the standings
 * move with every finished deal, not only with every finished table. A
 * table's hands are rebuilt by replaying its stored actions from its seed
 * (the live tables' own truth); the result is kept per table and version in
 * this process, so a table is replayed again only after it moved.
 */
import { replayMatch } from "@/server/modules/matches/lifecycle";
import type { SeatOccupant, TableStatus } from "@/protocol";
import type { DbTx } from "@/server/db";
import type { Action, Seat } from "@/engine/types";
import { listPlayingTables, listTableActions } from "./repository";

const cache = new Map<string, { seq: number; points: number[][] }>();
const KEPT = 5000;

/** Per table id, the points of each finished deal by seat (tables not in play are left out). */
export async function livePoints(db: DbTx, tableIds: readonly string[]): Promise<Map<string, number[][]>> {
  const out = new Map<string, number[][]>();
  if (tableIds.length === 0) return out;
  const rows = await listPlayingTables(db, tableIds);
  for (const r of rows) {
    const hit = cache.get(r.id);
    if (hit && hit.seq === r.seq) {
      out.set(r.id, hit.points);
      continue;
    }
    const actions = await listTableActions(db, r.id);
    const state = replayMatch(
      {
        id: r.id, variant: r.variant, options: r.options as Record<string, unknown>, seats: r.seats as unknown as SeatOccupant[], seed: r.seed, seq: r.seq, status: r.status as TableStatus,
        isPrivate: false, inviteCode: "", createdById: "", turnSeconds: 0, botBudgetMs: null, trickPauseMs: 0, rematchTableId: null, lastActionAt: 0, createdAt: 0, handOwners: null, ranked: false, fixedSeats: null,
      },
      actions.map((a) => ({ seq: a.seq, seat: a.seat as Seat, action: a.action as unknown as Action, byBot: a.byBot })),
    );
    const points = state ? state.results.map((h) => h.points.slice()) : [];
    if (cache.size >= KEPT) cache.clear();
    cache.set(r.id, { seq: r.seq, points });
    out.set(r.id, points);
  }
  return out;
}
