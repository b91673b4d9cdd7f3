/**
 * Clubs in the browser: an admin creates a club and a house-rule preset with
 * two rules switched on (jokers can be trumped, stærke), a second player
 * finds and joins the club, the admin opens a table with the preset, both
 * see the preset's rules on the club's table, the member sits down at it,
 * and an outsider is refused with a translated message. A second journey:
 * an invitation page names its club, profiles list clubs with roles, and
 * removing a member or deleting the club asks first (and dates are in the
 * viewer's time zone). Refused rules are shown translated under their own
 * field and scrolled into view (da on the preset form, en on the create-table
 * form). (That the rules
 * decide the play, a joker led and beaten by a spade, is proven over real
 * sockets in src/server/modules/clubs/club-tables.live.test.ts.)
 */
import { expect, test, type Page } from "@playwright/test";
import { openClubs, registerAndLogin, setLanguage } from "./fixtures";

/** A rule's error is shown right under its field, in view, and stays put. */
async function expectFieldError(page: Page, fieldId: string, text: string): Promise<void> {
  const error = page.getByTestId(`${fieldId}-error`);
  await expect(error).toHaveText(text);
  await expect(page.getByTestId(fieldId)).toBeInViewport();
  await expect(error).toBeInViewport();
  const field = (await page.getByTestId(fieldId).boundingBox())!;
  const shown = (await error.boundingBox())!;
  expect(shown.y).toBeGreaterThanOrEqual(field.y + field.height - 1);
  expect(shown.y - (field.y + field.height)).toBeLessThan(40);
  await page.waitForTimeout(300);
  expect((await error.boundingBox())!.y).toBeCloseTo(shown.y, 0);
}

