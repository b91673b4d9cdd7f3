/**
 * Danish and Norwegian pages show no English interface text. Every main page
 * (home, lobby, a live table, rules, history, leaderboard, login, register;
 * the replay in e2e/replay.spec.ts) is loaded in da and nb, and its visible
 * text, its title and the texts people hear or hover (aria-label, title,
 * alt, placeholder) are searched for a list of common English interface
 * words (e2e/english.ts), each as a whole word. The message
 * parity test (src/i18n/messages/messages.test.ts) checks that every key
 * exists in every language; this catches text that never went through the
 * messages, or an English text copied into a Danish or Norwegian file.
 */
import { expect, test, type Page } from "@playwright/test";
import { englishOn } from "./english";
import { registerAndLogin, setLanguage, type UiLocale } from "./fixtures";
import { shortMatchTable } from "./matches";

/** Loads `path` in `locale`, waits for the element `ready` (a selector), and expects no English there. */
async function expectNoEnglish(page: Page, path: string, locale: UiLocale, ready: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.locator(ready).first()).toBeVisible();
  expect(await englishOn(page), `${locale} ${path}`).toEqual([]);
}

test("da and nb: no English on the main pages", async ({ browser }) => {
  test.setTimeout(600_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await registerAndLogin(page, "Nordisk");
  const tableId = await shortMatchTable(page);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto("/");

  // The search works: in English it finds English on the same pages.
  await setLanguage(page, "en");
  await page.goto(`/play/${tableId}`);
  await expect(page.getByTestId("table")).toBeVisible();
  expect((await englishOn(page)).length).toBeGreaterThan(3);
  await page.goto("/");

  const signedIn: [string, string][] = [
    ["/", "main h1"],
    ["/tables", "main h1"],
    [`/play/${tableId}`, "[data-testid=table]"],
    ["/rules", "[data-testid=glossary]"],
    ["/history", "main h1"],
    ["/leaderboard", "main h1"],
  ];
  for (const locale of ["da", "nb"] as const) {
    await setLanguage(page, locale);
    for (const [path, ready] of signedIn) await expectNoEnglish(page, path, locale, ready);
    // The lobby names the computer players as the table does (Norwegian "Datamaskin", soft hyphen and all).
    await page.goto("/tables");
    await expect(page.getByTestId(`lobby-table-${tableId}`)).toContainText(locale === "nb" ? /Data\u00ad?maskin B/ : "Computer B");
    await setLanguage(guest, locale);
    await expectNoEnglish(guest, "/login", locale, "[data-testid=login-submit]");
    await expectNoEnglish(guest, "/register", locale, "[data-testid=register-submit]");
  }

  await context.close();
  await guest.context().close();
});
