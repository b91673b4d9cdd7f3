/**
 * A stored, finished match for journeys that need one (replays, history):
 * a classic-whist table with three of the server's computer players, seat 0
 * played by this test process's computer player over the signed-in
 * player's own socket.
 */
import { expect, type Page } from "@playwright/test";
import { decide } from "@/bots";
import { LiveClient } from "@/server/realtime/test-client";

/**
 * Creates a table of `variant` through the form (`fields`: form test ids and the values typed into them), takes
 * seat 0 and seats three computer players; returns its id.
 */
export async function tableWithComputers(page: Page, variant: string, fields: Record<string, string> = {}, turnSeconds = 600): Promise<string> {
  await page.goto("/tables/new");
  await page.getByTestId("create-variant").selectOption(variant);
  for (const [id, value] of Object.entries(fields)) await page.getByTestId(id).fill(value);
  await page.locator("#create-turn-seconds").fill(String(turnSeconds));
  await page.getByTestId("create-submit").click();
  await expect(page).toHaveURL(/\/play\//);
  const tableId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByTestId("seat-take-0").click();
  await addComputers(page);
  return tableId;
}

/**
 * Once the page shows its player seated (the other seats' "take seat" buttons gone), seats a
 * computer player at seats 1-3, each once the page shows the one before, as a person does: a
 * click sent while the seats move can land beside its button. The match then starts.
 */
export async function addComputers(page: Page): Promise<void> {
  await expect(page.getByTestId("seat-take-1")).toHaveCount(0);
  for (const s of [1, 2, 3]) {
    await page.getByTestId(`seat-bot-${s}`).click();
    await expect(page.getByTestId(`seat-bot-${s}`)).toHaveCount(0);
  }
  await expect(page.getByTestId("table")).toHaveAttribute("data-status", "playing");
}

/**
 * A short classic match with computer players (target 2: one or two hands), with no pause after each trick:
 * these journeys need a finished match, not to watch it (table-play.spec.ts tests the pause).
 */
export const shortMatchTable = (page: Page) => tableWithComputers(page, "classic", { "opt-target": "2", "create-trick-pause": "0" });

/** Plays seat 0 of `tableId` to the end of the match; returns the stored match's id (from the player's history). */
export async function playToTheEnd(page: Page, baseURL: string, tableId: string): Promise<string> {
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const me = new LiveClient(baseURL, cookies);
  expect(await me.open(tableId)).toEqual({ ok: true });
  me.play((view) => decide(view, { level: "easy", seed: "e2e-match" }));
  try {
    await page.goto("/history");
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("history-item").first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 150_000, intervals: [1_000] });
  } finally {
    me.close();
  }
  return (await page.getByTestId("history-item").first().getAttribute("data-match"))!;
}

/** A score table (a HandsTable by its test id) shows every player's column: it does not scroll in its frame. */
export async function expectWholeScoreTable(page: Page, testId: string, label = ""): Promise<void> {
  const frame = await page.getByTestId(testId).evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, client: t.parentElement!.clientWidth }));
  expect(frame.scroll, label).toBeLessThanOrEqual(frame.client);
}
