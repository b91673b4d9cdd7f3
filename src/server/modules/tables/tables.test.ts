/** The tables router against the test database: validation by the engine, privacy in the listing. */
import { afterAll, describe, expect, it } from "vitest";
import { closeTestDb, createTestUser, testCaller } from "@/server/test/helpers";

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
});
