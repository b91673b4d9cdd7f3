/**
 * A club evening in the browser: an admin creates a club, its es-makker
 * preset and a duplicate evening of two rounds (4 deals each, no trick
 * pause, seats so that everyone meets everyone), the admin and a member sign
 * up, six computer players make it eight, and the admin starts it. Each
 * person's browser is taken to their table by the site, round after round;
 * their seat is played over their own session's socket (as e2e/matches.ts
 * does), the computer players play the rest. At the end the standings show
 * all eight, the results a frequency table per deal, the ledger amounts that
 * sum to zero, and the admin marks a transfer paid. While the club's details
 * are on their way, the events page says it is loading, not that the club
 * has no rule set.
 */
import { expect, test, type Page } from "@playwright/test";
import { decide } from "@/bots";
import { LiveClient } from "@/server/realtime/test-client";
import { openClubs, registerAndLogin, useLanguageCookie } from "./fixtures";

/** Waits until the site has taken `page` to a table other than `previous`; returns its id. */
async function takenToTable(page: Page, previous: string | null): Promise<string> {
  await expect(async () => {
    const path = new URL(page.url()).pathname;
    expect(path).toMatch(/^\/play\/[^/]+$/);
    expect(path).not.toBe(`/play/${previous}`);
  }).toPass({ timeout: 240_000, intervals: [500] });
  await expect(page.getByTestId("table")).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** Plays the page's person's seat at `tableId` with a quick computer player over their own socket. */
async function playSeat(page: Page, baseURL: string, tableId: string): Promise<LiveClient> {
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const me = new LiveClient(baseURL, cookies);
  expect(await me.open(tableId)).toEqual({ ok: true });
  me.play((view) => decide(view, { level: "easy", seed: `e2e-event-${tableId}` }));
  return me;
}

test("a club evening of eight: two rounds run to the end, then standings and the ledger", async ({ browser, baseURL }) => {
  test.setTimeout(900_000);
  const adminContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const member = await memberContext.newPage();
  const clients: LiveClient[] = [];
  try {
    await registerAndLogin(admin, "Admin");
    await registerAndLogin(member, "Member");

    // The club and its preset.
    await openClubs(admin);
    await admin.getByTestId("club-name").fill(`Aftenklubben ${Date.now().toString(36)}`);
    await admin.getByTestId("club-description").fill("Klubaften hver tirsdag");
    await admin.getByTestId("club-create-submit").click();
    await expect(admin.getByTestId("my-role")).toBeVisible();
    const clubPath = new URL(admin.url()).pathname;
    await admin.getByTestId("new-preset").click();
    await admin.getByTestId("preset-name").fill("Tirsdag");
    await admin.getByTestId("preset-variant").selectOption("esmakker");
    await admin.getByTestId("preset-save").click();
    await expect(admin.getByTestId("preset-Tirsdag")).toBeVisible();

    await member.goto(clubPath);
    await member.getByTestId("club-join").click();
    await expect(member.getByTestId("my-role")).toBeVisible();

    // The club's rate, then the evening.
    await admin.getByTestId("club-events-link").click();
    await expect(admin.getByTestId("events-page")).toBeVisible();
    await admin.getByTestId("rate-ore").fill("10");
    await admin.getByTestId("rate-save").click();
    await admin.getByTestId("event-name").fill("Tirsdagsaften");
    await admin.getByTestId("event-rounds").fill("2");
    await admin.getByTestId("event-deals").fill("4");
    await admin.getByTestId("event-seating").selectOption("meetEveryone");
    await admin.getByTestId("event-trick-pause").fill("0");
    await admin.getByTestId("event-duplicate").check();
    await admin.getByTestId("event-create-submit").click();
    await expect(admin.getByTestId("event-page")).toHaveAttribute("data-status", "open");
    const eventPath = new URL(admin.url()).pathname;

    await admin.getByTestId("event-sign-up").click();
    await member.goto(eventPath);
    await member.getByTestId("event-sign-up").click();
    await expect(member.getByTestId("event-withdraw")).toBeVisible();
    await admin.reload();
    await expect(admin.getByTestId("event-players").locator("li")).toHaveCount(2);
    await admin.getByTestId("event-computers-count").fill("6");
    await admin.getByTestId("event-add-computers").click();
    await expect(admin.getByTestId("event-players").locator("li")).toHaveCount(8);
    await admin.getByTestId("event-start").click();

    // Round after round, the site takes both people to their tables.
    let tables: [string | null, string | null] = [null, null];
    for (const round of [1, 2]) {
      const next = await Promise.all([takenToTable(admin, tables[0]), takenToTable(member, tables[1])]);
      tables = next;
      for (const c of clients.splice(0)) c.close();
      if (round === 2) {
        // The event page shows the round being played. Seen before our seats play, as the round cannot end without
        // them (quick computer players cannot finish it first), and in the admin's own tab: the site has taken that tab
        // to this table already, so its seat watcher leaves it on the event page (a new tab would be taken to the table).
        await admin.goto(eventPath);
        await expect(admin.getByTestId("event-round")).toContainText("2");
        await expect(admin.getByTestId("event-table")).toHaveCount(2);
      }
      clients.push(await playSeat(admin, baseURL!, next[0]), await playSeat(member, baseURL!, next[1]));
    }

    // The end: standings for all eight, and the ledger.
    await admin.goto(eventPath);
    await expect(admin.getByTestId("event-page")).toHaveAttribute("data-status", "finished", { timeout: 300_000 });
    await expect(admin.getByTestId("standing-row")).toHaveCount(8);
    await admin.getByTestId("event-results-link").click();
    await expect(admin.getByTestId("results-round")).toHaveCount(2);
    await expect(admin.getByTestId("deal-replay-link").first()).toHaveAttribute("href", /\/games\/[^/?]+\?hand=1$/);
    // Duplicate: each round's four deals have a frequency table.
    await expect(admin.getByTestId("frequency-table")).toHaveCount(8);
    await admin.goto(`${eventPath}/ledger`);
    const entries = admin.getByTestId("ledger-entry");
    await expect(entries).toHaveCount(2);
    // The way back names where it leads.
    await expect(admin.getByTestId("event-ledger").getByRole("link", { name: "The club's events" })).toHaveAttribute("href", `${clubPath}/events`);
    const amounts = await entries.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-ore"))));
    expect(amounts[0]! + amounts[1]!).toBe(0);
    if (amounts[0] !== 0) {
      await expect(admin.getByTestId("settlement")).toHaveCount(1);
      await admin.getByTestId("settlement-mark").click();
      await expect(admin.getByTestId("settlement")).toHaveAttribute("data-paid", "yes");
    } else await expect(admin.getByTestId("no-transfers")).toBeVisible();
    await admin.goto(`${clubPath}/events`);
    await expect(admin.getByTestId("balances").locator("tbody tr")).toHaveCount(2);
  } finally {
    for (const c of clients) c.close();
    await adminContext.close();
    await memberContext.close();
  }
});

test("while the club's details load, the events page does not ask for a rule set the club has", async ({ page, baseURL }) => {
  await useLanguageCookie(page, "da", baseURL!);
  await registerAndLogin(page, "Arrangør");
  await openClubs(page);
  const clubName = `Ventetid ${Date.now().toString(36)}`;
  await page.getByTestId("club-name").fill(clubName);
  await page.getByTestId("club-create-submit").click();
  await expect(page.getByTestId("my-role")).toBeVisible();
  await page.getByTestId("new-preset").click();
  await page.getByTestId("preset-name").fill("Onsdag");
  await page.getByTestId("preset-variant").selectOption("esmakker");
  await page.getByTestId("preset-save").click();
  await expect(page.getByTestId("preset-Onsdag")).toBeVisible();
  const clubPath = new URL(page.url()).pathname;

  // The club's details (its rule sets) come only when released, as on a slow connection.
  let release!: () => void;
  const detailsMayLoad = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(
    (url) => url.pathname.startsWith("/api/trpc/") && url.pathname.includes("clubs.details"),
    async (route) => {
      held = true;
      await detailsMayLoad;
      await route.continue();
    },
  );
  await page.goto(`${clubPath}/events`);
  // The club itself has come (its name is in the heading), its details not yet.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(clubName);
  await expect.poll(() => held).toBe(true);
  await expect(page.getByText("Opret først et regelsæt for klubben.")).toHaveCount(0);
  await expect(page.getByTestId("events-loading")).toHaveText("Indlæser…");
  await expect(page.getByTestId("event-create")).toHaveCount(0);

  release();
  await expect(page.getByTestId("event-create")).toBeVisible();
  await expect(page.getByTestId("event-preset")).toContainText("Onsdag");
  await expect(page.getByTestId("events-loading")).toHaveCount(0);
  await expect(page.getByText("Opret først et regelsæt for klubben.")).toHaveCount(0);
});
