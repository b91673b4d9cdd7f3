/**
 * Sessions in real browsers: "log out everywhere" on the profile ends the
 * session on another device too, and a copied session cookie stops working
 * after logout. Pages carry their security headers and run under the CSP.
 */
import { expect, test } from "@playwright/test";
import { loginAs, logout, registerAndLogin } from "./fixtures";

// Two devices register and log in (argon2 on a shared machine): allow a generous budget.
test.describe.configure({ timeout: 180_000 });

test("log out everywhere ends the session on the other device; a copied cookie stops working after logout", async ({ browser, baseURL }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const a = await laptop.newPage();
  const b = await phone.newPage();
  const violations: string[] = [];
  for (const p of [a, b]) p.on("console", (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));

  const account = await registerAndLogin(a, "Sessions");
  await loginAs(b, account);
  await b.goto("/profile");
  await expect(b.getByTestId("profile-email")).toHaveText(account.email);

  await a.goto("/profile");
  await a.getByTestId("logout-everywhere").click();
  await expect(a).toHaveURL(/\/login/);
  await expect(a.getByTestId("logged-out")).toHaveText("You are logged out on all your devices.");

  // The other device is signed out at its next page.
  await b.goto("/profile");
  await expect(b).toHaveURL(/\/login/);
  await expect(b.getByTestId("nav-login")).toBeVisible();

  // A copy of a session cookie, taken before logging out, is worthless afterwards.
  await loginAs(a, account);
  const copied = (await laptop.cookies()).filter((c) => c.name.includes("session-token"));
  expect(copied.length).toBeGreaterThan(0);
  await logout(a);
  const thief = await browser.newContext();
  await thief.addCookies(copied.map((c) => ({ ...c, url: baseURL! })).map(({ domain: _d, path: _p, ...c }) => c));
  const t = await thief.newPage();
  await t.goto("/profile");
  await expect(t).toHaveURL(/\/login/);
  await expect(t.getByTestId("nav-login")).toBeVisible();

  expect(violations).toEqual([]);
  for (const c of [laptop, phone, thief]) await c.close();
});

test("pages carry a CSP with a nonce, frame-ancestors 'none' and the other security headers", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  const response = await page.goto("/tables");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // The page works under it: the lobby's list arrives over socket.io and is rendered by client code.
  await expect(page.getByTestId(/^lobby(-empty)?$/)).toBeVisible();
  expect(violations).toEqual([]);
});
