/**
 * Auth: every database access for sessions, each with an explicit select.
 */
import type { Db } from "@/server/db";

const sessionSelect = {
  id: true,
  userId: true,
  lastSeenAt: true,
  expiresAt: true,
  user: { select: { id: true, displayName: true, locale: true } },
} as const;

export function createSessionRow(db: Db, data: { id: string; userId: string; expiresAt: Date; now: Date }) {
  return db.authSession.create({
    data: { id: data.id, userId: data.userId, expiresAt: data.expiresAt, createdAt: data.now, lastSeenAt: data.now },
    select: { id: true },
  });
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

export function countUserSessionRows(db: Db, userId: string): Promise<number> {
  return db.authSession.count({ where: { userId } });
}

/** Removes sessions past their end or idle since before `idleBefore`. */
export async function deleteStaleSessionRows(db: Db, now: Date, idleBefore: Date): Promise<number> {
  const { count } = await db.authSession.deleteMany({ where: { OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lt: idleBefore } }] } });
  return count;
}
