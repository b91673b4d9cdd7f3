/**
 * The data pages on a phone and by keyboard. At 360×740 (and 1366×900), in
 * English, Danish and Norwegian, the profile, a club, the clubs directory,
 * the history and the leaderboard fit the screen (no sideways scrolling of the
 * page) and every heading of the profile's statistics is shown whole inside
 * its card. The history's name filter is a combobox: arrow keys move through
 * the suggestions, Escape closes them, Enter picks one (and only then submits
 * the form). Screenshots of each page are left in the test's output folder.
 */
import { expect, test, type Page } from "@playwright/test";
import { registerAndLogin, setLanguage, type UiLocale } from "./fixtures";
import { playToTheEnd, shortMatchTable } from "./matches";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 900 };

/** The statistics' column names as shown: each whole (not cut off) and inside its card. */
async function statisticsHeadings(page: Page) {
  return page.getByTestId("profile-stats").evaluate((root) => {
    const card = root.closest(".card")!.getBoundingClientRect();
    // A header row moved out of sight for a stacked table (1px, clipped) is not shown.
    const shown = (e: Element) => {
      const head = e.closest("thead");
      return e.checkVisibility() && (!head || head.getBoundingClientRect().width > 1);
    };
    return [...root.querySelectorAll("thead th, .data-table__label")].filter(shown).map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent, whole: e.scrollWidth <= e.clientWidth, inside: r.left >= card.left - 0.5 && r.right <= card.right + 0.5 };
    });
  });
}

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("profile, club, history and leaderboard fit a 360 px screen; the name filter works by keyboard", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  await registerAndLogin(page, "Narrow");
  const tag = Date.now().toString(36);

  // Two clubs whose names share a word (both are suggested), the second with house rules.
  const clubs = [`Kortklub ${tag} Alfa`, `Kortklub ${tag} Beta`];
  const clubPaths: string[] = [];
  for (const name of clubs) {
    await page.goto("/clubs");
    await page.getByTestId("club-name").fill(name);
    await page.getByTestId("club-description").fill("Whist om fredagen, med kaffe og kage bagefter i klubhuset ved havnen");
    await page.getByTestId("club-create-submit").click();
    await expect(page.getByTestId("club-name")).toHaveText(name);
    clubPaths.push(new URL(page.url()).pathname);
  }
  await page.getByTestId("new-preset").click();
  await page.getByTestId("preset-name").fill("Fredagsregler");
  await page.getByTestId("preset-save").click();
  await expect(page.getByTestId("preset-Fredagsregler")).toBeVisible();
  // An open table of the club, listed on its page.
  await page.getByTestId("open-table-Fredagsregler").click();
  await expect(page).toHaveURL(/\/play\/[^/?]+$/);

  // A finished match: the statistics and the history have rows.
  await playToTheEnd(page, baseURL!, await shortMatchTable(page));

  // The club filter by keyboard.
  await page.goto("/history");
  const field = page.getByTestId("history-club");
  const list = page.getByTestId("history-club-suggestions");
  const options = list.getByRole("option");
  await field.fill(`kortklub ${tag}`);
  await expect(options).toHaveText(clubs);
  await expect(field).toHaveAttribute("aria-expanded", "true");
  await expect(field).not.toHaveAttribute("aria-activedescendant");
  const activeIs = async (i: number) => {
    await expect(options.nth(i)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(1 - i)).toHaveAttribute("aria-selected", "false");
    await expect(field).toHaveAttribute("aria-activedescendant", (await options.nth(i).getAttribute("id"))!);
    await expect(field).toBeFocused();
  };
  await field.press("ArrowDown");
  await activeIs(0);
  await field.press("ArrowDown");
  await activeIs(1);
  await field.press("ArrowDown"); // past the last: back to the first
  await activeIs(0);
  await field.press("ArrowUp");
  await activeIs(1);
  await page.screenshot({ path: testInfo.outputPath("history-suggestions-en.png") });
  // Escape closes the list and keeps the typed text.
  await field.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await expect(field).toHaveValue(`kortklub ${tag}`);
  // An arrow key opens it again; Enter picks the active name and does not submit the form.
  await field.press("ArrowDown");
  await expect(options).toHaveCount(2);
  await field.press("ArrowUp");
  await activeIs(1);
  await field.press("Enter");
  await expect(list).toHaveCount(0);
  await expect(field).toHaveValue(clubs[1]!);
  await expect(page).toHaveURL(/\/history$/);
  // With nothing to pick, Enter submits: the list is filtered by the chosen club.
  await field.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]club=${clubPaths[1]!.split("/").pop()}`));
  await expect(page.getByTestId("history-empty")).toBeVisible();

  const pages: [string, string, string][] = [
    ["profile", "/profile", "profile-stats"],
    ["club", clubPaths[1]!, "club-members"],
    ["clubs", "/clubs", "my-clubs"],
    ["history", "/history", "history-list"],
    ["leaderboard", "/leaderboard?variant=classic", "leaderboard-classic"],
  ];
  for (const locale of ["en", "da", "nb"] as UiLocale[]) {
    // The switcher (a signed-in user's language is kept in their profile).
    await setLanguage(page, locale);
    for (const [size, viewport] of [["360", PHONE], ["1366", DESKTOP]] as const) {
      await page.setViewportSize(viewport);
      for (const [name, path, ready] of pages) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.getByTestId(ready)).toBeVisible();
        // Times are labelled with the zone they are in.
        if (name === "history") await expect(page.getByTestId("history-time-zone")).toContainText("Europe/Copenhagen");
        expect(await pageOverflow(page), `${name} (${locale}, ${size} px) scrolls sideways`).toBeLessThanOrEqual(0);
        if (name === "profile") {
          const headings = await statisticsHeadings(page);
          expect(headings.length, `statistics headings shown (${locale}, ${size} px)`).toBeGreaterThanOrEqual(7);
          for (const h of headings) expect(h, `${h.text} (${locale}, ${size} px)`).toMatchObject({ whole: true, inside: true });
        }
        if (locale === "en") continue;
        await page.screenshot({ path: testInfo.outputPath(`${name}-${locale}-${size}.png`), fullPage: true });
        if (name === "profile") await page.getByTestId("profile-stats").screenshot({ path: testInfo.outputPath(`profile-stats-${locale}-${size}.png`) });
      }
    }
  }
});
