/**
 * Club tables over real sockets: a real live-table server process
 * (src/server/realtime/standalone.ts, the production wiring) against the
 * run's PostgreSQL database. Checks that only members sit and (unless an
 * admin allowed guests) watch, and that a table opened from a preset plays
 * that preset's house rules: with stærke and jokerTrumpable switched on, the
 * forehand bids "7 stærke" (spades trump) and a led joker is beaten by a
 * spade, on a deal fixed by the match seed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apply, createMatch, createRng, currentTurn, legalActions, sha256Hex, suitOf, view, type MatchState } from "@/engine";
import type { Action, CompletedTrick, Seat } from "@/engine/types";
import { closeTestDb, createTestUser, testCaller, testDb, type TestUser, testDatabaseUrl } from "@/server/test/helpers";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { LiveClient, sessionCookie } from "@/server/realtime/test-client";

const SECRET = process.env.AUTH_SECRET ?? "test-secret-test-secret-test-secret-0123456789";
const HOUSE_RULES = { jokerTrumpable: true, staerke: true, deals: 4 };

let server: { proc: ChildProcess; url: string };
const clients: LiveClient[] = [];

function startServer(): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ["--import", "tsx", "src/server/realtime/standalone.ts"], {
    env: { ...process.env, DATABASE_URL: testDatabaseUrl()!, AUTH_SECRET: SECRET, LIVE_PORT: "0", BOT_DELAY_MS: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ proc, url: `http://127.0.0.1:${m[1]}` });
    });
    proc.on("exit", (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

async function connect(user: TestUser | null): Promise<LiveClient> {
  const c = new LiveClient(server.url, user ? await sessionCookie(user.id, SECRET) : null);
  clients.push(c);
  return c;
}

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  for (const c of clients) c.close();
  await new Promise<void>((resolve) => {
    if (server.proc.exitCode !== null) return resolve();
    server.proc.once("exit", () => resolve());
    server.proc.kill("SIGTERM");
  });
  await closeTestDb();
});

async function clubSetup() {
  const users = await Promise.all(["Admin", "Anna", "Bo", "Carl", "Outsider"].map((displayName) => createTestUser({ displayName })));
  const [admin, ...rest] = users as [TestUser, ...TestUser[]];
  const api = testCaller(admin).clubs;
  const club = await api.create({ name: `Live ${sha256Hex(admin.id).slice(0, 8)}`, locale: "da", isOpen: true });
  for (const u of rest.slice(0, 3)) await testCaller(u).clubs.join({ clubId: club.id });
  const preset = await api.createPreset({ clubId: club.id, name: "Torsdagsregler", variant: "esmakker", options: HOUSE_RULES });
  return { club, preset, admin, members: [admin, ...rest.slice(0, 3)] as TestUser[], outsider: rest[3]! };
}

describe("club tables over sockets", () => {
  it("lets only members sit; non-members watch only where an admin allowed guests; visitors likewise", async () => {
    const { club, preset, admin, members, outsider } = await clubSetup();
    const closed = await testCaller(members[1]!).clubs.openTable({ clubId: club.id, presetId: preset.id });
    const watched = await testCaller(admin).clubs.openTable({ clubId: club.id, presetId: preset.id, guestsMayWatch: true });

    const out = await connect(outsider);
    const visitor = await connect(null);
    const member = await connect(members[1]!);
    expect(await out.open(closed.tableId)).toEqual({ ok: false, error: expect.objectContaining({ code: "club/members-only-watch" }) });
    expect(await visitor.open(closed.tableId)).toEqual({ ok: false, error: expect.objectContaining({ code: "club/members-only-watch" }) });
    expect(await out.send({ type: "seat/take", tableId: closed.tableId, seat: 0 })).toEqual({ ok: false, error: expect.objectContaining({ code: "club/members-only" }) });
    expect(await out.send({ type: "seat/bot", tableId: closed.tableId, seat: 1, on: true })).toEqual({ ok: false, error: expect.objectContaining({ code: "club/members-only" }) });
    expect(await member.open(closed.tableId)).toEqual({ ok: true });
    expect(await member.takeSeat(closed.tableId, 0)).toEqual({ ok: true });

    expect(await out.open(watched.tableId)).toEqual({ ok: true });
    await out.waitFor((t) => t.id === watched.tableId);
    expect(out.table!.options).toMatchObject(HOUSE_RULES);
    expect(await out.send({ type: "seat/take", tableId: watched.tableId, seat: 2 })).toEqual({ ok: false, error: expect.objectContaining({ code: "club/members-only" }) });
    // A member who leaves the club can no longer sit.
    await testCaller(members[2]!).clubs.leave({ clubId: club.id });
    const leaver = await connect(members[2]!);
    expect(await leaver.open(watched.tableId)).toEqual({ ok: true });
    expect(await leaver.send({ type: "seat/take", tableId: watched.tableId, seat: 2 })).toEqual({ ok: false, error: expect.objectContaining({ code: "club/members-only" }) });
    const seats = await testDb().table.findUniqueOrThrow({ where: { id: closed.tableId }, select: { seats: true } });
    expect((seats.seats as unknown[]).filter(Boolean)).toHaveLength(1);
  });

  it("plays the preset's house rules: a 7 stærke contract, and a led joker beaten by a spade", async () => {
    const { club, preset, members } = await clubSetup();
    const { tableId } = await testCaller(members[1]!).clubs.openTable({ clubId: club.id, presetId: preset.id });
    const table = await testDb().table.findUniqueOrThrow({ where: { id: tableId }, select: { options: true } });
    const { seed, line, trick } = findJokerTrumpedLine(table.options as Record<string, unknown>);
    // The rule decides that trick: under the default rule the joker's leader keeps it.
    expect(replayTrick({ ...(table.options as object), jokerTrumpable: false }, seed, line, trick.plays.length).winner).toBe(trick.plays[0]!.seat);

    // Seat the four members and start the match on the chosen seed, the way the room does when the last seat fills.
    const seats = members.map((u) => ({ kind: "human" as const, userId: u.id, name: u.displayName }));
    await new PrismaTableStore(testDb()).updateSeats(tableId, seats, { seed, at: Date.now() });

    const players = await Promise.all(members.map((u) => connect(u)));
    for (const p of players) expect(await p.open(tableId)).toEqual({ ok: true });
    const first = await players[0]!.waitFor((t) => t.id === tableId && t.view !== null);
    expect(first.options).toMatchObject(HOUSE_RULES);
    const forehand = first.view!.hand!.turn!;
    const forehandView = await players[forehand]!.waitFor((t) => t.view?.hand?.turn === forehand);
    expect(forehandView.view!.hand!.legal).toContainEqual({ type: "bid", bid: "7staerke" });

    for (const [i, step] of line.entries()) {
      const ack = await players[step.seat]!.send({ type: "action", tableId, seq: i, action: step.action });
      expect(ack, `action ${i} by seat ${step.seat}`).toEqual({ ok: true });
    }
    const done = await players[0]!.waitFor((t) => t.seq === line.length);
    const hand = done.view!.hand!;
    expect(hand.contract).toMatchObject({ bid: "7staerke", trump: "S" });
    const played = hand.tricks.at(-1)!;
    expect(played.plays).toEqual(trick.plays);
    expect(played.plays[0]!.card).toBe("JK");
    expect(played.winner).not.toBe(played.plays[0]!.seat);
    expect(suitOf(played.plays.find((p) => p.seat === played.winner)!.card)).toBe("S");
  });
});

type Step = { seat: Seat; action: Action };

/**
 * Searches seeds and plays for a first hand in which the forehand bids
 * "7staerke", the others pass, and a later trick is led with a joker while
 * another seat plays a spade (trump) to it. Deterministic: seeds and choices
 * come from the engine's seeded generator.
 */
