/**
 * Tables of five over real sockets: a real live-table server process
 * (standalone.ts, the production wiring) against the run's PostgreSQL
 * database. The variant is the one that seats five, found by what variants
 * declare (knock-out whist), with its on/off house rules switched on so
 * players pass tricks on a dog's life. Three people and two computer players
 * play a match to its end: every stored action replays, nobody is shown
 * another seat's cards, the match and its people's history rows hold all
 * five seats with places by final score (equal scores share the place), and
 * the replay analysis answers "unavailable". A club's ranked table of five
 * people rates all five on the club ladder by those places.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getVariant, parseRecord, VARIANT_IDS, VARIANT_META, verifyRecord } from "@/engine";
import type { Seat, VariantId } from "@/engine/types";
import type { SeatOccupant } from "@/protocol";
import { closeTestDb, createTestUser, testCaller, testDb, type TestUser, testDatabaseUrl } from "@/server/test/helpers";
import { displayRating } from "@/server/modules/ratings/rating-system";
import { LiveClient, sessionCookie } from "./test-client";
import { assertOnlyOwnCards } from "./test-checks";
import { startLiveServer, stopLiveServer, type LiveServer } from "./test-server";

const SECRET = process.env.AUTH_SECRET ?? "test-secret-test-secret-test-secret-0123456789";
const SEATS = 5;

let server: LiveServer;
const clients: LiveClient[] = [];
const variant: VariantId = VARIANT_IDS.find((id) => VARIANT_META[id].seats.min <= SEATS && SEATS <= VARIANT_META[id].seats.max)!;
/** Every on/off house rule of the variant switched on. */
const houseRules = Object.fromEntries(getVariant(variant)!.optionFields.filter((f) => f.kind === "boolean").map((f) => [f.key, true]));

beforeAll(async () => {
  server = await startLiveServer({ DATABASE_URL: testDatabaseUrl()!, AUTH_SECRET: SECRET, REDIS_URL: "" });
});

afterAll(async () => {
  for (const c of clients) c.close();
  if (server) await stopLiveServer(server);
  await closeTestDb();
});

async function connect(user: TestUser): Promise<LiveClient> {
  const c = new LiveClient(server.url, await sessionCookie(user.id, SECRET));
  clients.push(c);
  return c;
}

const ok = { ok: true };
/** Competition places from final scores: 1 + how many scored more. */
const placesOf = (scores: readonly number[]) => scores.map((s) => 1 + scores.filter((o) => o > s).length);

/** The finished match of a table: its record checked by replay, its players and scores. */
async function finishedMatch(tableId: string) {
  const match = await testDb().match.findFirstOrThrow({ where: { tableId }, select: { id: true, record: true, players: true, scores: true, variant: true } });
  const parsed = parseRecord(match.record);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const verified = verifyRecord(parsed.value);
  expect(verified.ok && verified.value.mismatches).toEqual([]);
  expect(parsed.value.seats).toHaveLength(SEATS);
  return { ...match, record: parsed.value, players: match.players as unknown as SeatOccupant[], scores: match.scores as number[] };
}

