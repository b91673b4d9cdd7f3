/**
 * Game history: a player's finished matches, newest first, filtered by
 * variant, club, date range and opponent, paged by keyset on
 * (finishedAt, matchId) over the MatchPlayer indexes (no OFFSET, so page 500
 * costs what page 1 costs); one finished match with its stored game record
 * (the replay is computed from that record by the engine), for those allowed
 * to see it; and a player's statistics summed over their history rows.
 * Someone else's history, statistics and ratings leave out matches of club
 * tables the viewer may not see (members only, unless the club let guests
 * watch that table): the seat rules' club rule (realtime/seating.ts).
 * The filters' autocomplete suggests only names the viewer knows: their own
 * clubs (or clubs they played at) and the people they played with.
 */
import type { Db } from "@/server/db";
import { failure, success, type ServiceError, type ServiceResult } from "@/server/api/errors";
import type { SeatOccupant } from "@/protocol";
import { clubTableAccess } from "@/server/modules/clubs/access";
import { mergeContracts } from "./seat-stats";
import { SUGGESTION_LIMIT, type HistoryFilter } from "./schema";
import {
  countPlayerWins,
  findHistoryRows,
  findMatch,
  findMatchLineups,
  findMatchRatingChanges,
  findHiddenMatchIds,
  findPlayerContracts,
  type HistoryCursor,
  sumPlayerRows,
  suggestClubs,
  suggestOpponents,
  type NameSuggestion,
} from "./repository";

export { filterLabels } from "./repository";

export { historyQuery, visibleRowSql, type HistoryCursor } from "./repository";

export const encodeCursor = (c: HistoryCursor) => `${c.finishedAt.toISOString()}_${c.matchId}`;
export function decodeCursor(s: string): HistoryCursor | null {
  const i = s.indexOf("_");
  const at = new Date(s.slice(0, i));
  return i > 0 && !Number.isNaN(at.getTime()) ? { finishedAt: at, matchId: s.slice(i + 1) } : null;
}

export async function listHistory(db: Db, userId: string, f: HistoryFilter & { cursor?: string | null; limit: number }, viewerId: string | null = userId) {
  const cursor = f.cursor ? decodeCursor(f.cursor) : null;
  const rows = await findHistoryRows(db, userId, f, cursor, f.limit + 1, viewerId);
  const page = rows.slice(0, f.limit);
  const matches = await findMatchLineups(db, page.map((r) => r.matchId));
  const byId = new Map(matches.map((m) => [m.id, m]));
  const last = page[page.length - 1];
  return {
    items: page.map((r) => {
      const m = byId.get(r.matchId);
      return { ...r, players: (m?.players ?? []) as unknown as (SeatOccupant | null)[], scores: (m?.scores ?? []) as number[] };
    }),
    nextCursor: rows.length > f.limit && last ? encodeCursor({ finishedAt: last.finishedAt, matchId: last.matchId }) : null,
  };
}

/** Names for the history filters' autocomplete (2+ characters, a few at most), only ones the viewer knows. */
export function suggestNames(db: Db, viewerId: string, kind: "club" | "opponent", text: string): Promise<NameSuggestion[]> {
  return kind === "club" ? suggestClubs(db, viewerId, text, SUGGESTION_LIMIT) : suggestOpponents(db, viewerId, text, SUGGESTION_LIMIT);
}

/**
 * Who may see a finished match (its replay, record and analysis): anyone, except a club
 * table's match, which only the club's members see, unless the club let guests watch that
 * table (the same rule as watching the live table).
 */
export async function matchRefusal(db: Db, tableId: string, userId: string | null): Promise<ServiceError | null> {
  const refusal = await clubTableAccess(db, tableId, userId, "watch");
  return refusal && { code: "MATCH_MEMBERS_ONLY", status: "FORBIDDEN", message: refusal.message };
}

/** One finished match, for a viewer allowed to see it: its game record, who played, and the rating changes it caused. */
export async function getMatch(db: Db, matchId: string, userId: string | null): Promise<ServiceResult<{
  id: string;
  variant: string;
  finishedAt: Date;
  record: unknown;
  players: (SeatOccupant | null)[];
  scores: number[];
  ranked: boolean;
  ratingChanges: { userId: string; before: number; after: number; place: number; leftEarly: boolean }[];
}>> {
  const m = await findMatch(db, matchId);
  if (!m) return failure({ code: "NOT_FOUND", status: "NOT_FOUND", message: "No such match." });
  const refusal = await matchRefusal(db, m.tableId, userId);
  if (refusal) return failure(refusal);
  const changes = await findMatchRatingChanges(db, matchId);
  const scale = (x: number) => Math.round(x * 40);
  return success({
    id: m.id,
    variant: m.variant,
    finishedAt: m.finishedAt,
    record: m.record,
    players: m.players as unknown as (SeatOccupant | null)[],
    scores: m.scores as number[],
    ranked: changes.length > 0,
    ratingChanges: changes.map((c) => ({ userId: c.userId, before: scale(c.muBefore), after: scale(c.mu), place: c.place, leftEarly: c.leftEarly })),
  });
}

/** Per variant: matches, wins, deals, average points per deal, roles and contracts declared/made (as `viewerId` may see them). */
export async function playerStats(db: Db, userId: string, viewerId: string | null = userId) {
  const hidden = await findHiddenMatchIds(db, userId, viewerId);
  const groups = await sumPlayerRows(db, userId, hidden);
  const wins = await countPlayerWins(db, userId, hidden);
  const contractRows = await findPlayerContracts(db, userId, 5000, hidden);
  return groups.map((g) => {
    const deals = g._sum.deals ?? 0;
    return {
      variant: g.variant,
      matches: g._count._all,
      wins: wins.find((w) => w.variant === g.variant)?._count._all ?? 0,
      deals,
      pointsPerDeal: deals ? (g._sum.score ?? 0) / deals : 0,
      asDeclarer: g._sum.asDeclarer ?? 0,
      asPartner: g._sum.asPartner ?? 0,
      asDefender: g._sum.asDefender ?? 0,
      contracts: mergeContracts(contractRows.filter((r) => r.variant === g.variant).map((r) => r.contracts as Record<string, [number, number]>)),
    };
  });
}
