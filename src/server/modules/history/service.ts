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
 */
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db";
import { failure, success, type ServiceError, type ServiceResult } from "@/server/api/errors";
import type { SeatOccupant } from "@/protocol";
import { clubTableAccess } from "@/server/modules/clubs/access";
import { mergeContracts } from "./seat-stats";
import type { HistoryFilter } from "./schema";

export interface HistoryCursor {
  readonly finishedAt: Date;
  readonly matchId: string;
}

export const encodeCursor = (c: HistoryCursor) => `${c.finishedAt.toISOString()}_${c.matchId}`;
export function decodeCursor(s: string): HistoryCursor | null {
  const i = s.indexOf("_");
  const at = new Date(s.slice(0, i));
  return i > 0 && !Number.isNaN(at.getTime()) ? { finishedAt: at, matchId: s.slice(i + 1) } : null;
}

type HistoryRow = { matchId: string; seat: number; variant: string; clubId: string | null; ranked: boolean; finishedAt: Date; score: number; place: number; leftEarly: boolean };

/**
 * A history row (alias p) another viewer may see: no club's, a club the viewer
 * belongs to, or a club table that let guests watch.
 */
export function visibleRowSql(viewerId: string | null): Prisma.Sql {
  const member = viewerId
    ? Prisma.sql` OR EXISTS (SELECT 1 FROM "ClubMember" cm WHERE cm."clubId" = p."clubId" AND cm."userId" = ${viewerId})`
    : Prisma.empty;
  return Prisma.sql`(p."clubId" IS NULL${member} OR EXISTS (SELECT 1 FROM "Match" vm JOIN "ClubTable" ct ON ct."tableId" = vm."tableId" WHERE vm.id = p."matchId" AND ct."guestsMayWatch"))`;
}

/** The page query, shared with the measurement script. `viewerId` other than `userId`: only rows that viewer may see. */
export function historyQuery(userId: string, f: HistoryFilter, cursor: HistoryCursor | null, take: number, viewerId: string | null = userId): Prisma.Sql {
  const conds: Prisma.Sql[] = [Prisma.sql`p."userId" = ${userId}`];
  if (viewerId !== userId) conds.push(visibleRowSql(viewerId));
  if (f.variant) conds.push(Prisma.sql`p.variant = ${f.variant}`);
  if (f.clubId) conds.push(Prisma.sql`p."clubId" = ${f.clubId}`);
  if (f.from) conds.push(Prisma.sql`p."finishedAt" >= ${f.from}`);
  if (f.to) conds.push(Prisma.sql`p."finishedAt" < ${f.to}`);
  if (f.opponentId)
    conds.push(Prisma.sql`EXISTS (SELECT 1 FROM "MatchPlayer" o WHERE o."matchId" = p."matchId" AND o."userId" = ${f.opponentId} AND o.seat <> p.seat)`);
  if (cursor) conds.push(Prisma.sql`(p."finishedAt", p."matchId") < (${cursor.finishedAt}, ${cursor.matchId})`);
  return Prisma.sql`SELECT p."matchId", p.seat, p.variant, p."clubId", p.ranked, p."finishedAt", p.score, p.place, p."leftEarly"
    FROM "MatchPlayer" p WHERE ${Prisma.join(conds, " AND ")}
    ORDER BY p."finishedAt" DESC, p."matchId" DESC LIMIT ${take}`;
}

export async function listHistory(db: Db, userId: string, f: HistoryFilter & { cursor?: string | null; limit: number }, viewerId: string | null = userId) {
  const cursor = f.cursor ? decodeCursor(f.cursor) : null;
  const rows = await db.$queryRaw<HistoryRow[]>(historyQuery(userId, f, cursor, f.limit + 1, viewerId));
  const page = rows.slice(0, f.limit);
  const matches = await db.match.findMany({ where: { id: { in: page.map((r) => r.matchId) } }, select: { id: true, players: true, scores: true } });
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
  const m = await db.match.findUnique({ where: { id: matchId }, select: { id: true, tableId: true, variant: true, finishedAt: true, record: true, players: true, scores: true } });
  if (!m) return failure({ code: "NOT_FOUND", status: "NOT_FOUND", message: "No such match." });
  const refusal = await matchRefusal(db, m.tableId, userId);
  if (refusal) return failure(refusal);
  const changes = await db.ratingChange.findMany({ where: { matchId }, select: { userId: true, muBefore: true, mu: true, place: true, leftEarly: true } });
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

/** The player's history rows `viewerId` may see, as a Prisma filter (all of them for the player themself). */
export async function visibleRowsWhere(db: Db, userId: string, viewerId: string | null): Promise<Prisma.MatchPlayerWhereInput> {
  if (viewerId === userId) return { userId };
  const hidden = await db.$queryRaw<{ matchId: string }[]>`
    SELECT p."matchId" FROM "MatchPlayer" p WHERE p."userId" = ${userId} AND p."clubId" IS NOT NULL AND NOT ${visibleRowSql(viewerId)}`;
  return hidden.length ? { userId, matchId: { notIn: hidden.map((h) => h.matchId) } } : { userId };
}

/** Per variant: matches, wins, deals, average points per deal, roles and contracts declared/made (as `viewerId` may see them). */
export async function playerStats(db: Db, userId: string, viewerId: string | null = userId) {
  const where = await visibleRowsWhere(db, userId, viewerId);
  const groups = await db.matchPlayer.groupBy({
    by: ["variant"],
    where,
    _count: { _all: true },
    _sum: { deals: true, asDeclarer: true, asPartner: true, asDefender: true, score: true },
  });
  const wins = await db.matchPlayer.groupBy({ by: ["variant"], where: { ...where, place: 1, leftEarly: false }, _count: { _all: true } });
  const contractRows = await db.matchPlayer.findMany({ where: { ...where, asDeclarer: { gt: 0 } }, select: { variant: true, contracts: true }, take: 5000, orderBy: { finishedAt: "desc" } });
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
