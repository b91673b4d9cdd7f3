/**
 * Accounts in a real browser: register, log out, log in, language switching
 * (header, profile and errors in Danish, Norwegian and English), the profile,
 * a wrong password, a taken email, and protected pages.
 */
import { expect, test } from "@playwright/test";
import { loginAs, logout, register, registerAndLogin, setLanguage, submitLogin, uniqueAccount, useLanguageCookie } from "./fixtures";

// Each journey registers and logs in several times (argon2 hashing on a shared machine): allow more than the default.
test.describe.configure({ timeout: 60_000 });

/** The same long date the profile shows (next-intl "{date, date, long}", Europe/Copenhagen). */
function longDate(locale: string, date: Date): string {
  return new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "Europe/Copenhagen" }).format(date);
}

test("register, log out, log in, switch language and see the profile", async ({ page }) => {
  const account = await registerAndLogin(page, "Karen");
  await expect(page.getByTestId("welcome")).toBeVisible();

  await logout(page);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId("logged-out")).toBeVisible();

  await loginAs(page, account);
  await expect(page).toHaveURL(/\/profile$/);

  // The header follows the chosen language; signed in, the choice is saved on the profile.
  await page.goto("/");
  await setLanguage(page, "da");
  await expect(page.getByTestId("nav-play")).toHaveText("Spil");
  await expect(page.getByTestId("nav-logout")).toHaveText("Log ud");
  await expect(page.getByText("Fem slags whist", { exact: true })).toBeVisible();

  await setLanguage(page, "nb");
  await expect(page.getByTestId("nav-play")).toHaveText("Spill");
  await expect(page.getByTestId("nav-logout")).toHaveText("Logg ut");
  await expect(page.getByText("Alt en kortkveld trenger", { exact: true })).toBeVisible();

  await setLanguage(page, "en");
  await expect(page.getByTestId("nav-play")).toHaveText("Play");
  await expect(page.getByText("Five kinds of whist", { exact: true })).toBeVisible();

  await page.getByTestId("nav-profile").click();
  await expect(page.getByTestId("profile-display-name")).toHaveText(account.displayName);
  await expect(page.getByTestId("profile-email")).toHaveText(account.email);
  await expect(page.getByTestId("profile-member-since")).toHaveText(longDate("en", new Date()));
  // A new player has played nothing; the sections are there, headed in the chosen language.
  for (const [section, heading] of [["games", "Games"], ["ratings", "Ratings"], ["clubs", "Clubs"]]) {
    await expect(page.getByTestId(`profile-${section}`).getByRole("heading", { level: 2 })).toHaveText(heading!);
  }

  // The language lives on the profile: a fresh browser context picks it up at login.
  await setLanguage(page, "nb");
  await expect(page.getByTestId("profile-member-since")).toHaveText(longDate("nb", new Date()));
  await logout(page);
  await page.context().clearCookies();
  await loginAs(page, account);
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profilen din");
});

test("a wrong password shows a translated error and keeps the typed email", async ({ page, baseURL }) => {
  const account = await registerAndLogin(page, "Ole");
  await logout(page);

  await submitLogin(page, account.email, "not-the-password");
  await expect(page.getByTestId("form-error")).toHaveText("The email or password is not correct.");
  await expect(page.locator("#field-email")).toHaveValue(account.email);
  await expect(page.locator("#field-password")).toHaveValue("not-the-password");

  await useLanguageCookie(page, "da", baseURL!);
  await submitLogin(page, account.email, "still-not-the-password");
  await expect(page.getByTestId("form-error")).toHaveText("E-mail eller adgangskode er forkert.");

  // The right password still works after failures.
  await page.locator("#field-password").fill(account.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("nav-logout")).toBeVisible();
});

test("inline validation and a taken email keep every field's value", async ({ page }) => {
  const first = uniqueAccount("Taken");
  await register(page, first);
  await logout(page);

  await page.goto("/register");
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("error-displayName")).toHaveText("Enter a display name.");
  await expect(page.getByTestId("error-email")).toHaveText("Enter your email address.");
  await expect(page.locator("#field-displayName")).toBeFocused();

  await page.locator("#field-displayName").fill("Second player");
  await page.locator("#field-email").fill(first.email);
  await page.locator("#field-password").fill("short");
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("error-password")).toHaveText("The password must be at least 8 characters.");

  await page.locator("#field-password").fill("long-enough-password");
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("form-error")).toHaveText(/already exists/);
  await expect(page.locator("#field-displayName")).toHaveValue("Second player");
  await expect(page.locator("#field-email")).toHaveValue(first.email);
  await expect(page.locator("#field-password")).toHaveValue("long-enough-password");
});

test("a protected page sends visitors to the login and back", async ({ page }) => {
  const account = await registerAndLogin(page, "Guard");
  await logout(page);

  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?reason=signin&next=%2Fprofile/);
  await expect(page.getByTestId("signin-required")).toHaveText("Please log in to see that page.");
  await page.locator("#field-email").fill(account.email);
  await page.locator("#field-password").fill(account.password);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("profile-display-name")).toHaveText(account.displayName);
});

test("public profiles and unknown pages", async ({ page }) => {
  const account = await registerAndLogin(page, "Public");
  const publicLink = page.getByRole("link", { name: "See your public profile" });
  await publicLink.click();
  await expect(page).toHaveURL(/\/u\/[^/]+$/);
  await expect(page.getByTestId("public-display-name")).toHaveText(account.displayName);
  await expect(page.getByTestId("public-member-since")).toHaveText(longDate("en", new Date()));

  const response = await page.goto("/u/no-such-player");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
  expect((await page.goto("/no/such/page"))?.status()).toBe(404);
  await expect(page.getByText("Page not found")).toBeVisible();
});

test("pages fit a 360px wide phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const widthFits = async () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  for (const path of ["/", "/rules", "/login", "/register"]) {
    await page.goto(path);
    expect(await widthFits(), path).toBe(true);
  }
  await registerAndLogin(page, "Phone");
  for (const locale of ["nb", "da", "en"] as const) {
    await setLanguage(page, locale);
    expect(await widthFits(), `profile in ${locale}`).toBe(true);
    await expect(page.getByTestId("language-switcher")).toBeInViewport();
  }
});
