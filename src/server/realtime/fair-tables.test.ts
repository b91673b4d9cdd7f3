/**
 * Fair and private tables, tried as a cheater would: a real live-table server
 * process (standalone.ts, the production wiring) over real sockets against the
 * run's PostgreSQL database, tRPC procedures against the same database. Each
 * test asserts the refusal and that nothing changed: no card of a seat reached
 * anyone but whoever held it when the hand was dealt, no seat, status or chat
 * line changed, no row was written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRecord, playRandomMatch, VARIANT_IDS, VARIANT_META } from "@/engine";
import type { Seat } from "@/engine/types";
import type { Ack, SeatOccupant, ServerMessage, TableSnapshot } from "@/protocol";
import { closeTestDb, createTestUser, testCaller, testDb, type TestUser, testDatabaseUrl } from "@/server/test/helpers";
import { TABLE_QUOTA } from "@/server/modules/tables/service";
import { PrismaTableStore } from "./prisma-store";
import { LiveClient, sessionCookie } from "./test-client";
import { startLiveServer, stopLiveServer, type LiveServer } from "./test-server";

const SECRET = process.env.AUTH_SECRET ?? "test-secret-test-secret-test-secret-0123456789";

let server: LiveServer;
const clients: LiveClient[] = [];

beforeAll(async () => {
  server = await startLiveServer({ DATABASE_URL: testDatabaseUrl()!, AUTH_SECRET: SECRET, REDIS_URL: "" });
});

afterAll(async () => {
  for (const c of clients) c.close();
  if (server) await stopLiveServer(server);
  await closeTestDb();
});

async function connect(user: TestUser | null): Promise<LiveClient> {
  const c = new LiveClient(server.url, user ? await sessionCookie(user.id, SECRET) : null);
  clients.push(c);
  await new Promise<void>((r) => (c.socket.connected ? r() : c.socket.once("connect", () => r())));
  return c;
}

/** Registered users with these display names (typed as four, so destructuring needs no checks). */
const users = (...names: string[]): Promise<[TestUser, TestUser, TestUser, TestUser]> =>
  Promise.all(names.map((displayName) => createTestUser({ displayName }))) as never;
const ok = (a: Ack) => expect(a).toEqual({ ok: true });
const refused = (a: Ack, code: string) => expect(a).toMatchObject({ ok: false, error: { code } });

async function tableRow(id: string) {
  const row = await testDb().table.findUniqueOrThrow({ where: { id }, select: { seats: true, status: true, seed: true, seq: true } });
  return { ...row, seats: row.seats as unknown as (SeatOccupant | null)[] };
}
const eventCount = (tableId: string) => testDb().tableEvent.count({ where: { tableId } });

/** Every snapshot of `tableId` a client received for hand `handIndex` while that hand was in play. */
function handSnapshots(c: LiveClient, tableId: string, handIndex: number): TableSnapshot[] {
  return c.received.flatMap((m: ServerMessage) =>
    m.type === "table" && m.table.id === tableId && m.table.view?.hand && m.table.view.handIndex === handIndex ? [m.table] : [],
  );
}

/** The seats whose cards a client was ever shown during one hand. */
function seatsShown(c: LiveClient, tableId: string, handIndex: number): Set<number> {
  const shown = new Set<number>();
  for (const t of handSnapshots(c, tableId, handIndex)) t.view!.hand!.hands.forEach((h, i) => h.cards !== null && shown.add(i));
  return shown;
}

