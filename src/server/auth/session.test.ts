/**
 * Decoding Auth.js session cookies (as the socket.io handshake does), against
 * tokens made with Auth.js's own encoder and the run's real database.
 */
import { afterAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { closeTestDb, createTestUser, testDb, uniqueDisplayName } from "@/server/test/helpers";
import { getSession, getSessionUser, parseCookies } from "./session";
import { endAllSessions, endSession, SESSION_IDLE_S, SESSION_LIFETIME_S, startSession } from "./sessions";

afterAll(closeTestDb);

const secret = () => process.env.AUTH_SECRET!;

async function cookieFor(sub: string, name = "authjs.session-token", key = secret(), sid?: string) {
  const token = await encode({ token: { sub, sid: sid ?? (await startSession(testDb(), sub)), name: "x" }, secret: key, salt: name, maxAge: 3600 });
  return `theme=dark; ${name}=${token}; other=1`;
}

describe("getSessionUser", () => {
  it("returns the user of a valid cookie, fresh from the database", async () => {
    const user = await createTestUser({ displayName: "Socket Sofie", locale: "nb" });
    expect(await getSessionUser(await cookieFor(user.id), testDb())).toEqual({ id: user.id, displayName: user.displayName, locale: "nb" });
    const renamed = uniqueDisplayName("Renamed");
    await testDb().user.update({ where: { id: user.id }, data: { displayName: renamed } });
    expect((await getSessionUser(await cookieFor(user.id), testDb()))?.displayName).toBe(renamed);
  });

  it("reads the __Secure- cookie used over https and chunked cookies", async () => {
    const user = await createTestUser();
    expect((await getSessionUser(await cookieFor(user.id, "__Secure-authjs.session-token"), testDb()))?.id).toBe(user.id);
    const sid = await startSession(testDb(), user.id);
    const token = await encode({ token: { sub: user.id, sid }, secret: secret(), salt: "authjs.session-token", maxAge: 3600 });
    const half = Math.floor(token.length / 2);
    const chunked = `authjs.session-token.0=${token.slice(0, half)}; authjs.session-token.1=${token.slice(half)}`;
    expect((await getSessionUser(chunked, testDb()))?.id).toBe(user.id);
  });

  it("returns null without a cookie, for a tampered or foreign-secret token, and for a deleted user", async () => {
    const user = await createTestUser();
    expect(await getSessionUser(undefined, testDb())).toBeNull();
    expect(await getSessionUser("authjs.session-token=garbage", testDb())).toBeNull();
    expect(await getSessionUser(await cookieFor(user.id, "authjs.session-token", "another-secret-another-secret-000000"), testDb())).toBeNull();
    const valid = await cookieFor(user.id);
    expect(await getSessionUser(valid.replace(/session-token=(.)/, (_, c) => `session-token=${c === "a" ? "b" : "a"}`), testDb())).toBeNull();
    await testDb().user.delete({ where: { id: user.id } });
    expect(await getSessionUser(valid, testDb())).toBeNull();
  });
});

describe("server-side sessions", () => {
  it("refuses a token without a session id, or whose session belongs to another user", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const noSid = await encode({ token: { sub: user.id }, secret: secret(), salt: "authjs.session-token", maxAge: 3600 });
    expect(await getSessionUser(`authjs.session-token=${noSid}`, testDb())).toBeNull();
    const othersSid = await startSession(testDb(), other.id);
    expect(await getSessionUser(await cookieFor(user.id, undefined, undefined, othersSid), testDb())).toBeNull();
  });

  it("ends a session at logout and every session of a user at 'log out everywhere'", async () => {
    const user = await createTestUser();
    const [a, b, c] = await Promise.all([cookieFor(user.id), cookieFor(user.id), cookieFor(user.id)]);
    const sessionA = await getSession(a, testDb());
    expect(sessionA?.user.id).toBe(user.id);
    expect(await endSession(testDb(), sessionA!.sessionId)).toBe(true);
    expect(await getSessionUser(a, testDb())).toBeNull();
    expect((await getSessionUser(b, testDb()))?.id).toBe(user.id);
    expect(await endAllSessions(testDb(), user.id)).toBe(2);
    expect(await getSessionUser(b, testDb())).toBeNull();
    expect(await getSessionUser(c, testDb())).toBeNull();
  });

  it("ends a session after its lifetime and after the idle timeout", async () => {
    const user = await createTestUser();
    const longAgo = new Date(Date.now() - SESSION_LIFETIME_S * 1000 - 1000);
    expect(await getSessionUser(await cookieFor(user.id, undefined, undefined, await startSession(testDb(), user.id, longAgo)), testDb())).toBeNull();
    const sid = await startSession(testDb(), user.id);
    const cookie = await cookieFor(user.id, undefined, undefined, sid);
    expect((await getSessionUser(cookie, testDb()))?.id).toBe(user.id);
    await testDb().authSession.update({ where: { id: sid }, data: { lastSeenAt: new Date(Date.now() - SESSION_IDLE_S * 1000 - 1000) } });
    expect(await getSessionUser(cookie, testDb())).toBeNull();
  });
});

describe("parseCookies", () => {
  it("splits and URL-decodes cookie pairs", () => {
    expect(parseCookies("a=1; b=x%20y;c=")).toEqual(new Map([["a", "1"], ["b", "x y"], ["c", ""]]));
    expect(parseCookies(undefined).size).toBe(0);
  });
});
