/**
 * History filters by name: after a short match with a second person (and two
 * computer players), the host finds it by typing part of that person's name
 * (autocomplete), the filters are kept in the URL, a shared link shows the
 * name again, and the back button returns to the previous filters.
 */
import { expect, test, type BrowserContext } from "@playwright/test";
import { decide } from "@/bots";
import { LiveClient } from "@/server/realtime/test-client";
import { registerAndLogin } from "./fixtures";

const cookieHeader = async (context: BrowserContext) => (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

test("history filters by an opponent's name, kept in the URL and restored by the back button", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const hostContext = await browser.newContext();
  const guestContext = await browser.newContext();
  const host = await hostContext.newPage();
  const guest = await guestContext.newPage();
  const clients: LiveClient[] = [];
  try {
    await registerAndLogin(host, "Host");
    const guestAccount = await registerAndLogin(guest, "Gunnhild");

    // A short classic match: host and guest, two computer players, no pause after tricks.
    await host.goto("/tables/new");
    await host.getByTestId("create-variant").selectOption("classic");
    await host.getByTestId("opt-target").fill("2");
    await host.getByTestId("create-trick-pause").fill("0");
    await host.getByTestId("create-submit").click();
    await expect(host).toHaveURL(/\/play\//);
    const tableId = new URL(host.url()).pathname.split("/").pop()!;
    await host.getByTestId("seat-take-0").click();
    await guest.goto(`/play/${tableId}`);
    await guest.getByTestId("seat-take-1").click();
    for (const s of [2, 3]) await host.getByTestId(`seat-bot-${s}`).click();
    await expect(host.getByTestId("table")).toHaveAttribute("data-status", "playing");
    for (const [i, context] of [hostContext, guestContext].entries()) {
      const client = new LiveClient(baseURL!, await cookieHeader(context));
      expect(await client.open(tableId)).toEqual({ ok: true });
      client.play((view) => decide(view, { level: "easy", seed: `history-${i}` }));
      clients.push(client);
    }
    await host.goto("/history");
    await expect(async () => {
      await host.reload();
      await expect(host.getByTestId("history-item").first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 180_000, intervals: [1_000] });
    for (const c of clients) c.close();
    await expect(host.getByTestId("history-item")).toHaveCount(1);

    // Typing part of the guest's name suggests them; choosing them filters the list and goes into the URL.
    const opponent = host.getByTestId("history-opponent");
    await opponent.fill("gunn");
    const suggestions = host.getByTestId("history-opponent-suggestions");
    await expect(suggestions.getByRole("option", { name: guestAccount.displayName })).toBeVisible();
    await suggestions.getByRole("option", { name: guestAccount.displayName }).click();
    await expect(suggestions).toHaveCount(0);
    await expect(opponent).toHaveValue(guestAccount.displayName);
    await host.getByTestId("history-apply").click();
    await expect(host).toHaveURL(/\/history\?opponent=[^&]+$/);
    await expect(host.getByTestId("history-item")).toHaveCount(1);
    const filteredUrl = host.url();

    // A name typed but not chosen is refused next to its field, in words.
    await host.getByTestId("history-club").fill("zz-no-club");
    await host.getByTestId("history-apply").click();
    await expect(host.getByTestId("history-club-error")).toHaveText("Choose a club from the list.");
    await expect(host).toHaveURL(filteredUrl);
    await host.getByTestId("history-club").fill("");

    // Another filter: no Norwegian-whist games; the URL keeps both filters.
    await host.getByTestId("history-variant").selectOption("norwegian");
    await host.getByTestId("history-apply").click();
    await expect(host).toHaveURL(/variant=norwegian/);
    await expect(host).toHaveURL(/opponent=/);
    await expect(host.getByTestId("history-empty")).toBeVisible();

    // Back: the previous filters, list and name again.
    await host.goBack();
    await expect(host).toHaveURL(filteredUrl);
    await expect(host.getByTestId("history-item")).toHaveCount(1);
    await expect(host.getByTestId("history-variant")).toHaveValue("");
    await expect(host.getByTestId("history-opponent")).toHaveValue(guestAccount.displayName);

    // The link works on its own (a fresh load): the filter shows the name, not an id.
    await host.goto(filteredUrl);
    await expect(host.getByTestId("history-opponent")).toHaveValue(guestAccount.displayName);
    await expect(host.getByTestId("history-item")).toHaveCount(1);
  } finally {
    for (const c of clients) c.close();
    await Promise.all([hostContext.close(), guestContext.close()]);
  }
});
