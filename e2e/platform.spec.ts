/**
 * The platform under the pages: socket.io on the same port as Next.js, and
 * the credentials login endpoint's rate limit, over real HTTP.
 */
import { expect, test } from "@playwright/test";
import { io } from "socket.io-client";

test("socket.io answers on the app's port over websocket", async ({ baseURL }) => {
  const socket = io(baseURL!, { path: "/socket.io", transports: ["websocket"], reconnection: false });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    expect(socket.connected).toBe(true);
  } finally {
    socket.disconnect();
  }
});

test("the credentials endpoint refuses a wrong password, then blocks the email after 5 failures", async ({ request }) => {
  const email = `ratelimit-${Date.now().toString(36)}@example.test`;
  const password = "right-password-1";
  const register = await request.post("/api/trpc/accounts.register", {
    data: { json: { email, password, displayName: `Rate Limited ${Date.now().toString(36)}`, locale: "en" } },
  });
  expect(register.status()).toBe(200);

  async function attempt(pw: string): Promise<string> {
    const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const res = await request.post("/api/auth/callback/credentials", {
      form: { csrfToken, email, password: pw, callbackUrl: "/" },
      maxRedirects: 0,
    });
    return res.headers()["location"] ?? "";
  }

  for (let i = 0; i < 5; i++) expect(await attempt(`wrong-${i}`)).toContain("code=INVALID_CREDENTIALS");
  expect(await attempt(password)).toContain("code=TOO_MANY_REQUESTS");
});
