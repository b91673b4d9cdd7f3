/**
 * Auth: every database access for sessions and one-time account tokens, each
 * with an explicit select.
 */
import type { Db, DbTx, Tx } from "@/server/db";
import type { AccountTokenPurpose } from "@/generated/prisma/enums";

const sessionSelect = {
  id: true,
  userId: true,
  lastSeenAt: true,
  expiresAt: true,
  user: { select: { id: true, displayName: true, locale: true } },
} as const;

export function createSessionRow(db: DbTx, data: { id: string; userId: string; expiresAt: Date; now: Date }) {
  return db.authSession.create({
    data: { id: data.id, userId: data.userId, expiresAt: data.expiresAt, createdAt: data.now, lastSeenAt: data.now },
    select: { id: true },
  });
}

/** Share-locks the user's row for the transaction while its password hash is `passwordHash`; false when it is not (changed, or no such user). */
export async function lockUserWithPassword(tx: Tx, userId: string, passwordHash: string): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "User" WHERE id = ${userId} AND "passwordHash" = ${passwordHash} FOR SHARE`;
  return rows.length === 1;
}

export function findSessionWithUser(db: Db, id: string) {
  return db.authSession.findUnique({ where: { id }, select: sessionSelect });
}

export function touchSessionRow(db: Db, id: string, now: Date) {
  return db.authSession.updateMany({ where: { id }, data: { lastSeenAt: now } });
}

export async function deleteSessionRow(db: Db, id: string): Promise<boolean> {
  const { count } = await db.authSession.deleteMany({ where: { id } });
  return count > 0;
}

export async function deleteUserSessionRows(db: Db, userId: string): Promise<number> {
  const { count } = await db.authSession.deleteMany({ where: { userId } });
  return count;
}

/** Deletes every session of a user but one; returns the ids it deleted. */
export async function deleteOtherSessionRows(db: Db, userId: string, keepId: string): Promise<string[]> {
  const rows = await db.authSession.findMany({ where: { userId, id: { not: keepId } }, select: { id: true } });
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await db.authSession.deleteMany({ where: { id: { in: ids } } });
  return ids;
}

export function countUserSessionRows(db: Db, userId: string): Promise<number> {
  return db.authSession.count({ where: { userId } });
}

/** Removes sessions past their end or idle since before `idleBefore`. */
export async function deleteStaleSessionRows(db: Db, now: Date, idleBefore: Date): Promise<number> {
  const { count } = await db.authSession.deleteMany({ where: { OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lt: idleBefore } }] } });
  return count;
}

export function createAccountTokenRow(db: DbTx, data: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; expiresAt: Date; now: Date }) {
  return db.accountToken.create({
    data: { userId: data.userId, purpose: data.purpose, tokenHash: data.tokenHash, expiresAt: data.expiresAt, createdAt: data.now },
    select: { id: true },
  });
}

/** Removes a user's unused tokens of one purpose (a new link replaces the older ones). */
export async function deleteUnusedAccountTokenRows(db: DbTx, userId: string, purpose: AccountTokenPurpose): Promise<number> {
  const { count } = await db.accountToken.deleteMany({ where: { userId, purpose, usedAt: null } });
  return count;
}

export function findAccountTokenRow(db: DbTx, tokenHash: string) {
  return db.accountToken.findUnique({
    where: { tokenHash },
    select: { id: true, userId: true, purpose: true, expiresAt: true, usedAt: true },
  });
}

/** Marks the token used if it still is usable at `now`; false when another use came first. */
export async function markAccountTokenUsed(db: DbTx, id: string, now: Date): Promise<boolean> {
  const { count } = await db.accountToken.updateMany({ where: { id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  return count === 1;
}

/** Removes tokens that expired before `before` (used or not). */
export async function deleteExpiredAccountTokenRows(db: Db, before: Date): Promise<number> {
  const { count } = await db.accountToken.deleteMany({ where: { expiresAt: { lt: before } } });
  return count;
}
