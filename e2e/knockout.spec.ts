/**
 * Knock-out whist as three people see it: a table of five seats (chosen in
 * the create form) with three registered players and two computer players,
 * played to its end by clicking — cards, trump suits or no trump, waiting on
 * a dog's life — in Danish (1366×900), Norwegian (360×740) and English. Each
 * person sits at the bottom with the other four around the felt, all on
 * screen without sideways scrolling and without overlapping; the trick's
 * cards lie towards their players; at the end everyone sees the same winner
 * and the standings by place, and the stored match replays with every seat.
 * Screenshots (da and nb, both sizes; the trick, a trump choice where one
 * comes up, the standings, the replay in da) go to the test's results.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { englishOn } from "./english";
import { registerAndLogin, setLanguage, type UiLocale } from "./fixtures";

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 360, height: 740 };
const SEATS = 5;

interface Person {
  readonly page: Page;
  readonly locale: UiLocale;
  readonly seat: number;
}

async function personPage(browser: Browser, viewport: { width: number; height: number }, name: string, locale: UiLocale): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
  const page = await context.newPage();
  await registerAndLogin(page, name);
  await setLanguage(page, locale);
  return page;
}

const seqOf = async (page: Page) => Number(await page.getByTestId("table").getAttribute("data-seq"));

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/**
 * The felt as `person` sees it: their own seat at the bottom, every seat and
 * the trick wholly on screen at once (the felt scrolled into view), no two of
 * them overlapping, the trick's cards inside the trick and apart from each
 * other, and nothing wider than the screen.
 */
