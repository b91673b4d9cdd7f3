/**
 * Fair tables in the browser: the lobby's filters at a laptop and a phone
 * size (nothing runs off the page), computer-player controls only for the
 * table's creator, and a seat taken during a hand shown as reserved from the
 * next deal, with no cards of it.
 */
import { expect, test, type Page } from "@playwright/test";
import { registerAndLogin } from "./fixtures";
import { addComputers } from "./matches";

async function createTable(page: Page, variant: string): Promise<string> {
  await page.goto("/tables/new");
  await page.getByTestId("create-variant").selectOption(variant);
  await page.getByTestId("create-submit").click();
  await expect(page).toHaveURL(/\/play\/[^/?]+$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** No element is wider than the viewport (no sideways scrolling). */
async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`the lobby filters tables by game and open seats at ${size.width}×${size.height}`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    await registerAndLogin(page, "Lobby");
    const norwegian = await createTable(page, "norwegian");
    const danish = await createTable(page, "danish");
    await page.goto("/tables");
    await expect(page.getByTestId("lobby-filters")).toBeVisible();
    await page.getByTestId("lobby-filter-variant").selectOption("norwegian");
    await expect(page.getByTestId(`lobby-table-${norwegian}`)).toBeVisible();
    await expect(page.getByTestId(`lobby-table-${danish}`)).toHaveCount(0);
    await page.getByTestId("lobby-filter-variant").selectOption("danish");
    await expect(page.getByTestId(`lobby-table-${danish}`)).toBeVisible();
    await expect(page.getByTestId(`lobby-table-${norwegian}`)).toHaveCount(0);
    await page.getByTestId("lobby-filter-open-seats").check();
    await expect(page.getByTestId(`lobby-table-${danish}`)).toBeVisible();
    await fitsWidth(page);
    await context.close();
  });
}

test("only the creator gets computer-player controls; a seat taken mid-hand is the taker's from the next deal", async ({ browser }) => {
  test.setTimeout(120_000);
  const [hostContext, guestContext] = await Promise.all([browser.newContext(), browser.newContext({ viewport: { width: 360, height: 740 } })]);
  const host = await hostContext.newPage();
  const guest = await guestContext.newPage();
  await registerAndLogin(host, "Host");
  await registerAndLogin(guest, "Guest");
  const tableId = await createTable(host, "classic");
  await guest.goto(`/play/${tableId}`);
  await expect(guest.getByTestId("table")).toBeVisible();
  await expect(host.getByTestId("seat-bot-1")).toBeVisible();
  await expect(guest.getByTestId("seat-take-1")).toBeVisible();
  await expect(guest.getByTestId("seat-bot-1")).toHaveCount(0);

  await host.getByTestId("seat-take-0").click();
  await addComputers(host);
  // The guest takes over a computer player's seat during the hand: reserved, no cards.
  await guest.getByTestId("seat-take-2").click();
  await expect(guest.getByTestId("reserved-notice")).toBeVisible();
  await expect(guest.getByTestId("seat-reserved-2")).toBeVisible();
  await expect(guest.getByTestId("my-hand")).toHaveCount(0);
  await fitsWidth(guest);
  await Promise.all([hostContext.close(), guestContext.close()]);
});