function findJokerTrumpedLine(options: Record<string, unknown>): { seed: string; line: Step[]; trick: CompletedTrick } {
  for (let s = 0; s < 50; s++) {
    const seed = sha256Hex(`club-rule-${s}`);
    const rng = createRng(seed);
    for (let attempt = 0; attempt < 40; attempt++) {
      const created = createMatch({ variant: "esmakker", options, seed });
      if (!created.ok) throw new Error(created.error.message);
      let state: MatchState = created.value;
      const line: Step[] = [];
      let bid = false;
      while (!state.over && state.hand && line.length < 200) {
        const seat = currentTurn(state);
        if (seat === null) break;
        const legal = legalActions(state, seat);
        let action: Action;
        if (state.hand.phase === "auction") action = bid ? { type: "pass" } : { type: "bid", bid: "7staerke" };
        else action = legal[rng.int(legal.length)]!;
        bid = true;
        const step = apply(state, seat, action);
        if (!step.ok) break;
        line.push({ seat, action });
        state = step.state;
        if (state.results.length > 0) break; // first hand only
        const won = step.events.find((e) => e.type === "trickWon");
        if (won && won.type === "trickWon") {
          const t = won.trick;
          const spade = t.plays.slice(1).some((p) => suitOf(p.card) === "S");
          if (t.plays[0]!.card === "JK" && spade && view(state, null).hand?.contract?.trump === "S") return { seed, line, trick: t };
        }
      }
    }
  }
  throw new Error("no seed gave a joker led into a spade within the search");
}

/** The last trick of `line` when replayed under other options. */
function replayTrick(options: Record<string, unknown>, seed: string, line: readonly Step[], plays: number): CompletedTrick {
  const created = createMatch({ variant: "esmakker", options, seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  let last: CompletedTrick | null = null;
  for (const { seat, action } of line) {
    const step = apply(state, seat, action);
    if (!step.ok) throw new Error(`${step.error.code} replaying the line`);
    state = step.state;
    for (const e of step.events) if (e.type === "trickWon") last = e.trick;
  }
  expect(last?.plays).toHaveLength(plays);
  return last!;
}
