/**
 * A ranked match end to end: four players queue for classic whist and are
 * seated together; one plays in the browser by clicking cards, the other
 * three are real accounts whose seats are played from this test process by
 * the computer player (src/bots) over their own authenticated sockets. That
 * is the only way computer players take part in a ranked match, and it lives
 * in the test, not in the server: there is no server switch to misuse in
 * production. After the match the browser player sees their new rating
 * (provisional, with its chart) on the profile and steps through the replay,
 * whose hand the server analyses double dummy in the background: every card
 * gets its marker.
 */
import { expect, test, type BrowserContext } from "@playwright/test";
import { decide } from "@/bots";
import { LiveClient } from "@/server/realtime/test-client";
import { registerAndLogin } from "./fixtures";

const cookieHeader = async (context: BrowserContext) => (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

test("a ranked match: queue, play, rating on the profile, replay step by step", async ({ browser, baseURL }) => {
  test.setTimeout(420_000);
  const contexts = await Promise.all([0, 1, 2, 3].map(() => browser.newContext()));
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  const accounts = await Promise.all(pages.map((p, i) => registerAndLogin(p, `Ranked${i}`)));

  // Everyone joins the classic-whist queue; the fourth completes a table and all are sent to it.
  for (const p of pages) {
    await p.goto("/ranked");
    await p.getByTestId("ranked-variant").selectOption("classic");
    await p.getByTestId("ranked-join").click();
  }
  for (const p of pages) await expect(p).toHaveURL(/\/play\/[^/?]+$/, { timeout: 20_000 });
  const tableId = new URL(pages[0]!.url()).pathname.split("/").pop()!;
  for (const p of pages) expect(p.url()).toContain(tableId);
  // The table says it is a ranked one.
  await expect(pages[0]!.getByTestId("table-ranked")).toHaveText("Ranked");

  // Three stand-ins play from here, through their own sessions.
  const standIns: LiveClient[] = [];
  for (const i of [1, 2, 3]) {
    const client = new LiveClient(baseURL!, await cookieHeader(contexts[i]!));
    expect(await client.open(tableId)).toEqual({ ok: true });
    client.play((view) => decide(view, { level: "easy", seed: `e2e${i}` }));
    standIns.push(client);
    await contexts[i]!.close();
  }

  const me = pages[0]!;
  await expect(me.getByTestId("table")).toHaveAttribute("data-status", "playing");
  let clicks = 0;
  while ((await me.getByTestId("table").getAttribute("data-status")) !== "finished") {
    const card = me.locator('[data-testid="my-hand"] button:not([data-muted])').first();
    if (await card.isVisible().catch(() => false)) {
      const seq = Number(await me.getByTestId("table").getAttribute("data-seq"));
      await card.click();
      await expect.poll(async () => Number(await me.getByTestId("table").getAttribute("data-seq")), { timeout: 10_000, intervals: [50] }).toBeGreaterThan(seq);
      clicks++;
    } else await me.waitForTimeout(100);
    expect(clicks).toBeLessThan(13 * 30);
  }
  for (const c of standIns) c.close();

  // The profile shows the new, provisional classic rating with a two-point history, and the game.
  await me.goto("/profile");
  const rating = me.getByTestId("rating-classic-global");
  await expect(rating).toBeVisible();
  await expect(rating.getByTestId("rating-provisional")).toBeVisible();
  await expect(rating.getByTestId("rating-chart-classic")).toHaveAttribute("data-points", "2");
  const shown = Number(await rating.getByTestId("rating-value").getAttribute("data-rating"));
  expect(shown).not.toBe(1000); // a decided classic match always moves the rating away from the start
  await expect(me.getByTestId("stats-classic").getByTestId("stats-matches")).toHaveText("1");

  // The leaderboard's headline is that same rating with its ±, marked provisional.
  await me.goto("/leaderboard?variant=classic");
  const row = me.getByTestId("leaderboard-row").filter({ hasText: accounts[0]!.displayName });
  await expect(row.getByTestId("leaderboard-provisional")).toBeVisible();
  expect((await row.getByTestId("leaderboard-rating").textContent())!.replace(/[^\d±]/g, "")).toMatch(new RegExp(`^${shown}±\\d+$`));
  await me.goto("/profile");

  // Its replay: step forward and back through the first hand, then on to the next hand.
  await me.getByTestId("profile-game-link").first().click();
  await expect(me).toHaveURL(/\/games\//);
  await expect(me.getByTestId("game-rating-changes")).toBeVisible();
  const replay = me.getByTestId("replay");
  await expect(replay).toHaveAttribute("data-step", "0");
  await expect(me.getByTestId("replay-seat-0")).toHaveAttribute("data-count", "13");
  for (let i = 1; i <= 5; i++) {
    await me.getByTestId("replay-next").click();
    await expect(replay).toHaveAttribute("data-step", String(i));
  }
  await expect(me.getByTestId("replay-trick").locator("img")).toHaveCount(1); // the fifth card opens the second trick
  await me.getByTestId("replay-prev").click();
  await expect(replay).toHaveAttribute("data-step", "4");
  await expect(me.getByTestId("replay-trick").locator("img")).toHaveCount(4);
  await me.getByTestId("replay-last").click();
  await expect(me.getByTestId("replay-result")).toBeVisible();
  const hands = await me.getByTestId("replay-hand").textContent();
  if (!/ 1 of 1$/.test(hands ?? "")) {
    await me.getByTestId("replay-next-hand").click();
    await expect(replay).toHaveAttribute("data-hand", "1");
    await expect(replay).toHaveAttribute("data-step", "0");
  }
  // The hand shown, analysed double dummy in the background (asking moves it ahead of the queue):
  // "being analysed" until the result is stored, then a marker on every card, with a legend.
  await expect(me.getByTestId("replay-analysis")).toHaveAttribute("data-status", "done", { timeout: 90_000 });
  await expect(me.getByTestId("replay-analysis-legend")).toBeVisible();
  expect(await me.getByTestId("replay-analysis-card").count()).toBeGreaterThanOrEqual(4);
  await expect(me.locator('[data-testid="replay-analysis-card"][data-lost=""]')).toHaveCount(0);
  await contexts[0]!.close();
});

test("alone in the queue: the wait is shown, then an unrated table with computer players is offered", async ({ page }) => {
  test.setTimeout(90_000);
  await registerAndLogin(page, "Alone");
  await page.goto("/ranked");
  await page.getByTestId("ranked-variant").selectOption("danish");
  await page.getByTestId("ranked-join").click();
  await expect(page.getByTestId("ranked-waiting")).toBeVisible();
  await expect(page.getByTestId("ranked-waited")).toContainText("You have waited");
  await expect(page.getByTestId("ranked-queue-danish")).toContainText("Danish");
  // The e2e server offers computers after 3 s (RANKED_COMPUTER_OFFER_SECONDS; 60 s by default).
  const offer = page.getByTestId("ranked-offer");
  await expect(offer).toBeVisible({ timeout: 20_000 });
  await expect(offer).toBeInViewport();
  expect(Number(await page.getByTestId("ranked-waited").getAttribute("data-seconds"))).toBeGreaterThanOrEqual(3);
  await page.getByTestId("ranked-play-computers").click();
  await expect(page).toHaveURL(/\/play\/[^/?]+$/, { timeout: 20_000 });
  await expect(page.getByTestId("table")).toHaveAttribute("data-status", "playing");
  await expect(page.getByTestId("table-ranked")).toHaveCount(0);
  // Left the queue: back on the queue page, nothing is waiting.
  await page.goto("/ranked");
  await expect(page.getByTestId("ranked-queue")).toHaveAttribute("data-state", "idle");
});
