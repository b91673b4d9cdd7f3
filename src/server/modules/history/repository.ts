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

/**
 * The page query, shared with the measurement script (keyset on (finishedAt, matchId) over the
 * MatchPlayer indexes). `viewerId` other than `userId`: only rows that viewer may see.
 */
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

export function findHistoryRows(db: DbTx, userId: string, f: HistoryFilter, cursor: HistoryCursor | null, take: number, viewerId: string | null = userId): Promise<HistoryRow[]> {
  return db.$queryRaw<HistoryRow[]>(historyQuery(userId, f, cursor, take, viewerId));
}

/** The player's matches `viewerId` may not see (club tables closed to them); none for the player themself. */
export async function findHiddenMatchIds(db: DbTx, userId: string, viewerId: string | null): Promise<string[]> {
  if (viewerId === userId) return [];
  const hidden = await db.$queryRaw<{ matchId: string }[]>`
    SELECT p."matchId" FROM "MatchPlayer" p WHERE p."userId" = ${userId} AND p."clubId" IS NOT NULL AND NOT ${visibleRowSql(viewerId)}`;
  return hidden.map((h) => h.matchId);
}

/** A player's history rows, less the `hidden` matches. */
const playerRows = (userId: string, hidden: readonly string[]): Prisma.MatchPlayerWhereInput => (hidden.length ? { userId, matchId: { notIn: [...hidden] } } : { userId });

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

/** A player's history rows (less `hidden`) summed per variant (matches, deals, roles, points). */
export function sumPlayerRows(db: DbTx, userId: string, hidden: readonly string[] = []) {
  return db.matchPlayer.groupBy({
    by: ["variant"],
    where: playerRows(userId, hidden),
    _count: { _all: true },
    _sum: { deals: true, asDeclarer: true, asPartner: true, asDefender: true, score: true },
  });
}

/** A player's wins per variant (first place, not left early; less `hidden`). */
export function countPlayerWins(db: DbTx, userId: string, hidden: readonly string[] = []) {
  return db.matchPlayer.groupBy({ by: ["variant"], where: { ...playerRows(userId, hidden), place: 1, leftEarly: false }, _count: { _all: true } });
}

/** The contract tallies of a player's matches as declarer, newest first (at most `take`; less `hidden`). */
export function findPlayerContracts(db: DbTx, userId: string, take: number, hidden: readonly string[] = []) {
  return db.matchPlayer.findMany({ where: { ...playerRows(userId, hidden), asDeclarer: { gt: 0 } }, select: { variant: true, contracts: true }, take, orderBy: { finishedAt: "desc" } });
}

export type MatchPlayerRow = Prisma.MatchPlayerCreateManyInput;

/** The history rows of a finished match (in the transaction that stores it). */
export async function createMatchPlayers(db: DbTx, rows: readonly MatchPlayerRow[]): Promise<void> {
  if (rows.length) await db.matchPlayer.createMany({ data: [...rows] });
}

/** `%`, `_` and `\\` typed by a person match themselves in ILIKE. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type NameSuggestion = { id: string; name: string };

/**
 * Clubs whose name contains `text`, among the viewer's own: clubs they belong to and
 * clubs whose tables they played at (their own history shows those). Never another
 * members-only club: a name they could not see elsewhere.
 */
export function suggestClubs(db: DbTx, viewerId: string, text: string, take: number): Promise<NameSuggestion[]> {
  return db.$queryRaw<NameSuggestion[]>`
    SELECT c.id, c.name FROM "Club" c
    WHERE c.name ILIKE ${likePattern(text)}
      AND (EXISTS (SELECT 1 FROM "ClubMember" cm WHERE cm."clubId" = c.id AND cm."userId" = ${viewerId})
        OR EXISTS (SELECT 1 FROM "MatchPlayer" p WHERE p."clubId" = c.id AND p."userId" = ${viewerId}))
    ORDER BY lower(c.name), c.id LIMIT ${take}`;
}

/** People whose display name contains `text`, among those who sat at one of the viewer's finished matches. */
export function suggestOpponents(db: DbTx, viewerId: string, text: string, take: number): Promise<NameSuggestion[]> {
  return db.$queryRaw<NameSuggestion[]>`
    SELECT u.id, u."displayName" AS name FROM "User" u
    WHERE u."displayName" ILIKE ${likePattern(text)} AND u.id <> ${viewerId}
      AND EXISTS (SELECT 1 FROM "MatchPlayer" p JOIN "MatchPlayer" o ON o."matchId" = p."matchId" AND o.seat <> p.seat
                  WHERE p."userId" = ${viewerId} AND o."userId" = u.id)
    ORDER BY lower(u."displayName"), u.id LIMIT ${take}`;
}

/** The names behind a history filter's ids, as the viewer may know them (else null: the id alone is shown as unknown). */
export async function filterLabels(db: DbTx, viewerId: string, f: { clubId?: string; opponentId?: string }): Promise<{ club: string | null; opponent: string | null }> {
  const [club] = f.clubId
    ? await db.$queryRaw<{ name: string }[]>`
        SELECT c.name FROM "Club" c WHERE c.id = ${f.clubId}
          AND (EXISTS (SELECT 1 FROM "ClubMember" cm WHERE cm."clubId" = c.id AND cm."userId" = ${viewerId})
            OR EXISTS (SELECT 1 FROM "MatchPlayer" p WHERE p."clubId" = c.id AND p."userId" = ${viewerId}))`
    : [];
  const [opponent] = f.opponentId
    ? await db.$queryRaw<{ name: string }[]>`
        SELECT u."displayName" AS name FROM "User" u WHERE u.id = ${f.opponentId}
          AND EXISTS (SELECT 1 FROM "MatchPlayer" p JOIN "MatchPlayer" o ON o."matchId" = p."matchId" AND o.seat <> p.seat
                      WHERE p."userId" = ${viewerId} AND o."userId" = u.id)`
    : [];
  return { club: club?.name ?? null, opponent: opponent?.name ?? null };
}
