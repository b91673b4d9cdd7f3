/**
 * The tRPC HTTP endpoint as the browser sees it: the error formatter's stable
 * codes and input issues, and the session cookie deciding who is calling.
 */
import { afterAll, describe, expect, it } from "vitest";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { encode } from "next-auth/jwt";
import { appRouter } from "./root";
import { createContextFromHeaders } from "./context";
import { startSession } from "@/server/auth/sessions";
import { closeTestDb, createTestUser, testDb, uniqueDisplayName, uniqueEmail } from "@/server/test/helpers";

afterAll(closeTestDb);

async function call(method: "GET" | "POST", procedure: string, input: unknown, headers: Record<string, string> = {}) {
  const json = JSON.stringify({ json: input });
  const url = method === "GET" ? `http://test/api/trpc/${procedure}?input=${encodeURIComponent(json)}` : `http://test/api/trpc/${procedure}`;
  const req = new Request(url, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(method === "POST" ? { body: json } : {}),
  });
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createContextFromHeaders(req.headers, testDb()),
  });
  return { status: res.status, body: (await res.json()) as { result?: { data: { json: unknown } }; error?: { json: { message: string; data: Record<string, unknown> } } } };
}

describe("tRPC over HTTP", () => {
  it("reports a duplicate email as 409 with appCode EMAIL_TAKEN", async () => {
    const user = await createTestUser();
    const { status, body } = await call("POST", "accounts.register", { email: user.email, password: "whatever-it-takes-123", displayName: uniqueDisplayName("Dup"), locale: "en" });
    expect(status).toBe(409);
    expect(body.error?.json.data).toMatchObject({ code: "CONFLICT", appCode: "EMAIL_TAKEN", issues: null, httpStatus: 409 });
  });

  it("reports invalid input as 400 with one issue per field, including bounds", async () => {
    const { status, body } = await call("POST", "accounts.register", { email: "x", password: "1234", displayName: "y".repeat(41), locale: "en" });
    expect(status).toBe(400);
    const data = body.error!.json.data as { appCode: string; issues: { path: string; code: string; minimum?: number; maximum?: number }[] };
    expect(data.appCode).toBe("BAD_REQUEST");
    const byPath = Object.fromEntries(data.issues.map((i) => [i.path, i]));
    expect(Object.keys(byPath).sort()).toEqual(["displayName", "email", "password"]);
    expect(byPath.password).toMatchObject({ code: "too_small", minimum: 8 });
    expect(byPath.displayName).toMatchObject({ code: "too_big", maximum: 40 });
  });

  it("refuses accounts.me without a session (401, UNAUTHORIZED) and answers it with a session cookie", async () => {
    const anonymous = await call("GET", "accounts.me", undefined);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.json.data).toMatchObject({ code: "UNAUTHORIZED", appCode: "UNAUTHORIZED" });

    const user = await createTestUser({ displayName: "Cookie Carl" });
    const sid = await startSession(testDb(), user.id);
    const token = await encode({ token: { sub: user.id, sid }, secret: process.env.AUTH_SECRET!, salt: "authjs.session-token", maxAge: 600 });
    const signedIn = await call("GET", "accounts.me", undefined, { cookie: `authjs.session-token=${token}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result?.data.json).toMatchObject({ id: user.id, email: user.email, displayName: user.displayName });
  });

  it("registers over HTTP and returns the new account", async () => {
    const email = uniqueEmail("http");
    const displayName = uniqueDisplayName("Hanne");
    const { status, body } = await call("POST", "accounts.register", { email, password: "long-enough", displayName, locale: "da" });
    expect(status).toBe(200);
    expect(body.result?.data.json).toMatchObject({ email, displayName, locale: "da" });
  });
});
