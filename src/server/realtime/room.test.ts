/**
 * The table room and hub with the in-memory store and transport: seating,
 * versioned actions, per-seat redaction, computer players, the turn timer and
 * rebuilding a table by replay.
 */
import { describe, expect, it } from "vitest";
import { apply, createMatch, parseRecord, verifyRecord, view as engineView, type MatchState } from "@/engine";
import type { Action, MatchView, Seat } from "@/engine/types";
import type { Ack, ServerMessage, TableSnapshot } from "@/protocol";
import { inlineBots, type BotDecide, type BotRequest } from "./bot";
import { TableHub } from "./lobby";
import { replayMatch } from "./room";
import { MemoryTableStore, type NewTable } from "./store";
import { MemoryTransport, type Conn } from "./transport";

const users: Conn[] = [0, 1, 2, 3].map((i) => ({ id: `c${i}`, user: { id: `u${i}`, name: `Player ${i}` } }));
const spectator: Conn = { id: "spec", user: null };

function setup(decide: BotDecide = inlineBots("easy"), store = new MemoryTableStore()) {
  const transport = new MemoryTransport();
  const hub = new TableHub({ store, transport, decide, owner: "p1", botDelayMs: 0 });
  return { store, transport, hub };
}

/** Easy bots that record what they were asked; with `stopAfter`, later decisions never come (a table frozen mid-hand). */
function recordingBots(stopAfter = Infinity) {
  const asked: { view: MatchView; req: BotRequest }[] = [];
  const easy = inlineBots("easy");
  const decide: BotDecide = (view, req) => {
    asked.push({ view, req });
    return asked.length > stopAfter ? new Promise(() => undefined) : easy(view, req);
  };
  return { asked, decide };
}

const table = (over: Partial<NewTable> = {}): NewTable => ({
  variant: "classic",
  options: { target: 1 },
  isPrivate: false,
  createdById: "u0",
  turnSeconds: 60,
  trickPauseMs: 0,
  ...over,
});

async function waitFor(cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
}

const expectOk = (a: Ack) => expect(a).toEqual({ ok: true });

/** Every card a connection was sent: only its own seat's hand may ever be visible (until a hand's result reveals it). */
function assertOnlyOwnCards(msgs: readonly ServerMessage[], seat: Seat | null) {
  for (const m of msgs) {
    if (m.type !== "table" || !m.table.view?.hand) continue;
    m.table.view.hand.hands.forEach((h, i) => {
      if (i !== seat) expect(h.cards).toBeNull();
    });
  }
}

async function seatAll(hub: TableHub, tableId: string) {
  for (const c of users) expectOk(await hub.handle(c, { type: "table/open", tableId }));
  for (const [i, c] of users.entries()) expectOk(await hub.handle(c, { type: "seat/take", tableId, seat: i }));
}

/** The first user sits at seat 0 with computer players at the other three and plays the first legal action at each turn until the match is over; `seen` gets each snapshot looked at. */
async function playWithThreeBots(hub: TableHub, transport: MemoryTransport, tableId: string, seen: (snap: TableSnapshot) => void = () => undefined) {
  const me = users[0]!;
  expectOk(await hub.handle(me, { type: "table/open", tableId }));
  expectOk(await hub.handle(me, { type: "seat/take", tableId, seat: 0 }));
  for (const seat of [1, 2, 3]) expectOk(await hub.handle(me, { type: "seat/bot", tableId, seat, on: true }));
  await waitFor(async () => {
    const snap = transport.lastTable("c0")!;
    if (snap.status === "finished") return true;
    seen(snap);
    if (snap.view?.hand?.turn === 0 && snap.view.hand.legal.length > 0) {
      await hub.handle(me, { type: "action", tableId, seq: snap.seq, action: snap.view.hand.legal[0]! });
    }
    return false;
  });
}

