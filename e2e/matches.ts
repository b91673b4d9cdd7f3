/**
 * A stored, finished match for journeys that need one (replays, history):
 * a classic-whist table with three of the server's computer players, seat 0
 * played by this test process's computer player over the signed-in
 * player's own socket.
 */
import { expect, type Page } from "@playwright/test";
import { decide } from "@/bots";
import { LiveClient } from "@/server/realtime/test-client";

/** Creates a classic table (target 2: one or two hands), takes seat 0 and seats three computer players; returns its id. */
export async function tableWithComputers(page: Page): Promise<string> {
  await page.goto("/tables/new");
  await page.getByTestId("create-variant").selectOption("classic");
  await page.getByTestId("opt-target").fill("2");
  await page.getByTestId("create-submit").click();
  await expect(page).toHaveURL(/\/play\//);
  const tableId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByTestId("seat-take-0").click();
  for (const s of [1, 2, 3]) await page.getByTestId(`seat-bot-${s}`).click();
  await expect(page.getByTestId("table")).toHaveAttribute("data-status", "playing");
  return tableId;
}

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
