/**
 * Playing at a live table, as a player sees it, at 1366×900 and 360×740:
 * the bidding box leaves the hand on screen; a completed trick stays on the
 * table (all four cards, its winner marked) for at least a second; the hand
 * does not move between tricks; the end of the match shows the winner, the
 * standings and each hand's points, and "play again" opens a new table with
 * the same players; an away player sees the stand-in banner and takes the
 * seat back. Screenshots of the table in Danish and Norwegian go to the
 * test's results, or with SCREENSHOTS=docs to docs/screenshots/table-*.png.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { decide } from "@/bots";
import { LiveClient } from "@/server/realtime/test-client";
import { englishOn } from "./english";
import { registerAndLogin, setLanguage, type UiLocale } from "./fixtures";
import { expectWholeScoreTable, tableWithComputers } from "./matches";

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 360, height: 740 };
const SIZES = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

async function playerPage(browser: Browser, viewport: { width: number; height: number }, name: string): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
  const page = await context.newPage();
  await registerAndLogin(page, name);
  return page;
}

/** Whether the element lies wholly inside the viewport as the page stands (no scrolling). */
async function inViewport(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  const size = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= size.height + 0.5 && box.x >= 0 && box.x + box.width <= size.width + 0.5;
}

/** Screenshots go with the test's results; `SCREENSHOTS=docs` writes them over docs/screenshots/ (the pictures the docs show). */
async function shot(page: Page, name: string): Promise<void> {
  const path = process.env.SCREENSHOTS === "docs" ? `docs/screenshots/${name}.png` : test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: false });
}

test("es-makker: while bidding, the bidding box and the whole hand are on screen (da and nb, desktop and phone)", async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await playerPage(browser, DESKTOP, "Melder");
  await tableWithComputers(page, "esmakker");
  // Forhånd (seat 1) bids first; the computers may pass the auction out, which deals again: wait for our bid.
  await expect(page.getByTestId("bidding-box")).toBeVisible({ timeout: 120_000 });
  for (const locale of ["da", "nb"] as UiLocale[]) {
    await setLanguage(page, locale);
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.reload();
      await expect(page.getByTestId("bidding-box")).toBeVisible({ timeout: 30_000 });
      await shot(page, `table-${locale}-${size}-bidding`);
      // Every cell of the ladder is drawn; only the bids the engine offers now are enabled (they carry bid-<id>), the rest
      // disabled (all are legal only when the three computer players passed before us).
      const box = page.getByTestId("bidding-box");
      await expect(box.locator("button[data-bid]")).toHaveCount(39);
      await expect(box.locator("button[data-bid]:enabled:not([data-testid])")).toHaveCount(0);
      await expect(box.locator("button[data-bid]:disabled[data-testid]")).toHaveCount(0);
      // On a desktop every bid is shown whole, "ren bordlægger" too (a phone cuts the longest short, with an ellipsis).
      if (size === "desktop")
        expect(await box.locator("button[data-bid]").evaluateAll((bs) => bs.filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent)), `${locale}: bids cut short`).toEqual([]);
      // As a player does: scroll until the hand's last row is at the bottom of the screen (no scrolling needed on a desktop).
      if (size === "phone") await page.getByTestId("my-hand").evaluate((e) => e.scrollIntoView({ block: "end" }));
      expect(await inViewport(page, "my-hand"), `${locale} ${size}: hand`).toBe(true);
      expect(await inViewport(page, "bidding-box"), `${locale} ${size}: bidding box`).toBe(true);
      await expect(page.getByTestId("my-hand").locator("button")).toHaveCount(13);
      // The bidding box speaks the page's language (e2e/languages.spec.ts covers the other pages).
      expect(await englishOn(page), `${locale} ${size}`).toEqual([]);
    }
  }
  await page.context().close();
});

