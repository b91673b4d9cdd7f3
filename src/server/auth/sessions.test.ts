/**
 * Sessions and login limits attacked over real HTTP and real sockets: the
 * request guard, the Auth.js and tRPC route modules and the live-table
 * socket wiring of the production server (src/server/http/test-app.ts),
 * against the run's PostgreSQL database. Each test checks the refusal and
 * that nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { CLIENT_EVENT, type Ack } from "@/protocol";
import { closeTestDb, createTestUser, testDb, uniqueIp } from "@/server/test/helpers";
import { startTestApp, type TestApp } from "@/server/http/test-app";
import { TestBrowser } from "@/server/http/test-browser";
import { closeRateLimiters } from "@/server/rate-limit";
import { LOGIN_LIMITS } from "./login-limits";

let app: TestApp; // behind one trusted proxy: X-Forwarded-For's last entry is the client
let direct: TestApp; // no proxy: the socket peer is the client, X-Forwarded-For is ignored

beforeAll(async () => {
  app = await startTestApp({ trustProxy: 1, realtime: true });
  direct = await startTestApp({ trustProxy: 0 });
});

afterAll(async () => {
  await app?.close();
  await direct?.close();
  await closeRateLimiters();
  await closeTestDb();
});

const sessionRows = (userId: string) => testDb().authSession.count({ where: { userId } });
const tablesOf = (userId: string) => testDb().table.count({ where: { createdById: userId } });

function openSocket(url: string, cookie: string | null): Promise<Socket> {
  const socket = connect(url, { path: "/socket.io", transports: ["websocket"], extraHeaders: cookie ? { cookie } : {}, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

const emit = (socket: Socket, msg: Record<string, unknown>) => socket.timeout(10_000).emitWithAck(CLIENT_EVENT, msg) as Promise<Ack>;
const disconnected = (socket: Socket) => new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));

/** A browser whose requests reach the server through the trusted proxy from a fresh address. */
const browser = (ip = uniqueIp()) => new TestBrowser(app.url, ip);

describe("sessions that end", () => {
  it("replayed cookie after logout: refused by tRPC (accounts.me, tables.create), nothing created", async () => {
    const user = await createTestUser();
    const b = browser();
    expect(await b.login(user.email, user.password)).toBe("ok");
    expect((await b.query("accounts.me")).data).toMatchObject({ id: user.id });
    expect(await (await b.fetch("/api/auth/session")).json()).toMatchObject({ user: { id: user.id } });
    const stolen = b.sessionCookie()!;
    expect(await sessionRows(user.id)).toBe(1);

    const out = await b.logout();
    expect(out.status).toBe(302);
    expect(await sessionRows(user.id)).toBe(0);

    const attacker = browser();
    attacker.cookies.set("authjs.session-token", stolen.split("=")[1]!);
    const me = await attacker.query("accounts.me");
    expect(me.status).toBe(401);
    expect(me.error?.data.appCode).toBe("UNAUTHORIZED");
    const create = await attacker.mutate("tables.create", { variant: "classic" });
    expect(create.status).toBe(401);
    expect(await tablesOf(user.id)).toBe(0);
    // Auth.js's own session endpoint agrees: no user.
    expect(await (await attacker.fetch("/api/auth/session")).json()).toBeNull();
  });

  it("replayed cookie after logout: the socket handshake is not signed in and cannot take a seat; logout disconnects the open socket", async () => {
    const user = await createTestUser();
    const b = browser();
    expect(await b.login(user.email, user.password)).toBe("ok");
    const created = await b.mutate("tables.create", { variant: "classic" });
    expect(created.status).toBe(200);
    const tableId = (created.data as { id: string }).id;
    const cookie = b.sessionCookie()!;

    const live = await openSocket(app.url, cookie);
    expect(await emit(live, { type: "table/open", tableId })).toEqual({ ok: true });
    const closed = disconnected(live);
    await b.logout();
    expect(await closed).toBe("io server disconnect");

    const replay = await openSocket(app.url, cookie);
    expect(await emit(replay, { type: "table/open", tableId })).toEqual({ ok: true });
    const take = await emit(replay, { type: "seat/take", tableId, seat: 0 });
    expect(take).toMatchObject({ ok: false, error: { code: "table/login-required" } });
    replay.close();
    const row = await testDb().table.findUniqueOrThrow({ where: { id: tableId }, select: { seats: true, status: true } });
    expect(row).toEqual({ seats: [null, null, null, null], status: "open" });
  });

  it("log out everywhere: every session of the user ends and all their sockets close; another user's stay", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const [phone, laptop, neighbour] = [browser(), browser(), browser()];
    expect(await phone.login(user.email, user.password)).toBe("ok");
    expect(await laptop.login(user.email, user.password)).toBe("ok");
    expect(await neighbour.login(other.email, other.password)).toBe("ok");
    const sockets = await Promise.all([phone, laptop, neighbour].map((b) => openSocket(app.url, b.sessionCookie())));
    const closed = Promise.all(sockets.slice(0, 2).map(disconnected));

    const result = await phone.mutate("accounts.logoutEverywhere");
    expect(result).toMatchObject({ status: 200, data: { ended: 2 } });
    expect(await closed).toEqual(["io server disconnect", "io server disconnect"]);

    expect((await laptop.query("accounts.me")).status).toBe(401);
    expect((await phone.query("accounts.me")).status).toBe(401);
    expect(await sessionRows(user.id)).toBe(0);
    expect((await neighbour.query("accounts.me")).data).toMatchObject({ id: other.id });
    expect(sockets[2]!.connected).toBe(true);
    expect(await emit(sockets[2]!, { type: "lobby/watch" })).toEqual({ ok: true });
    for (const s of sockets) s.close();
  });
});

