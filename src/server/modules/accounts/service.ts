/**
 * Accounts: registration, login (credentials check with rate limiting, then
 * the session), own profile,
 * password change and public profiles. Failures are values (ServiceResult)
 * with stable codes. The flows that go through a mailed link (verification,
 * password reset) are in ./mail-links.ts.
 */
import type { Db } from "@/server/db";
import { failure, success, type ServiceResult } from "@/server/api/errors";
import { hashPassword, timingDummyHash, verifyPassword } from "@/server/auth/password";
import { checkNewPassword } from "@/server/auth/password-policy";
import { reserveLoginAttempt } from "@/server/auth/login-limits";
import { clearPasswordChecks, reservePasswordCheck, tooManyRequests } from "@/server/auth/account-limits";
import { endAllSessions, endOtherSessions, startSessionWhilePassword } from "@/server/auth/sessions";
import { deleteUnusedAccountTokenRows } from "@/server/auth/repository";
import { getMailer, type Mailer } from "@/server/mail/mailer";
import * as repo from "./repository";
import type { Account } from "./repository";
import type { ChangePasswordInput, LoginInput, RegisterInput, UpdateProfileInput } from "./schema";
import { sendVerificationMail } from "./mail-links";

export type Me = Account;
export type PublicProfile = { id: string; displayName: string; memberSince: Date };
export type LoggedIn = { id: string; displayName: string; locale: Account["locale"]; sessionId: string };

const emailTaken = failure({
  code: "EMAIL_TAKEN",
  status: "CONFLICT",
  message: "An account with this email address already exists.",
});
const displayNameTaken = failure({
  code: "DISPLAY_NAME_TAKEN",
  status: "CONFLICT",
  message: "Another account already has this display name (in any case).",
  params: { field: "displayName" },
});
const userNotFound = failure({ code: "NOT_FOUND", status: "NOT_FOUND", message: "No such user." });
const wrongPassword = failure({
  code: "WRONG_PASSWORD",
  status: "BAD_REQUEST",
  message: "The current password is not correct.",
  params: { field: "currentPassword" },
});

/** Creates the account and mails the link that verifies its address. */
export async function register(db: Db, input: RegisterInput, mailer: Mailer = getMailer()): Promise<ServiceResult<Me>> {
  const weak = checkNewPassword(input.password, [input.email, input.displayName]);
  if (weak) return weak;
  // Checked first to skip the hash; the unique indexes still decide under races.
  if (await repo.emailExists(db, input.email)) return emailTaken;
  if (await repo.displayNameTaken(db, input.displayName)) return displayNameTaken;
  const passwordHash = await hashPassword(input.password);
  const created = await repo.createAccount(db, {
    email: input.email,
    passwordHash,
    displayName: input.displayName,
    locale: input.locale,
  });
  if (!created.ok) return created.taken === "email" ? emailTaken : displayNameTaken;
  await sendVerificationMail(db, created.account, mailer);
  return success(created.account);
}

/**
 * Logs in: checks an email and password, then starts a server-side session.
 * The attempt is reserved against the login limits first (atomically, see
 * login-limits.ts); over a limit the password is not checked at all. The
 * session starts only while the password checked is still the account's: a
 * change or reset in between would otherwise leave this login signed in with
 * the old password (it ends the other sessions before this one exists).
 */
export async function logIn(db: Db, input: LoginInput, ip: string): Promise<ServiceResult<LoggedIn>> {
  const reservation = await reserveLoginAttempt(input.email, ip);
  if (!reservation.allowed) return tooManyRequests(reservation.retryAfterMs, "login attempts");
  const user = await repo.findCredentialsByEmail(db, input.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await timingDummyHash(), input.password), false);
  await reservation.release(ok);
  const sessionId = user && ok ? await startSessionWhilePassword(db, user.id, user.passwordHash) : null;
  if (!user || sessionId === null) {
    return failure({ code: "INVALID_CREDENTIALS", status: "UNAUTHORIZED", message: "The email or password is not correct." });
  }
  return success({ id: user.id, displayName: user.displayName, locale: user.locale, sessionId });
}

export async function getMe(db: Db, userId: string): Promise<ServiceResult<Me>> {
  const me = await repo.findAccountById(db, userId);
  return me ? success(me) : userNotFound;
}

export async function updateProfile(db: Db, userId: string, patch: UpdateProfileInput): Promise<ServiceResult<Me>> {
  if (patch.displayName === undefined && patch.locale === undefined) return getMe(db, userId);
  // The owner may change the case of their own name.
  if (patch.displayName !== undefined && (await repo.displayNameTaken(db, patch.displayName, userId))) return displayNameTaken;
  const updated = await repo.updateAccount(db, userId, patch);
  return updated ? success(updated) : displayNameTaken;
}

/**
 * Changes the password after checking the current one (limited per account,
 * see account-limits.ts). Ends every other session of the account and drops
 * its unused reset links; the session `keepSessionId` stays signed in (all end
 * when it is unknown).
 */
export async function changePassword(
  db: Db,
  userId: string,
  keepSessionId: string | null,
  input: ChangePasswordInput,
): Promise<ServiceResult<{ endedSessions: number }>> {
  const wait = await reservePasswordCheck(userId);
  if (wait !== null) return tooManyRequests(wait, "password attempts");
  const user = await repo.findPasswordHashById(db, userId);
  if (!user) return userNotFound;
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) return wrongPassword;
  await clearPasswordChecks(userId);
  const weak = checkNewPassword(input.newPassword, [user.email, user.displayName], "newPassword");
  if (weak) return weak;
  // Another change or a reset since the check has made the checked password the wrong one.
  if (!(await repo.replacePasswordHash(db, userId, user.passwordHash, await hashPassword(input.newPassword)))) return wrongPassword;
  await deleteUnusedAccountTokenRows(db, userId, "passwordReset");
  const endedSessions = keepSessionId ? await endOtherSessions(db, userId, keepSessionId) : await endAllSessions(db, userId);
  return success({ endedSessions });
}

export async function getPublicProfile(db: Db, userId: string): Promise<ServiceResult<PublicProfile>> {
  const user = await repo.findPublicAccount(db, userId);
  return user ? success({ id: user.id, displayName: user.displayName, memberSince: user.createdAt }) : userNotFound;
}
