/** The tables router against the test database: validation by the engine, seat counts by the variant, privacy in the listing. */
import { afterAll, describe, expect, it } from "vitest";
import { VARIANT_IDS, VARIANT_META } from "@/engine";
import { closeTestDb, createTestUser, testCaller, testDb } from "@/server/test/helpers";

afterAll(closeTestDb);

/** Lobby pages as a visitor (newest first) up to the one holding `id` (or to the end): tests share the database. */
async function lobbyUntil(id: string) {
  const seen = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ReturnType<typeof testCaller>["tables"]["list"]>> = await testCaller().tables.list({ cursor, limit: 100 });
    seen.push(...page.tables);
    if (page.tables.some((t) => t.id === id)) break;
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe("tables router", () => {
  it("creates a table with the engine's full options and lists it while private ones stay hidden", async () => {
    const user = await createTestUser();
    const api = testCaller(user);
    const pub = await api.tables.create({ variant: "classic", options: { target: 3 } });
    const priv = await api.tables.create({ variant: "norwegian", isPrivate: true });
    expect(priv.inviteCode.length).toBeGreaterThanOrEqual(12);
    const list = await lobbyUntil(pub.id);
    const mine = list.find((t) => t.id === pub.id)!;
    expect(mine.options).toMatchObject({ target: 3 });
    expect(Object.keys(mine.options).length).toBeGreaterThan(1); // defaults filled in
    expect(mine.seats).toEqual([null, null, null, null]);
    expect(list.some((t) => t.id === priv.id)).toBe(false);
  });

  it("refuses visitors, unknown variants and invalid options", async () => {
    await expect(testCaller().tables.create({ variant: "classic" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const api = testCaller(await createTestUser());
    await expect(api.tables.create({ variant: "bridge" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(api.tables.create({ variant: "classic", options: { target: -4 } })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("seats as many as asked within the variant's range (default: the variant's count), and refuses other counts with a translated code", async () => {
    const api = testCaller(await createTestUser());
    // A variant that seats from fewer to more than four players, and one that seats exactly four.
    const ranged = VARIANT_IDS.find((id) => VARIANT_META[id].seats.min < 4 && VARIANT_META[id].seats.max > 4)!;
    const fixed = VARIANT_IDS.find((id) => VARIANT_META[id].seats.min === 4 && VARIANT_META[id].seats.max === 4)!;
    const { min, max } = VARIANT_META[ranged].seats;
    const row = (id: string) => testDb().table.findUniqueOrThrow({ where: { id }, select: { seats: true } });
    for (const n of [min, 5, max]) expect(await row((await api.tables.create({ variant: ranged, seatCount: n })).id)).toEqual({ seats: Array(n).fill(null) });
    expect(await row((await api.tables.create({ variant: ranged })).id)).toEqual({ seats: Array(VARIANT_META[ranged].seats.default).fill(null) });
    expect(await row((await api.tables.create({ variant: fixed, seatCount: 4 })).id)).toEqual({ seats: [null, null, null, null] });
    for (const [variant, n] of [[ranged, min - 1], [ranged, max + 1], [fixed, 3], [fixed, 5], [fixed, 0]] as const)
      await expect(api.tables.create({ variant, seatCount: n })).rejects.toMatchObject({ code: "BAD_REQUEST", cause: { error: { code: "TABLE_SEAT_COUNT", params: { min: VARIANT_META[variant].seats.min, max: VARIANT_META[variant].seats.max } } } });
  });
});
