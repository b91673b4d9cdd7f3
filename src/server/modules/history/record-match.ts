/**
 * What happens in the database when a live match ends, inside the same
 * transaction that stores the Match row: one MatchPlayer history row per
 * human seat (with that seat's statistics), for a ranked table the rating
 * update, and every played hand queued for its replay analysis. A ranked seat whose starting player is no longer in it at
 * the end (they left and a computer player took over) is rated as a loss for
 * that player, who still gets the history row.
 */
import { parseRecord } from "@/engine";
import type { Tx } from "@/server/db";
import type { SeatOccupant } from "@/protocol";
import { applyMatchRatings } from "@/server/modules/ratings/service";
import { ranksOf, teamsOf } from "@/server/modules/ratings/rating-system";
import { findRankedTable } from "@/server/modules/ranked/repository";
import { findClubTable } from "@/server/modules/clubs/repository";
import { seatStats } from "./seat-stats";
import { queueMatchAnalysis } from "./analysis";
import { createMatchPlayers, type MatchPlayerRow } from "./repository";
import { recordEventTableFinish } from "@/server/modules/events/finish";

export interface FinishedMatchRow {
  readonly matchId: string;
  readonly tableId: string;
  readonly variant: string;
  readonly record: unknown;
  readonly players: readonly (SeatOccupant | null)[];
  readonly scores: readonly number[];
  readonly finishedAt: Date;
}

/** Places by final totals (higher is better, equal totals share the place): per player, or per pair in partnership variants. */
export function placesOf(variant: string, scores: readonly number[]): number[] {
  const teams = teamsOf(variant, scores.length);
  const teamRanks = ranksOf(teams.map((t) => scores[t[0]!]!));
  const out: number[] = [];
  teams.forEach((t, i) => t.forEach((s) => (out[s] = teamRanks[i]!)));
  return out;
}

export async function recordFinishedMatch(tx: Tx, m: FinishedMatchRow): Promise<void> {
  const parsed = parseRecord(m.record);
  if (!parsed.ok) throw new Error(`match ${m.matchId}: its game record is invalid: ${parsed.error.message}`);
  const record = parsed.value;
  const [ranked, club] = await Promise.all([findRankedTable(tx, m.tableId), findClubTable(tx, m.tableId)]);
  const finalUser = (seat: number) => {
    const o = m.players[seat];
    return o?.kind === "human" ? o.userId : null;
  };
  // A ranked table is rated when its starting players are known, one per seat (a club table started with a computer player is not).
  const rated = ranked !== null && ranked.userIds.length > 0 && ranked.userIds.length === m.players.length;
  // Who each seat's result belongs to: the rated table's starting players, else whoever sat there at the end.
  const owners = m.players.map((_, s) => (rated ? ranked.userIds[s]! : finalUser(s)));
  const leftEarly = owners.map((u, s) => rated && finalUser(s) !== u);
  let places = placesOf(m.variant, m.scores);
  if (rated) {
    places = await applyMatchRatings(tx, {
      matchId: m.matchId,
      variant: m.variant,
      scope: ranked.scope,
      players: owners.map((userId, s) => ({ userId: userId!, score: m.scores[s]!, leftEarly: leftEarly[s]! })),
      at: m.finishedAt,
    });
  }
  const rows: MatchPlayerRow[] = [];
  owners.forEach((userId, seat) => {
    if (!userId) return;
    const stats = seatStats(record, seat);
    rows.push({
      matchId: m.matchId,
      seat,
      userId,
      variant: m.variant,
      clubId: club?.clubId ?? null,
      ranked: rated,
      finishedAt: m.finishedAt,
      score: m.scores[seat]!,
      place: places[seat]!,
      leftEarly: leftEarly[seat]!,
      deals: stats.deals,
      asDeclarer: stats.asDeclarer,
      asPartner: stats.asPartner,
      asDefender: stats.asDefender,
      contracts: stats.contracts,
    });
  });
  await createMatchPlayers(tx, rows);
  await queueMatchAnalysis(tx, m.matchId, m.record);
  // A club event's table: its per-deal points go to the event's standings.
  await recordEventTableFinish(tx, m);
}
