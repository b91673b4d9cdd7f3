/**
 * The replay as a table: a classic-whist match is played to its end (seat 0
 * by this test process's computer player over the player's own socket, the
 * other seats by the server's computer players), then its replay is stepped
 * with the keyboard, a double-dummy marker jumps to its card, and the copied
 * link reopens the replay at that card. In Danish and Norwegian it shows no
 * English (e2e/english.ts); screenshots at 1366×900 and 360×740 in both go
 * to the test output folder.
 */
import { expect, test, type Page } from "@playwright/test";
import { englishOn } from "./english";
import { registerAndLogin, setLanguage } from "./fixtures";
import { playToTheEnd, shortMatchTable } from "./matches";

/** The cards in the trick on the table, one element per card (with data-card and the player's name). */
const trickCards = (page: Page) => page.getByTestId("replay-trick").locator("[data-testid^=replay-play-]");

test("replay: keyboard stepping, a marker jumps to its card, the copied link reopens there", async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await registerAndLogin(page, "Replayer");
  const matchId = await playToTheEnd(page, baseURL!, await shortMatchTable(page));

  await page.goto(`/games/${matchId}`);
  const replay = page.getByTestId("replay");
  await expect(replay).toHaveAttribute("data-step", "0");
  // Four hands around the table, each sorted by suit (♠ ♥ ♣ ♦, colours alternating) and then high to low.
  for (const seat of [0, 1, 2, 3]) {
    const cards = (await page.getByTestId(`replay-seat-${seat}`).getAttribute("data-cards"))!.split(" ");
    expect(cards).toHaveLength(13);
    const order = (c: string) => "SHCD".indexOf(c[1]!) * 100 - "23456789TJQKA".indexOf(c[0]!);
    expect(cards.map(order)).toEqual([...cards.map(order)].sort((a, b) => a - b));
  }
  await expect(trickCards(page)).toHaveCount(0);

  // → plays the next card into the trick, next to the name of who played it.
  await page.keyboard.press("ArrowRight");
  await expect(replay).toHaveAttribute("data-step", "1");
  await expect(trickCards(page)).toHaveCount(1);
  const leader = page.getByTestId("replay-trick").locator("[data-testid^=replay-play-]").first();
  const leaderSeat = Number((await leader.getAttribute("data-testid"))!.split("-").pop());
  const leaderName = (await page.getByTestId(`replay-seat-${leaderSeat}`).locator("h3 span").first().textContent())!;
  await expect(leader).toContainText(leaderName);
  const led = (await leader.getAttribute("data-card"))!;
  await expect(page.getByTestId(`replay-seat-${leaderSeat}`)).toHaveAttribute("data-count", "12");
  expect((await page.getByTestId(`replay-seat-${leaderSeat}`).getAttribute("data-cards"))!.split(" ")).not.toContain(led);
  for (const step of [2, 3, 4]) {
    await page.keyboard.press("ArrowRight");
    await expect(replay).toHaveAttribute("data-step", String(step));
    await expect(trickCards(page)).toHaveCount(step);
  }
  // The completed trick stays with its winner marked.
  await expect(page.getByTestId("replay-trick")).toHaveAttribute("data-complete", "1");
  await expect(page.getByTestId("replay-trick").locator("[data-won]")).toHaveCount(1);
  await page.keyboard.press("ArrowLeft");
  await expect(replay).toHaveAttribute("data-step", "3");
  await expect(trickCards(page)).toHaveCount(3);
  await page.keyboard.press("End");
  await expect(page.getByTestId("replay-result")).toBeVisible();
  const last = Number(await replay.getAttribute("data-step"));
  expect(last).toBe(52);
  await page.keyboard.press("Home");
  await expect(replay).toHaveAttribute("data-step", "0");
  await expect(trickCards(page)).toHaveCount(0);

  // The analysis arrives; a marker jumps the replay to its card.
  await expect(page.getByTestId("replay-analysis")).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  const marker = page.getByTestId("replay-analysis-jump").nth(9); // the 10th card: the second card of trick 3
  const actionIndex = Number(await marker.getAttribute("data-action-index"));
  const card = (await marker.locator("[data-card]").getAttribute("data-card"))!;
  await marker.click();
  await expect(replay).toHaveAttribute("data-step", String(actionIndex + 1));
  await expect(page.getByTestId("replay-trick").locator(`[data-testid^=replay-play-][data-card="${card}"]`)).toBeVisible();
  await expect(trickCards(page)).toHaveCount(2);
  await expect(marker).toHaveAttribute("aria-current", "step");
  await expect(page.getByTestId("replay-table")).toBeInViewport();

  // The copied link opens the replay at that card, in a fresh page.
  await page.getByTestId("replay-copy-link").click();
  const link = await page.getByTestId("replay-link").inputValue();
  expect(link).toContain(`step=${actionIndex + 1}`);
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId("replay")).toHaveAttribute("data-step", String(actionIndex + 1));
  await expect(other.getByTestId("replay-trick").locator(`[data-testid^=replay-play-][data-card="${card}"]`)).toBeVisible();
  await expect(trickCards(other)).toHaveCount(2);

  // Screenshots as a player sees them: desktop and phone, Danish and Norwegian, mid-trick.
  for (const locale of ["da", "nb"] as const) {
    await setLanguage(other, locale);
    await other.goto(link);
    await expect(other.getByTestId("replay")).toHaveAttribute("data-step", String(actionIndex + 1));
    // The server's computer players (seats 1-3) are named in the reader's language, as at the table.
    const computer = locale === "nb" ? /^Data\u00admaskin [B-D]$/ : /^Com\u00adputer [B-D]$/;
    for (const seat of [1, 2, 3]) expect(await other.getByTestId(`replay-seat-${seat}`).getAttribute("aria-label")).toMatch(computer);
    // No English on the replay (the analysis and, at the hand's end, the result included).
    await expect(other.getByTestId("replay-analysis")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    await other.keyboard.press("End");
    await expect(other.getByTestId("replay-result")).toBeVisible();
    expect(await englishOn(other), `${locale} replay`).toEqual([]);
    await other.goto(link);
    await expect(other.getByTestId("replay")).toHaveAttribute("data-step", String(actionIndex + 1));
    await other.setViewportSize({ width: 1366, height: 900 });
    await other.getByTestId("replay-copy-link").scrollIntoViewIfNeeded();
    await other.screenshot({ path: test.info().outputPath(`replay-${locale}-1366x900.png`) });
    await other.screenshot({ path: test.info().outputPath(`replay-${locale}-1366-full.png`), fullPage: true });
    await other.setViewportSize({ width: 360, height: 740 });
    await other.getByTestId("replay-table").scrollIntoViewIfNeeded();
    // On a phone nothing is wider than the screen, and the hands and the trick fit on it.
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await other.screenshot({ path: test.info().outputPath(`replay-${locale}-360x740.png`) });
    await other.screenshot({ path: test.info().outputPath(`replay-${locale}-360-full.png`), fullPage: true });
  }
  // The player's history names them the same way.
  await setLanguage(page, "nb");
  await page.goto("/history");
  await expect(page.getByTestId("history-item").first()).toContainText(/Data\u00admaskin B/);
  await context.close();
});
