/**
 * Hardening, attacked over real HTTP and sockets (the production request
 * guard and route modules, src/server/http/test-app.ts) against the run's
 * PostgreSQL database: oversized bodies, control characters and lone
 * surrogates in free text, security headers, cross-site mutations and
 * internal errors. Each test checks the refusal and that nothing changed.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { NextRequest } from "next/server";
import { CLIENT_EVENT, SERVER_EVENT, type Ack, type ServerMessage } from "@/protocol";
import { closeTestDb, createTestUser, testDb, uniqueEmail, uniqueIp } from "@/server/test/helpers";
import { startTestApp, type TestApp } from "@/server/http/test-app";
import { TestBrowser } from "@/server/http/test-browser";
import { closeRateLimiters } from "@/server/rate-limit";
import { appRouter } from "@/server/api/root";
import type { Db } from "@/server/db";
import { describeError } from "@/trpc/errors";
import { UNSAFE_TEXT_KEY } from "@/lib/safe-text";
import { proxy } from "@/proxy";
import en from "@/i18n/messages/en/errors.json";
import da from "@/i18n/messages/da/errors.json";
import nb from "@/i18n/messages/nb/errors.json";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ trustProxy: 1, realtime: true });
});

afterAll(async () => {
  await app?.close();
  await closeRateLimiters();
  await closeTestDb();
});

const browser = () => new TestBrowser(app.url, uniqueIp());
const usersWithEmail = (email: string) => testDb().user.count({ where: { email } });

/**
 * POSTs a body that claims `declared` bytes but sends only `sent` of them
 * (or, with declared null, sends `sent` bytes chunked), and resolves with the
 * status as soon as the server answers.
 */
function postRaw(path: string, opts: { declared: number | null; sent: number; contentType?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, app.url);
    const req = request(url, {
      method: "POST",
      headers: {
        "content-type": opts.contentType ?? "application/json",
        ...(opts.declared !== null ? { "content-length": String(opts.declared) } : { "transfer-encoding": "chunked" }),
      },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", (error) => reject(error));
    const chunk = Buffer.alloc(64 * 1024, "a");
    let written = 0;
    const pump = () => {
      while (written < opts.sent) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (opts.declared === null) req.end();
    };
    pump();
  });
}

describe("body size limits", () => {
  it("oversized body: a 40 MB register body is refused with 413 before it is read; nothing is created", async () => {
    const email = uniqueEmail("big");
    // Only the first 256 KiB of the declared 40 MB are ever sent: the answer cannot wait for the rest.
    expect(await postRaw("/api/trpc/accounts.register", { declared: 40 * 1024 * 1024, sent: 256 * 1024 })).toBe(413);
    expect(await postRaw("/api/auth/callback/credentials", { declared: 40 * 1024 * 1024, sent: 256 * 1024, contentType: "application/x-www-form-urlencoded" })).toBe(413);
    expect(await usersWithEmail(email)).toBe(0);
  });

  it("oversized body without a length (chunked): refused with 413 once past the limit; nothing is created", async () => {
    const before = await testDb().user.count();
    expect(await postRaw("/api/trpc/accounts.register", { declared: null, sent: 2 * 1024 * 1024 })).toBe(413);
    expect(await postRaw("/api/auth/callback/credentials", { declared: null, sent: 128 * 1024, contentType: "application/x-www-form-urlencoded" })).toBe(413);
    expect(await testDb().user.count()).toBe(before);
  });
});

