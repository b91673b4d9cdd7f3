/**
 * Ranked play: every database access of the module (the queue, ranked
 * tables and their players), each with an explicit select.
 */
import type { DbTx, Tx } from "@/server/db";

export interface QueueEntry {
  readonly userId: string;
  readonly ordinal: number;
  readonly joinedAt: Date;
}

// ---------------------------------------------------------------- queue

/** Serialises matchmaking of one variant across processes, until the transaction ends. */
export async function lockVariantQueue(tx: Tx, variant: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`ranked:${variant}`}))`;
}

/** Drops entries whose queue page stopped polling before `before`. */
export async function dropStaleEntries(db: DbTx, variant: string, before: Date): Promise<void> {
  await db.rankedQueueEntry.deleteMany({ where: { variant, seenAt: { lt: before } } });
}

/**
 * Players of a variant whose page polled since `seenSince`, longest waiting first, their entries
 * locked for the transaction: a join or a taken offer (lockQueueEntry) waits and then finds its
 * player matched, or is waited for and its player left out if it took them out of this queue.
 */
export function lockWaiting(tx: Tx, variant: string, seenSince: Date, take: number): Promise<QueueEntry[]> {
  return tx.$queryRaw<QueueEntry[]>`
    SELECT "userId", ordinal, "joinedAt" FROM "RankedQueueEntry"
    WHERE variant = ${variant} AND "seenAt" >= ${seenSince} ORDER BY "joinedAt" LIMIT ${take} FOR UPDATE`;
}

export function findQueueEntry(db: DbTx, userId: string) {
  return db.rankedQueueEntry.findUnique({ where: { userId }, select: { variant: true, joinedAt: true } });
}

/** The player's entry (if any), locked for the transaction: matching that would seat them waits, or is waited for. */
export async function lockQueueEntry(tx: Tx, userId: string): Promise<{ variant: string; joinedAt: Date } | null> {
  const rows = await tx.$queryRaw<{ variant: string; joinedAt: Date }[]>`
    SELECT variant, "joinedAt" FROM "RankedQueueEntry" WHERE "userId" = ${userId} FOR UPDATE`;
  return rows[0] ?? null;
}

/** The player's queue page polled at `at`. */
export async function touchQueueEntry(db: DbTx, userId: string, at: Date): Promise<void> {
  await db.rankedQueueEntry.updateMany({ where: { userId }, data: { seenAt: at } });
}

export function countWaiting(db: DbTx, variant: string): Promise<number> {
  return db.rankedQueueEntry.count({ where: { variant } });
}

/** Queue lengths per variant (only variants someone waits for), in variant order. */
export async function countWaitingByVariant(db: DbTx): Promise<{ variant: string; count: number }[]> {
  const groups = await db.rankedQueueEntry.groupBy({ by: ["variant"], _count: { _all: true }, orderBy: { variant: "asc" } });
  return groups.map((g) => ({ variant: g.variant, count: g._count._all }));
}

/** Puts the player in a variant's queue (or moves them there), joined at `at`. */
export async function upsertQueueEntry(db: DbTx, entry: { userId: string; variant: string; ordinal: number; at: Date }): Promise<void> {
  const data = { variant: entry.variant, ordinal: entry.ordinal, joinedAt: entry.at, seenAt: entry.at };
  await db.rankedQueueEntry.upsert({ where: { userId: entry.userId }, create: { userId: entry.userId, ...data }, update: data, select: { userId: true } });
}

export async function removeQueueEntries(db: DbTx, userIds: readonly string[]): Promise<void> {
  await db.rankedQueueEntry.deleteMany({ where: { userId: { in: [...userIds] } } });
}

// ---------------------------------------------------------------- ranked tables

export function findRankedTable(db: DbTx, tableId: string) {
  return db.rankedTable.findUnique({ where: { tableId }, select: { scope: true, userIds: true } });
}

export async function createRankedTable(db: DbTx, row: { tableId: string; variant: string; scope: string; userIds: readonly string[] }): Promise<void> {
  await db.rankedTable.create({ data: { ...row, userIds: [...row.userIds] }, select: { tableId: true } });
}

/** Records a ranked table's players, unless it already has them. */
export async function setRankedPlayers(db: DbTx, tableId: string, userIds: readonly string[]): Promise<void> {
  await db.rankedTable.updateMany({ where: { tableId, userIds: { isEmpty: true } }, data: { userIds: [...userIds] } });
}

/** The ranked table the player is playing at now, if any (among their latest five). */
export async function findActiveRankedTable(db: DbTx, userId: string): Promise<{ tableId: string; variant: string } | null> {
  const rows = await db.rankedTable.findMany({ where: { userIds: { has: userId } }, orderBy: { createdAt: "desc" }, take: 5, select: { tableId: true, variant: true } });
  if (!rows.length) return null;
  const playing = await db.table.findFirst({ where: { id: { in: rows.map((r) => r.tableId) }, status: "playing" }, select: { id: true } });
  return playing ? rows.find((r) => r.tableId === playing.id)! : null;
}