test("an admin's house rules reach a members-only club table", async ({ browser }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const outsiderContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const member = await memberContext.newPage();
  const outsider = await outsiderContext.newPage();
  try {
    await registerAndLogin(admin, "Admin");
    await registerAndLogin(member, "Member");
    await registerAndLogin(outsider, "Outsider");
    const clubName = `Torsdagsklubben ${Date.now().toString(36)}`;

    // The admin starts the club and its house rules.
    await openClubs(admin);
    await admin.getByTestId("club-name").fill(clubName);
    await admin.getByTestId("club-description").fill("Whist hver torsdag");
    await admin.getByTestId("club-create-submit").click();
    await expect(admin.getByTestId("club-name")).toHaveText(clubName);
    await expect(admin.getByTestId("my-role")).toBeVisible();
    const clubPath = new URL(admin.url()).pathname;

    await setLanguage(admin, "da");
    await admin.getByTestId("new-preset").click();
    await admin.getByTestId("preset-name").fill("Torsdagsregler");
    await admin.getByTestId("preset-variant").selectOption("esmakker");
    await admin.getByTestId("preset-rule-jokerTrumpable").check();
    await admin.getByTestId("preset-rule-staerke").check();
    // Invalid rules are refused by the engine's own validation: the message is
    // translated, under its own field, and the page scrolls from Save up to it.
    await admin.getByTestId("preset-rule-tariff").fill("10, 20, x, 80, 160, 320, 640");
    await admin.getByTestId("preset-rule-deals").fill("10");
    // A short window: at Save, the tariff field is out of sight until the refusal brings it back.
    await admin.setViewportSize({ width: 1280, height: 500 });
    await admin.getByTestId("preset-save").scrollIntoViewIfNeeded();
    await expect(admin.getByTestId("preset-rule-tariff")).not.toBeInViewport();
    await admin.getByTestId("preset-save").click();
    await expectFieldError(admin, "preset-rule-tariff", "Tal nr. 3: Skriv et tal.");
    await expect(admin.getByTestId("preset-rule-tariff")).toBeFocused();
    await expect(admin.getByTestId("preset-rules-invalid")).toHaveText("Reglerne kan ikke gemmes endnu. Ret de markerede felter.");
    await expect(admin.getByTestId("preset-rule-deals-error")).toHaveText("Skal være et multiplum af 4.");
    // Fixing a field clears its message at once.
    await admin.getByTestId("preset-rule-tariff").fill("10, 20, 40, 80, 160, 320, 640");
    await expect(admin.getByTestId("preset-rule-tariff-error")).toHaveCount(0);
    await admin.getByTestId("preset-save").click();
    await expectFieldError(admin, "preset-rule-deals", "Skal være et multiplum af 4.");
    await admin.getByTestId("preset-rule-deals").fill("16");
    await admin.getByTestId("preset-save").click();
    const preset = admin.getByTestId("preset-Torsdagsregler");
    await expect(preset).toBeVisible();
    await expect(preset.locator('[data-testid$="-jokerTrumpable"]')).toBeVisible();
    await expect(preset.locator('[data-testid$="-staerke"]')).toBeVisible();
    await expect(preset.locator('[data-testid$="-deals"]')).toContainText("16");
    await expect(preset.getByTestId("preset-is-default")).toBeVisible();

    // The same per-field messages in English on the create-table form (the shared rules form).
    await member.goto("/tables/new");
    await member.getByTestId("create-variant").selectOption("esmakker");
    await member.getByTestId("opt-solValues").fill("50, 100, 150");
    await member.setViewportSize({ width: 1280, height: 400 });
    await member.getByTestId("create-submit").scrollIntoViewIfNeeded();
    await expect(member.getByTestId("opt-solValues")).not.toBeInViewport();
    await member.getByTestId("create-submit").click();
    await expectFieldError(member, "opt-solValues", "Enter exactly 4 numbers.");
    await expect(member).toHaveURL(/\/tables\/new$/);

    // A second player finds the club and joins it.
    await openClubs(member);
    await member.getByTestId("club-search").fill(clubName);
    await member.getByTestId("club-results").getByRole("link", { name: clubName }).click();
    await expect(member.getByTestId("club-name")).toHaveText(clubName);
    await member.getByTestId("club-join").click();
    await expect(member.getByTestId("my-role")).toBeVisible();
    await expect(member.getByTestId("club-members").locator("li")).toHaveCount(2);

    // The admin opens a table with the preset and lands at it.
    await admin.getByTestId("open-table-Torsdagsregler").click();
    await expect(admin).toHaveURL(/\/play\/[^/?]+$/);
    const tableId = new URL(admin.url()).pathname.split("/").pop()!;
    await expect(admin.getByTestId("table")).toBeVisible();

    // Both see the table on the club page, with the preset's rules.
    for (const page of [admin, member]) {
      await page.goto(clubPath);
      const row = page.getByTestId(`club-table-${tableId}`);
      await expect(row).toBeVisible();
      await expect(row.getByTestId("club-table-rules-jokerTrumpable")).toBeVisible();
      await expect(row.getByTestId("club-table-rules-staerke")).toBeVisible();
      await expect(row.getByTestId("club-table-rules-deals")).toContainText("16");
    }

    // The member sits down at the club table.
    await member.getByTestId(`club-table-${tableId}`).getByTestId("club-table-link").click();
    await expect(member.getByTestId("table")).toBeVisible();
    await member.getByTestId("seat-take-1").click();
    await expect(member.getByTestId("seat-1")).toContainText("Member");

    // An outsider is refused at the table, in words, in their language.
    await outsider.goto(`/play/${tableId}`);
    await expect(outsider.getByTestId("table-loading")).toContainText("Only members of this club can watch this table.");
    // The way on: back to the lobby.
    await expect(outsider.getByTestId("table-error-lobby")).toHaveAttribute("href", "/tables");
    await setLanguage(outsider, "da");
    await expect(outsider.getByTestId("table-loading")).toContainText("Kun klubbens medlemmer kan se dette bord.");
  } finally {
    await Promise.all([adminContext.close(), memberContext.close(), outsiderContext.close()]);
  }
});