describe("free text refuses control characters and lone surrogates", () => {
  it("NUL and lone-surrogate names: a translated 400 with the field's issue, no row written", async () => {
    for (const displayName of ["Ann\u0000a", "Bo\uD800b", "\uDC00", "x\u001B[2J"]) {
      const email = uniqueEmail("nul");
      const res = await browser().mutate("accounts.register", { email, password: "long-enough-1", displayName, locale: "da" });
      expect(res.status).toBe(400);
      expect(res.error?.data).toMatchObject({ code: "BAD_REQUEST", appCode: "BAD_REQUEST" });
      expect(res.error?.data.issues).toEqual([expect.objectContaining({ path: "displayName", message: UNSAFE_TEXT_KEY })]);
      expect(res.text).not.toMatch(/prisma|postgres|invalid byte sequence/i);
      const described = describeError({ data: res.error?.data });
      expect(described.fields.displayName).toEqual({ key: "field.unsafeText" });
      expect(await usersWithEmail(email)).toBe(0);
    }
    for (const messages of [en, da, nb]) expect(messages.field.unsafeText.length).toBeGreaterThan(10);
  });

  it("profile and club names and descriptions with NUL or a lone surrogate: 400, nothing changed", async () => {
    const user = await createTestUser({ displayName: "Clean Name" });
    const b = browser();
    expect(await b.login(user.email, user.password)).toBe("ok");
    const profile = await b.mutate("accounts.updateProfile", { displayName: "Evil\u0000" });
    expect(profile.status).toBe(400);
    expect(profile.error?.data.issues?.[0]).toMatchObject({ path: "displayName", message: UNSAFE_TEXT_KEY });
    const row = await testDb().user.findUniqueOrThrow({ where: { id: user.id }, select: { displayName: true } });
    expect(row.displayName).toBe(user.displayName);

    const clubsBefore = await testDb().club.count();
    for (const input of [
      { name: "Klub\u0000", description: "", locale: "da", isOpen: true },
      { name: "Klub \uD83D", description: "", locale: "da", isOpen: true },
      { name: "Klub", description: "line one\nline two\u0000", locale: "da", isOpen: true },
    ]) {
      const club = await b.mutate("clubs.create", input);
      expect(club.status).toBe(400);
      expect(club.error?.data.issues?.[0]?.message).toBe(UNSAFE_TEXT_KEY);
    }
    expect(await testDb().club.count()).toBe(clubsBefore);
    // Line breaks are fine in a description.
    const ok = await b.mutate("clubs.create", { name: "Klub Nord", description: "line one\nline two", locale: "da", isOpen: true });
    expect(ok.status).toBe(200);
  });

  it("an id with NUL is a 400, not a database error", async () => {
    const res = await browser().query("accounts.profile", { userId: "abc\u0000" });
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/prisma|postgres|invalid byte sequence/i);
  });

  it("chat with NUL or a lone surrogate: refused with table/unsafe-text, no line delivered", async () => {
    const user = await createTestUser();
    const b = browser();
    expect(await b.login(user.email, user.password)).toBe("ok");
    const tableId = ((await b.mutate("tables.create", { variant: "classic" })).data as { id: string }).id;
    const socket: Socket = await new Promise((resolve, reject) => {
      const s = connect(app.url, { path: "/socket.io", transports: ["websocket"], extraHeaders: { cookie: b.sessionCookie()! }, reconnection: false });
      s.once("connect", () => resolve(s));
      s.once("connect_error", reject);
    });
    const chats: ServerMessage[] = [];
    socket.on(SERVER_EVENT, (m: ServerMessage) => m.type === "chat" && chats.push(m));
    const send = (msg: Record<string, unknown>) => socket.timeout(10_000).emitWithAck(CLIENT_EVENT, msg) as Promise<Ack>;
    expect(await send({ type: "table/open", tableId })).toEqual({ ok: true });
    for (const text of ["hi\u0000", "hi \uD800"]) {
      expect(await send({ type: "chat", tableId, text })).toMatchObject({ ok: false, error: { code: "table/unsafe-text" } });
    }
    expect(await send({ type: "chat", tableId, text: "hej 👋" })).toEqual({ ok: true });
    await vi.waitFor(() => expect(chats).toHaveLength(1));
    expect(chats[0]).toMatchObject({ type: "chat", line: { text: "hej 👋" } });
    socket.close();
  });
});