/** A public or private table with `humans` by seat (null: a computer player seated by the creator) and its match started. */
async function startedTable(opts: {
  variant: string;
  options?: Record<string, unknown>;
  creator: TestUser;
  humans: (TestUser | null)[];
  isPrivate?: boolean;
  open?: (c: LiveClient, tableId: string, u: TestUser) => Promise<Ack>;
  tableId?: string;
}) {
  const tableId =
    opts.tableId ?? (await testCaller(opts.creator).tables.create({ variant: opts.variant, options: opts.options ?? {}, isPrivate: !!opts.isPrivate, turnSeconds: 600 })).id;
  const invite = (await testDb().table.findUniqueOrThrow({ where: { id: tableId }, select: { inviteCode: true } })).inviteCode;
  const open = opts.open ?? ((c: LiveClient, id: string, u: TestUser) => c.open(id, u === opts.creator ? undefined : invite));
  const creator = await connect(opts.creator);
  ok(await open(creator, tableId, opts.creator));
  const seated: (LiveClient | null)[] = [];
  for (const [seat, u] of opts.humans.entries()) {
    if (!u) {
      seated.push(null);
      continue;
    }
    const c = u === opts.creator ? creator : await connect(u);
    if (c !== creator) ok(await open(c, tableId, u));
    seated.push(c);
  }
  for (const [seat, u] of opts.humans.entries()) if (u) ok(await seated[seat]!.takeSeat(tableId, seat));
  for (const [seat, u] of opts.humans.entries()) if (!u) ok(await creator.send({ type: "seat/bot", tableId, seat, on: true, level: "easy" }));
  for (const c of seated) if (c) await c.waitFor((t) => t.status === "playing" && t.view?.hand !== null && t.view?.hand !== undefined);
  return { tableId, invite, creator, seated };
}

/** Waits until the table stops at a person's turn (computer players act at once). */
async function settled(c: LiveClient, humanSeats: Seat[]) {
  return c.waitFor((t) => t.view?.hand?.turn !== null && t.view?.hand?.turn !== undefined && humanSeats.includes(t.view.hand.turn as Seat) && t.seatInfo[t.view.hand.turn]!.occupant?.kind === "human");
}

