/**
 * Accounts: every database access for users, each with an explicit select.
 * Display names are unique whatever their case: the unique index on
 * lower("displayName") decides (migration 20261201170000_account_mail), and
 * displayNameTaken asks the same lower() so both agree on every letter.
 */
import type { Db, DbTx } from "@/server/db";
import type { Locale } from "@/generated/prisma/enums";
import { Prisma } from "@/generated/prisma/client";

const accountSelect = { id: true, email: true, displayName: true, locale: true, emailVerifiedAt: true, createdAt: true } as const;
const credentialsSelect = { id: true, displayName: true, locale: true, passwordHash: true } as const;
const publicSelect = { id: true, displayName: true, createdAt: true } as const;
const mailSelect = { id: true, email: true, displayName: true, locale: true, emailVerifiedAt: true } as const;

export type Account = Prisma.UserGetPayload<{ select: typeof accountSelect }>;
export type PublicAccount = Prisma.UserGetPayload<{ select: typeof publicSelect }>;
export type MailAccount = Prisma.UserGetPayload<{ select: typeof mailSelect }>;

/** The unique index a write broke ("email" or "displayName"), or null for any other error. */
function uniqueViolation(error: unknown): "email" | "displayName" | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return null;
  const detail = `${JSON.stringify(error.meta ?? {})} ${error.message}`;
  if (detail.includes("User_displayName_lower_key")) return "displayName";
  return detail.includes("email") ? "email" : null;
}

export function findAccountById(db: Db, id: string): Promise<Account | null> {
  return db.user.findUnique({ where: { id }, select: accountSelect });
}

export function findPublicAccount(db: Db, id: string): Promise<PublicAccount | null> {
  return db.user.findUnique({ where: { id }, select: publicSelect });
}

export function findCredentialsByEmail(db: Db, email: string) {
  return db.user.findUnique({ where: { email }, select: credentialsSelect });
}

export function findMailAccountByEmail(db: Db, email: string): Promise<MailAccount | null> {
  return db.user.findUnique({ where: { email }, select: mailSelect });
}

export function findMailAccountById(db: DbTx, id: string): Promise<MailAccount | null> {
  return db.user.findUnique({ where: { id }, select: mailSelect });
}

export function findPasswordHashById(db: Db, id: string) {
  return db.user.findUnique({ where: { id }, select: { passwordHash: true, email: true, displayName: true } });
}

export function emailExists(db: Db, email: string): Promise<boolean> {
  return db.user.findUnique({ where: { email }, select: { id: true } }).then((u) => u !== null);
}

/** Whether another account (not `exceptUserId`) has this display name in any case. */
export async function displayNameTaken(db: Db, displayName: string, exceptUserId = ""): Promise<boolean> {
  // Not Prisma's `mode: "insensitive"`: that is ILIKE, where _ and % are wildcards.
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM "User" WHERE lower("displayName") = lower(${displayName}) AND id <> ${exceptUserId} LIMIT 1`;
  return rows.length > 0;
}

export type CreateAccountResult = { ok: true; account: Account } | { ok: false; taken: "email" | "displayName" };

/** Creates the user; a taken email or display name (unique indexes, under races too) is a result, not an error. */
export async function createAccount(
  db: Db,
  data: { email: string; passwordHash: string; displayName: string; locale: Locale },
): Promise<CreateAccountResult> {
  try {
    return { ok: true, account: await db.user.create({ data, select: accountSelect }) };
  } catch (error) {
    const taken = uniqueViolation(error);
    if (taken) return { ok: false, taken };
    throw error;
  }
}

/** Updates name and language; null when the new display name is taken. */
export async function updateAccount(db: Db, id: string, data: { displayName?: string; locale?: Locale }): Promise<Account | null> {
  try {
    return await db.user.update({ where: { id }, data, select: accountSelect });
  } catch (error) {
    if (uniqueViolation(error) === "displayName") return null;
    throw error;
  }
}

export async function setPasswordHash(db: DbTx, id: string, passwordHash: string): Promise<void> {
  await db.user.update({ where: { id }, data: { passwordHash }, select: { id: true } });
}

/**
 * Sets the password only while the hash is still `checkedHash` (the one the current password was
 * checked against); false when another change or a reset came first: the checked password is gone.
 */
export async function replacePasswordHash(db: DbTx, id: string, checkedHash: string, passwordHash: string): Promise<boolean> {
  const { count } = await db.user.updateMany({ where: { id, passwordHash: checkedHash }, data: { passwordHash } });
  return count === 1;
}

/** Marks the email verified (keeps the first time). */
export async function markEmailVerified(db: DbTx, id: string, now: Date): Promise<void> {
  await db.user.updateMany({ where: { id, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
}