describe("security headers", () => {
  it("the response headers: API answers and socket.io carry CSP frame-ancestors 'none', nosniff, Referrer-Policy; HSTS only over https", async () => {
    const api = await fetch(`${app.url}/api/trpc/accounts.me`);
    const sock = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`);
    for (const res of [api, sock]) {
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
    // Behind the trusted proxy, which terminated https:
    const https = await fetch(`${app.url}/api/trpc/accounts.me`, { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("pages get a CSP with a fresh nonce, for the browser and for Next's own scripts", () => {
    const policies = [0, 1].map(() => {
      const res = proxy(new NextRequest("http://127.0.0.1:3000/play", { headers: { host: "127.0.0.1:3000" } }));
      const sent = res.headers.get("content-security-policy")!;
      // What Next.js renders with (the request header the proxy overrides).
      expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(sent);
      return sent;
    });
    const nonces = policies.map((p) => /'nonce-([^']+)'/.exec(p)?.[1]);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(policies[0]).toContain("frame-ancestors 'none'");
    expect(policies[0]).toContain("connect-src 'self' ws://127.0.0.1:3000 wss://127.0.0.1:3000");
    expect(policies[0]).not.toContain("unsafe-eval");
    expect(policies[0]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
  });
});

describe("cross-site requests", () => {
  it("a cross-site mutation is refused (403) with the victim's valid cookie; nothing is created", async () => {
    const user = await createTestUser();
    const b = browser();
    expect(await b.login(user.email, user.password)).toBe("ok");
    for (const origin of ["https://evil.example", "null", `${app.url}.evil.example`]) {
      const res = await b.mutate("tables.create", { variant: "classic" }, { origin });
      expect(res.status).toBe(403);
      const update = await b.mutate("accounts.updateProfile", { displayName: "Pwned" }, { origin });
      expect(update.status).toBe(403);
    }
    expect(await testDb().table.count({ where: { createdById: user.id } })).toBe(0);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: user.id }, select: { displayName: true } })).displayName).toBe(user.displayName);
    // The same request from the site itself goes through.
    expect((await b.mutate("tables.create", { variant: "classic" }, { origin: app.url })).status).toBe(200);
    expect(await testDb().table.count({ where: { createdById: user.id } })).toBe(1);
  });

  it("a cross-site login or logout POST is refused (403); no session is created or ended", async () => {
    const user = await createTestUser();
    const b = browser();
    const csrf = ((await (await b.fetch("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
    const res = await b.fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ email: user.email, password: user.password, csrfToken: csrf }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await testDb().authSession.count({ where: { userId: user.id } })).toBe(0);

    expect(await b.login(user.email, user.password)).toBe("ok");
    const out = await b.fetch("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ csrfToken: csrf }).toString(),
    });
    expect(out.status).toBe(403);
    expect(await testDb().authSession.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe("internal errors", () => {
  it("in production an internal error reaches the client as a generic message with a reference, not the cause", async () => {
    const broken = new Proxy({}, { get: () => { throw new Error("connection to 10.1.2.3 failed: secret detail"); } }) as unknown as Db;
    vi.stubEnv("NODE_ENV", "production");
    try {
      const res = await fetchRequestHandler({
        endpoint: "/api/trpc",
        req: new Request("http://test/api/trpc/accounts.profile?input=" + encodeURIComponent(JSON.stringify({ json: { userId: "u1" } }))),
        router: appRouter,
        createContext: () => ({ db: broken, user: null, locale: "en" as const, ip: "127.0.0.1" }),
      });
      const text = await res.text();
      expect(res.status).toBe(500);
      expect(text).not.toContain("secret detail");
      expect(text).not.toContain("10.1.2.3");
      const error = (JSON.parse(text) as { error: { json: { message: string; data: { appCode: string; params: { ref: string } } } } }).error.json;
      expect(error.data.appCode).toBe("INTERNAL_SERVER_ERROR");
      expect(error.data.params.ref).toMatch(/^[0-9a-f]{10}$/);
      expect(error.message).toBe(`Internal error (reference ${error.data.params.ref}).`);
      expect(describeError({ data: error.data }).form).toEqual({ key: "INTERNAL_SERVER_ERROR", values: { ref: error.data.params.ref } });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