describe("seat hopping", () => {
  it("public es-makker table: leave seat 0, take seat 1, seat 3, back to seat 0 in one hand — never another seat's cards", async () => {
    const [a, b] = await users("Hopper A", "Partner B");
    const { tableId, seated } = await startedTable({ variant: "esmakker", options: { deals: 4 }, creator: a, humans: [a, null, b, null] });
    const A = seated[0]!;
    const snap = await settled(A, [0, 2]);
    const hand = snap.view!.handIndex;
    expect(snap.view!.hand!.hands[0]!.cards).toHaveLength(13);

    ok(await A.send({ type: "seat/leave", tableId }));
    // Seat 1 is a computer player's: reserved from the next deal on, nothing seen now.
    ok(await A.takeSeat(tableId, 1));
    const reserved = await A.waitFor((t) => t.reservedSeat === 1);
    expect(reserved.you).toBeNull();
    expect(reserved.view!.hand!.hands.every((h) => h.cards === null)).toBe(true);
    refused(await A.send({ type: "action", tableId, seq: reserved.seq, action: { type: "pass" } }), "table/next-deal");
    // One seat at a time.
    refused(await A.send({ type: "seat/take", tableId, seat: 3 }), "table/already-seated");
    ok(await A.send({ type: "seat/leave", tableId }));
    ok(await A.takeSeat(tableId, 3));
    await A.waitFor((t) => t.reservedSeat === 3);
    ok(await A.send({ type: "seat/leave", tableId }));
    // Back to the own seat: at once, with the own cards.
    ok(await A.takeSeat(tableId, 0));
    const back = await A.waitFor((t) => t.you === 0 && t.view!.hand!.hands[0]!.cards !== null);
    expect(back.view!.handIndex).toBe(hand);

    expect([...seatsShown(A, tableId, hand)]).toEqual([0]);
    // While not holding seat 0 A saw exactly what a spectator sees: no cards at all.
    for (const t of handSnapshots(A, tableId, hand)) if (t.you !== 0) expect(t.view!.hand!.hands.every((h) => h.cards === null)).toBe(true);
    const row = await tableRow(tableId);
    expect(row.seats.map((s) => s?.kind)).toEqual(["human", "bot", "human", "bot"]);
    expect(row.seats[0]).toMatchObject({ userId: a.id });
    // No action was ever stored for A's refused move.
    const events = await testDb().tableEvent.findMany({ where: { tableId }, select: { seat: true, byBot: true } });
    expect(events.filter((e) => e.seat === 1 || e.seat === 3).every((e) => e.byBot)).toBe(true);
  });

  it("a stranger taking a computer player's seat mid-match gets no card this hand, and the seat from the next deal", async () => {
    const [a, b, s] = await users("Owner A", "Player B", "Stranger S");
    // A target no single hand reaches, so a second deal comes.
    const { tableId, seated } = await startedTable({ variant: "classic", options: { target: 10 }, creator: a, humans: [a, null, b, null] });
    const snap = await settled(seated[0]!, [0, 2]);
    const hand = snap.view!.handIndex;
    const S = await connect(s);
    ok(await S.open(tableId));
    ok(await S.takeSeat(tableId, 3));
    const waiting = await S.waitFor((t) => t.reservedSeat === 3);
    expect(waiting.you).toBeNull();
    const before = await eventCount(tableId);
    refused(await S.send({ type: "action", tableId, seq: waiting.seq, action: { type: "play", card: "2C" } }), "table/next-deal");
    expect(await eventCount(tableId)).toBe(before);
    // The others finish the hand; the computer keeps playing seat 3 meanwhile.
    seated[0]!.play();
    seated[2]!.play();
    S.play();
    const next = await S.waitFor((t) => t.view!.handIndex > hand && t.you === 3, 120_000);
    expect(next.view!.hand!.hands[3]!.cards!.length).toBeGreaterThan(0);
    expect(seatsShown(S, tableId, hand).size).toBe(0);
    expect([...seatsShown(S, tableId, next.view!.handIndex)]).toEqual([3]);
    // Every action of seat 3 up to the next deal was the computer's (the stranger only reserved the seat).
    const dealtAt = handSnapshots(S, tableId, next.view!.handIndex)[0]!.seq;
    const rows = await testDb().tableEvent.findMany({ where: { tableId, seat: 3, seq: { lte: dealtAt } }, select: { byBot: true } });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.byBot)).toBe(true);
    [seated[0]!, seated[2]!, S].forEach((c) => c.close());
  }, 150_000);

  it("private table: an invited player hopping to a computer seat mid-hand sees no card of it", async () => {
    const [c, i] = await users("Host C", "Invited I");
    const { tableId, seated } = await startedTable({ variant: "classic", options: { target: 3 }, creator: c, humans: [c, null, i, null], isPrivate: true });
    const I = seated[2]!;
    const snap = await settled(I, [0, 2]);
    const hand = snap.view!.handIndex;
    ok(await I.send({ type: "seat/leave", tableId }));
    ok(await I.takeSeat(tableId, 1));
    await I.waitFor((t) => t.reservedSeat === 1);
    ok(await I.send({ type: "seat/leave", tableId }));
    ok(await I.takeSeat(tableId, 2));
    await I.waitFor((t) => t.you === 2);
    expect([...seatsShown(I, tableId, hand)]).toEqual([2]);
  });

  it("club table: a member hopping to a computer seat mid-hand sees no card of it; a plain member cannot seat computer players", async () => {
    const [admin, m1, m2] = await users("Club Admin", "Member One", "Member Two");
    const club = await testCaller(admin).clubs.create({ name: `Hop ${admin.id.slice(-8)}`, locale: "en", isOpen: true });
    for (const u of [m1, m2]) await testCaller(u).clubs.join({ clubId: club.id });
    const preset = await testCaller(admin).clubs.createPreset({ clubId: club.id, name: "Short", variant: "classic", options: { target: 3 } });
    const { tableId } = await testCaller(m1).clubs.openTable({ clubId: club.id, presetId: preset.id });
    // m2 is neither the table's creator nor an admin.
    const M2 = await connect(m2);
    ok(await M2.open(tableId));
    refused(await M2.send({ type: "seat/bot", tableId, seat: 1, on: true }), "table/not-creator");
    expect((await tableRow(tableId)).seats).toEqual([null, null, null, null]);
    // The club's admin may seat computer players at a member's table.
    const Admin = await connect(admin);
    ok(await Admin.open(tableId));
    ok(await Admin.send({ type: "seat/bot", tableId, seat: 1, on: true, level: "easy" }));
    ok(await Admin.send({ type: "seat/bot", tableId, seat: 3, on: true, level: "easy" }));
    const M1 = await connect(m1);
    ok(await M1.open(tableId));
    ok(await M1.takeSeat(tableId, 0));
    ok(await M2.takeSeat(tableId, 2));
    const snap = await settled(M2, [0, 2]);
    const hand = snap.view!.handIndex;
    ok(await M2.send({ type: "seat/leave", tableId }));
    ok(await M2.takeSeat(tableId, 3));
    await M2.waitFor((t) => t.reservedSeat === 3);
    expect([...seatsShown(M2, tableId, hand)]).toEqual([2]);
    for (const t of handSnapshots(M2, tableId, hand)) if (t.you !== 2) expect(t.view!.hand!.hands.every((h) => h.cards === null)).toBe(true);
  });

  it("ranked table: each seat is its matched account's for the whole match; U1 cannot take U4's seat, seated or left", async () => {
    const us = (await users("Ranked 1", "Ranked 2", "Ranked 3", "Ranked 4")) as [TestUser, TestUser, TestUser, TestUser];
    // A ranked table as matchmaking makes it: private, the four seated, the match started, the seats fixed.
    const store = new PrismaTableStore(testDb());
    const t = await store.createTable({ variant: "classic", options: { target: 5 }, isPrivate: true, createdById: us[0]!.id, turnSeconds: 600 }, Date.now());
    const { parseOptions } = await import("@/engine");
    const opts = parseOptions("classic", { target: 5 });
    if (!opts.ok) throw new Error("options");
    await testDb().table.update({ where: { id: t.id }, data: { options: opts.value as object } });
    await store.updateSeats(t.id, us.map((u) => ({ kind: "human", userId: u.id, name: u.displayName })), { seed: "ef".repeat(32), at: Date.now() });
    await testDb().rankedTable.create({ data: { tableId: t.id, variant: "classic", scope: "global", userIds: us.map((u) => u.id) } });
    const cs = await Promise.all(us.map((u) => connect(u)));
    for (const c of cs) ok(await c.open(t.id));
    const snap = await settled(cs[0]!, [0, 1, 2, 3]);
    const hand = snap.view!.handIndex;
    const [U1, , , U4] = cs as [LiveClient, LiveClient, LiveClient, LiveClient];

    ok(await U1.send({ type: "seat/leave", tableId: t.id }));
    refused(await U1.send({ type: "seat/take", tableId: t.id, seat: 3 }), "ranked/players-only");
    ok(await U4.send({ type: "seat/leave", tableId: t.id }));
    refused(await U1.send({ type: "seat/take", tableId: t.id, seat: 3 }), "ranked/players-only");
    let row = await tableRow(t.id);
    expect(row.seats[3]).toMatchObject({ kind: "bot" });
    // A stranger with no invite cannot even watch.
    const stranger = await connect((await users("Ranked stranger"))[0]!);
    refused(await stranger.open(t.id), "table/private");
    refused(await stranger.send({ type: "seat/take", tableId: t.id, seat: 3 }), "table/private");
    // Each player takes back their own seat, even mid-hand.
    ok(await U1.takeSeat(t.id, 0));
    ok(await U4.takeSeat(t.id, 3));
    await U1.waitFor((s) => s.you === 0);
    await U4.waitFor((s) => s.you === 3 && s.view!.hand!.hands[3]!.cards !== null);
    expect([...seatsShown(U1, t.id, hand)]).toEqual([0]);
    expect(seatsShown(stranger, t.id, hand).size).toBe(0);
    row = await tableRow(t.id);
    expect(row.seats.map((s) => (s?.kind === "human" ? s.userId : null))).toEqual(us.map((u) => u.id));
  });
});

