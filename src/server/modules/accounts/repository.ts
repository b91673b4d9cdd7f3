/**
 * Accounts: every database access for users, each with an explicit select.
 */
import type { Db } from "@/server/db";
import type { Locale } from "@/generated/prisma/enums";
import { Prisma } from "@/generated/prisma/client";

const accountSelect = { id: true, email: true, displayName: true, locale: true, createdAt: true } as const;
const credentialsSelect = { id: true, displayName: true, locale: true, passwordHash: true } as const;
const publicSelect = { id: true, displayName: true, createdAt: true } as const;

export type Account = Prisma.UserGetPayload<{ select: typeof accountSelect }>;
export type PublicAccount = Prisma.UserGetPayload<{ select: typeof publicSelect }>;

export function findAccountById(db: Db, id: string): Promise<Account | null> {
  return db.user.findUnique({ where: { id }, select: accountSelect });
}

export function findPublicAccount(db: Db, id: string): Promise<PublicAccount | null> {
  return db.user.findUnique({ where: { id }, select: publicSelect });
}

export function findCredentialsByEmail(db: Db, email: string) {
  return db.user.findUnique({ where: { email }, select: credentialsSelect });
}

export function emailExists(db: Db, email: string): Promise<boolean> {
  return db.user.findUnique({ where: { email }, select: { id: true } }).then((u) => u !== null);
}

/** Creates the user; returns null when the email is already taken (unique index). */
export async function createAccount(
  db: Db,
  data: { email: string; passwordHash: string; displayName: string; locale: Locale },
): Promise<Account | null> {
  try {
    return await db.user.create({ data, select: accountSelect });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return null;
    throw error;
  }
}

export function updateAccount(
  db: Db,
  id: string,
  data: { displayName?: string; locale?: Locale },
): Promise<Account> {
  return db.user.update({ where: { id }, data, select: accountSelect });
}
