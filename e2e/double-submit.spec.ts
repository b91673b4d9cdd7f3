/**
 * A double click on a form's or an action's button sends it once. A request's
 * pending state must disable the button before the second click, and a form
 * that opens a new page on success stays disabled until it has: a second
 * request would be refused ("already exists") and, being the latest, decide
 * what the page shows instead of the first one's success.
 */
import { expect, test, type Page } from "@playwright/test";
import { openClubs, registerAndLogin } from "./fixtures";

/** Counts the page's tRPC calls of `procedure` from now on (a batched call names each procedure it carries). */
function countCalls(page: Page, procedure: string): () => number {
  let calls = 0;
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/api/trpc/")) calls += path.slice("/api/trpc/".length).split(",").filter((p) => p === procedure).length;
  });
  return () => calls;
}

test("a double click on Create club makes the club once and opens it", async ({ page }) => {
  await registerAndLogin(page, "Doubler");
  await openClubs(page);
  const clubName = `Dobbeltklik ${Date.now().toString(36)}`;
  await page.getByTestId("club-name").fill(clubName);
  const creates = countCalls(page, "clubs.create");
  await page.getByTestId("club-create-submit").dblclick();
  await expect(page).toHaveURL(/\/clubs\/[^/]+$/);
  await expect(page.getByTestId("club-name")).toHaveText(clubName);
  await expect(page.getByTestId("club-create-error")).toHaveCount(0);
  await openClubs(page);
  await expect(page.getByTestId("my-clubs").getByText(clubName)).toHaveCount(1);
  expect(creates()).toBe(1);
});

test("a click while the new club's page loads sends nothing", async ({ page }) => {
  await registerAndLogin(page, "Doubler");
  await openClubs(page);
  const clubName = `Langsom ${Date.now().toString(36)}`;
  await page.getByTestId("club-name").fill(clubName);
  // The new club's page comes only when released, as on a slow connection.
  let release!: () => void;
  const pageMayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/clubs\/[^/?]+(\?.*)?$/, async (route) => {
    await pageMayLoad;
    await route.continue();
  });
  const creates = countCalls(page, "clubs.create");
  const created = page.waitForResponse((r) => r.url().includes("/api/trpc/clubs.create"));
  await page.getByTestId("club-create-submit").click();
  expect((await created).ok()).toBe(true);
  await expect(page.getByTestId("club-create-submit")).toBeDisabled();
  await page.getByTestId("club-create-submit").click({ force: true });
  release();
  await expect(page).toHaveURL(/\/clubs\/[^/]+$/);
  await expect(page.getByTestId("club-name")).toHaveText(clubName);
  expect(creates()).toBe(1);
});

test("a double click on Create table opens the table made", async ({ page }) => {
  await registerAndLogin(page, "Doubler");
  await page.goto("/tables/new");
  await expect(page.getByTestId("create-submit")).toBeEnabled();
  const creates = countCalls(page, "tables.create");
  await page.getByTestId("create-submit").dblclick();
  await expect(page).toHaveURL(/\/play\/[^/?]+$/);
  await expect(page.getByTestId("create-error")).toHaveCount(0);
  expect(creates()).toBe(1);
});

test("a double click on an action's button sends it once", async ({ page }) => {
  await registerAndLogin(page, "Doubler");
  await openClubs(page);
  await page.getByTestId("club-name").fill(`Fornyer ${Date.now().toString(36)}`);
  await page.getByTestId("club-create-submit").click();
  const link = page.getByTestId("club-invite-link");
  const before = await link.textContent();
  const renewals = countCalls(page, "clubs.inviteCode");
  await page.getByTestId("club-invite-renew").dblclick();
  await expect(link).not.toHaveText(before!);
  await expect(page.getByTestId("club-invite-renew")).toBeEnabled();
  expect(renewals()).toBe(1);
});