async function expectFeltLaidOut(person: Person): Promise<void> {
  const { page, seat } = person;
  const label = `${person.locale} ${page.viewportSize()!.width}px`;
  await expect(page.getByTestId(`seat-${seat}`)).toHaveAttribute("data-place", "bottom");
  await page.getByTestId("felt").evaluate((e) => e.scrollIntoView({ block: "start" }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(page.viewportSize()!.width);
  const boxes: Box[] = [];
  for (let s = 0; s < SEATS; s++) {
    await expect(page.getByTestId(`seat-${s}`), `${label}: seat ${s}`).toBeInViewport({ ratio: 1 });
    boxes.push((await page.getByTestId(`seat-${s}`).boundingBox())!);
  }
  const trick = (await page.getByTestId("trick").boundingBox())!;
  for (const [i, a] of boxes.entries()) {
    expect(overlap(a, trick), `${label}: seat ${i} and the trick`).toBe(false);
    for (const [j, b] of boxes.entries()) if (j > i) expect(overlap(a, b), `${label}: seats ${i} and ${j}`).toBe(false);
  }
  const cards = await page.getByTestId("trick").locator("figure").evaluateAll((fs) => fs.map((f) => f.getBoundingClientRect().toJSON() as Box));
  for (const [i, c] of cards.entries()) {
    expect(c.x >= trick.x - 0.5 && c.x + c.width <= trick.x + trick.width + 0.5, `${label}: trick card ${i} inside the trick`).toBe(true);
    for (const [j, d] of cards.entries()) if (j > i) expect(overlap(c, d), `${label}: trick cards ${i} and ${j}`).toBe(false);
  }
}

/** Words the interface uses for the choices, per language. */
const NO_TRUMP: Record<UiLocale, string> = { da: "Sans", nb: "Grand", en: "No trump" };
const WAIT: Record<UiLocale, string> = { da: "Vent", nb: "Vent", en: "Wait" };
const YOU_WON: Record<UiLocale, string> = { da: "Du vandt kampen!", nb: "Du vant kampen!", en: "You won the match!" };

test("knock-out whist: three people and two computer players at five seats play to the end by clicking", async ({ browser }) => {
  test.setTimeout(600_000);
  const host = await personPage(browser, DESKTOP, "Knockout", "da");
  const second = await personPage(browser, PHONE, "Hundeliv", "nb");
  const third = await personPage(browser, DESKTOP, "Sidste", "en");

  // The form offers the variant's seat counts, its default first; five seats, both house rules, no pause after a trick.
  await host.goto("/tables/new");
  await expect(host.getByTestId("create-seat-count")).toHaveCount(0); // the first variant seats four, always
  await host.getByTestId("create-variant").selectOption("knockout");
  await expect(host.getByTestId("create-seat-count")).toHaveValue("4");
  expect(await host.getByTestId("create-seat-count").locator("option").allInnerTexts()).toEqual(["2", "3", "4", "5", "6", "7"]);
  await host.getByTestId("create-seat-count").selectOption(String(SEATS));
  await host.getByTestId("opt-dogsLife").check();
  await host.getByTestId("opt-noTrumpChoice").check();
  await host.getByTestId("create-trick-pause").fill("0");
  await host.locator("#create-turn-seconds").fill("600");
  await host.getByTestId("create-submit").click();
  await expect(host).toHaveURL(/\/play\/[^/?]+$/);
  const url = host.url();

  // The lobby counts the table's own seats.
  await second.goto("/tables");
  await expect(second.getByTestId(`lobby-table-${url.split("/").pop()}`)).toContainText("0/5");

  const people: Person[] = [
    { page: host, locale: "da", seat: 0 },
    { page: second, locale: "nb", seat: 2 },
    { page: third, locale: "en", seat: 3 },
  ];
  for (const p of people) {
    if (p.page !== host) await p.page.goto(url);
    await expect(p.page.getByTestId("felt").locator('[data-testid^="seat-"][data-place]')).toHaveCount(SEATS);
    await p.page.getByTestId(`seat-take-${p.seat}`).click();
    await expect(p.page.getByTestId(`seat-${p.seat}`)).toHaveAttribute("data-place", "bottom");
  }
  for (const s of [1, 4]) await host.getByTestId(`seat-bot-${s}`).click();
  for (const p of people) await expect(p.page.getByTestId("table")).toHaveAttribute("data-status", "playing");

  // Round 1: seven cards each, the turned card sets trump.
  for (const p of people) {
    await expect(p.page.getByTestId("round")).toBeVisible();
    await expect(p.page.locator('[data-testid="my-hand"] button')).toHaveCount(7);
    await expectFeltLaidOut(p);
  }

  const seen = { trumpChoice: false, noTrump: false, wait: false, trickShots: false, out: false };
  /** Clicks unless the view moved on under the click (then the caller looks again). */
  const tryClick = (target: ReturnType<Page["locator"]>) => target.click({ timeout: 2_000 }).then(() => true, () => false);

  /** What a person may do now, read in one round trip (the loop below looks at three pages many times a second). */
  const glance = (page: Page) =>
    page.evaluate(() => ({
      seq: Number(document.querySelector('[data-testid="table"]')?.getAttribute("data-seq")),
      suits: document.querySelectorAll('[data-testid="choices"] [data-testid^="trump-"]').length,
      decline: document.querySelectorAll('[data-testid="choices"] [data-testid="action-decline"]').length,
      playable: document.querySelectorAll('[data-testid="my-hand"] button[data-playable]').length,
    }));

  /** One move for whoever of the people may act now; false when none may. */
  const move = async (): Promise<boolean> => {
    for (const p of people) {
      const { page, locale } = p;
      const now = await glance(page);
      const before = now.seq;
      const choices = page.getByTestId("choices");
      const suits = choices.locator('[data-testid^="trump-"]');
      const decline = choices.getByTestId("action-decline");
      const playable = page.locator('[data-testid="my-hand"] button[data-playable]');
      let clicked = false;
      if (now.suits > 0) {
        // Trump: every suit and, with the house rule, no trump; no trump the first time, a suit after.
        await expect(suits).toHaveCount(4);
        await expect(choices.getByTestId("action-noTrump")).toHaveText(NO_TRUMP[locale]);
        if (!seen.trumpChoice) {
          seen.trumpChoice = true;
          await shot(page, `knockout-${locale}-${page.viewportSize()!.width}-trump`);
        }
        clicked = seen.noTrump ? await tryClick(suits.first()) : (seen.noTrump = await tryClick(choices.getByTestId("action-noTrump")));
      } else if (!seen.wait && now.decline > 0) {
        // On a dog's life: wait, once (the hint says what waiting means).
        await expect(decline).toHaveText(WAIT[locale]);
        await expect(page.getByTestId("hand-hint")).not.toBeEmpty();
        clicked = seen.wait = await tryClick(decline);
      } else if (now.playable > 0) {
        // A trick with cards in it while a person is to play stands still: lay-out checks and screenshots.
        if (!seen.trickShots && (await page.getByTestId("trick").locator("figure").count()) >= 2) {
          seen.trickShots = true;
          await screenshotsOfTheTrick(p);
        }
        clicked = await tryClick(playable.first());
      }
      if (!clicked) continue;
      await expect.poll(() => seqOf(page), { timeout: 10_000, intervals: [50] }).toBeGreaterThan(before);
      return true;
    }
    return false;
  };

  /** The trick in play as each person sees it at both sizes; the Danish and Norwegian pages at each size are photographed. */
  const screenshotsOfTheTrick = async (at: Person) => {
    for (const p of people) {
      const original = p.page.viewportSize()!;
      for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
        await p.page.setViewportSize(viewport);
        if (p.locale !== "en") {
          await p.page.getByTestId(p === at ? "my-hand" : "felt").evaluate((e) => e.scrollIntoView({ block: "end" }));
          await shot(p.page, `knockout-${p.locale}-${size}-trick`);
          expect(await englishOn(p.page), `${p.locale} ${size}`).toEqual([]);
        }
        await expectFeltLaidOut(p);
      }
      await p.page.setViewportSize(original);
    }
  };

  // Play until every person sees the end of the match.
  const allOver = async () => (await Promise.all(people.map((p) => p.page.getByTestId("match-summary").isVisible()))).every(Boolean);
  let moves = 0;
  while (!(await allOver())) {
    if (await move()) moves++;
    else await host.waitForTimeout(150);
    expect(moves, "moves by the people").toBeLessThan(200);
    for (const p of people) {
      // A person knocked out watches: their seat says so, and the line above their (empty) hand says why.
      if (seen.out) continue;
      const now = await p.page.evaluate((seat) => ({
        out: document.querySelector(`[data-testid="seat-out-${seat}"]`) !== null,
        hint: document.querySelector('[data-testid="hand-hint"]')?.textContent ?? "",
      }), p.seat);
      if (now.out) {
        seen.out = true;
        expect(now.hint, `${p.locale}: the hint of a person who is out`).not.toBe("");
      }
    }
  }
  expect(seen.trickShots).toBe(true);

  // Everyone sees the same standings by place: one winner first, places never falling, a shared place repeated (1, 2, 2, 4).
  const standingsOf = (p: Person) =>
    p.page.getByTestId("standings").locator("li").evaluateAll((ls) => ls.map((l) => [l.getAttribute("data-testid"), Number(l.getAttribute("data-place"))] as const));
  const standings = await standingsOf(people[0]!);
  expect(standings).toHaveLength(SEATS);
  const places = standings.map(([, place]) => place);
  expect(places.filter((x) => x === 1)).toHaveLength(1);
  places.forEach((place, i) => expect(place, `place ${i}: ${places.join(", ")}`).toBe(places.indexOf(place) + 1));
  for (const p of people.slice(1)) expect(await standingsOf(p)).toEqual(standings);
  // The heading names the winner, or tells the winner they won.
  const winnerSeat = Number(standings[0]![0]!.replace("standing-", ""));
  for (const p of people) {
    const heading = p.page.getByTestId("match-winner");
    if (p.seat === winnerSeat) await expect(heading).toHaveText(YOU_WON[p.locale]);
    else await expect(heading).toContainText((await p.page.getByTestId(`standing-${winnerSeat}`).locator("span").first().innerText()).trim());
  }

  for (const p of people.filter((x) => x.locale !== "en")) {
    for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
      await p.page.setViewportSize(viewport);
      await p.page.getByTestId("match-summary").evaluate((e) => e.scrollIntoView({ block: "start" }));
      await shot(p.page, `knockout-${p.locale}-${size}-summary`);
      expect(await p.page.evaluate(() => document.documentElement.scrollWidth), `${p.locale} ${size}`).toBeLessThanOrEqual(viewport.width);
      expect(await englishOn(p.page), `${p.locale} ${size}`).toEqual([]);
    }
  }
  // The stored match replays with every seat around the felt, and a trick's cards at their players' sides.
  await host.setViewportSize(DESKTOP);
  await expect(async () => {
    await host.goto("/history");
    await expect(host.getByTestId("history-item").first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000] });
  await host.goto(`/games/${await host.getByTestId("history-item").first().getAttribute("data-match")}`);
  await expect(host.locator('[data-testid^="replay-seat-"]')).toHaveCount(SEATS);
  for (let i = 0; i < SEATS + 1; i++) await host.getByTestId("replay-next").click();
  await expect(host.getByTestId("replay-trick").locator('[data-testid^="replay-play-"]')).not.toHaveCount(0);
  for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    await host.setViewportSize(viewport);
    await host.getByTestId("replay-table").evaluate((e) => e.scrollIntoView({ block: "start" }));
    await shot(host, `knockout-replay-da-${size}`);
    expect(await host.evaluate(() => document.documentElement.scrollWidth), `replay ${size}`).toBeLessThanOrEqual(viewport.width);
  }
  for (const p of people) await p.page.context().close();
});