describe("seat numbers", () => {
  it("a seat the table does not have is refused (seat 5 at a table of four, seat 3 at a table of three), in a match too; nothing changes", async () => {
    const [host, cheater] = await users("Seat host", "Seat cheater");
    // A variant seating three (knock-out whist), asked by what variants declare.
    const three = VARIANT_IDS.find((id) => VARIANT_META[id].seats.min <= 3 && VARIANT_META[id].seats.max >= 3)!;
    const { id: fourId } = await testCaller(host).tables.create({ variant: "classic" });
    const { id: threeId } = await testCaller(host).tables.create({ variant: three, seatCount: 3 });
    expect((await tableRow(threeId)).seats).toEqual([null, null, null]);
    const H = await connect(host);
    const X = await connect(cheater);
    for (const [tableId, count] of [[fourId, 4], [threeId, 3]] as const) {
      ok(await H.open(tableId));
      ok(await X.open(tableId));
      const before = await tableRow(tableId);
      for (const seat of [count, 5, 6]) {
        refused(await X.send({ type: "seat/take", tableId, seat }), "table/no-such-seat");
        refused(await H.send({ type: "seat/bot", tableId, seat, on: true, level: "easy" }), "table/no-such-seat");
      }
      // Beyond any variant's seats the message itself is malformed.
      refused(await X.send({ type: "seat/take", tableId, seat: 7 }), "table/malformed");
      expect(await tableRow(tableId)).toEqual(before);
    }
    // During the match of three: the cheater plays seat 2, asks for seat 3, and never sees a card but their own.
    ok(await X.takeSeat(threeId, 2));
    for (const seat of [0, 1]) ok(await H.send({ type: "seat/bot", tableId: threeId, seat, on: true, level: "easy" }));
    const playing = await X.waitFor((t) => t.status === "playing" && t.view?.hand !== null && t.view?.hand !== undefined);
    expect(playing.seats).toHaveLength(3);
    expect(playing.view!.seatCount).toBe(3);
    ok(await X.send({ type: "seat/leave", tableId: threeId }));
    refused(await X.send({ type: "seat/take", tableId: threeId, seat: 3 }), "table/no-such-seat");
    const row = await tableRow(threeId);
    expect(row.seats).toHaveLength(3);
    expect(row.seats.every((o) => o?.kind === "bot")).toBe(true);
    expect([...seatsShown(X, threeId, playing.view!.handIndex)]).toEqual([2]);
  });
});

