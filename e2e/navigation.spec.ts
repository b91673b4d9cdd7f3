/**
 * The site header as a player uses it. On a phone the main links fold under a
 * menu button on the brand's row, beside the language choice, so the header
 * takes one row of the screen; the button shows them, a chosen page folds
 * them again. On a desktop the links are in the header and there is no
 * button. Each page marks the section it belongs to (the lobby and the table
 * form are "Play").
 */
import { expect, test } from "@playwright/test";
import { registerAndLogin, setLanguage, type UiLocale } from "./fixtures";

test("on a phone the links fold under a menu button beside the language; on a desktop they stand in the header", async ({ page }) => {
  await registerAndLogin(page, "Menu");
  await page.setViewportSize({ width: 360, height: 740 });
  for (const locale of ["da", "nb"] as UiLocale[]) {
    await page.goto("/");
    await setLanguage(page, locale);
    const menu = page.getByTestId("nav-menu");
    await expect(menu).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId("language-switcher")).toBeInViewport({ ratio: 1 });
    // One row: the button beside the brand, the header no taller than that row.
    const brand = (await page.getByTestId("brand").boundingBox())!;
    const button = (await menu.boundingBox())!;
    expect(Math.abs(button.y + button.height / 2 - (brand.y + brand.height / 2)), `${locale}: the button on the brand's row`).toBeLessThan(8);
    expect((await page.locator(".site-header").boundingBox())!.height, locale).toBeLessThanOrEqual(72);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), locale).toBeLessThanOrEqual(360);
    await expect(page.getByTestId("nav-clubs")).toBeHidden();
    await expect(menu).toHaveAccessibleName(locale === "nb" ? "Meny" : "Menu");

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    for (const link of ["nav-play", "nav-clubs", "nav-ranked", "nav-leaderboard", "nav-rules", "nav-profile", "nav-history", "nav-logout"])
      await expect(page.getByTestId(link), `${locale}: ${link}`).toBeInViewport({ ratio: 1 });
    // Escape folds them, back to the button; the button shows them again.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("nav-clubs")).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await page.getByTestId("nav-clubs").click();
    await expect(page).toHaveURL(/\/clubs$/);
    await expect(page.getByTestId("nav-clubs")).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  }

  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByTestId("nav-menu")).toBeHidden();
  await expect(page.getByTestId("nav-clubs")).toBeVisible();
  await expect(page.getByTestId("nav-clubs")).toHaveAttribute("aria-current", "page");
});

test("the header marks the section of the page: the lobby and the table form are Play", async ({ page }) => {
  await registerAndLogin(page, "Afsnit");
  for (const [path, link] of [
    ["/tables", "nav-play"],
    ["/tables/new", "nav-play"],
    ["/clubs", "nav-clubs"],
    ["/rules", "nav-rules"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(link), path).toHaveAttribute("aria-current", "page");
    await expect(page.locator('.main-nav [aria-current="page"]'), path).toHaveCount(1);
  }
});
