/**
 * Accounts through a mailed link: email verification (a link after
 * registering, sent again on request) and password reset (forgot password).
 * Tokens are one-time and expiring (src/server/auth/account-tokens.ts); mails
 * are sent in the background (src/server/mail), so no answer waits on, or
 * reveals, the mail server.
 *
 * A reset request answers the same, and as fast, whether or not an account
 * has the address (only the rate limit, counted per address either way, can
 * refuse it; the lookup happens after the answer). A
 * reset ends every session of the account and, since following the link
 * proves the mailbox, marks the address verified.
 */
import type { Db } from "@/server/db";
import { failure, success, type ServiceResult } from "@/server/api/errors";
import { hashPassword } from "@/server/auth/password";
import { checkNewPassword } from "@/server/auth/password-policy";
import { reservePasswordResetRequest, reserveVerificationMail, tooManyRequests } from "@/server/auth/account-limits";
import { TOKEN_LIFETIME_S, findUsableAccountToken, issueAccountToken, useAccountToken } from "@/server/auth/account-tokens";
import { endAllSessions } from "@/server/auth/sessions";
import { accountMail } from "@/server/mail/account-mails";
import { getMailer, sendInBackground, type Mailer } from "@/server/mail/mailer";
import { childLog } from "@/server/log";
import * as repo from "./repository";
import type { MailAccount } from "./repository";
import type { RequestPasswordResetInput, ResetPasswordInput } from "./schema";

const log = childLog({ component: "accounts" });

const invalidToken = failure({
  code: "INVALID_TOKEN",
  status: "BAD_REQUEST",
  message: "This link is not valid: it has expired, has been used, or was never issued.",
});

const hours = (seconds: number) => Math.round(seconds / 3600);

/** Issues a verification token and mails its link (in the background). The returned promise settles when the mail has gone or failed. */
export async function sendVerificationMail(db: Db, account: Pick<MailAccount, "id" | "email" | "displayName" | "locale">, mailer: Mailer = getMailer()) {
  const token = await issueAccountToken(db, account.id, "emailVerification");
  const sent = sendInBackground(mailer, accountMail("email-verification", account, token, hours(TOKEN_LIFETIME_S.emailVerification)));
  return { sent };
}

/** Sends the signed-in user's verification mail again (limited per account). */
export async function resendVerification(db: Db, userId: string, mailer: Mailer = getMailer()): Promise<ServiceResult<{ alreadyVerified: boolean }>> {
  const account = await repo.findMailAccountById(db, userId);
  if (!account) return failure({ code: "NOT_FOUND", status: "NOT_FOUND", message: "No such user." });
  if (account.emailVerifiedAt) return success({ alreadyVerified: true });
  const wait = await reserveVerificationMail(userId);
  if (wait !== null) return tooManyRequests(wait, "verification mails");
  await sendVerificationMail(db, account, mailer);
  return success({ alreadyVerified: false });
}

/** Uses a verification link. */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<ServiceResult<{ verified: true }>> {
  const userId = await useAccountToken(db, token, "emailVerification", now);
  if (!userId) return invalidToken;
  await repo.markEmailVerified(db, userId, now);
  return success({ verified: true });
}

/** Looks the address up and, when an account has it, issues a reset token and mails its link. */
async function mailResetLink(db: Db, email: string, mailer: Mailer): Promise<void> {
  const account = await repo.findMailAccountByEmail(db, email);
  if (!account) return;
  const token = await issueAccountToken(db, account.id, "passwordReset");
  await sendInBackground(mailer, accountMail("password-reset", account, token, hours(TOKEN_LIFETIME_S.passwordReset)));
}

/**
 * "Forgot password": mails a reset link when an account has the address.
 * Past the rate limit, the answer comes before the address is even looked
 * up, so neither its content nor its timing depends on whether an account
 * has it. `sent` (for tests) settles when that work is done; it never rejects.
 */
export async function requestPasswordReset(
  db: Db,
  input: RequestPasswordResetInput,
  ip: string,
  mailer: Mailer = getMailer(),
): Promise<ServiceResult<{ requested: true; sent: Promise<void> }>> {
  const wait = await reservePasswordResetRequest(input.email, ip);
  if (wait !== null) return tooManyRequests(wait, "password reset requests");
  const sent = mailResetLink(db, input.email, mailer).catch((err: unknown) => log.error({ err }, "password reset link could not be issued"));
  return success({ requested: true, sent });
}

/** Whether a reset link can still be used (the page shows the form or says it expired); uses nothing. */
export async function checkPasswordResetToken(db: Db, token: string): Promise<{ usable: boolean }> {
  return { usable: (await findUsableAccountToken(db, token, "passwordReset")) !== null };
}

/** Sets a new password through a reset link: the link is used up, every session of the account ends. */
export async function resetPassword(db: Db, input: ResetPasswordInput, now = new Date()): Promise<ServiceResult<{ endedSessions: number }>> {
  const usable = await findUsableAccountToken(db, input.token, "passwordReset", now);
  if (!usable) return invalidToken;
  const account = await repo.findMailAccountById(db, usable.userId);
  if (!account) return invalidToken;
  // A refused password leaves the link usable for a better one.
  const weak = checkNewPassword(input.password, [account.email, account.displayName]);
  if (weak) return weak;
  const passwordHash = await hashPassword(input.password);
  const userId = await db.$transaction(async (tx) => {
    const owner = await useAccountToken(tx, input.token, "passwordReset", now);
    if (!owner) return null;
    await repo.setPasswordHash(tx, owner, passwordHash);
    await repo.markEmailVerified(tx, owner, now);
    return owner;
  });
  if (!userId) return invalidToken;
  return success({ endedSessions: await endAllSessions(db, userId) });
}
