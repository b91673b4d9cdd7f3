/**
 * The points so far of an event's tables still playing, so the standings
 * move with every finished deal, not only with every finished table. A
 * table's hands are rebuilt by replaying its stored actions from its seed
 * (the live tables' own truth); the result is kept per table and version in
 * this process, so a table is replayed again only after it moved.
 */
import type { DbTx } from "@/server/db";
import { listPlayingTables, listTableActions } from "@/server/modules/matches/in-play-repository";
import { replayMatch } from "@/server/modules/matches/match-record";

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
    const state = replayMatch(r, actions);
    const points = state ? state.results.map((h) => h.points.slice()) : [];
    if (cache.size >= KEPT) cache.clear();
    cache.set(r.id, { seq: r.seq, points });
    out.set(r.id, points);
  }
  return out;
}
