/**
 * A live table in four browsers: one player creates a table, four sit down
 * and play a whole classic-whist hand by clicking cards; one player reloads
 * mid-hand and carries on from the full view the server sends again. A
 * private table's invitation link can be copied at the table.
 */
import { expect, test, type Page } from "@playwright/test";
import { registerAndLogin } from "./fixtures";
import { addComputers, expectWholeScoreTable, tableWithComputers } from "./matches";

const seqOf = async (page: Page) => Number(await page.getByTestId("table").getAttribute("data-seq"));

test("four players sit at one table and play a full hand by clicking; a reload mid-hand carries on", async ({ browser }) => {
  test.setTimeout(240_000);
  const contexts = await Promise.all([0, 1, 2, 3].map(() => browser.newContext()));
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  await Promise.all(pages.map((p, i) => registerAndLogin(p, `Table${i}`)));

  const host = pages[0]!;
  await host.goto("/tables/new");
  await host.getByTestId("create-variant").selectOption("classic");
  await host.getByTestId("create-trick-pause").fill("0"); // the pause is tested in table-play.spec.ts
  await host.getByTestId("create-submit").click();
  await expect(host).toHaveURL(/\/play\/[^/?]+$/);
  const url = host.url();

  for (const [i, p] of pages.entries()) {
    if (i > 0) await p.goto(url);
    await p.getByTestId(`seat-take-${i}`).click();
    // Seated: no seat is offered to this player any more (the hand is dealt only once all four sit).
    await expect(p.locator('[data-testid^="seat-take-"]')).toHaveCount(0);
  }
  for (const p of pages) await expect(p.getByTestId("table")).toHaveAttribute("data-status", "playing");
  await expect(host.getByTestId("deal-hash")).toHaveText(/^[0-9a-f]{64}$/);

  // Play the hand: whoever has a playable card clicks it; after 20 cards one player reloads.
  let played = 0;
  let reloaded = false;
  while (!(await host.getByTestId("results").isVisible())) {
    let clicked = false;
    for (const p of pages) {
      const card = p.locator('[data-testid="my-hand"] button[data-playable]').first();
      if (await card.isVisible().catch(() => false)) {
        const before = await seqOf(p);
        await card.click();
        await expect.poll(() => seqOf(p), { timeout: 10_000, intervals: [50] }).toBeGreaterThan(before);
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
  test.setTimeout(240_000);
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await registerAndLogin(page, "Solo");
  await page.goto("/tables/new");
  await page.getByTestId("create-variant").selectOption("classic");
  await page.getByTestId("create-private").check();
  await page.getByTestId("create-submit").click();
  await expect(page).toHaveURL(/\/play\/[^?]+\?invite=/);
  await page.getByTestId("seat-take-0").click();
  // A private table's invitation link has a copy button.
  await page.getByTestId("table-invite-copy").click();
  await expect(page.getByTestId("table-invite-copy-status")).toHaveText("Link copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await addComputers(page);
  // Wait until the computer players have led to us and we must follow suit while holding a card we may not play.
  const playable = page.locator('[data-testid="my-hand"] button[data-playable]');
  await expect(async () => {
    const [n, total] = [await playable.count(), await page.locator('[data-testid="my-hand"] button').count()];
    if (n > 0 && n < total) return;
    if (n > 0) await playable.first().click();
    expect(n > 0 && n < total).toBe(true);
  }).toPass({ timeout: 150_000, intervals: [300] });
  // The dimmed cards are explained before any tap.
  await expect(page.getByTestId("hand-hint")).toContainText("follow suit");
  const seq = await seqOf(page);
  await page.locator('[data-testid="my-hand"] button[data-muted]').first().click();
  await expect(page.getByTestId("table-error")).toContainText("follow suit");
  expect(await seqOf(page)).toBe(seq);
  await context.close();
});

test("es-makker against computer players: the human wins the auction, chooses trump, calls an ace and exchanges with the kat by clicking", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const me = await registerAndLogin(page, "Declarer");
  await tableWithComputers(page, "esmakker", { "create-trick-pause": "0" }); // the pause is tested in table-play.spec.ts
  const choices = page.getByTestId("choices");

  // Auction: whenever it is our turn, bid the highest plain bid on offer (13 tricks); the computer players do not go above it.
  // Should a computer player outbid that, we pass and play the hand out until the next auction.
  await expect(async () => {
    const phase = page.getByTestId("phase");
    const trumpButtons = choices.locator('[data-testid^="trump-"]');
    // Our own trump choice as declarer (the contract bar names us) ends the loop. A computer player's does not, nor
    // ours as the holder of the ace a computer called in halve, who names trump and exchanges for that computer.
    const ourTrumpChoice = async () =>
      (await phase.getAttribute("data-phase")) === "trump" && (await trumpButtons.count()) > 0 && ((await page.getByTestId("contract").textContent()) ?? "").includes(me.displayName);
    if (await ourTrumpChoice()) return;
    const bids = await choices.locator('[data-testid^="bid-"]').evaluateAll((bs) => bs.map((b) => b.getAttribute("data-testid")!.slice(4)));
    const plain = bids.filter((b) => /^\d+$/.test(b));
    const layable = page.locator('[data-testid="my-hand"] button:not([data-muted])');
    if (plain.length > 0) await page.getByTestId(`bid-${plain[plain.length - 1]}`).click();
    else if ((await choices.getByTestId("action-pass").count()) > 0) await choices.getByTestId("action-pass").click();
    else if ((await trumpButtons.count()) > 0) {
      // Read after the buttons, so from the same state or a later one: our own trump choice may have arrived since the
      // first check, and is left to the end of the loop.
      if (!((await page.getByTestId("contract").textContent()) ?? "").includes(me.displayName)) await trumpButtons.first().click();
    } else if ((await page.getByTestId("exchange-confirm").count()) > 0) {
      for (const i of [0, 1, 2]) await layable.nth(i).click();
      await page.getByTestId("exchange-confirm").click();
    } else if ((await page.locator('[data-testid="my-hand"] button[data-playable]').count()) > 0)
      await page.locator('[data-testid="my-hand"] button[data-playable]').first().click();
    expect(await ourTrumpChoice()).toBe(true);
  }).toPass({ timeout: 120_000, intervals: [300] });

  // Only legal bids were offered while bidding, and now the contract bar names us as declarer with trump still to choose.
  await expect(page.getByTestId("turn-banner")).toContainText("choose trump");
  await expect(page.getByTestId("contract")).toContainText(me.displayName);
  await expect(page.getByTestId("trump")).toContainText("not chosen yet");
  await expect(page.getByTestId("seat-0")).toContainText("declarer");

  // Trump: the first suit offered; the contract bar shows it by name.
  const trumpButton = choices.locator('[data-testid^="trump-"]').first();
  const suit = (await trumpButton.getAttribute("data-testid"))!.slice(-1);
  const suitName = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[suit]!;
  await trumpButton.click();
  await expect(page.getByTestId("trump")).toContainText(suitName);

  // Calling an ace: the buttons name the card in words, and the contract bar repeats it.
  const callButton = choices.locator('[data-testid^="call-"]').first();
  await expect(callButton).toHaveText(/^Call (ace|king|queen|jack|ten|\d+) of (spades|hearts|diamonds|clubs)$/);
  const called = (await callButton.textContent())!.replace(/^Call /, "");
  await callButton.click();
  await expect(page.getByTestId("called")).toContainText(called);

  // The exchange: choose three cards (the confirm button waits for exactly three), then take the kat. The called card,
  // should it be ours, is dimmed and stays; two jokers (one name) are two separate choices.
  await expect(page.getByTestId("turn-banner")).toContainText("lay away");
  const hand = page.locator('[data-testid="my-hand"] button');
  await expect(hand).toHaveCount(13);
  const layable = page.locator('[data-testid="my-hand"] button:not([data-muted])');
  const confirm = page.getByTestId("exchange-confirm");
  await layable.nth(0).click();
  await layable.nth(1).click();
  await expect(confirm).toBeDisabled();
  await layable.nth(2).click();
  await expect(confirm).toBeEnabled();
  const laidAway = await Promise.all([0, 1, 2].map((i) => layable.nth(i).getAttribute("data-card")));
  await confirm.click();

  // Play begins; our hand still has 13 cards, the three laid away are gone (a joker may come back with the kat) and shown to us as laid away.
  await expect(page.getByTestId("phase")).toHaveAttribute("data-phase", "play");
  await expect(hand).toHaveCount(13);
  for (const c of laidAway) if (c !== "JK") await expect(page.getByTestId(`hand-card-${c}`)).toHaveCount(0);
  await expect(page.getByTestId("kat")).toContainText("Laid away");
  await expect(page.getByTestId("need")).toContainText("needs 13 tricks");

  // Play the hand out: a dimmed card explains itself, the result explains the score. Should a computer player have won an
  // earlier auction, that hand's result may still be on show: wait for the result of the hand we declared.
  const resultsTitle = page.locator("#results-title");
  const earlier = (await resultsTitle.isVisible()) ? await resultsTitle.textContent() : null;
  await expect(async () => {
    if ((await resultsTitle.isVisible()) && (await resultsTitle.textContent()) !== earlier) return;
    const playable = page.locator('[data-testid="my-hand"] button[data-playable]');
    if ((await playable.count()) > 0) await playable.first().click();
    await expect(resultsTitle).toBeVisible({ timeout: 500 });
    expect(await resultsTitle.textContent()).not.toBe(earlier);
  }).toPass({ timeout: 150_000, intervals: [200] });
  await expect(page.getByTestId("result-explanation").locator("li").first()).toContainText(me.displayName);
  await expect(page.getByTestId("result-explanation")).toContainText("Needed 13 tricks");
  // One row per hand played: ours, and any a computer player declared before it.
  const handNumber = Number(/(\d+)/.exec((await resultsTitle.textContent())!)![1]);
  await expect(page.getByTestId("totals").locator("tbody tr")).toHaveCount(handNumber);
  // On a phone every player's column of the totals is on the screen: the table does not scroll in its frame.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByTestId("totals").scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("totals-en-360.png") });
  await expectWholeScoreTable(page, "totals");
  await context.close();
});

test("on a phone the whole hand fits the screen and every card is large enough to tap", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await registerAndLogin(page, "Phone");
  await tableWithComputers(page, "classic", { "create-trick-pause": "0" });
  const cards = page.locator('[data-testid="my-hand"] button');
  await expect(cards).toHaveCount(13);
  // Nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const box of await cards.evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  // Cards do not overlap, so a tap lands on the card it hits.
  const boxes = await cards.evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON() as DOMRect));
  for (let i = 1; i < boxes.length; i++) {
    const [a, b] = [boxes[i - 1]!, boxes[i]!];
    expect(a.right <= b.left || a.bottom <= b.top).toBe(true);
  }
  // Wait for our turn, then tap a playable card: the table moves on.
  const playable = page.locator('[data-testid="my-hand"] button[data-playable]');
  await expect(page.getByTestId("turn-banner")).toContainText("Your turn", { timeout: 60_000 });
  const before = await seqOf(page);
  await playable.first().tap();
  await expect.poll(() => seqOf(page), { timeout: 10_000 }).toBeGreaterThan(before);
  await expect(cards).toHaveCount(12);
  await context.close();
});