describe("private and club tables keep outsiders out", () => {
  it("a stranger without the invite cannot watch, chat, sit, add or remove computer players, or start the match", async () => {
    const [host, stranger, guest] = await users("Private host", "Stranger X", "Invited guest");
    const { id: tableId } = await testCaller(host).tables.create({ variant: "classic", isPrivate: true });
    const H = await connect(host);
    ok(await H.open(tableId));
    ok(await H.send({ type: "seat/bot", tableId, seat: 1, on: true }));
    const X = await connect(stranger);
    refused(await X.open(tableId), "table/private");
    refused(await X.open(tableId, "not-the-invite"), "table/private");
    refused(await X.send({ type: "chat", tableId, text: "psst, your cards?" }), "table/private");
    refused(await X.send({ type: "seat/bot", tableId, seat: 2, on: true }), "table/private");
    refused(await X.send({ type: "seat/bot", tableId, seat: 3, on: true }), "table/private");
    refused(await X.send({ type: "seat/bot", tableId, seat: 1, on: false }), "table/private");
    refused(await X.send({ type: "seat/take", tableId, seat: 0 }), "table/private");
    // An invited guest may sit and chat, but computer players are the host's choice.
    const invite = (await testDb().table.findUniqueOrThrow({ where: { id: tableId }, select: { inviteCode: true } })).inviteCode;
    const G = await connect(guest);
    ok(await G.open(tableId, invite));
    refused(await G.send({ type: "seat/bot", tableId, seat: 2, on: true }), "table/not-creator");
    refused(await G.send({ type: "seat/bot", tableId, seat: 1, on: false }), "table/not-creator");
    ok(await G.send({ type: "chat", tableId, text: "hello from the guest" }));
    await H.waitFor(() => H.received.some((m) => m.type === "chat" && m.line.text === "hello from the guest"));
    // Nothing the stranger sent changed the table or reached anyone.
    const row = await tableRow(tableId);
    expect(row.status).toBe("open");
    expect(row.seed).toBeNull();
    expect(row.seats.map((s) => s?.kind ?? null)).toEqual([null, "bot", null, null]);
    expect(X.received.filter((m) => m.type === "table" || m.type === "chatHistory")).toEqual([]);
    for (const c of [H, G]) expect(c.received.some((m) => m.type === "chat" && m.line.from === stranger.displayName)).toBe(false);
  });

  it("a stranger cannot add or remove computer players at another user's public table", async () => {
    const [owner, stranger] = await users("Public owner", "Bot meddler");
    const { id: tableId } = await testCaller(owner).tables.create({ variant: "norwegian" });
    const O = await connect(owner);
    ok(await O.open(tableId));
    ok(await O.send({ type: "seat/bot", tableId, seat: 1, on: true }));
    const X = await connect(stranger);
    ok(await X.open(tableId)); // anyone may watch a public table
    refused(await X.send({ type: "seat/bot", tableId, seat: 2, on: true }), "table/not-creator");
    refused(await X.send({ type: "seat/bot", tableId, seat: 1, on: false }), "table/not-creator");
    const row = await tableRow(tableId);
    expect(row.seats.map((s) => s?.kind ?? null)).toEqual([null, "bot", null, null]);
    expect(row.status).toBe("open");
  });

  it("club tables: an outsider's watching and chat are refused and never delivered; guests chat only where they may watch", async () => {
    const [admin, member, outsider] = await users("Chat admin", "Chat member", "Chat outsider");
    const club = await testCaller(admin).clubs.create({ name: `Chat ${admin.id.slice(-8)}`, locale: "da", isOpen: true });
    await testCaller(member).clubs.join({ clubId: club.id });
    const preset = await testCaller(admin).clubs.createPreset({ clubId: club.id, name: "Std", variant: "classic", options: {} });
    const closed = await testCaller(member).clubs.openTable({ clubId: club.id, presetId: preset.id });
    const M = await connect(member);
    ok(await M.open(closed.tableId));
    const O = await connect(outsider);
    refused(await O.open(closed.tableId), "club/members-only-watch");
    refused(await O.send({ type: "chat", tableId: closed.tableId, text: "outsider line" }), "club/members-only-watch");
    // The member's own line arrives; the outsider's never did (chat lines arrive in order).
    ok(await M.send({ type: "chat", tableId: closed.tableId, text: "member line" }));
    await M.waitFor(() => M.received.some((m) => m.type === "chat" && m.line.text === "member line"));
    expect(M.received.some((m) => m.type === "chat" && m.line.text === "outsider line")).toBe(false);
    const anon = await connect(null);
    refused(await anon.send({ type: "chat", tableId: closed.tableId, text: "anon line" }), "table/login-required");
    expect(O.received.filter((m) => m.type === "table" || m.type === "chat" || m.type === "chatHistory")).toEqual([]);
    // Where an admin let guests watch, the same outsider may watch and chat there (never sit).
    const watched = await testCaller(admin).clubs.openTable({ clubId: club.id, presetId: preset.id, guestsMayWatch: true });
    const O2 = await connect(outsider);
    ok(await O2.open(watched.tableId));
    ok(await O2.send({ type: "chat", tableId: watched.tableId, text: "guest line" }));
    refused(await O2.send({ type: "seat/take", tableId: watched.tableId, seat: 0 }), "club/members-only");
  });
});