for (const [size, viewport] of SIZES) {
  test(`classic, ${size}: a completed trick stays on the table for a second with its winner, and the hand does not move between tricks`, async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await playerPage(browser, viewport, `Stik ${size}`);
    // The longest pause the form allows leaves room for the checks below on a busy machine; the browser's own log
    // (not the test's timing) shows each trick stayed at least a second.
    await tableWithComputers(page, "classic", { "create-trick-pause": "3000" });
    await setLanguage(page, size === "desktop" ? "da" : "nb");
    const trick = page.getByTestId("trick");
    const handTops: number[] = [];
    // The browser notes when each completed trick appears (with how many cards) and leaves, so test latency does not count.
    await page.evaluate(() => {
      const log: { on: boolean; at: number; cards: number }[] = [];
      (window as unknown as { trickLog: typeof log }).trickLog = log;
      let on = false;
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="trick"]');
        const now = el?.getAttribute("data-complete") === "1";
        if (now !== on) log.push({ on: (on = now), at: performance.now(), cards: el?.querySelectorAll("figure").length ?? 0 });
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-complete"] });
    });
    let shots = 0;
    // Plays the first playable card whenever it is our turn; watches each completed trick until it leaves the table.
    for (let n = 0; n < 4; n++) {
      await expect(async () => {
        // Checked and played in one turn of the page's event loop: a check and a click apart could lead the next
        // trick while the completed one is shown (the update completing it arriving in between), and so end it early.
        await page.evaluate(() => {
          if (document.querySelector('[data-testid="trick"]')?.getAttribute("data-complete") === "1") return;
          document.querySelector<HTMLButtonElement>('[data-testid="my-hand"] button[data-playable]')?.click();
        });
        expect(await trick.getAttribute("data-complete")).toBe("1");
      }).toPass({ timeout: 90_000, intervals: [200] });
      await expect(trick.locator("figure")).toHaveCount(4);
      await expect(page.getByTestId("trick-winner")).toBeVisible();
      // What is written under the cards is read whole: no name or "takes the trick" cut off (a phone shows no names
      // there: each card lies towards its player's seat).
      const cut = await trick.locator("figcaption").evaluateAll((captions) =>
        captions.flatMap((c) => [c, ...c.children]).filter((e) => e.scrollWidth > e.clientWidth).map((e) => `${e.textContent}: ${e.scrollWidth} > ${e.clientWidth}`),
      );
      expect(cut).toEqual([]);
      // The line above the felt is read whole too: the player's turn, or which computer player is thinking.
      const banner = await page.getByTestId("turn-banner").evaluate((e) => ({ text: e.textContent, wide: e.scrollWidth, room: e.clientWidth }));
      expect(banner.wide, JSON.stringify(banner)).toBeLessThanOrEqual(banner.room);
      // A player keeps the hand's last row at the bottom of the screen (a click may have scrolled the page elsewhere).
      await page.getByTestId("my-hand").evaluate((e) => e.scrollIntoView({ block: "end" }));
      for (const s of [0, 1, 2, 3]) await expect(page.getByTestId(`trick-card-${s}`), `card ${s}`).toBeInViewport();
      await expect(page.getByTestId("my-hand")).toBeInViewport({ ratio: 0.99 });
      // Measured from the page's top, so scrolling does not count as moving.
      handTops.push(await page.getByTestId("my-hand").evaluate((e) => e.getBoundingClientRect().top + window.scrollY));
      if (shots < 2 && n >= 1 && (await trick.getAttribute("data-complete")) === "1") {
        await shot(page, `table-${size === "desktop" ? "da" : "nb"}-${size}-trick${shots === 0 ? "" : "-2"}`);
        shots++;
      }
      // We do not lead while it is shown, so only the pause ends it: it must stay at least a second.
      await expect(trick).not.toHaveAttribute("data-complete", "1", { timeout: 20_000 });
    }
    const log = await page.evaluate(() => (window as unknown as { trickLog: { on: boolean; at: number; cards: number }[] }).trickLog);
    const shown = log.flatMap((e, i) => (e.on && log[i + 1] && !log[i + 1]!.on ? [{ ms: log[i + 1]!.at - e.at, cards: e.cards }] : []));
    expect(shown.length, JSON.stringify(log)).toBeGreaterThanOrEqual(4);
    for (const t of shown) {
      expect(t.cards, JSON.stringify(shown)).toBe(4);
      expect(t.ms, JSON.stringify(shown)).toBeGreaterThanOrEqual(1_000);
    }
    // The hand's top edge is the same at every completed trick (within a pixel).
    expect(Math.max(...handTops) - Math.min(...handTops), `hand tops ${handTops.join(", ")}`).toBeLessThanOrEqual(1);
    // The last trick can be looked at again.
    await page.getByTestId("toggle-last-trick").click();
    await expect(trick.locator("figure")).toHaveCount(4);
    await expect(page.getByTestId("trick-winner")).toBeVisible();
    await page.context().close();
  });
}

