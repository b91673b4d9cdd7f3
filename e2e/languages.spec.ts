/**
 * Danish and Norwegian pages show no English interface text. Every main page
 * (home, lobby, a live table, rules, history, leaderboard, login, register
 * and a replay) is loaded in da and nb, and its visible text, its title and
 * the texts people hear or hover (aria-label, title, alt, placeholder) are
 * searched for a list of common English interface words, each as a whole
 * word. The words are chosen so that none is also a Danish or Norwegian word
 * the pages use; player names are chosen without any of them. The message
 * parity test (src/i18n/messages/messages.test.ts) checks that every key
 * exists in every language; this catches text that never went through the
 * messages, or an English text copied into a Danish or Norwegian file.
 */
import { expect, test, type Page } from "@playwright/test";
import { registerAndLogin, setLanguage, type UiLocale } from "./fixtures";
import { playToTheEnd, tableWithComputers } from "./matches";

const ENGLISH = [
  "the", "and", "you", "your", "with", "from", "this", "that", "not", "has", "have", "will",
  "Play", "Playing", "Sign in", "Log in", "Log out", "Register", "Password", "Email", "Profile",
  "Hand", "Trick", "Tricks", "Score", "Seat", "Seats", "Dealer", "Table", "Tables", "History",
  "Leaderboard", "Rules", "Loading", "Back", "Next", "Previous", "Forward", "Download", "Replay",
  "Settings", "Welcome", "Create", "Join", "Leave", "Cancel", "Submit", "Waiting", "Turn", "Totals",
  "Result", "Contract", "Declarer", "Trump", "Spades", "Hearts", "Diamonds", "Clubs", "seed",
  "overtrick", "overtricks", "Made", "Lost", "Step", "Copy", "Analysis", "Glossary", "Language",
];

/** The English words found on the page as it stands. */
async function englishOn(page: Page): Promise<string[]> {
  return page.evaluate((words) => {
    const heard = [...document.querySelectorAll("[aria-label], [title], img[alt], [placeholder]")].flatMap((e) =>
      ["aria-label", "title", "alt", "placeholder"].map((a) => e.getAttribute(a) ?? ""),
    );
    const text = [document.title, document.body.innerText, ...heard].join("\n");
    return words.filter((w) => new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, "u").test(text));
  }, ENGLISH);
}

/** Loads `path` in `locale`, waits for the element `ready` (a selector), and expects no English there. */
async function expectNoEnglish(page: Page, path: string, locale: UiLocale, ready: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.locator(ready).first()).toBeVisible();
  expect(await englishOn(page), `${locale} ${path}`).toEqual([]);
}

test("da and nb: no English on the main pages", async ({ browser, baseURL }) => {
  test.setTimeout(360_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await registerAndLogin(page, "Nordisk");
  const tableId = await tableWithComputers(page);
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
    await setLanguage(guest, locale);
    await expectNoEnglish(guest, "/login", locale, "[data-testid=login-submit]");
    await expectNoEnglish(guest, "/register", locale, "[data-testid=register-submit]");
  }

  // A replay, once the match is over and its analysis is done.
  const matchId = await playToTheEnd(page, baseURL!, tableId);
  for (const locale of ["da", "nb"] as const) {
    await setLanguage(page, locale);
    await page.goto(`/games/${matchId}`);
    await expect(page.getByTestId("replay-analysis")).toHaveAttribute("data-status", "done", { timeout: 120_000 });
    await page.keyboard.press("End");
    await expect(page.getByTestId("replay-result")).toBeVisible();
    expect(await englishOn(page), `${locale} /games/${matchId}`).toEqual([]);
  }
  await context.close();
  await guest.context().close();
});
