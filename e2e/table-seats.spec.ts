/**
 * Sitting down at an open table, or seating a computer player there, moves
 * no other seat's controls: the creator's "Add computer player" buttons on
 * the empty seats stay where they were, to the pixel, at a laptop and a
 * phone size and in every language; and each of those buttons shows its
 * whole label inside its seat.
 */
import { expect, test, type Page } from "@playwright/test";
import { registerAndLogin, setLanguage } from "./fixtures";

/** A screenshot of the felt (scrolled to the top of the screen) for looking at by eye. */
async function shot(page: Page, name: string): Promise<void> {
  await page.getByTestId("felt").evaluate((e) => e.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

/** Each seat's "Add computer player" button on the page (page coordinates: clicking a seat may scroll the page). */
const botButtons = (page: Page, seats: number[]) =>
  Promise.all(
    seats.map((s) =>
      page.getByTestId(`seat-bot-${s}`).evaluate((b) => {
        const r = b.getBoundingClientRect();
        return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
      }),
    ),
  );

for (const size of [
  { width: 1366, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`taking a seat moves no other seat's "Add computer player" button at ${size.width}×${size.height}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    await registerAndLogin(page, "Sitter");
    for (const locale of ["da", "nb", "en"] as const) {
      await setLanguage(page, locale);
      await page.goto("/tables/new");
      await page.getByTestId("create-variant").selectOption("classic");
      await page.getByTestId("create-submit").click();
      await expect(page).toHaveURL(/\/play\/[^/?]+$/);
      await expect(page.getByTestId("seat-take-0")).toBeVisible();
      for (const s of [0, 1, 2, 3]) await expect(page.getByTestId(`seat-bot-${s}`)).toBeVisible();
      // The whole label shows: the text overflows neither the button nor the button its seat (which clips).
      for (const s of [0, 1, 2, 3]) {
        const fit = await page.getByTestId(`seat-bot-${s}`).evaluate((b) => {
          const seat = b.closest("section")!.getBoundingClientRect(), r = b.getBoundingClientRect();
          return { text: b.scrollWidth <= b.clientWidth, inSeat: r.left >= seat.left && r.right <= seat.right };
        });
        expect(fit, `${locale} ${size.width}px seat ${s}`).toEqual({ text: true, inSeat: true });
      }
      const before = await botButtons(page, [1, 2, 3]);
      await shot(page, `seats-${locale}-${size.width}-before`);

      // Seat 0 is already at the bottom, where the viewer's own seat goes: taking it turns nothing.
      await page.getByTestId("seat-take-0").click();
      await expect(page.getByTestId("seat-take-1")).toHaveCount(0);
      await expect(page.getByTestId("seat-bot-0")).toHaveCount(0);
      expect(await botButtons(page, [1, 2, 3]), `${locale} ${size.width}px`).toEqual(before);
      await shot(page, `seats-${locale}-${size.width}-after`);

      // A computer player at the top seat (2), then at the left (1): the buttons still to click stay put.
      await page.getByTestId("seat-bot-2").click();
      await expect(page.getByTestId("seat-level-2")).toBeAttached();
      expect(await botButtons(page, [1, 3]), `${locale} ${size.width}px, a computer at seat 2`).toEqual([before[0], before[2]]);
      await page.getByTestId("seat-bot-1").click();
      await expect(page.getByTestId("seat-level-1")).toBeAttached();
      expect(await botButtons(page, [3]), `${locale} ${size.width}px, computers at seats 1 and 2`).toEqual([before[2]]);
      await shot(page, `seats-${locale}-${size.width}-computers`);
    }
    await context.close();
  });
}
