/**
 * What one seat did in a finished match, read from its game record: hands
 * played, how often as declarer, declarer's partner or defender, and the
 * contracts it declared (how many of each bid, how many made).
 */
import type { GameRecord } from "@/engine";

export interface SeatStats {
  deals: number;
  asDeclarer: number;
  asPartner: number;
  asDefender: number;
  /** { [bid]: [declared, made] } */
  contracts: Record<string, [number, number]>;
}

export function seatStats(record: GameRecord, seat: number): SeatStats {
  const stats: SeatStats = { deals: 0, asDeclarer: 0, asPartner: 0, asDefender: 0, contracts: {} };
  for (const hand of record.hands) {
    const r = hand.result;
    if (!r || r.outcome === "redeal") continue;
    stats.deals++;
    const c = r.contract;
    if (!c || c.declarer === null) continue;
    if (c.declarer === seat) {
      stats.asDeclarer++;
      const entry = (stats.contracts[c.bid] ??= [0, 0]);
      entry[0]++;
      if (r.outcome === "made") entry[1]++;
    } else if (c.partners.includes(seat)) stats.asPartner++;
    else stats.asDefender++;
  }
  return stats;
}

/** Adds per-match contract tallies together. */
export function mergeContracts(all: readonly Record<string, [number, number]>[]): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const c of all)
    for (const [bid, [n, made]] of Object.entries(c)) {
      const e = (out[bid] ??= [0, 0]);
      e[0] += n;
      e[1] += made;
    }
  return out;
}