describe("table room", () => {
  it("four humans play a whole classic match through the hub; each sees only their own cards", async () => {
    const { store, transport, hub } = setup();
    const t = await hub.createTable(table());
    await seatAll(hub, t.id);
    expectOk(await hub.handle(spectator, { type: "table/open", tableId: t.id }));
    let guard = 0;
    for (;;) {
      const snap = transport.lastTable("c0")!;
      if (snap.status === "finished") break;
      const turn = snap.view!.hand!.turn as Seat;
      const mine = transport.lastTable(`c${turn}`)!;
      expect(mine.seq).toBe(snap.seq);
      const action = mine.view!.hand!.legal[0]!;
      expectOk(await hub.handle(users[turn]!, { type: "action", tableId: t.id, seq: mine.seq, action }));
      if (++guard > 2000) throw new Error("match did not end");
    }
    expect(store.matches).toHaveLength(1);
    const rec = (await store.getTable(t.id))!;
    expect(rec.status).toBe("finished");
    expect(rec.seed).toMatch(/^[0-9a-f]{64}$/);
    const actions = await store.loadActions(t.id);
    expect(actions.map((a) => a.seq)).toEqual(actions.map((_, i) => i + 1));
    expect(replayMatch(rec, actions)!.over).toBe(true);
    users.forEach((c, i) => assertOnlyOwnCards(transport.received(c.id), i as Seat));
    assertOnlyOwnCards(transport.received("spec"), null);
    await hub.shutdown();
  });

  it("refuses stale, out-of-turn, illegal and malformed actions without changing anything", async () => {
    const { store, transport, hub } = setup();
    const t = await hub.createTable(table());
    await seatAll(hub, t.id);
    const snap = transport.lastTable("c0")!;
    const turn = snap.view!.hand!.turn as Seat;
    const other = ((turn + 1) % 4) as Seat;
    const myView = transport.lastTable(`c${turn}`)!.view!;
    const legal = myView.hand!.legal[0]!;

    // Another seat's turn: the engine refuses.
    const otherCard = transport.lastTable(`c${other}`)!.view!.hand!.hands[other]!.cards![0]!;
    const wrong = await hub.handle(users[other]!, { type: "action", tableId: t.id, seq: 0, action: { type: "play", card: otherCard } });
    expect(wrong).toMatchObject({ ok: false, error: { code: "action/not-your-turn" } });
    // A card from someone else's hand.
    const notMine = await hub.handle(users[turn]!, { type: "action", tableId: t.id, seq: 0, action: { type: "play", card: otherCard } });
    expect(notMine.ok).toBe(false);
    if (!notMine.ok) expect(notMine.error.code).toMatch(/^play\//);
    // Malformed.
    const bad = await hub.handle(users[turn]!, { type: "action", tableId: t.id, seq: 0, action: { type: "play", card: "ZZ" } });
    expect(bad).toMatchObject({ ok: false, error: { code: "table/malformed" } });
    expect((await store.getTable(t.id))!.seq).toBe(0);

    // The real action, then the same again (a retry with the old version).
    expectOk(await hub.handle(users[turn]!, { type: "action", tableId: t.id, seq: 0, action: legal }));
    const before = transport.received(`c${turn}`).length;
    const retry = await hub.handle(users[turn]!, { type: "action", tableId: t.id, seq: 0, action: legal });
    expect(retry).toMatchObject({ ok: false, error: { code: "table/stale" } });
    expect(transport.received(`c${turn}`).length).toBe(before + 1); // answered with the current view
    expect(transport.lastTable(`c${turn}`)!.seq).toBe(1);
    expect(await store.loadActions(t.id)).toHaveLength(1);
    await hub.shutdown();
  });

  it("one person plays a whole match with three computer players, and the log replays to the same match", async () => {
    const { store, transport, hub } = setup();
    const t = await hub.createTable(table({ variant: "norwegian", options: { target: 2 } }));
    await playWithThreeBots(hub, transport, t.id);
    const rec = (await store.getTable(t.id))!;
    const actions = await store.loadActions(t.id);
    expect(actions.some((a) => a.byBot)).toBe(true);
    expect(actions.filter((a) => a.seat === 0).every((a) => !a.byBot)).toBe(true);
    // Independent replay with the engine gives the stored record's final scores.
    let state: MatchState = (() => {
      const r = createMatch({ variant: rec.variant, options: rec.options, seed: rec.seed!, seats: rec.seats.map((s) => ({ name: s!.name })) });
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    })();
    for (const a of actions) {
      const s = apply(state, a.seat, a.action as Action);
      if (!s.ok) throw new Error(s.error.code);
      state = s.state;
    }
    expect(state.over).toBe(true);
    expect(store.matches[0]!.scores).toEqual(state.scores);
    const parsed = parseRecord(JSON.parse(JSON.stringify(store.matches[0]!.record)));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const verified = verifyRecord(parsed.value);
    expect(verified.ok && verified.value.mismatches).toEqual([]);
    assertOnlyOwnCards(transport.received("c0"), 0);
    await hub.shutdown();
  });

  it("each hand goes to its replay analysis as it ends; the last one is left to the finishing step", async () => {
    const { store, transport, hub } = setup();
    const t = await hub.createTable(table({ variant: "danish", options: { deals: 4 } }));
    let queuedBeforeLastHand = -1;
    await playWithThreeBots(hub, transport, t.id, (snap) => {
      if ((snap.view?.handIndex ?? 0) === 3 && queuedBeforeLastHand < 0) queuedBeforeLastHand = store.endedHands.length;
    });
    // Danish whist always plays its hands (all passing plays pasnolo): the first three were queued while the match went on.
    expect(store.endedHands).toEqual([0, 1, 2].map((handIndex) => ({ tableId: t.id, handIndex })));
    expect(queuedBeforeLastHand).toBe(3);
    expect(store.matches).toHaveLength(1);
    await hub.shutdown();
  });

  it("a player away past the turn timer is played by the computer until they return", async () => {
    const { store, transport, hub } = setup();
    const t = await hub.createTable(table({ turnSeconds: 0 }));
    await seatAll(hub, t.id);
    await waitFor(async () => (await store.getTable(t.id))!.seq >= 8);
    const actions = await store.loadActions(t.id);
    expect(actions.every((a) => a.byBot)).toBe(true);
    const snap: TableSnapshot = transport.lastTable("c0")!;
    expect(snap.seatInfo.some((s) => s.away)).toBe(true);
    await hub.shutdown();
  });

  it("an away person who acts takes their seat back from the stand-in (a refused action does not)", async () => {
    const bots = recordingBots(0); // the stand-in's card decision never comes: the turn waits for the person
    const { store, transport, hub } = setup(bots.decide);
    const t = await hub.createTable(table({ turnSeconds: 1 }));
    await seatAll(hub, t.id);
    await waitFor(() => bots.asked.length === 1);
    const turn = bots.asked[0]!.view.seat as Seat;
    const snap = transport.lastTable(`c${turn}`)!;
    expect(snap.seatInfo[turn]!.away).toBe(true);
    expect(snap.turnDeadline).toBeNull();
    const legal = snap.view!.hand!.legal;
    // Classic whist has no auction: a pass is refused by the engine.
    expect(await hub.handle(users[turn]!, { type: "action", tableId: t.id, seq: snap.seq, action: { type: "pass" } })).toMatchObject({ ok: false });
    expect((await hub.room(t.id))!.snapshotFor(turn).seatInfo[turn]!.away).toBe(true);
    expectOk(await hub.handle(users[turn]!, { type: "action", tableId: t.id, seq: snap.seq, action: legal[0]! }));
    expect(transport.lastTable(`c${turn}`)!.seatInfo[turn]!.away).toBe(false);
    expect((await store.loadActions(t.id))[0]).toMatchObject({ seat: turn, byBot: false });
    await hub.shutdown();
  });

  it("spectators see no cards, need a login to sit, and private tables refuse them", async () => {
    const { transport, hub } = setup();
    const pub = await hub.createTable(table());
    await seatAll(hub, pub.id);
    expectOk(await hub.handle(spectator, { type: "table/open", tableId: pub.id }));
    const snap = transport.lastTable("spec")!;
    expect(snap.you).toBeNull();
    expect(snap.view!.hand!.hands.every((h) => h.cards === null)).toBe(true);
    expect(snap.view!.hand!.legal).toEqual([]);
    const priv = await hub.createTable(table({ isPrivate: true }));
    expect(await hub.handle(spectator, { type: "table/open", tableId: priv.id })).toMatchObject({ ok: false, error: { code: "table/private" } });
    expect(await hub.handle(spectator, { type: "seat/take", tableId: priv.id, seat: 0 })).toMatchObject({
      ok: false,
      error: { code: "table/login-required" },
    });
    // With the invite code a logged-in user may open and sit.
    expect(await hub.handle(users[1]!, { type: "table/open", tableId: priv.id, invite: "wrong" })).toMatchObject({ ok: false });
    expect(await hub.handle(users[1]!, { type: "seat/take", tableId: priv.id, seat: 1 })).toMatchObject({ ok: false, error: { code: "table/private" } });
    expectOk(await hub.handle(users[1]!, { type: "table/open", tableId: priv.id, invite: priv.inviteCode }));
    expectOk(await hub.handle(users[1]!, { type: "seat/take", tableId: priv.id, seat: 1 }));
    await hub.shutdown();
  });

  it("a new hub over the same store resumes a table exactly where it was", async () => {
    const { store, transport, hub } = setup();
    const t = await hub.createTable(table());
    await seatAll(hub, t.id);
    for (let i = 0; i < 6; i++) {
      const snap = transport.lastTable("c0")!;
      const turn = snap.view!.hand!.turn as Seat;
      const v = transport.lastTable(`c${turn}`)!;
      expectOk(await hub.handle(users[turn]!, { type: "action", tableId: t.id, seq: v.seq, action: v.view!.hand!.legal[0]! }));
    }
    const before = (await hub.room(t.id))!.match;
    await hub.shutdown();
    const transport2 = new MemoryTransport();
    const hub2 = new TableHub({ store, transport: transport2, decide: inlineBots("easy"), owner: "p2", botDelayMs: 0 });
    expect(await hub2.resumeAll()).toBe(1);
    expect((await hub2.room(t.id))!.match).toEqual(before);
    expectOk(await hub2.handle(users[1]!, { type: "table/open", tableId: t.id }));
    expect(transport2.lastTable("c1")!.seq).toBe(6);
    await hub2.shutdown();
  });

  it("pushes lobby updates to watchers when seats change", async () => {
    const { transport, hub } = setup();
    expectOk(await hub.handle(spectator, { type: "lobby/watch" }));
    const t = await hub.createTable(table());
    expectOk(await hub.handle(users[0]!, { type: "seat/take", tableId: t.id, seat: 2 }));
    await waitFor(() => {
      const lobbies = transport.received("spec").filter((m) => m.type === "lobby");
      const last = lobbies[lobbies.length - 1];
      return last?.type === "lobby" && last.tables.some((x) => x.id === t.id && x.seats[2]?.name === "Player 0");
    });
    await hub.shutdown();
  });

  it("a lobby page of an old filter, read while the watcher changed filter, is never sent after the new one", async () => {
    // Reads of the unfiltered lobby wait for `release` while `hold` is set: the slow query of a busy database.
    let hold = false;
    const held: (() => void)[] = [];
    class SlowStore extends MemoryTableStore {
      override async listLobby(q: Parameters<MemoryTableStore["listLobby"]>[0]) {
        if (hold && !q.variant) await new Promise<void>((r) => held.push(r));
        return super.listLobby(q);
      }
    }
    const { transport, hub } = setup(inlineBots("easy"), new SlowStore());
    const lastLobby = () => transport.received("spec").filter((m) => m.type === "lobby").at(-1);
    const onlyNorwegian = () => {
      const last = lastLobby();
      return last?.type === "lobby" && last.tables.length > 0 && last.tables.every((x) => x.variant === "norwegian");
    };
    await hub.createTable(table({ variant: "norwegian", options: {} }));
    expectOk(await hub.handle(spectator, { type: "lobby/watch" }));
    hold = true;
    // A push of the unfiltered page starts (a table was created) and is held…
    await hub.createTable(table());
    await waitFor(() => held.length === 1);
    // …while the watcher picks Norwegian whist: that page arrives first.
    expectOk(await hub.handle(spectator, { type: "lobby/watch", filter: { variant: "norwegian", limit: 30 } }));
    expect(onlyNorwegian()).toBe(true);
    held.splice(0).forEach((r) => r());
    await new Promise((r) => setTimeout(r, 50));
    expect(onlyNorwegian()).toBe(true);
    // The same for two watches in flight at once: the later one's page is the last one sent.
    const unfiltered = hub.handle(spectator, { type: "lobby/watch" });
    await waitFor(() => held.length === 1);
    expectOk(await hub.handle(spectator, { type: "lobby/watch", filter: { variant: "norwegian", limit: 30 } }));
    held.splice(0).forEach((r) => r());
    expectOk(await unfiltered);
    expect(onlyNorwegian()).toBe(true);
    await hub.shutdown();
  });

  it("a table nobody has open and with no match in play is unloaded after a while, its lease released, and loads again when opened", async () => {
    const store = new MemoryTableStore();
    const transport = new MemoryTransport();
    const hub = new TableHub({ store, transport, decide: inlineBots("easy"), owner: "p1", botDelayMs: 0, idleUnloadMs: 0 });
    const t = await hub.createTable(table());
    expectOk(await hub.handle(users[0]!, { type: "table/open", tableId: t.id }));
    expectOk(await hub.handle(users[0]!, { type: "seat/take", tableId: t.id, seat: 1 }));
    // Open in a browser: never unloaded.
    expect(await hub.unloadIdleRooms()).toBe(0);
    expect(await hub.unloadIdleRooms()).toBe(0);
    expect((await store.leaseHolder(t.id))?.owner).toBe("p1");
    expectOk(await hub.handle(users[0]!, { type: "table/close", tableId: t.id }));
    // Seen idle by one pass, unloaded by the next (idleUnloadMs 0).
    expect(await hub.unloadIdleRooms()).toBe(0);
    expect(await hub.unloadIdleRooms()).toBe(1);
    expect(hub.loadedRooms).toBe(0);
    expect((await store.leaseHolder(t.id))?.owner).toBeNull();
    // Opened again: loaded from the store, the seat still taken.
    expectOk(await hub.handle(users[1]!, { type: "table/open", tableId: t.id }));
    expect(hub.loadedRooms).toBe(1);
    expect(transport.lastTable("c1")!.seats[1]).toMatchObject({ kind: "human", userId: "u0" });

    // A message that reaches the room while it is being unloaded lands in the reloaded room, never in the closed one.
    for (let i = 0; i < 20; i++) {
      expectOk(await hub.handle(users[1]!, { type: "table/close", tableId: t.id }));
      await hub.unloadIdleRooms();
      const [ack] = await Promise.all([hub.handle(users[1]!, { type: "table/open", tableId: t.id }), hub.unloadIdleRooms()]);
      expectOk(ack);
      const before = transport.received("c1").length;
      expectOk(await hub.handle(users[1]!, { type: "chat", tableId: t.id, text: `line ${i}` }));
      expect(transport.received("c1").slice(before).some((m) => m.type === "chat" && m.line.text === `line ${i}`)).toBe(true);
    }

    // A match in play with nobody there is not unloaded (its computer players play on; the abandonment rule applies).
    const bots = await hub.createTable(table({ createdById: "u2" }));
    expectOk(await hub.handle(users[2]!, { type: "table/open", tableId: bots.id }));
    for (const seat of [0, 1, 2, 3]) expectOk(await hub.handle(users[2]!, { type: "seat/bot", tableId: bots.id, seat, on: true }));
    expectOk(await hub.handle(users[2]!, { type: "table/close", tableId: bots.id }));
    await hub.unloadIdleRooms();
    await hub.unloadIdleRooms();
    expect((await store.getTable(bots.id))!.status).toBe("playing");
    expect((await store.leaseHolder(bots.id))?.owner).toBe("p1");
    await hub.shutdown();
  });

  it("seats computer players at the chosen level (normal by default), and each bot decides at its seat's level", async () => {
    const bots = recordingBots();
    const { store, transport, hub } = setup(bots.decide);
    const t = await hub.createTable(table({ botBudgetMs: 250 }));
    const me = users[0]!;
    expectOk(await hub.handle(me, { type: "table/open", tableId: t.id }));
    expect(await hub.handle(me, { type: "seat/bot", tableId: t.id, seat: 1, on: true, level: "expert" })).toMatchObject({ ok: false, error: { code: "table/malformed" } });
    expectOk(await hub.handle(me, { type: "seat/bot", tableId: t.id, seat: 1, on: true, level: "strong" }));
    expectOk(await hub.handle(me, { type: "seat/bot", tableId: t.id, seat: 2, on: true }));
    expectOk(await hub.handle(me, { type: "seat/bot", tableId: t.id, seat: 3, on: true, level: "easy" }));
    expect(transport.lastTable("c0")!.seats.slice(1)).toEqual([
      { kind: "bot", name: "Computer B", level: "strong" },
      { kind: "bot", name: "Computer C", level: "normal" },
      { kind: "bot", name: "Computer D", level: "easy" },
    ]);
    expectOk(await hub.handle(me, { type: "seat/take", tableId: t.id, seat: 0 }));
    expect((await store.getTable(t.id))!.seats[1]).toEqual({ kind: "bot", name: "Computer B", level: "strong" });
    await waitFor(async () => {
      const snap = transport.lastTable("c0")!;
      if (snap.view?.hand?.turn === 0) await hub.handle(me, { type: "action", tableId: t.id, seq: snap.seq, action: snap.view.hand.legal[0]! });
      return bots.asked.length >= 12;
    });
    const levelBySeat = new Map(bots.asked.map((a) => [a.view.seat, a.req.level]));
    expect(Object.fromEntries(levelBySeat)).toEqual({ 1: "strong", 2: "normal", 3: "easy" });
    expect(bots.asked.every((a) => a.req.budgetMs === 250)).toBe(true);
    // Leaving mid-match hands the seat to a normal computer player.
    expectOk(await hub.handle(me, { type: "seat/leave", tableId: t.id }));
    expect((await store.getTable(t.id))!.seats[0]).toEqual({ kind: "bot", name: "Computer A", level: "normal" });
    await hub.shutdown();
  });

  it("a computer player standing in for an away player plays at the normal level", async () => {
    const bots = recordingBots();
    const { hub } = setup(bots.decide);
    const t = await hub.createTable(table({ turnSeconds: 0 }));
    await seatAll(hub, t.id);
    await waitFor(() => bots.asked.length >= 8);
    expect(bots.asked.every((a) => a.req.level === "normal")).toBe(true);
    await hub.shutdown();
  });

  it("after a restart stored computer moves are replayed, not decided again: the first decision is for the position reached", async () => {
    const first = recordingBots(10);
    const { store, transport, hub } = setup(first.decide);
    const t = await hub.createTable(table());
    expectOk(await hub.handle(users[0]!, { type: "table/open", tableId: t.id }));
    for (const seat of [0, 1, 2, 3]) expectOk(await hub.handle(users[0]!, { type: "seat/bot", tableId: t.id, seat, on: true, level: "strong" }));
    await waitFor(() => first.asked.length === 11); // ten moves stored, the eleventh never comes
    await waitFor(async () => (await store.getTable(t.id))!.seq === 10);
    expect(transport.lastTable("c0")!.seq).toBe(10);
    await hub.shutdown();

    const stored = await store.loadActions(t.id);
    expect(stored.every((a) => a.byBot)).toBe(true);
    const second = recordingBots(0);
    const { hub: hub2 } = setup(second.decide, store);
    expect(await hub2.resumeAll()).toBe(1);
    await waitFor(() => second.asked.length === 1);
    const state = replayMatch((await store.getTable(t.id))!, stored)!;
    const turn = state.hand!.turn as Seat;
    expect(second.asked[0]!.view).toEqual(engineView(state, turn));
    // The same view and seed give the same decision before and after the restart.
    expect(second.asked[0]!.req).toEqual(first.asked[10]!.req);
    expect(second.asked[0]!.view).toEqual(first.asked[10]!.view);
    await hub2.shutdown();
  });
});
