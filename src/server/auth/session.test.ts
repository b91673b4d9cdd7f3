/**
 * Decoding Auth.js session cookies (as the socket.io handshake does), against
 * tokens made with Auth.js's own encoder and the run's real database.
 */
import { afterAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { closeTestDb, createTestUser, testDb } from "@/server/test/helpers";
import { getSessionUser, parseCookies } from "./session";

afterAll(closeTestDb);

const secret = () => process.env.AUTH_SECRET!;

async function cookieFor(sub: string, name = "authjs.session-token", key = secret()) {
  const token = await encode({ token: { sub, name: "x" }, secret: key, salt: name, maxAge: 3600 });
  return `theme=dark; ${name}=${token}; other=1`;
}

describe("getSessionUser", () => {
  it("returns the user of a valid cookie, fresh from the database", async () => {
    const user = await createTestUser({ displayName: "Socket Sofie", locale: "nb" });
    expect(await getSessionUser(await cookieFor(user.id), testDb())).toEqual({ id: user.id, displayName: "Socket Sofie", locale: "nb" });
    await testDb().user.update({ where: { id: user.id }, data: { displayName: "Renamed" } });
    expect((await getSessionUser(await cookieFor(user.id), testDb()))?.displayName).toBe("Renamed");
  });

  it("reads the __Secure- cookie used over https and chunked cookies", async () => {
    const user = await createTestUser();
    expect((await getSessionUser(await cookieFor(user.id, "__Secure-authjs.session-token"), testDb()))?.id).toBe(user.id);
    const token = await encode({ token: { sub: user.id }, secret: secret(), salt: "authjs.session-token", maxAge: 3600 });
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

describe("parseCookies", () => {
  it("splits and URL-decodes cookie pairs", () => {
    expect(parseCookies("a=1; b=x%20y;c=")).toEqual(new Map([["a", "1"], ["b", "x y"], ["c", ""]]));
    expect(parseCookies(undefined).size).toBe(0);
  });
});