describe("login limits that hold", () => {
  it("12 concurrent wrong passwords against a limit of 5: at most 5 are checked, then even the right one is refused", async () => {
    const user = await createTestUser();
    const ip = uniqueIp();
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => browser(ip).login(user.email, `wrong-${i}`)));
    const checked = outcomes.filter((o) => o === "INVALID_CREDENTIALS").length;
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.perEmailIp.points);
    expect(checked).toBe(5);
    expect(outcomes.filter((o) => o === "TOO_MANY_REQUESTS")).toHaveLength(12 - checked);
    expect(await browser(ip).login(user.email, user.password)).toBe("TOO_MANY_REQUESTS");
    expect(await sessionRows(user.id)).toBe(0);
  });

  it("a spoofed X-Forwarded-For does not reset the limit (no proxy trusted, or one proxy appending the real address)", async () => {
    const user = await createTestUser();
    for (let i = 0; i < LOGIN_LIMITS.perEmailIp.points; i++) {
      expect(await new TestBrowser(direct.url, `203.0.113.${i}`).login(user.email, "wrong")).toBe("INVALID_CREDENTIALS");
    }
    expect(await new TestBrowser(direct.url, "198.51.100.77").login(user.email, user.password)).toBe("TOO_MANY_REQUESTS");
    expect(await new TestBrowser(direct.url).login(user.email, user.password)).toBe("TOO_MANY_REQUESTS");

    const victim = await createTestUser();
    const realIp = uniqueIp();
    for (let i = 0; i < LOGIN_LIMITS.perEmailIp.points; i++) {
      expect(await browser(`192.0.2.${i}, ${realIp}`).login(victim.email, "wrong")).toBe("INVALID_CREDENTIALS");
    }
    expect(await browser(`192.0.2.200, ${realIp}`).login(victim.email, victim.password)).toBe("TOO_MANY_REQUESTS");
    expect(await sessionRows(user.id)).toBe(0);
    expect(await sessionRows(victim.id)).toBe(0);
  });

  it("the owner still logs in from their own IP while a stranger guesses from many others", async () => {
    const owner = await createTestUser();
    const home = uniqueIp();
    const b = browser(home);
    expect(await b.login(owner.email, owner.password)).toBe("ok");
    await b.logout();

    // Enough guesses, spread over addresses, to pass the per-email limit.
    const strangerIps = Array.from({ length: Math.ceil(LOGIN_LIMITS.perEmail.points / LOGIN_LIMITS.perEmailIp.points) + 1 }, () => uniqueIp());
    const guesses = strangerIps.flatMap((ip) => Array.from({ length: LOGIN_LIMITS.perEmailIp.points }, () => ip));
    const outcomes: string[] = [];
    for (const ip of guesses) outcomes.push(await browser(ip).login(owner.email, "guess"));
    expect(outcomes.filter((o) => o === "INVALID_CREDENTIALS").length).toBeLessThanOrEqual(LOGIN_LIMITS.perEmail.points);
    expect(outcomes).toContain("TOO_MANY_REQUESTS");
    expect(await browser(strangerIps[0]).login(owner.email, owner.password)).toBe("TOO_MANY_REQUESTS");
    // The per-email limit holds for addresses the account never used…
    expect(await browser().login(owner.email, owner.password)).toBe("TOO_MANY_REQUESTS");
    expect(await sessionRows(owner.id)).toBe(0);
    // …but not for the owner at home.
    expect(await browser(home).login(owner.email, owner.password)).toBe("ok");
    expect(await sessionRows(owner.id)).toBe(1);
  });
});
