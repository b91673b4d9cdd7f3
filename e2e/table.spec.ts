/**
 * A live table in four browsers: one player creates a table, four sit down
 * and play a whole classic-whist hand by clicking cards; one player reloads
 * mid-hand and carries on from the full view the server sends again.
 */
import { expect, test, type Page } from "@playwright/test";
import { registerAndLogin } from "./fixtures";

const seqOf = async (page: Page) => Number(await page.getByTestId("table").getAttribute("data-seq"));

test("four players sit at one table and play a full hand by clicking; a reload mid-hand carries on", async ({ browser }) => {
  test.setTimeout(240_000);
  const contexts = await Promise.all([0, 1, 2, 3].map(() => browser.newContext()));
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  await Promise.all(pages.map((p, i) => registerAndLogin(p, `Table${i}`)));

  const host = pages[0]!;
  await host.goto("/tables/new");
  await host.getByTestId("create-variant").selectOption("classic");
  await host.getByTestId("create-submit").click();
  await expect(host).toHaveURL(/\/play\/[^/?]+$/);
  const url = host.url();

  for (const [i, p] of pages.entries()) {
    if (i > 0) await p.goto(url);
    await p.getByTestId(`seat-take-${i}`).click();
    await expect(p.getByTestId("my-hand")).toBeVisible({ timeout: 20_000 }).catch(() => undefined);
  }
  for (const p of pages) await expect(p.getByTestId("table")).toHaveAttribute("data-status", "playing");
  await expect(host.getByTestId("deal-hash")).toHaveText(/^[0-9a-f]{64}$/);

  // Play the hand: whoever has a playable card clicks it; after 20 cards one player reloads.
  let played = 0;
  let reloaded = false;
  while (!(await host.getByTestId("results").isVisible())) {
    let clicked = false;
    for (const p of pages) {
      const card = p.locator('[data-testid="my-hand"] button:not([data-muted])').first();
      if (await card.isVisible().catch(() => false)) {
        const before = await seqOf(p);
        await card.click();
        await expect.poll(() => seqOf(p), { timeout: 10_000 }).toBeGreaterThan(before);
        played++;
        clicked = true;
        break;
      }
    }
    if (!clicked) await host.waitForTimeout(100);
    if (played === 20 && !reloaded) {
      reloaded = true;
      const p = pages[2]!;
      const seq = await seqOf(host);
      await p.reload();
      await expect(p.getByTestId("table")).toHaveAttribute("data-seq", String(seq));
      await expect(p.locator('[data-testid="my-hand"] button')).not.toHaveCount(0);
    }
    expect(played).toBeLessThanOrEqual(52);
  }
  expect(played).toBe(52);
  expect(reloaded).toBe(true);
  for (const p of pages) await expect(p.getByTestId("results")).toBeVisible();
  // The revealed seed checks out against the fingerprint shown before the hand.
  await host.getByTestId("verify-deal").click();
  await expect(host.getByTestId("verify-result")).toContainText("gives exactly these cards");
  await Promise.all(contexts.map((c) => c.close()));
});

test("an illegal card is refused with the engine's reason and nothing changes", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerAndLogin(page, "Solo");
  await page.goto("/tables/new");
  await page.getByTestId("create-variant").selectOption("classic");
  await page.getByTestId("create-submit").click();
  await expect(page).toHaveURL(/\/play\//);
  await page.getByTestId("seat-take-0").click();
  for (const s of [1, 2, 3]) await page.getByTestId(`seat-bot-${s}`).click();
  await expect(page.getByTestId("table")).toHaveAttribute("data-status", "playing");
  // Wait until the computer players have led to us and we must follow suit while holding a card we may not play.
  for (let i = 0; i < 100; i++) {
    const playable = await page.locator('[data-testid="my-hand"] button:not([data-muted])').count();
    const total = await page.locator('[data-testid="my-hand"] button').count();
    if (playable > 0 && playable < total) break;
    if (playable > 0) await page.locator('[data-testid="my-hand"] button:not([data-muted])').first().click();
    await page.waitForTimeout(300);
  }
  const seq = await seqOf(page);
  await page.locator('[data-testid="my-hand"] button[data-muted]').first().click();
  await expect(page.getByTestId("table-error")).toContainText("follow suit");
  expect(await seqOf(page)).toBe(seq);
  await context.close();
});
