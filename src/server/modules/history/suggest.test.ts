/**
 * The history filters' autocomplete (history.suggest) and the names behind a
 * shared link's ids (history.filterLabels): matching names among the caller's
 * own clubs and the people they played with, at least 2 characters, a few at
 * most, never a members-only club or a stranger the caller could not see.
 */
import { afterAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { closeTestDb, createTestUser, testCaller, testDb, type TestUser } from "@/server/test/helpers";
import { SUGGESTION_LIMIT } from "./schema";

afterAll(closeTestDb);

const tag = () => Math.random().toString(36).slice(2, 8);
let matchNo = 0;

/** A finished match's history rows: `players` at seats 0.., at a club's table or not. */
async function played(players: readonly TestUser[], clubId: string | null = null): Promise<void> {
  const matchId = `suggest-${tag()}-${++matchNo}`;
  await testDb().matchPlayer.createMany({
    data: players.map((u, seat) => ({
      matchId, seat, userId: u.id, variant: "classic", clubId, ranked: false, finishedAt: new Date(), score: 0, place: seat + 1,
      deals: 1, asDeclarer: 0, asPartner: 0, asDefender: 0, contracts: {},
    })),
  });
}

describe("history filter autocomplete", () => {
  it("suggests the caller's clubs and opponents by part of their name, and only those", async () => {
    const t = tag();
    const [me, ally, stranger] = await Promise.all([
      createTestUser({ displayName: `Birte ${t}` }),
      createTestUser({ displayName: `Bjarne ${t}` }),
      createTestUser({ displayName: `Bjørn ${t}` }),
    ]);
    await played([me, ally]);
    await played([stranger]); // never at a table with me
    const mine = await testCaller(me).clubs.create({ name: `Torsdagsklub ${t}`, description: "", locale: "da", isOpen: false });
    const closed = await testCaller(stranger).clubs.create({ name: `Torsdagsloge ${t}`, description: "", locale: "da", isOpen: false });
    const api = testCaller(me);

    expect(await api.history.suggest({ kind: "opponent", text: `bjarne ${t}`.toUpperCase() })).toEqual([{ id: ally.id, name: ally.displayName }]);
    expect(await api.history.suggest({ kind: "opponent", text: t })).toEqual([{ id: ally.id, name: ally.displayName }]); // not me, not the stranger
    expect(await api.history.suggest({ kind: "club", text: `torsdag` + "s" })).toEqual(expect.arrayContaining([{ id: mine.id, name: mine.name }]));
    const clubs = await api.history.suggest({ kind: "club", text: t });
    expect(clubs).toEqual([{ id: mine.id, name: mine.name }]); // the stranger's members-only club stays hidden
    // A club whose table I played at stays mine to filter by, even without membership.
    await played([me, stranger], closed.id);
    expect((await api.history.suggest({ kind: "club", text: t })).map((c) => c.name)).toEqual([mine.name, closed.name].sort((a, b) => a.localeCompare(b)));
    // ILIKE wildcards typed by a person match only themselves.
    expect(await api.history.suggest({ kind: "opponent", text: "%%" })).toEqual([]);
  });

  it("needs two characters, limits the list, and names a link's ids only for those who know them", async () => {
    const t = tag();
    const me = await createTestUser({ displayName: `Ulla ${t}` });
    const others = await Promise.all(Array.from({ length: SUGGESTION_LIMIT + 2 }, (_, i) => createTestUser({ displayName: `Ole ${t} ${i}` })));
    for (const o of others) await played([me, o]);
    const api = testCaller(me);
    expect(await api.history.suggest({ kind: "opponent", text: t })).toHaveLength(SUGGESTION_LIMIT);
    await expect(api.history.suggest({ kind: "opponent", text: " x " })).rejects.toBeInstanceOf(TRPCError);
    await expect(testCaller(null).history.suggest({ kind: "club", text: "Torsdag" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });

    const outsider = await createTestUser({ displayName: `Udenfor ${t}` });
    const club = await testCaller(outsider).clubs.create({ name: `Lukket ${t}`, description: "", locale: "da", isOpen: false });
    expect(await api.history.filterLabels({ opponentId: others[0]!.id })).toEqual({ club: null, opponent: others[0]!.displayName });
    expect(await api.history.filterLabels({ clubId: club.id, opponentId: outsider.id })).toEqual({ club: null, opponent: null });
    expect(await testCaller(outsider).history.filterLabels({ clubId: club.id })).toEqual({ club: club.name, opponent: null });
  });
});