test("an invitation names the club; the profile lists clubs with roles; removing and deleting ask first", async ({ browser }) => {
  test.setTimeout(120_000);
  // A zone whose date differs from Copenhagen's right now (Kiritimati is UTC+14, Pago Pago UTC−11).
  const hour = new Date().getUTCHours();
  const timezoneId = hour >= 10 && hour < 23 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
  const ownerContext = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"], timezoneId });
  const guestContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const guest = await guestContext.newPage();
  try {
    await registerAndLogin(owner, "Owner");
    // Dates are in the viewer's own time zone: "member since" is today's date there, not in Copenhagen.
    const since = owner.getByTestId("profile-member-since");
    const sinceIso = (await since.locator("time").getAttribute("datetime"))!;
    const localDate = await owner.evaluate((iso) => new Intl.DateTimeFormat("en", { dateStyle: "long" }).format(new Date(iso)), sinceIso);
    const copenhagenDate = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "Europe/Copenhagen" }).format(new Date(sinceIso));
    expect(localDate).not.toBe(copenhagenDate);
    await expect(since).toHaveText(localDate);
    const guestAccount = await registerAndLogin(guest, "Guest");
    const clubName = `Onsdagsklubben ${Date.now().toString(36)}`;

    // An invitation-only club; its owner copies the invitation link.
    await openClubs(owner);
    await owner.getByTestId("club-name").fill(clubName);
    await owner.getByTestId("club-description").fill("Whist om onsdagen");
    await owner.getByTestId("club-open").setChecked(false);
    await owner.getByTestId("club-create-submit").click();
    await expect(owner.getByTestId("club-name")).toHaveText(clubName);
    const clubPath = new URL(owner.url()).pathname;
    const inviteUrl = (await owner.getByTestId("club-invite-link").textContent())!;
    expect(inviteUrl).toContain("/clubs/join/");
    await owner.getByTestId("club-invite-copy").click();
    await expect(owner.getByTestId("club-invite-copy-status")).toHaveText("Link copied.");
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(inviteUrl);

    // The invitation page says which club it is before anyone joins.
    await guest.goto(new URL(inviteUrl).pathname);
    await expect(guest.getByTestId("invite-club-name")).toHaveText(clubName);
    await expect(guest.getByTestId("invite-club-description")).toHaveText("Whist om onsdagen");
    await expect(guest.getByTestId("invite-club-members")).toContainText("1 member");
    await guest.getByTestId("invite-join").click();
    await expect(guest.getByTestId("my-role")).toHaveText("Member");

    // Both profiles list the club with their role.
    for (const [page, role] of [
      [owner, "Owner"],
      [guest, "Member"],
    ] as const) {
      await page.goto("/profile");
      const item = page.getByTestId("profile-club-list").locator("li", { hasText: clubName });
      await expect(item).toBeVisible();
      await expect(item.getByTestId("profile-club-role")).toHaveText(role);
    }
    // A fellow member sees the invitation-only club on the owner's public profile too.
    const ownerPublic = (await owner.getByRole("link", { name: "See your public profile" }).getAttribute("href"))!;
    await guest.goto(ownerPublic);
    await expect(guest.getByTestId("profile-club-list").locator("li", { hasText: clubName }).getByTestId("profile-club-role")).toHaveText("Owner");

    // Removing a member asks first.
    await owner.goto(clubPath);
    const guestRow = owner.getByTestId(`member-${guestAccount.displayName}`);
    await guestRow.getByTestId("member-remove").click();
    await expect(guestRow.getByTestId("member-remove-confirmation")).toContainText(`Remove ${guestAccount.displayName} from the club?`);
    await expect(owner.getByTestId("club-members").locator("li")).toHaveCount(2);
    await guestRow.getByTestId("member-remove-confirm").click();
    await expect(owner.getByTestId("club-members").locator("li")).toHaveCount(1);

    // Deleting the club takes its name typed out.
    await owner.getByTestId("club-delete").click();
    const confirm = owner.getByTestId("club-delete-confirm");
    await expect(confirm).toBeDisabled();
    await owner.getByTestId("club-delete-name").fill(clubName.toUpperCase());
    await expect(confirm).toBeDisabled();
    await owner.getByTestId("club-delete-name").fill(clubName);
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(owner).toHaveURL(/\/clubs$/);
    await owner.goto(clubPath);
    await expect(owner.getByText("This club does not exist (any more).")).toBeVisible({ timeout: 20_000 });
  } finally {
    await Promise.all([ownerContext.close(), guestContext.close()]);
  }
});
