/**
 * One-time tokens for the links in account mails (password reset, email
 * verification). A token is 32 random bytes (base64url, 43 characters); only
 * its SHA-256 is stored, so a copy of the database holds no usable link. Each
 * is valid until its expiry and only once: the use that marks it used wins,
 * any concurrent or later one is refused. A new token of a purpose replaces
 * the user's unused ones.
 */
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db, DbTx } from "@/server/db";
import type { AccountTokenPurpose } from "@/generated/prisma/enums";
import * as repo from "./repository";

const HOUR_S = 60 * 60;

/** How long a link works, per purpose (seconds). */
export const TOKEN_LIFETIME_S: Record<AccountTokenPurpose, number> = {
  passwordReset: HOUR_S,
  emailVerification: 24 * HOUR_S,
};

/** The shape of a token in a link (checked before any database access). */
export const accountTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export function hashAccountToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Creates a token for `userId` (replacing their unused ones of the purpose); returns the token for the link. */
export async function issueAccountToken(db: DbTx, userId: string, purpose: AccountTokenPurpose, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await repo.deleteUnusedAccountTokenRows(db, userId, purpose);
  await repo.createAccountTokenRow(db, {
    userId,
    purpose,
    tokenHash: hashAccountToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_S[purpose] * 1000),
    now,
  });
  return token;
}

type UsableToken = { id: string; userId: string };

/** The token's row when it exists for `purpose`, is unused and unexpired at `now`; nothing is changed. */
export async function findUsableAccountToken(db: DbTx, token: string, purpose: AccountTokenPurpose, now = new Date()): Promise<UsableToken | null> {
  if (!accountTokenSchema.safeParse(token).success) return null;
  const row = await repo.findAccountTokenRow(db, hashAccountToken(token));
  if (!row || row.purpose !== purpose || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime()) return null;
  return { id: row.id, userId: row.userId };
}

/** Uses the token: its user id, or null when it is unknown, of another purpose, used or expired. */
export async function useAccountToken(db: DbTx, token: string, purpose: AccountTokenPurpose, now = new Date()): Promise<string | null> {
  const usable = await findUsableAccountToken(db, token, purpose, now);
  if (!usable) return null;
  return (await repo.markAccountTokenUsed(db, usable.id, now)) ? usable.userId : null;
}

/** Drops tokens that expired more than a day ago (they are refused anyway). */
export function pruneAccountTokens(db: Db, now = new Date()): Promise<number> {
  return repo.deleteExpiredAccountTokenRows(db, new Date(now.getTime() - 24 * HOUR_S * 1000));
}