describe(`a table of ${SEATS}`, () => {
  it("three people and two computer players play a match to its end; history rows hold places among all five", async () => {
    expect(VARIANT_META[variant].scoresBy).toBe("place");
    const people = await Promise.all([0, 1, 2].map((i) => createTestUser({ displayName: `Five ${i}` })));
    const { id: tableId } = await testCaller(people[0]!).tables.create({ variant, options: houseRules, seatCount: SEATS, turnSeconds: 600 });
    const cs = await Promise.all(people.map(connect));
    for (const c of cs) expect(await c.open(tableId)).toEqual(ok);
    const humanSeats: Seat[] = [0, 2, 4];
    for (const [i, c] of cs.entries()) expect(await c.send({ type: "seat/take", tableId, seat: humanSeats[i]! })).toEqual(ok);
    expect(await cs[0]!.send({ type: "seat/bot", tableId, seat: 1, on: true, level: "normal" })).toEqual(ok);
    expect(await cs[0]!.send({ type: "seat/bot", tableId, seat: 3, on: true, level: "strong" })).toEqual(ok);
    const started = await cs[0]!.waitFor((t) => t.status === "playing" && t.view !== null);
    expect(started.view!.seatCount).toBe(SEATS);
    expect(started.seatInfo).toHaveLength(SEATS);
    // The people pass a trick whenever they may (a dog's life), else play their first legal action.
    for (const c of cs) c.play((v) => v.hand!.legal.find((a) => a.type === "decline") ?? v.hand!.legal[0]!);
    await Promise.all(cs.map((c) => c.waitFor((s) => s.status === "finished", 200_000)));

    const row = await testDb().table.findUniqueOrThrow({ where: { id: tableId }, select: { seed: true, seats: true } });
    cs.forEach((c, i) => assertOnlyOwnCards(c.received, humanSeats[i]!, row.seed!));
    const match = await finishedMatch(tableId);
    expect(match.players.map((p) => p.kind)).toEqual(["human", "bot", "human", "bot", "human"]);
    expect(match.scores).toHaveLength(SEATS);
    const places = placesOf(match.scores);
    expect(places).toContain(1);
    const rows = await testDb().matchPlayer.findMany({ where: { matchId: match.id }, orderBy: { seat: "asc" }, select: { seat: true, userId: true, place: true, score: true, ranked: true, deals: true } });
    expect(rows).toEqual(
      humanSeats.map((seat, i) => ({ seat, userId: people[i]!.id, place: places[seat]!, score: match.scores[seat]!, ranked: false, deals: match.record.hands.length })),
    );
    // The people's game history lists it with its five seats.
    const history = await testCaller(people[1]!).history.list({});
    expect(history.items.find((h) => h.matchId === match.id)).toMatchObject({ place: places[2], players: match.players });
    // No double-dummy analysis for five hands: none queued, and the replay says so.
    expect(await testDb().matchHandAnalysis.count({ where: { matchId: match.id } })).toBe(0);
    expect(await testCaller(people[0]!).history.handAnalysis({ matchId: match.id, handIndex: 0 })).toEqual({ status: "unavailable" });
  }, 240_000);

  it("a club's ranked table of five people rates all five by place on the club ladder", async () => {
    const people = await Promise.all([0, 1, 2, 3, 4].map((i) => createTestUser({ displayName: `Ladder five ${i}` })));
    const owner = testCaller(people[0]!);
    const club = await owner.clubs.create({ name: `Five ${people[0]!.id.slice(-8)}`, description: "", locale: "en", isOpen: true });
    for (const u of people.slice(1)) await testCaller(u).clubs.join({ clubId: club.id });
    const preset = await owner.clubs.createPreset({ clubId: club.id, name: "Five", variant, options: houseRules });
    await expect(owner.ranked.openClubTable({ clubId: club.id, presetId: preset.id, seatCount: VARIANT_META[variant].seats.max + 1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const { tableId } = await owner.ranked.openClubTable({ clubId: club.id, presetId: preset.id, seatCount: SEATS });
    const cs = await Promise.all(people.map(connect));
    for (const c of cs) expect(await c.open(tableId)).toEqual(ok);
    for (const [i, c] of cs.entries()) expect(await c.send({ type: "seat/take", tableId, seat: i })).toEqual(ok);
    await cs[0]!.waitFor((t) => t.status === "playing" && t.view !== null);
    expect((await testDb().rankedTable.findUniqueOrThrow({ where: { tableId } })).userIds).toEqual(people.map((u) => u.id));
    for (const c of cs) c.play();
    const done = await cs[0]!.waitFor((s) => s.status === "finished" && s.ratingChanges !== null, 200_000);

    const match = await finishedMatch(tableId);
    const places = placesOf(match.scores);
    const changes = await testDb().ratingChange.findMany({ where: { matchId: match.id }, select: { userId: true, scope: true, place: true, leftEarly: true, mu: true, muBefore: true } });
    expect(changes).toHaveLength(SEATS);
    for (const [seat, u] of people.entries()) expect(changes.find((c) => c.userId === u.id)).toMatchObject({ scope: club.id, place: places[seat], leftEarly: false });
    // Everyone started equal: the winner gains, whoever placed alone last loses.
    const gain = (seat: number) => {
      const c = changes.find((x) => x.userId === people[seat]!.id)!;
      return c.mu - c.muBefore;
    };
    expect(gain(places.indexOf(1))).toBeGreaterThan(0);
    const last = Math.max(...places);
    if (places.filter((p) => p === last).length === 1) expect(gain(places.indexOf(last))).toBeLessThan(0);
    // Equal scores, equal places, equal changes.
    for (let a = 0; a < SEATS; a++) for (let b = a + 1; b < SEATS; b++) if (places[a] === places[b]) expect(gain(a)).toBeCloseTo(gain(b));
    expect(done.ratingChanges).toEqual(people.map((u) => {
      const c = changes.find((x) => x.userId === u.id)!;
      return displayRating(c.mu) - displayRating(c.muBefore);
    }));
    const rows = await testDb().matchPlayer.findMany({ where: { matchId: match.id }, orderBy: { seat: "asc" }, select: { userId: true, place: true, ranked: true, clubId: true } });
    expect(rows).toEqual(people.map((u, seat) => ({ userId: u.id, place: places[seat], ranked: true, clubId: club.id })));
    const board = await testCaller().ratings.leaderboard({ variant, clubId: club.id });
    expect(board.map((b) => b.userId).sort()).toEqual(people.map((u) => u.id).sort());
  }, 240_000);
});