test("the end of the match: winner, standings, each hand's points, and play again with the same players", async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const page = await playerPage(browser, DESKTOP, "Slutspil");
  const tableId = await tableWithComputers(page, "classic", { "opt-target": "2", "create-trick-pause": "0" });
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const me = new LiveClient(baseURL!, cookies);
  expect(await me.open(tableId)).toEqual({ ok: true });
  me.play((view) => decide(view, { level: "easy", seed: "e2e-summary" }));
  try {
    await expect(page.getByTestId("match-summary")).toBeVisible({ timeout: 200_000 });
  } finally {
    me.close();
  }
  // The header no longer counts hands, and "the match is over" is said once.
  await expect(page.getByTestId("hand-number")).toHaveCount(0);
  await expect(page.getByTestId("match-winner")).not.toBeEmpty();
  await expect(page.getByTestId("standings").locator("li")).toHaveCount(2); // classic: two sides
  const hands = await page.getByTestId("summary-hands").locator("tbody tr").count();
  expect(hands).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId("back-to-lobby")).toHaveAttribute("href", "/tables");

  for (const locale of ["da", "nb"] as UiLocale[]) {
    await setLanguage(page, locale);
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.reload();
      await expect(page.getByTestId("match-summary")).toBeVisible();
      await page.getByTestId("match-summary").scrollIntoViewIfNeeded();
      // Every player's column is on the screen: the per-hand table does not scroll in its frame.
      await expectWholeScoreTable(page, "summary-hands", `${locale} ${size}`);
      await shot(page, `table-${locale}-${size}-summary`);
      expect(await englishOn(page), `${locale} ${size}`).toEqual([]);
    }
  }
  await page.setViewportSize(DESKTOP);

  // Play again: the computer players agree at once, so our vote opens the new table, with the same players.
  // The seats' names as the summary's table heads them (the felt is gone once the match is over).
  const names = (await page.getByTestId("summary-hands").locator("thead th").allInnerTexts()).slice(1);
  expect(names).toHaveLength(4);
  await page.getByTestId("rematch").click();
  await expect(page).not.toHaveURL(new RegExp(`/play/${tableId}$`), { timeout: 60_000 });
  await expect(page).toHaveURL(/\/play\/[^/]+$/);
  await expect(page.getByTestId("table")).toHaveAttribute("data-status", "playing", { timeout: 60_000 });
  for (const [s, name] of names.entries()) await expect(page.getByTestId(`seat-${s}`)).toContainText(name.replace(/\s+/g, " "));
  await page.context().close();
});

test("an away player sees the stand-in banner and takes the seat back; the others see the computer plays that seat", async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await playerPage(browser, PHONE, "Fravær");
  // The shortest turn timer: the stand-in takes over after 10 s without a move.
  const tableId = await tableWithComputers(page, "classic", {}, 10);
  const watcher = await playerPage(browser, DESKTOP, "Tilskuer");
  await watcher.goto(`/play/${tableId}`);
  await expect(page.getByTestId("stand-in-banner")).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId("stand-in-banner")).toBeInViewport();
  await expect(watcher.getByTestId("seat-away-0")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("seat-back").click();
  await expect(page.getByTestId("stand-in-banner")).toHaveCount(0, { timeout: 30_000 });
  await expect(watcher.getByTestId("seat-away-0")).toHaveCount(0, { timeout: 30_000 });
  await watcher.context().close();
  await page.context().close();
});
