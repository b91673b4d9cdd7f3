/**
 * Helpers the browser journeys share: unique accounts, registering, logging
 * in and out through the real forms, and switching the interface language.
 * Elements are found by test id (the visible texts change with the language).
 */
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export type Account = { email: string; password: string; displayName: string };
export type UiLocale = "da" | "nb" | "en";

let counter = 0;

/**
 * An account no other run has used: the email carries the time, the process
 * and a counter; the display name (unique in any case, server-side) a random tag.
 */
export function uniqueAccount(name = "Player"): Account {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "")}-${tag}@example.test`,
    password: `pw-${tag}-secret`,
    displayName: `${name} ${randomBytes(3).toString("hex")}`,
  };
}

/** Fills and submits the registration form; on success the app logs in and shows /profile. */
export async function register(page: Page, account: Account): Promise<void> {
  await page.goto("/register");
  await page.getByTestId("register-form").waitFor();
  await page.locator("#field-displayName").fill(account.displayName);
  await page.locator("#field-email").fill(account.email);
  await page.locator("#field-password").fill(account.password);
  await page.getByTestId("register-submit").click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByTestId("profile-display-name")).toHaveText(account.displayName);
}

/** Registers a fresh account named `name` and leaves the page signed in on /profile. */
export async function registerAndLogin(page: Page, name = "Player"): Promise<Account> {
  const account = uniqueAccount(name);
  await register(page, account);
  return account;
}

/** Submits the login form; does not check the outcome (see loginAs). */
export async function submitLogin(page: Page, email: string, password: string, path = "/login"): Promise<void> {
  await page.goto(path);
  await page.locator("#field-email").fill(email);
  await page.locator("#field-password").fill(password);
  await page.getByTestId("login-submit").click();
}

/** Logs in and waits until the header shows the signed-in navigation. */
export async function loginAs(page: Page, account: Pick<Account, "email" | "password">): Promise<void> {
  await submitLogin(page, account.email, account.password);
  await expect(page.getByTestId("nav-logout")).toBeVisible();
}

export async function logout(page: Page): Promise<void> {
  // On a phone the links are folded under the menu button.
  if (await page.getByTestId("nav-menu").isVisible()) await page.getByTestId("nav-menu").click();
  await page.getByTestId("nav-logout").click();
  await expect(page.getByTestId("nav-login")).toBeVisible();
}

/** Chooses a language in the header and waits until the page has re-rendered in it. */
export async function setLanguage(page: Page, locale: UiLocale): Promise<void> {
  await page.getByTestId("language-switcher").selectOption(locale);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByTestId("language-switcher")).toBeEnabled();
}

/** Makes the next page load use `locale` without touching the UI (sets the cookie the switcher sets). */
export async function useLanguageCookie(page: Page, locale: UiLocale, baseURL: string): Promise<void> {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
}

/**
 * Opens the clubs page and waits until it is live: it lists the player's clubs (or says there are
 * none), which only the hydrated page does.
 */
export async function openClubs(page: Page): Promise<void> {
  await page.goto("/clubs");
  await expect(page.getByTestId("my-clubs").or(page.getByTestId("my-clubs-none"))).toBeVisible();
}
