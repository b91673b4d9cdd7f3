/**
 * Accounts procedures against the run's real PostgreSQL database.
 */
import { afterAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { closeTestDb, createTestUser, testCaller, testDb, uniqueDisplayName, uniqueEmail, uniqueIp } from "@/server/test/helpers";
import { logIn } from "./service";
import { LOGIN_LIMITS } from "@/server/auth/login-limits";
import { closeRateLimiters } from "@/server/rate-limit";

afterAll(async () => {
  await closeRateLimiters();
  await closeTestDb();
});

/** Runs a call expected to fail and returns the error as the client would see it (formatted shape). */
async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    return error as TRPCError;
  }
  throw new Error("expected the call to fail");
}

describe("accounts.register", () => {
  it("creates a user with a lower-cased email and an argon2id hash, and returns no hash", async () => {
    const email = uniqueEmail("Reg").toUpperCase();
    const name = uniqueDisplayName("Anna");
    const me = await testCaller().accounts.register({ email: `  ${email} `, password: "kortspil-ved-bordet", displayName: ` ${name} `, locale: "da" });
    expect(me.email).toBe(email.toLowerCase());
    expect(me.displayName).toBe(name);
    expect(me.locale).toBe("da");
    expect(me).not.toHaveProperty("passwordHash");
    const row = await testDb().user.findUniqueOrThrow({ where: { id: me.id }, select: { passwordHash: true } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("refuses a duplicate email (any case) with CONFLICT / EMAIL_TAKEN and keeps the first account", async () => {
    const first = await createTestUser({ displayName: "First" });
    const error = await failureOf(
      testCaller().accounts.register({ email: first.email.toUpperCase(), password: "another-long-pass", displayName: uniqueDisplayName("Second"), locale: "nb" }),
    );
    expect(error.code).toBe("CONFLICT");
    expect((error.cause as unknown as { error?: { code: string } }).error?.code).toBe("EMAIL_TAKEN");
    const rows = await testDb().user.findMany({ where: { email: first.email }, select: { displayName: true } });
    expect(rows).toEqual([{ displayName: first.displayName }]);
    const login = await logIn(testDb(), { email: first.email, password: first.password }, uniqueIp());
    expect(login.ok).toBe(true);
  });

  it("rejects bad input with BAD_REQUEST and per-field zod issues", async () => {
    const error = await failureOf(
      testCaller().accounts.register({ email: "not-an-email", password: "short", displayName: "", locale: "sv" as "da" }),
    );
    expect(error.code).toBe("BAD_REQUEST");
    const paths = (error.cause as unknown as { issues: { path: PropertyKey[] }[] }).issues.map((i) => i.path.join("."));
    expect(paths.sort()).toEqual(["displayName", "email", "locale", "password"]);
  });

  it("rejects a display name over 40 characters", async () => {
    const error = await failureOf(
      testCaller().accounts.register({ email: uniqueEmail(), password: "long-enough", displayName: "x".repeat(41), locale: "en" }),
    );
    expect(error.code).toBe("BAD_REQUEST");
  });
});

describe("login (logIn)", () => {
  it("accepts the right password and refuses a wrong one or an unknown email", async () => {
    const user = await createTestUser();
    const ip = uniqueIp();
    const good = await logIn(testDb(), { email: user.email, password: user.password }, ip);
    expect(good).toEqual({ ok: true, value: { id: user.id, displayName: user.displayName, locale: user.locale, sessionId: expect.any(String) } });
    const bad = await logIn(testDb(), { email: user.email, password: "wrong password" }, ip);
    expect(bad.ok || bad.error.code).toBe("INVALID_CREDENTIALS");
    const unknown = await logIn(testDb(), { email: uniqueEmail("nobody"), password: user.password }, ip);
    expect(unknown.ok || unknown.error.code).toBe("INVALID_CREDENTIALS");
  });

  it("blocks an (email, IP) pair after 5 attempts, even with the right password; another IP still gets in", async () => {
    const user = await createTestUser();
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_LIMITS.perEmailIp.points; i++) {
      const r = await logIn(testDb(), { email: user.email, password: `wrong-${i}` }, ip);
      expect(r.ok || r.error.code).toBe("INVALID_CREDENTIALS");
    }
    const blocked = await logIn(testDb(), { email: user.email, password: user.password }, ip);
    expect(blocked.ok).toBe(false);
    if (blocked.ok) return;
    expect(blocked.error.code).toBe("TOO_MANY_REQUESTS");
    expect(blocked.error.params?.minutes).toBe(15);
    expect(blocked.error.message).toMatch(/try again in 15 minutes/i);
    expect((await logIn(testDb(), { email: user.email, password: user.password }, uniqueIp())).ok).toBe(true);
  });

  it("a successful login clears the pair's count", async () => {
    const user = await createTestUser();
    const ip = uniqueIp();
    const tryLogin = (password: string) => logIn(testDb(), { email: user.email, password }, ip);
    for (let i = 0; i < LOGIN_LIMITS.perEmailIp.points - 1; i++) await tryLogin("wrong");
    expect((await tryLogin(user.password)).ok).toBe(true);
    for (let i = 0; i < LOGIN_LIMITS.perEmailIp.points - 1; i++) await tryLogin("wrong");
    expect((await tryLogin(user.password)).ok).toBe(true);
  });

  it("blocks an IP after too many attempts across different emails", async () => {
    const ip = uniqueIp();
    const user = await createTestUser();
    for (let i = 0; i < LOGIN_LIMITS.perIp.points; i++) {
      await logIn(testDb(), { email: uniqueEmail("spray"), password: "guess" }, ip);
    }
    const blocked = await logIn(testDb(), { email: user.email, password: user.password }, ip);
    expect(blocked.ok || blocked.error.code).toBe("TOO_MANY_REQUESTS");
    const elsewhere = await logIn(testDb(), { email: user.email, password: user.password }, uniqueIp());
    expect(elsewhere.ok).toBe(true);
  });
});

describe("accounts.me / updateProfile / profile", () => {
  it("refuses me and updateProfile without a session (UNAUTHORIZED)", async () => {
    expect((await failureOf(testCaller().accounts.me())).code).toBe("UNAUTHORIZED");
    expect((await failureOf(testCaller().accounts.updateProfile({ displayName: "Hacker" }))).code).toBe("UNAUTHORIZED");
  });

  it("returns and updates the signed-in user's profile", async () => {
    const user = await createTestUser({ displayName: "Before", locale: "en" });
    const caller = testCaller(user);
    expect(await caller.accounts.me()).toMatchObject({ id: user.id, email: user.email, displayName: user.displayName, locale: "en" });
    const after = uniqueDisplayName("After");
    const updated = await caller.accounts.updateProfile({ displayName: after, locale: "nb" });
    expect(updated).toMatchObject({ displayName: after, locale: "nb" });
    const onlyLocale = await caller.accounts.updateProfile({ locale: "da" });
    expect(onlyLocale).toMatchObject({ displayName: after, locale: "da" });
    const row = await testDb().user.findUniqueOrThrow({ where: { id: user.id }, select: { displayName: true, locale: true } });
    expect(row).toEqual({ displayName: after, locale: "da" });
  });

  it("rejects an invalid profile update", async () => {
    const user = await createTestUser();
    const caller = testCaller(user);
    expect((await failureOf(caller.accounts.updateProfile({ displayName: "   " }))).code).toBe("BAD_REQUEST");
    expect((await failureOf(caller.accounts.updateProfile({ locale: "de" as "da" }))).code).toBe("BAD_REQUEST");
  });

  it("shows a public profile (name and member since, no email) to anyone", async () => {
    const user = await createTestUser({ displayName: "Public Pia" });
    const profile = await testCaller().accounts.profile({ userId: user.id });
    expect(profile).toEqual({ id: user.id, displayName: user.displayName, memberSince: expect.any(Date) });
    expect(Date.now() - profile.memberSince.getTime()).toBeLessThan(60_000);
    const missing = await failureOf(testCaller().accounts.profile({ userId: "does-not-exist" }));
    expect(missing.code).toBe("NOT_FOUND");
  });
});
