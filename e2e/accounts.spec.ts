/**
 * Accounts and mail in real browsers, reading the mail the e2e server sent
 * (the run's SMTP server keeps it, see e2e/mail.ts):
 * forgot password → mailed link → new password (in Danish, with a weak one
 * refused first), which ends the other device's session and works once; the
 * password change on the profile, which ends the other device's session and
 * keeps this one; the verification mail, sent again on request.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { ReceivedMail } from "../src/server/test/smtp-sink";
import { receivedMails, waitForMail } from "./mail";
import { loginAs, logout, registerAndLogin, submitLogin, uniqueAccount, useLanguageCookie, type Account } from "./fixtures";

// Several logins per journey (argon2 on a shared machine).
test.describe.configure({ timeout: 120_000 });

/** The first mail of `kind` to the account's address (each journey's accounts are new, so every mail to them is this run's). */
const mailTo = (account: Pick<Account, "email">, kind: string) => waitForMail((m) => m.envelopeTo.includes(account.email) && m.kind === kind);

/** Two browser contexts (two devices), both signed in to one new account. */
async function twoDevices(browser: Browser, name: string): Promise<{ account: Account; laptop: Page; phone: Page; close: () => Promise<void> }> {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [laptop, phone] = await Promise.all(contexts.map((c) => c.newPage()));
  const account = await registerAndLogin(laptop!, name);
  await loginAs(phone!, account);
  return { account, laptop: laptop!, phone: phone!, close: async () => void (await Promise.all(contexts.map((c) => c.close()))) };
}

async function expectSignedOut(page: Page): Promise<void> {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId("nav-login")).toBeVisible();
}

test("forgot password: the mailed link sets a new password once and ends every session", async ({ browser, baseURL }) => {
  const { account, laptop: a, phone: b, close } = await twoDevices(browser, "Glemsom");
  await logout(a);

  // The login page leads to the form; known and unknown addresses get the same answer.
  await a.goto("/login");
  await a.getByTestId("forgot-password-link").click();
  await expect(a).toHaveURL(/\/forgot-password$/);
  const stranger = uniqueAccount("Nobody").email;
  for (const email of [stranger, account.email]) {
    await a.locator("#field-email").fill(email);
    await a.getByTestId("forgot-password-submit").click();
    await expect(a.getByTestId("reset-requested")).toHaveText(
      `If an account has the address ${email}, a link to choose a new password is on its way. It works for 1 hour. No mail? Look in the spam folder, or check the address.`,
    );
  }
  const mail: ReceivedMail = await mailTo(account, "password-reset");
  expect(mail.subject).toBe("Reset your Whist Club password");
  expect(mail.link).toMatch(new RegExp(`^${baseURL}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
  expect(receivedMails().some((m) => m.envelopeTo.includes(stranger))).toBe(false);

  // In Danish: a weak password is refused with its reason, in Danish; a strong one is saved.
  await useLanguageCookie(a, "da", baseURL!);
  await a.goto(mail.link!);
  await expect(a.getByRole("heading", { level: 1 })).toHaveText("Vælg en ny adgangskode");
  await a.locator("#field-password").fill("password123");
  await a.getByTestId("reset-password-submit").click();
  await expect(a.getByTestId("error-password")).toHaveText("Adgangskoden er blandt de mest brugte og gættes først. Vælg en anden.");
  const newPassword = "Hjerter-er-trumf-i-aften";
  await a.locator("#field-password").fill(newPassword);
  await a.getByTestId("reset-password-submit").click();
  await expect(a).toHaveURL(/\/login\?reset=done$/);
  await expect(a.getByTestId("password-reset-done")).toHaveText(
    "Din adgangskode er ændret, og alle enheder er logget ud. Log ind med den nye adgangskode.",
  );

  // The other device was signed out; the old password no longer works, the new one does.
  await expectSignedOut(b);
  await submitLogin(a, account.email, account.password);
  await expect(a.getByTestId("form-error")).toHaveText("E-mail eller adgangskode er forkert.");
  await loginAs(a, { email: account.email, password: newPassword });

  // The link works only once (signed in now, the page follows the profile's language, English).
  await a.goto(mail.link!);
  await expect(a.getByTestId("reset-link-invalid")).toContainText("This link has expired or has already been used.");
  await close();
});

test("changing the password on the profile ends the other device's session and keeps this one", async ({ browser }) => {
  const { account, laptop: a, phone: b, close } = await twoDevices(browser, "Skifter");
  await a.goto("/profile");
  const form = a.getByTestId("password-change-form");
  const newPassword = "Spar-es-og-klor-dame";

  await form.locator("#password-currentPassword").fill("not-my-password");
  await form.locator("#password-newPassword").fill(newPassword);
  await a.getByTestId("password-change-submit").click();
  await expect(a.getByTestId("error-currentPassword")).toHaveText("Your current password is not correct.");

  await form.locator("#password-currentPassword").fill(account.password);
  await form.locator("#password-newPassword").fill("qwertyuiop");
  await a.getByTestId("password-change-submit").click();
  await expect(a.getByTestId("error-newPassword")).toHaveText("This password is among the most used ones and is guessed first. Choose another one.");

  await form.locator("#password-newPassword").fill(newPassword);
  await a.getByTestId("password-change-submit").click();
  await expect(a.getByTestId("password-changed")).toHaveText("Your password has been changed. Your other devices are logged out.");

  // This device stays signed in; the other one is out and needs the new password.
  await a.reload();
  await expect(a.getByTestId("profile-email")).toHaveText(account.email);
  await expectSignedOut(b);
  await loginAs(b, { email: account.email, password: newPassword });
  await close();
});

test("the verification mail's link confirms the address once; the profile can send it again", async ({ page }) => {
  const account = await registerAndLogin(page, "Bekræft");
  await mailTo(account, "email-verification");
  await expect(page.getByTestId("email-unverified-status")).toContainText("not confirmed yet");

  await page.getByTestId("resend-verification").click();
  await expect(page.getByTestId("resend-verification-result")).toHaveText("A new confirmation mail is on its way. Its link works for 24 hours.");
  const again = await waitForMail(
    (m, received) => m.envelopeTo.includes(account.email) && m.kind === "email-verification" && received.filter((x) => x.envelopeTo.includes(account.email)).indexOf(m) === 1,
  );
  expect(again.subject).toBe("Confirm your email address for Whist Club");

  await page.goto(again.link!);
  await expect(page.getByTestId("email-verified")).toHaveText("Thank you! Your email address is confirmed.");
  await page.goto("/profile");
  await expect(page.getByTestId("email-verified-status")).toContainText("confirmed");
  await page.goto(again.link!);
  await expect(page.getByTestId("verify-link-invalid")).toBeVisible();
});
