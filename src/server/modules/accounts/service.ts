/**
 * Accounts: registration, credentials check (with rate limiting), own profile
 * and public profiles. Failures are values (ServiceResult) with stable codes.
 */
import type { Db } from "@/server/db";
import { failure, success, type ServiceResult } from "@/server/api/errors";
import { hashPassword, timingDummyHash, verifyPassword } from "@/server/auth/password";
import { reserveLoginAttempt, retryAfterMinutes } from "@/server/auth/login-limits";
import * as repo from "./repository";
import type { Account } from "./repository";
import type { LoginInput, RegisterInput, UpdateProfileInput } from "./schema";

export type Me = Account;
export type PublicProfile = { id: string; displayName: string; memberSince: Date };
export type CredentialsUser = { id: string; displayName: string; locale: Account["locale"] };

const emailTaken = failure({
  code: "EMAIL_TAKEN",
  status: "CONFLICT",
  message: "An account with this email address already exists.",
});
const userNotFound = failure({ code: "NOT_FOUND", status: "NOT_FOUND", message: "No such user." });

export async function register(db: Db, input: RegisterInput): Promise<ServiceResult<Me>> {
  // Checked first to skip the hash; the unique index still decides under races.
  if (await repo.emailExists(db, input.email)) return emailTaken;
  const passwordHash = await hashPassword(input.password);
  const created = await repo.createAccount(db, {
    email: input.email,
    passwordHash,
    displayName: input.displayName,
    locale: input.locale,
  });
  return created ? success(created) : emailTaken;
}

/**
 * Checks an email and password for login. The attempt is reserved against the
 * login limits first (atomically, see login-limits.ts); over a limit the
 * password is not checked at all.
 */
export async function verifyCredentials(db: Db, input: LoginInput, ip: string): Promise<ServiceResult<CredentialsUser>> {
  const reservation = await reserveLoginAttempt(input.email, ip);
  if (!reservation.allowed) {
    const minutes = retryAfterMinutes(reservation.retryAfterMs);
    return failure({
      code: "TOO_MANY_REQUESTS",
      status: "TOO_MANY_REQUESTS",
      message: `Too many login attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      params: { minutes },
    });
  }
  const user = await repo.findCredentialsByEmail(db, input.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await timingDummyHash(), input.password), false);
  await reservation.release(ok);
  if (!user || !ok) {
    return failure({ code: "INVALID_CREDENTIALS", status: "UNAUTHORIZED", message: "The email or password is not correct." });
  }
  return success({ id: user.id, displayName: user.displayName, locale: user.locale });
}

export async function getMe(db: Db, userId: string): Promise<ServiceResult<Me>> {
  const me = await repo.findAccountById(db, userId);
  return me ? success(me) : userNotFound;
}

export async function updateProfile(db: Db, userId: string, patch: UpdateProfileInput): Promise<ServiceResult<Me>> {
  if (patch.displayName === undefined && patch.locale === undefined) return getMe(db, userId);
  return success(await repo.updateAccount(db, userId, patch));
}

export async function getPublicProfile(db: Db, userId: string): Promise<ServiceResult<PublicProfile>> {
  const user = await repo.findPublicAccount(db, userId);
  return user ? success({ id: user.id, displayName: user.displayName, memberSince: user.createdAt }) : userNotFound;
}
