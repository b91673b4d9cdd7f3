/**
 * Accounts through mailed links and the password change, against the run's
 * real PostgreSQL and a real SMTP server in this process (smtp-server): the
 * verification mail after registering, password reset (same answer for
 * unknown addresses, one-time and expiring links stored only as hashes, all
 * sessions ended, the rate limit), and the password change (current password,
 * the policy, the other sessions ended and this one kept).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestDb, createTestUser, holdLocks, testCaller, testDb, uniqueDisplayName, uniqueEmail, uniqueIp } from "@/server/test/helpers";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "@/server/test/smtp-sink";
import { closeRateLimiters } from "@/server/rate-limit";
import { createMailer, type Mailer } from "@/server/mail/mailer";
import { hashAccountToken, TOKEN_LIFETIME_S } from "@/server/auth/account-tokens";
import { ACCOUNT_LIMITS } from "@/server/auth/account-limits";
import { countUserSessionRows } from "@/server/auth/repository";
import { startSession, startSessionWhilePassword } from "@/server/auth/sessions";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import * as accounts from "./service";
import * as links from "./mail-links";

const BASE = "https://whist.example";
const STRONG = "kortspil-ved-bordet-7";
let sink: SmtpSink;
let mailer: Mailer;

beforeAll(async () => {
  process.env.AUTH_URL = BASE;
  sink = await startSmtpSink();
  mailer = createMailer({ smtpUrl: sink.url, from: "Whist <no-reply@whist.example>", outboxDir: "/nonexistent" });
});

afterAll(async () => {
  mailer.close();
  await sink.close();
  await closeRateLimiters();
  await closeTestDb();
});

const mailTo = (email: string, kind: string) => sink.waitFor((m) => m.envelopeTo.includes(email) && m.kind === kind);
const tokenOf = (mail: ReceivedMail) => new URL(mail.link!).searchParams.get("token")!;

async function registerWithMail(locale: "da" | "nb" | "en" = "da") {
  const input = { email: uniqueEmail("mail"), password: STRONG, displayName: uniqueDisplayName("Mette"), locale } as const;
  const result = await accounts.register(testDb(), input, mailer);
  if (!result.ok) throw new Error(result.error.code);
  return { ...input, id: result.value.id, password: STRONG };
}

describe("email verification", () => {
  it("mails a link in the account's language after registering; the link verifies once", async () => {
    const user = await registerWithMail("da");
    expect(await accounts.getMe(testDb(), user.id)).toMatchObject({ ok: true, value: { emailVerifiedAt: null } });
    const mail = await mailTo(user.email, "email-verification");
    expect(mail.subject).toBe("Bekræft din e-mailadresse til Whistklubben");
    expect(mail.text).toContain(`Hej ${user.displayName}`);
    expect(mail.text).toContain("24 timer");
    expect(mail.link).toMatch(new RegExp(`^${BASE}/verify-email\\?token=[A-Za-z0-9_-]{43}$`));

    expect(await links.verifyEmail(testDb(), tokenOf(mail))).toEqual({ ok: true, value: { verified: true } });
    const row = await testDb().user.findUniqueOrThrow({ where: { id: user.id }, select: { emailVerifiedAt: true } });
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await links.verifyEmail(testDb(), tokenOf(mail))).toMatchObject({ ok: false, error: { code: "INVALID_TOKEN" } });
  });

  it("sends the mail again on request, up to the limit; a verified account gets none", async () => {
    const user = await registerWithMail("en");
    const first = await mailTo(user.email, "email-verification");
    const sent = () => sink.received.filter((m) => m.envelopeTo.includes(user.email)).length;
    for (let i = 0; i < ACCOUNT_LIMITS.verificationPerUser.points; i++) {
      expect(await links.resendVerification(testDb(), user.id, mailer)).toEqual({ ok: true, value: { alreadyVerified: false } });
    }
    const refused = await links.resendVerification(testDb(), user.id, mailer);
    expect(refused).toMatchObject({ ok: false, error: { code: "TOO_MANY_REQUESTS", params: { minutes: 60 } } });
    await sink.waitFor(() => sent() === 1 + ACCOUNT_LIMITS.verificationPerUser.points);
    // Each new link replaces the older ones.
    expect(await links.verifyEmail(testDb(), tokenOf(first))).toMatchObject({ ok: false, error: { code: "INVALID_TOKEN" } });
    const latest = sink.received.filter((m) => m.envelopeTo.includes(user.email)).at(-1)!;
    expect((await links.verifyEmail(testDb(), tokenOf(latest))).ok).toBe(true);

    const verified = await createTestUser();
    await testDb().user.update({ where: { id: verified.id }, data: { emailVerifiedAt: new Date() } });
    expect(await links.resendVerification(testDb(), verified.id, mailer)).toEqual({ ok: true, value: { alreadyVerified: true } });
  });
});

describe("password reset", () => {
  it("answers an unknown address exactly like a known one, and mails only the known one", async () => {
    const user = await registerWithMail("nb");
    const ip = uniqueIp();
    const unknown = uniqueEmail("nobody");
    const known = await links.requestPasswordReset(testDb(), { email: user.email }, ip, mailer);
    const stranger = await links.requestPasswordReset(testDb(), { email: unknown }, ip, mailer);
    expect(known.ok && stranger.ok).toBe(true);
    if (!known.ok || !stranger.ok) return;
    expect(Object.keys(known.value)).toEqual(Object.keys(stranger.value));
    await Promise.all([known.value.sent, stranger.value.sent]);
    const mail = await mailTo(user.email, "password-reset");
    expect(mail.subject).toBe("Tilbakestill passordet ditt i Whistklubben");
    expect(mail.text).toContain("1 time");
    expect(mail.link).toMatch(new RegExp(`^${BASE}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
    expect(sink.received.some((m) => m.envelopeTo.includes(unknown))).toBe(false);
  });

  it("stores only the token's hash, for one hour", async () => {
    const user = await registerWithMail();
    const before = Date.now();
    const requested = await links.requestPasswordReset(testDb(), { email: user.email }, uniqueIp(), mailer);
    if (requested.ok) await requested.value.sent;
    const token = tokenOf(await mailTo(user.email, "password-reset"));
    const rows = await testDb().accountToken.findMany({ where: { userId: user.id, purpose: "passwordReset" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashAccountToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    const lifetime = rows[0]!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(TOKEN_LIFETIME_S.passwordReset * 1000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(TOKEN_LIFETIME_S.passwordReset * 1000 + 1000);
  });

  it("sets the new password through the link once, ends every session, refuses weak passwords and expired links", async () => {
    const user = await registerWithMail("en");
    await Promise.all([startSession(testDb(), user.id), startSession(testDb(), user.id)]);
    const requested = await links.requestPasswordReset(testDb(), { email: user.email }, uniqueIp(), mailer);
    if (requested.ok) await requested.value.sent;
    const token = tokenOf(await mailTo(user.email, "password-reset"));
    expect(await links.checkPasswordResetToken(testDb(), token)).toEqual({ usable: true });

    // Past its hour the link is refused.
    const later = new Date(Date.now() + TOKEN_LIFETIME_S.passwordReset * 1000 + 1000);
    expect(await links.resetPassword(testDb(), { token, password: "Another-long-pass-9" }, later)).toMatchObject({ ok: false, error: { code: "INVALID_TOKEN" } });

    // A weak password is refused, with its reason, and the link stays usable.
    expect(await links.resetPassword(testDb(), { token, password: "password1" })).toMatchObject({
      ok: false,
      error: { code: "WEAK_PASSWORD", params: { reason: "common", field: "password" } },
    });
    expect(await links.checkPasswordResetToken(testDb(), token)).toEqual({ usable: true });

    const newPassword = "Hjerter-er-trumf-i-aften";
    expect(await links.resetPassword(testDb(), { token, password: newPassword })).toEqual({ ok: true, value: { endedSessions: 2 } });
    expect(await countUserSessionRows(testDb(), user.id)).toBe(0);
    const row = await testDb().user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true, emailVerifiedAt: true } });
    expect(await verifyPassword(row.passwordHash, newPassword)).toBe(true);
    expect(await verifyPassword(row.passwordHash, user.password)).toBe(false);
    expect(row.emailVerifiedAt).toBeInstanceOf(Date); // following the link proved the mailbox

    // Used up: a second use and a second look are refused.
    expect(await links.resetPassword(testDb(), { token, password: "Yet-another-long-pass-7" })).toMatchObject({ ok: false, error: { code: "INVALID_TOKEN" } });
    expect(await links.checkPasswordResetToken(testDb(), token)).toEqual({ usable: false });
  });

  it("lets only one of two concurrent uses of a link through", async () => {
    const user = await registerWithMail();
    const requested = await links.requestPasswordReset(testDb(), { email: user.email }, uniqueIp(), mailer);
    if (requested.ok) await requested.value.sent;
    const token = tokenOf(await mailTo(user.email, "password-reset"));
    const results = await Promise.all([
      links.resetPassword(testDb(), { token, password: "Spar-es-og-hjerter-dame" }),
      links.resetPassword(testDb(), { token, password: "Ruder-konge-klor-knægt" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: "INVALID_TOKEN" } });
  });

  it("refuses malformed and unknown tokens without error", async () => {
    for (const token of ["", "short", "x".repeat(43), "../../etc/passwd"]) {
      expect(await links.checkPasswordResetToken(testDb(), token)).toEqual({ usable: false });
      expect(await links.resetPassword(testDb(), { token, password: STRONG })).toMatchObject({ ok: false, error: { code: "INVALID_TOKEN" } });
    }
  });

  it("limits requests per address (known or not, the same) and per IP", async () => {
    const unknown = uniqueEmail("flood");
    for (let i = 0; i < ACCOUNT_LIMITS.resetPerEmail.points; i++) {
      expect((await links.requestPasswordReset(testDb(), { email: unknown }, uniqueIp(), mailer)).ok).toBe(true);
    }
    expect(await links.requestPasswordReset(testDb(), { email: unknown }, uniqueIp(), mailer)).toMatchObject({
      ok: false,
      error: { code: "TOO_MANY_REQUESTS", params: { minutes: 60 } },
    });
    const ip = uniqueIp();
    for (let i = 0; i < ACCOUNT_LIMITS.resetPerIp.points; i++) {
      expect((await links.requestPasswordReset(testDb(), { email: uniqueEmail("spray") }, ip, mailer)).ok).toBe(true);
    }
    expect(await links.requestPasswordReset(testDb(), { email: uniqueEmail("spray") }, ip, mailer)).toMatchObject({ ok: false, error: { code: "TOO_MANY_REQUESTS" } });
  });
});

describe("password change", () => {
  it("needs the current password, applies the policy, ends the other sessions and keeps this one", async () => {
    const user = await createTestUser();
    const [mine, other1, other2] = await Promise.all([0, 1, 2].map(() => startSession(testDb(), user.id)));
    const caller = testCaller(user, { sessionId: mine });
    const refusal = (promise: Promise<unknown>) => promise.then(() => null, (e: { cause?: { error?: unknown } }) => e.cause?.error);

    expect(await refusal(caller.accounts.changePassword({ currentPassword: "not it", newPassword: STRONG }))).toMatchObject({
      code: "WRONG_PASSWORD",
      params: { field: "currentPassword" },
    });
    expect(await refusal(caller.accounts.changePassword({ currentPassword: user.password, newPassword: "qwertyuiop" }))).toMatchObject({
      code: "WEAK_PASSWORD",
      params: { reason: "common", field: "newPassword" },
    });
    expect(await countUserSessionRows(testDb(), user.id)).toBe(3);

    expect(await caller.accounts.changePassword({ currentPassword: user.password, newPassword: STRONG })).toEqual({ endedSessions: 2 });
    const left = await testDb().authSession.findMany({ where: { userId: user.id }, select: { id: true } });
    expect(left).toEqual([{ id: mine }]);
    expect([other1, other2]).not.toContain(left[0]!.id);
    const row = await testDb().user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
    expect(await verifyPassword(row.passwordHash, STRONG)).toBe(true);
  });

  it("two changes at once from the same current password: one goes through, the other is refused as the wrong password", async () => {
    const user = await createTestUser();
    const caller = testCaller(user);
    // Both have checked the current password and wait to write while another transaction holds the account's row.
    const held = await holdLocks((tx) => tx.$executeRaw`SELECT 1 FROM "User" WHERE id = ${user.id} FOR UPDATE`);
    const tries = ["Spar-es-og-hjerter-dame", "Ruder-konge-klor-knægt"];
    const changes = Promise.allSettled(tries.map((newPassword) => caller.accounts.changePassword({ currentPassword: user.password, newPassword })));
    await held.waiting(2);
    await held.release();
    const results = await changes;
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { cause: { error: { code: "WRONG_PASSWORD" } } } });
    // The password is the one the change that went through set.
    const row = await testDb().user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
    expect(await verifyPassword(row.passwordHash, tries[results.findIndex((r) => r.status === "fulfilled")]!)).toBe(true);
  });

  it("a login whose check was made against a password changed since gets no session", async () => {
    const user = await createTestUser();
    const checked = (await testDb().user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } })).passwordHash;
    await testCaller(user).accounts.changePassword({ currentPassword: user.password, newPassword: STRONG });
    const sessions = await countUserSessionRows(testDb(), user.id);
    expect(await startSessionWhilePassword(testDb(), user.id, checked)).toBeNull();
    expect(await countUserSessionRows(testDb(), user.id)).toBe(sessions);
  });

  it("a login racing a password change: checked against the old password, it waits for the change and is refused", async () => {
    const user = await createTestUser();
    // The change's write of the new password, not committed yet.
    const newHash = await hashPassword(STRONG);
    const held = await holdLocks((tx) => tx.$executeRaw`UPDATE "User" SET "passwordHash" = ${newHash} WHERE id = ${user.id}`);
    const login = accounts.logIn(testDb(), { email: user.email, password: user.password }, uniqueIp());
    await held.waiting(1);
    await held.release();
    expect(await login).toMatchObject({ ok: false, error: { code: "INVALID_CREDENTIALS" } });
    expect(await countUserSessionRows(testDb(), user.id)).toBe(0);
    // With the new password it logs in.
    expect((await accounts.logIn(testDb(), { email: user.email, password: STRONG }, uniqueIp())).ok).toBe(true);
  });

  it("blocks guessing the current password after a few tries", async () => {
    const user = await createTestUser();
    const caller = testCaller(user);
    for (let i = 0; i < ACCOUNT_LIMITS.passwordCheckPerUser.points; i++) {
      await expect(caller.accounts.changePassword({ currentPassword: `guess-${i}`, newPassword: STRONG })).rejects.toMatchObject({ cause: { error: { code: "WRONG_PASSWORD" } } });
    }
    await expect(caller.accounts.changePassword({ currentPassword: user.password, newPassword: STRONG })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      cause: { error: { params: { minutes: 15 } } },
    });
  });
});