describe("visibility of members-only club tables", () => {
  it("the lobby lists a club's tables only to its members (and to everyone where guests may watch)", async () => {
    const [admin, member, outsider] = await users("Lobby admin", "Lobby member", "Lobby outsider");
    const club = await testCaller(admin).clubs.create({ name: `Lobby ${admin.id.slice(-8)}`, locale: "nb", isOpen: true });
    await testCaller(member).clubs.join({ clubId: club.id });
    const preset = await testCaller(admin).clubs.createPreset({ clubId: club.id, name: "Std", variant: "danish", options: {} });
    const closed = await testCaller(admin).clubs.openTable({ clubId: club.id, presetId: preset.id });
    const watched = await testCaller(admin).clubs.openTable({ clubId: club.id, presetId: preset.id, guestsMayWatch: true });
    const ids = async (c: LiveClient) => {
      const before = c.received.length;
      ok(await c.send({ type: "lobby/watch", filter: { clubId: club.id, limit: 100 } }));
      await new Promise<void>((r) => {
        const iv = setInterval(() => c.received.slice(before).some((m) => m.type === "lobby") && (clearInterval(iv), r()), 10);
      });
      const page = c.received.slice(before).find((m) => m.type === "lobby");
      return page?.type === "lobby" ? page.tables.map((t) => t.id).sort() : [];
    };
    expect(await ids(await connect(member))).toEqual([closed.tableId, watched.tableId].sort());
    expect(await ids(await connect(outsider))).toEqual([watched.tableId]);
    expect(await ids(await connect(null))).toEqual([watched.tableId]);
    // The same over tRPC.
    const listed = async (u: TestUser | null) => (await testCaller(u).tables.list({ clubId: club.id, limit: 100 })).tables.map((t) => t.id).sort();
    expect(await listed(member)).toEqual([closed.tableId, watched.tableId].sort());
    expect(await listed(outsider)).toEqual([watched.tableId]);
    expect(await listed(null)).toEqual([watched.tableId]);
    // Unfiltered pages never carry the members-only table to a non-member.
    let cursor: string | null = null;
    do {
      const page: { tables: { id: string }[]; nextCursor: string | null } = await testCaller(outsider).tables.list({ cursor, limit: 100 });
      expect(page.tables.some((t) => t.id === closed.tableId)).toBe(false);
      cursor = page.nextCursor;
    } while (cursor);
  });

  it("history, statistics and profile ratings list a members-only club's matches only to its members", async () => {
    const [admin, member, outsider] = await users("History admin", "History member", "History outsider");
    const club = await testCaller(admin).clubs.create({ name: `History ${admin.id.slice(-8)}`, locale: "en", isOpen: true });
    await testCaller(member).clubs.join({ clubId: club.id });
    const preset = await testCaller(admin).clubs.createPreset({ clubId: club.id, name: "Std", variant: "classic", options: { target: 2 } });
    const { tableId } = await testCaller(admin).clubs.openTable({ clubId: club.id, presetId: preset.id });
    const store = new PrismaTableStore(testDb());
    const seats: SeatOccupant[] = [
      { kind: "human", userId: admin.id, name: admin.displayName },
      { kind: "bot", name: "Computer B" },
      { kind: "human", userId: member.id, name: member.displayName },
      { kind: "bot", name: "Computer D" },
    ];
    await store.updateSeats(tableId, seats, { seed: "12".repeat(32), at: Date.now() });
    const rec = (await store.getTable(tableId))!;
    const setup = { variant: rec.variant, options: rec.options, seats: seats.map((s) => ({ name: s.name })), seed: rec.seed! };
    const played = playRandomMatch(setup, `club-history-${tableId}`);
    if (!played.ok) throw new Error(played.error.message);
    const record = buildRecord(setup, played.value.actions, played.value.state);
    if (!record.ok) throw new Error(record.error.message);
    await store.finishMatch({ tableId, variant: rec.variant, record: record.value, players: seats, scores: played.value.state.scores, finishedAt: Date.now() });
    const match = await testDb().match.findFirstOrThrow({ where: { tableId }, select: { id: true } });

    const history = async (viewer: TestUser) => (await testCaller(viewer).history.list({ userId: admin.id, limit: 50 })).items.map((i) => i.matchId);
    expect(await history(member)).toContain(match.id);
    expect(await history(admin)).toContain(match.id);
    expect(await history(outsider)).not.toContain(match.id);
    const stats = async (viewer: TestUser | null) => (await testCaller(viewer).history.stats({ userId: admin.id })).find((s) => s.variant === "classic")?.matches ?? 0;
    expect(await stats(member)).toBe(1);
    expect(await stats(outsider)).toBe(0);
    expect(await stats(null)).toBe(0);
    await expect(testCaller(outsider).history.match({ matchId: match.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    // A club-ladder rating on the profile: for members only.
    await testDb().playerRating.create({ data: { userId: admin.id, variant: "classic", scope: club.id, mu: 25, sigma: 8, ordinal: 1, games: 1 } });
    const scopes = async (viewer: TestUser | null) => (await testCaller(viewer).ratings.forUser({ userId: admin.id })).map((r) => r.scope);
    expect(await scopes(member)).toContain(club.id);
    expect(await scopes(admin)).toContain(club.id);
    expect(await scopes(outsider)).not.toContain(club.id);
    expect(await scopes(null)).not.toContain(club.id);
  });
});

describe("quotas", () => {
  it("200 tables from one account: refused past the quota with nothing written, and the lobby still shows other people's tables", async () => {
    const [spammer, other] = await users("Table spammer", "Other host");
    const theirs = await testCaller(other).tables.create({ variant: "classic" });
    const api = testCaller(spammer);
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => api.tables.create({ variant: "classic" })));
    const made = results.filter((r) => r.status === "fulfilled");
    const codes = new Set(results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { code?: string; cause?: { error?: { code?: string } } }).cause?.error?.code] : [])));
    expect(made).toHaveLength(TABLE_QUOTA.waiting);
    expect([...codes].every((c) => c === "TABLE_QUOTA" || c === "TABLE_RATE_LIMITED")).toBe(true);
    expect(await testDb().table.count({ where: { createdById: spammer.id } })).toBe(TABLE_QUOTA.waiting);
    // The rate limit also holds once the waiting tables are gone.
    await expect(api.tables.create({ variant: "classic" })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    // The other host's table is still listed: page through the whole lobby.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { tables: { id: string }[]; nextCursor: string | null } = await testCaller(null).tables.list({ cursor, limit: 100, variant: "classic" });
      seen.push(...page.tables.map((t) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toContain(theirs.id);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("ten sockets of one person share one message and chat budget", async () => {
    const [talker, listener] = await users("Ten sockets", "Listener");
    const { id: tableId } = await testCaller(listener).tables.create({ variant: "classic" });
    const L = await connect(listener);
    ok(await L.open(tableId));
    const sockets = await Promise.all(Array.from({ length: 10 }, () => connect(talker)));
    for (const c of sockets) ok(await c.open(tableId));
    const acks = await Promise.all(sockets.map((c, i) => c.send({ type: "chat", tableId, text: `line ${i}` })));
    const accepted = acks.filter((a) => a.ok).length;
    expect(accepted).toBe(5);
    acks.filter((a) => !a.ok).forEach((a) => refused(a, "table/rate-limited"));
    // Only the accepted lines reached the listener (a later line of its own marks the end).
    ok(await L.send({ type: "chat", tableId, text: "end" }));
    await L.waitFor(() => L.received.some((m) => m.type === "chat" && m.line.text === "end"));
    expect(L.received.filter((m) => m.type === "chat" && m.line.from === talker.displayName)).toHaveLength(accepted);
    // Plain messages too: 10 × 6 more lobby requests in the same window exceed one person's 40.
    const more = await Promise.all(sockets.flatMap((c) => Array.from({ length: 6 }, () => c.send({ type: "lobby/watch" }))));
    expect(more.some((a) => !a.ok && a.error.code === "table/rate-limited")).toBe(true);
  });
});