test("the table lists its house rules, and computer players join at the chosen level and play", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerAndLogin(page, "Levels");
  await page.goto("/tables/new");
  await page.getByTestId("create-variant").selectOption("classic");
  await page.getByTestId("opt-honours").check();
  await page.getByTestId("opt-target").fill("3");
  await page.getByTestId("create-submit").click();
  await expect(page).toHaveURL(/\/play\//);

  // Only the rules that differ from the defaults are listed; every rule is behind the disclosure.
  const rules = page.getByTestId("table-rules");
  await expect(rules.getByTestId("table-rules-honours")).toBeVisible();
  await expect(rules.getByTestId("table-rules-target")).toContainText("3");
  await expect(rules.getByTestId("table-rules-slamBonus")).toHaveCount(0);
  await rules.locator("summary").click();
  await expect(rules.locator("details li")).toHaveCount(7);

  // Seat 1 strong, seat 2 easy, seat 3 left at the default (normal).
  await page.getByTestId("seat-bot-level-1").selectOption("strong");
  await page.getByTestId("seat-bot-1").click();
  await page.getByTestId("seat-bot-level-2").selectOption("easy");
  await page.getByTestId("seat-bot-2").click();
  await page.getByTestId("seat-bot-3").click();
  await expect(page.getByTestId("seat-level-1")).toHaveText(/^Computer \(strong\)$/i);
  await expect(page.getByTestId("seat-level-2")).toHaveAttribute("data-level", "easy");
  await expect(page.getByTestId("seat-level-3")).toHaveAttribute("data-level", "normal");
  await page.getByTestId("seat-take-0").click();
  await expect(page.getByTestId("table")).toHaveAttribute("data-status", "playing");

  // Play our cards until the strong computer player has played several times (its decisions run in a worker thread).
  await expect(async () => {
    const card = page.locator('[data-testid="my-hand"] button[data-playable]').first();
    if (await card.isVisible().catch(() => false)) await card.click();
    expect(await seqOf(page)).toBeGreaterThanOrEqual(16);
  }).toPass({ timeout: 90_000, intervals: [300] });
  await context.close();
});
