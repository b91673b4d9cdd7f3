/**
 * Server-side sessions. The session cookie (an Auth.js JWT) carries a session
 * id (`sid`); a request is signed in only while that session's row exists,
 * is younger than SESSION_LIFETIME_S and was used within SESSION_IDLE_S.
 * Logging out deletes the row, so a copied cookie stops working at once, and
 * disconnects the session's open sockets (a socket.io room per session and
 * per user, which the Redis adapter carries to every process).
 */
import { randomBytes } from "node:crypto";
import type { Server } from "socket.io";
import type { Db, DbTx } from "@/server/db";
import type { Locale } from "@/generated/prisma/enums";
import * as repo from "./repository";

/** Absolute lifetime: a session ends 30 days after login, however much it is used. */
export const SESSION_LIFETIME_S = 30 * 24 * 60 * 60;
/** Idle timeout: a session not used for 7 days ends. */
export const SESSION_IDLE_S = 7 * 24 * 60 * 60;
/** lastSeenAt is written at most this often per session (reads stay reads). */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export type SessionUser = { id: string; displayName: string; locale: Locale };
export type ActiveSession = { sessionId: string; user: SessionUser };

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const userRoom = (userId: string) => `user:${userId}`;

export async function startSession(db: DbTx, userId: string, now = new Date()): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await repo.createSessionRow(db, { id, userId, now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_S * 1000) });
  return id;
}

/**
 * A login's session, started only while the account's password hash is still `checkedHash` (the
 * one the login checked), under a share lock on the account's row: a password change or reset
 * (an update of that row) then comes wholly after the session exists, and ends it with the
 * others, or before, and the login gets null.
 */
export async function startSessionWhilePassword(db: Db, userId: string, checkedHash: string, now = new Date()): Promise<string | null> {
  return db.$transaction(async (tx) => ((await repo.lockUserWithPassword(tx, userId, checkedHash)) ? startSession(tx, userId, now) : null));
}

/** The session's user when the session is live for `userId`; refreshes its last use. */
export async function resolveSession(db: Db, sessionId: string, userId: string, now = new Date()): Promise<ActiveSession | null> {
  const row = await repo.findSessionWithUser(db, sessionId);
  if (!row || row.userId !== userId) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  if (row.lastSeenAt.getTime() <= now.getTime() - SESSION_IDLE_S * 1000) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touchSessionRow(db, sessionId, now);
  return { sessionId: row.id, user: { id: row.user.id, displayName: row.user.displayName, locale: row.user.locale } };
}

/** Ends one session (logout) and disconnects its sockets. */
export async function endSession(db: Db, sessionId: string): Promise<boolean> {
  const ended = await repo.deleteSessionRow(db, sessionId);
  disconnectRoom(sessionRoom(sessionId));
  return ended;
}

/** Ends every session of a user ("log out everywhere") and disconnects all their sockets. */
export async function endAllSessions(db: Db, userId: string): Promise<number> {
  const count = await repo.deleteUserSessionRows(db, userId);
  disconnectRoom(userRoom(userId));
  return count;
}

/** Ends every session of a user but `keepSessionId` (a password change keeps the device that made it). */
export async function endOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const ended = await repo.deleteOtherSessionRows(db, userId, keepSessionId);
  for (const id of ended) disconnectRoom(sessionRoom(id));
  return ended.length;
}

export function pruneSessions(db: Db, now = new Date()): Promise<number> {
  return repo.deleteStaleSessionRows(db, now, new Date(now.getTime() - SESSION_IDLE_S * 1000));
}

// The socket.io server of this process, shared with the Next.js bundle (logout runs there).
const ioKey = Symbol.for("whist.sessionSockets");
type WithIo = typeof globalThis & { [ioKey]?: Server };

/** Lets logouts disconnect sockets; call once with the process's socket.io server. */
export function registerSessionSockets(io: Server | undefined): void {
  (globalThis as WithIo)[ioKey] = io;
}

function disconnectRoom(room: string): void {
  const io = (globalThis as WithIo)[ioKey];
  // With the Redis adapter this reaches the sockets held by every process.
  io?.in(room).disconnectSockets(true);
}
