/**
 * History: every database access of the module (finished matches, their
 * history rows per player), each with an explicit select. The replay
 * analysis rows have their own repository (analysis-repository.ts).
 */
import { Prisma } from "@/generated/prisma/client";
import type { DbTx } from "@/server/db";
import type { HistoryFilter } from "./schema";

export interface HistoryCursor {
  readonly finishedAt: Date;
  readonly matchId: string;
}

export type HistoryRow = { matchId: string; seat: number; variant: string; clubId: string | null; ranked: boolean; finishedAt: Date; score: number; place: number; leftEarly: boolean };

/** The page query, shared with the measurement script (keyset on (finishedAt, matchId) over the MatchPlayer indexes). */
export function historyQuery(userId: string, f: HistoryFilter, cursor: HistoryCursor | null, take: number): Prisma.Sql {
  const conds: Prisma.Sql[] = [Prisma.sql`p."userId" = ${userId}`];
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

export function findHistoryRows(db: DbTx, userId: string, f: HistoryFilter, cursor: HistoryCursor | null, take: number): Promise<HistoryRow[]> {
  return db.$queryRaw<HistoryRow[]>(historyQuery(userId, f, cursor, take));
}

/** Who played and the final totals of these matches. */
export function findMatchLineups(db: DbTx, matchIds: readonly string[]) {
  return db.match.findMany({ where: { id: { in: [...matchIds] } }, select: { id: true, players: true, scores: true } });
}

export function findMatch(db: DbTx, matchId: string) {
  return db.match.findUnique({ where: { id: matchId }, select: { id: true, tableId: true, variant: true, finishedAt: true, record: true, players: true, scores: true } });
}

/** A match's table and game record (for its analysis). */
export function findMatchRecord(db: DbTx, matchId: string) {
  return db.match.findUnique({ where: { id: matchId }, select: { tableId: true, record: true } });
}

/** The rating changes a match caused. */
export function findMatchRatingChanges(db: DbTx, matchId: string) {
  return db.ratingChange.findMany({ where: { matchId }, select: { userId: true, muBefore: true, mu: true, place: true, leftEarly: true } });
}

/** A player's history rows summed per variant (matches, deals, roles, points). */
export function sumPlayerRows(db: DbTx, userId: string) {
  return db.matchPlayer.groupBy({
    by: ["variant"],
    where: { userId },
    _count: { _all: true },
    _sum: { deals: true, asDeclarer: true, asPartner: true, asDefender: true, score: true },
  });
}

/** A player's wins per variant (first place, not left early). */
export function countPlayerWins(db: DbTx, userId: string) {
  return db.matchPlayer.groupBy({ by: ["variant"], where: { userId, place: 1, leftEarly: false }, _count: { _all: true } });
}

/** The contract tallies of a player's matches as declarer, newest first (at most `take`). */
export function findPlayerContracts(db: DbTx, userId: string, take: number) {
  return db.matchPlayer.findMany({ where: { userId, asDeclarer: { gt: 0 } }, select: { variant: true, contracts: true }, take, orderBy: { finishedAt: "desc" } });
}

export type MatchPlayerRow = Prisma.MatchPlayerCreateManyInput;

/** The history rows of a finished match (in the transaction that stores it). */
export async function createMatchPlayers(db: DbTx, rows: readonly MatchPlayerRow[]): Promise<void> {
  if (rows.length) await db.matchPlayer.createMany({ data: [...rows] });
}
