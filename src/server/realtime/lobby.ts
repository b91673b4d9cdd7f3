/**
 * The live-table hub of one server process: finds or loads the room of a
 * table (taking the table's lease so only one process drives it), dispatches
 * checked client messages to rooms, keeps lobby watchers up to date, and
 * renews leases while rooms are active. Every process, alone or in a
 * cluster, sweeps for tables in play that nobody drives (a lease that ran
 * out, or whose process is gone) and takes them over, so every table keeps
 * moving while the database is reachable. A database fault while renewing
 * keeps the rooms: only a lease another process provably holds is given up.
 * With a cluster (several processes over Redis), a message for a table
 * driven elsewhere is forwarded to its driving process.
 */
import type { Seat } from "@/engine/types";
import type { Ack, ClientMessage, LobbyFilter, SeatOccupant, TableSummary, WireError } from "@/protocol";
import { log } from "@/server/log";
import { UNSAFE_TEXT_KEY } from "@/lib/safe-text";
import { internalAck } from "./internal-error";
import { parseClientMessage } from "@/protocol";
import { DEFAULT_BOT_BUDGET_MS, type BotDecide } from "./bot";
import type { Cluster, TableMessage } from "./cluster";
import { TableRoom, type RematchResult } from "./room";
import { planStart } from "@/server/modules/matches/lifecycle";
import { readLobbyPage, type NewTable, type TableRecord, type TableStore } from "./store";
import { NO_CLUB, type AccessFacts } from "./seating";
import type { Conn, Transport } from "./transport";

export interface HubOptions {
  readonly store: TableStore;
  readonly transport: Transport;
  readonly decide: BotDecide;
  readonly owner: string;
  readonly now?: () => number;
  readonly botDelayMs?: number;
  /** Thinking time per strong computer-player decision, for tables without their own (default 1000 ms). */
  readonly botBudgetMs?: number;
  readonly leaseMs?: number;
  /** What the seat rules need from the database about a person at a table (club role); default: no club. */
  readonly facts?: (tableId: string, userId: string | null) => Promise<AccessFacts>;
  /** The other server processes; its owner must be `owner`. Without it this process works alone. */
  readonly cluster?: Cluster;
  /** Called last by shutdown() (stops the computer players' worker threads). */
  readonly onShutdown?: () => Promise<void>;
  /** How long a match in play goes on with nobody at the table before it ends as abandoned (default 3 minutes). */
  readonly abandonGraceMs?: number;
  /** How long a table stays loaded with nobody at it and no match in play (default 10 minutes; see unloadIdleRooms). */
  readonly idleUnloadMs?: number;
  /**
   * Creates the (open, empty) table of a rematch with `from`'s set-up in the name of `creatorId`, within
   * their table quota (the tables service's rules); default: straight in the store, without quota.
   */
  readonly createRematchTable?: (from: TableRecord, creatorId: string) => Promise<RematchResult>;
}

/** Grace period of a match in play that every person left. */
export const DEFAULT_ABANDON_GRACE_MS = 180_000;
/** A table nobody has open and with no match in play is unloaded after this long (reloaded from the store when opened). */
export const DEFAULT_IDLE_UNLOAD_MS = 600_000;
/** Tables whose leases one statement renews. */
const LEASE_RENEW_BATCH = 500;

/** Longest wait for a dead driver's lease to run out before answering "busy" (the sweep takes the table later). */
const TAKEOVER_WAIT_MS = 5000;

const notFound: Ack = { ok: false, error: { code: "table/not-found", message: "No such table (or it is busy elsewhere)." } };
const busy: Ack = { ok: false, error: { code: "table/busy", message: "The table is moving to another server; try again." } };
const unavailable: Ack = { ok: false, error: { code: "table/unavailable", message: "The table cannot be reached just now; retrying." } };
const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** The room a message reached was unloaded before the message was applied (see TableHub.atRoom). */
class UnloadedMeanwhile extends Error {}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A local connection and the tables it has open (with the invite it opened each with). */
interface OpenConn {
  conn: Conn;
  readonly tables: Map<string, string | undefined>;
}

export class TableHub {
  private readonly rooms = new Map<string, Promise<TableRoom | null>>();
  /** Lobby watchers: the page each one watches, as whom. */
  private readonly lobbyWatchers = new Map<string, { viewerId: string | null; filter: LobbyFilter }>();
  /** Tables each local connection has open: to detach it when it goes away, and to re-open them after a takeover. */
  private readonly openTables = new Map<string, OpenConn>();
  /** The process last known to drive each table not driven here (cluster only). */
  private readonly drivers = new Map<string, string>();
  private readonly now: () => number;
  private readonly leaseMs: number;
  private leaseTimer: ReturnType<typeof setInterval> | null = null;
  private lobbyTimer: ReturnType<typeof setTimeout> | null = null;
  /** Settles when the tables in play at start-up are resumed (or could not be: the sweep takes them later). */
  resumed: Promise<unknown> = Promise.resolve();
  /** Since when each loaded room has been idle (TableRoom.idle), as of the last maintenance pass. */
  private readonly idleSince = new Map<string, number>();
  /** Rooms unloaded here: a message that reached one of them just before is routed again (to a fresh room). */
  private readonly unloaded = new WeakSet<TableRoom>();
  /** A renew-and-sweep pass is running (a slow database must not stack them up). */
  private sweeping = false;
  private stopped = false;

  constructor(private readonly opts: HubOptions) {
    this.now = opts.now ?? Date.now;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.leaseTimer = setInterval(
      () => void this.maintain().catch((err: unknown) => log.error({ err: errText(err) }, "lease maintenance failed")),
      Math.max(1000, this.leaseMs / 3),
    );
    this.leaseTimer.unref?.();
    opts.cluster?.setHandlers({
      request: (conn, msg) => this.handleForwarded(conn, msg),
      driverChanged: (tableId, owner) => this.driverChanged(tableId, owner),
      lobbyChanged: () => this.pushLobbySoon(),
    });
  }

  /**
   * Loads every table in play that no live process drives (at start-up: the
   * tables this process's previous life drove, whose leases are free since it
   * is gone), so their turn timers and computer players resume.
   */
  async resumeAll(): Promise<number> {
    return this.sweep("resume");
  }

  /** One pass of the lease timer: renew our leases, then take over tables nobody drives. */
  private async maintain(): Promise<void> {
    if (this.sweeping || this.stopped) return;
    this.sweeping = true;
    try {
      await this.renewLeases();
      await this.unloadIdleRooms();
      await this.sweep("sweep");
    } finally {
      this.sweeping = false;
    }
  }

  async shutdown(): Promise<void> {
    this.stopped = true;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    if (this.lobbyTimer) clearTimeout(this.lobbyTimer);
    for (const [id, p] of this.rooms) {
      const room = await p.catch(() => null);
      room?.close();
      await this.opts.store.releaseLease(id, this.opts.owner).catch((err: unknown) => log.warn({ tableId: id, err: errText(err) }, "lease not released at shutdown"));
    }
    this.rooms.clear();
    await this.opts.onShutdown?.();
  }

  createTable(input: NewTable): Promise<TableRecord> {
    return this.opts.store.createTable(input, this.now()).then((t) => {
      this.lobbyChanged();
      return t;
    });
  }

  /**
   * A rematch: the new table (within the creator's quota), its seats filled as
   * at the end of `from` so its match starts at once, and its room loaded so
   * its computer players and timers run before anyone arrives.
   */
  private async createRematch(from: TableRecord, creatorId: string, seats: readonly SeatOccupant[]): Promise<RematchResult> {
    const made = this.opts.createRematchTable
      ? await this.opts.createRematchTable(from, creatorId)
      : await this.opts.store
          .createTable(
            {
              variant: from.variant,
              options: from.options,
              isPrivate: from.isPrivate,
              createdById: creatorId,
              turnSeconds: from.turnSeconds,
              botBudgetMs: from.botBudgetMs,
              trickPauseMs: from.trickPauseMs,
              seatCount: from.seats.length,
            },
            this.now(),
          )
          .then((t): RematchResult => ({ ok: true, tableId: t.id }));
    if (!made.ok) return made;
    const rec = await this.opts.store.getTable(made.tableId);
    const start = rec && planStart(rec, seats, this.now());
    if (!start) throw new Error(`rematch table ${made.tableId} could not start`);
    await this.opts.store.updateSeats(rec.id, seats, { seed: start.start.seed, at: start.start.at });
    await this.room(rec.id).catch((err: unknown) => log.warn({ tableId: rec.id, err: errText(err) }, "rematch table not loaded here; the sweep takes it"));
    this.lobbyChanged();
    return made;
  }

  /** The room of a table, loaded by replay on first use; null when unknown or driven by another process. */
  room(tableId: string): Promise<TableRoom | null> {
    let p = this.rooms.get(tableId);
    if (!p) {
      p = this.load(tableId);
      this.rooms.set(tableId, p);
      p.then((r) => {
        if (!r) this.rooms.delete(tableId);
      }, () => this.rooms.delete(tableId));
    }
    return p;
  }

  /** The room of a table when this process drives it already (or is loading it); never takes a lease. */
  private async loadedRoom(tableId: string): Promise<TableRoom | null> {
    const p = this.rooms.get(tableId);
    return p ? p.catch(() => null) : null;
  }

  private async load(tableId: string): Promise<TableRoom | null> {
    const { store, owner } = this.opts;
    if (this.stopped) return null;
    const rec = await store.getTable(tableId);
    if (!rec) return null;
    if (!(await store.acquireLease(tableId, owner, this.leaseMs, this.now()))) return null;
    // Read again under the lease: the previous driver may have written since.
    const fresh = (await store.getTable(tableId))!;
    const actions = await store.loadActions(tableId);
    const room = new TableRoom(fresh, actions, {
      store,
      transport: this.opts.transport,
      decide: this.opts.decide,
      owner,
      now: this.now,
      botDelayMs: this.opts.botDelayMs ?? 600,
      botBudgetMs: this.opts.botBudgetMs ?? DEFAULT_BOT_BUDGET_MS,
      onSummaryChange: () => this.lobbyChanged(),
      onLeaseLost: () => this.drop(tableId, room),
      abandonGraceMs: this.opts.abandonGraceMs ?? DEFAULT_ABANDON_GRACE_MS,
      createRematch: (from, creatorId, seats) => this.createRematch(from, creatorId, seats),
    });
    room.resume();
    this.drivers.delete(tableId);
    this.opts.cluster?.announceDriver(tableId);
    return room;
  }

  /**
   * Stops driving a table here (another process holds its lease now); the
   * connections here that have it open are sent on to wherever it is driven.
   */
  private drop(tableId: string, room: TableRoom, reopen = true): void {
    if (room.isClosed) return;
    room.close();
    log.warn({ tableId, owner: this.opts.owner }, "table given up: another process holds its lease");
    const p = this.rooms.get(tableId);
    void p
      ?.then((r) => {
        if (r === room && this.rooms.get(tableId) === p) this.rooms.delete(tableId);
        if (reopen) this.reopenHere(tableId);
      })
      .catch(() => undefined);
  }

  /**
   * Renews the lease of every table driven here. A database fault keeps the
   * room (its writes retry, and its lease is renewed on the next pass); only
   * an answer that another process holds the lease gives the table up.
   */
  private async renewLeases(): Promise<void> {
    const driven: [string, TableRoom][] = [];
    for (const [id, p] of this.rooms) {
      const room = await p.catch(() => null);
      if (room && !room.isClosed) driven.push([id, room]);
    }
    // A few statements for all tables (a thousand tables renewed one by one would cost a thousand round trips).
    for (let i = 0; i < driven.length; i += LEASE_RENEW_BATCH) {
      const chunk = driven.slice(i, i + LEASE_RENEW_BATCH);
      let held: Set<string>;
      try {
        held = await this.opts.store.renewLeases(chunk.map(([id]) => id), this.opts.owner, this.leaseMs, this.now());
      } catch (err) {
        log.warn({ tables: chunk.length, err: errText(err) }, "lease renewal failed; keeping the tables");
        continue;
      }
      for (const [id, room] of chunk) if (!held.has(id)) this.drop(id, room);
    }
  }

  /**
   * Unloads the rooms that have been idle (nobody has the table open, no
   * match in play, nothing queued or timed) for idleUnloadMs: an open table
   * people left, a finished or abandoned one. Its lease is released, and the
   * next message for it loads it again from the store, as after a restart
   * (the chat lines kept in memory are gone with it). A thousand tables a
   * day would otherwise stay in memory until the process restarts.
   */
  async unloadIdleRooms(): Promise<number> {
    const now = this.now();
    const after = this.opts.idleUnloadMs ?? DEFAULT_IDLE_UNLOAD_MS;
    let unloaded = 0;
    for (const [id, p] of [...this.rooms]) {
      const room = await p.catch(() => null);
      // Checked and unloaded in one step (no await in between), and only if the map still holds this room.
      if (!room || room.isClosed || this.rooms.get(id) !== p || !room.idle) {
        this.idleSince.delete(id);
        continue;
      }
      const since = this.idleSince.get(id);
      if (since === undefined) this.idleSince.set(id, now);
      if (since === undefined || now - since < after) continue;
      room.close();
      this.unloaded.add(room);
      this.rooms.delete(id);
      this.idleSince.delete(id);
      unloaded++;
      await this.opts.store.releaseLease(id, this.opts.owner).catch((err: unknown) => log.warn({ tableId: id, err: errText(err) }, "lease of an idle table not released"));
    }
    // Rooms that left otherwise (given up to another process) start their idle time afresh if they come back.
    for (const id of this.idleSince.keys()) if (!this.rooms.has(id)) this.idleSince.delete(id);
    return unloaded;
  }

  /** Rooms loaded (or loading) in this process. */
  get loadedRooms(): number {
    return this.rooms.size;
  }

  /**
   * Takes over every table in play that no live process drives (lease run
   * out, or its process gone), with or without a cluster; tables whose match
   * is over but not recorded are finished by their room's resume.
   */
  private async sweep(why: "resume" | "sweep"): Promise<number> {
    let ids: string[];
    try {
      ids = await this.opts.store.listOrphanedTableIds(this.now(), this.opts.owner);
    } catch (err) {
      log.warn({ err: errText(err), why }, "table sweep failed; trying again later");
      return 0;
    }
    // Loaded side by side: a restarted process has all its tables to take back at once.
    const loaded = await Promise.all(
      ids
        .filter((id) => !this.rooms.has(id))
        .map(async (id) => {
          try {
            const room = await this.room(id);
            if (room) log.info({ tableId: id, owner: this.opts.owner, why }, "table taken over");
            return room !== null;
          } catch (err) {
            log.warn({ tableId: id, err: errText(err), why }, "table not loaded; trying again later");
            return false;
          }
        }),
    );
    return loaded.filter(Boolean).length;
  }

  /** Another process announced it drives a table: forward there, and re-open our connections to that table there. */
  private driverChanged(tableId: string, owner: string): void {
    if (owner !== this.opts.owner) {
      this.drivers.set(tableId, owner);
      void this.loadedRoom(tableId).then((room) => room && this.drop(tableId, room, false));
    }
    this.reopenHere(tableId);
  }

  /** Re-opens a table for the connections here that have it open (after a change of driver). */
  private reopenHere(tableId: string): void {
    for (const { conn, tables } of this.openTables.values()) {
      if (!tables.has(tableId)) continue;
      const invite = tables.get(tableId);
      void this.route(conn, { type: "table/open", tableId, ...(invite ? { invite } : {}) }).catch(() => undefined);
    }
  }

  // ---------------------------------------------------------------- messages

  /** Handles one raw client message; never throws. */
  async handle(conn: Conn, raw: unknown): Promise<Ack> {
    const parsed = parseClientMessage(raw);
    if (!parsed.success) {
      // Text with control characters is the sender's mistake to fix, not a malformed message.
      if (parsed.error.issues.some((i) => i.message === UNSAFE_TEXT_KEY)) {
        return { ok: false, error: { code: "table/unsafe-text", message: "The text contains characters that are not allowed." } };
      }
      return { ok: false, error: { code: "table/malformed", message: parsed.error.issues[0]?.message ?? "Malformed message." } };
    }
    try {
      return await this.dispatch(conn, parsed.data);
    } catch (e) {
      return internalAck(e, "live table error");
    }
  }

  private async dispatch(conn: Conn, msg: ClientMessage): Promise<Ack> {
    switch (msg.type) {
      case "lobby/watch": {
        const watch = { viewerId: conn.user?.id ?? null, filter: msg.filter };
        this.lobbyWatchers.set(conn.id, watch);
        const page = await this.lobbyPage(watch.viewerId, watch.filter);
        // A newer watch (another filter) may have arrived while this page was read: its page wins.
        if (this.lobbyWatchers.get(conn.id) === watch) this.opts.transport.send(conn.id, { type: "lobby", ...page });
        return { ok: true };
      }
      case "lobby/unwatch":
        this.lobbyWatchers.delete(conn.id);
        return { ok: true };
      case "table/close":
        this.openTables.get(conn.id)?.tables.delete(msg.tableId);
        return this.route(conn, msg);
    }
    const open = this.openTables.get(conn.id) ?? { conn, tables: new Map<string, string | undefined>() };
    open.conn = conn;
    this.openTables.set(conn.id, open);
    const invite = msg.type === "table/open" ? msg.invite : open.tables.get(msg.tableId);
    open.tables.set(msg.tableId, invite);
    const ack = await this.route(conn, msg);
    if (!ack.ok && ack.error.code === "table/not-found") open.tables.delete(msg.tableId);
    return ack;
  }

  /** Runs a table message where the table is driven: in this process, or (cluster) in the one holding its lease. */
  private async route(conn: Conn, msg: TableMessage): Promise<Ack> {
    const tableId = msg.tableId;
    const local = await this.loadedRoom(tableId);
    if (local) return this.atRoom(local, conn, msg);
    const cluster = this.opts.cluster;
    const known = this.drivers.get(tableId);
    if (cluster && known) {
      const res = await cluster.forward(known, conn, msg);
      if (res.kind === "ack") return res.ack;
      this.drivers.delete(tableId);
    }
    // Closing a table that is not driven here needs nothing loaded.
    if (msg.type === "table/close" && !cluster) return { ok: true };
    for (let attempt = 0; attempt < 3; attempt++) {
      let room: TableRoom | null = null;
      try {
        room = msg.type === "table/close" ? null : await this.room(tableId);
      } catch (err) {
        // The database is unreachable: the client tries again (the browser shows "reconnecting…").
        log.warn({ tableId, err: errText(err) }, "table not loaded: database fault");
        return unavailable;
      }
      if (room) return this.atRoom(room, conn, msg);
      if (!cluster) {
        // Held by a live process we cannot forward to: it is busy, not missing, until its lease is free.
        const exists = await this.opts.store.getTable(tableId).then((t) => t !== null, () => true);
        return exists ? busy : notFound;
      }
      const holder = await this.opts.store.leaseHolder(tableId);
      if (!holder) return notFound;
      if (holder.owner === null || holder.owner === this.opts.owner) {
        if (msg.type === "table/close") return { ok: true };
        continue;
      }
      const res = await cluster.forward(holder.owner, conn, msg);
      if (res.kind === "ack") {
        this.drivers.set(tableId, holder.owner);
        return res.ack;
      }
      if (msg.type === "table/close") return { ok: true };
      // The holder died without releasing the lease: its lease is free as soon as its liveness lock is gone, so
      // try again at once; then wait (a bounded time) for the lease to run out.
      const wait = res.kind === "gone" && attempt > 0 ? holder.until - this.now() + 20 : 100;
      if (wait > TAKEOVER_WAIT_MS) return busy;
      if (wait > 0) await sleep(wait);
    }
    return busy;
  }

  /** A message forwarded by another process: handled only if this process drives the table. */
  private async handleForwarded(conn: Conn, msg: TableMessage): Promise<Ack | null> {
    const room = await this.loadedRoom(msg.tableId);
    return room ? this.atRoom(room, conn, msg) : null;
  }

  /** Applies a table message to the room of the table, driven here. */
  private async atRoom(room: TableRoom, conn: Conn, msg: TableMessage): Promise<Ack> {
    // Fresh for every message that needs it: a club role can change at any time.
    const facts = async () => {
      const f = await (this.opts.facts ? this.opts.facts(msg.tableId, conn.user?.id ?? null) : Promise.resolve(NO_CLUB));
      if (this.unloaded.has(room)) throw new UnloadedMeanwhile();
      return f;
    };
    try {
      // Unloaded while this message was on its way (or while its facts were read): the table loads again.
      if (this.unloaded.has(room)) throw new UnloadedMeanwhile();
      return await this.atLoadedRoom(room, conn, msg, facts);
    } catch (e) {
      // A table that was unloaded is closed for everyone already; anything else loads it again.
      if (e instanceof UnloadedMeanwhile) return msg.type === "table/close" ? { ok: true } : this.route(conn, msg);
      throw e;
    }
  }

  private async atLoadedRoom(room: TableRoom, conn: Conn, msg: TableMessage, facts: () => Promise<AccessFacts>): Promise<Ack> {
    switch (msg.type) {
      case "table/open":
        return room.open(conn, msg.invite, await facts());
      case "table/close":
        await room.detach(conn.id);
        return { ok: true };
      case "table/sync":
        return room.resync(conn, await facts());
      case "seat/take":
        return room.takeSeat(conn, msg.seat as Seat, await facts());
      case "seat/leave":
        return room.leaveSeat(conn);
      case "seat/bot":
        return room.setBot(conn, msg.seat as Seat, msg.on, msg.level, await facts());
      case "action":
        return room.act(conn, msg.seq, msg.action);
      case "chat":
        return room.say(conn, msg.text, await facts());
      case "seat/back":
        return room.seatBack(conn);
      case "table/rematch":
        return room.rematch(conn, msg.agree);
    }
  }

  /** A connection went away: detach it everywhere. */
  async disconnect(connId: string): Promise<void> {
    this.lobbyWatchers.delete(connId);
    const open = this.openTables.get(connId);
    this.openTables.delete(connId);
    for (const tableId of open?.tables.keys() ?? []) await this.route(open!.conn, { type: "table/close", tableId }).catch(() => undefined);
  }

  // ---------------------------------------------------------------- lobby

  /** One lobby page as `viewerId` may see it (club tables only for their members, or where guests may watch). */
  lobbyPage(viewerId: string | null, f: LobbyFilter): Promise<{ tables: TableSummary[]; nextCursor: string | null }> {
    return readLobbyPage(this.opts.store, viewerId, f);
  }

  /** What the lobby shows changed: every process pushes it to its lobby watchers. */
  lobbyChanged(): void {
    if (this.opts.cluster) this.opts.cluster.announceLobbyChange();
    else this.pushLobbySoon();
  }

  /** Coalesces lobby pushes: at most one every 200 ms, one query per distinct page and viewer. */
  private pushLobbySoon(): void {
    if (this.lobbyTimer || this.lobbyWatchers.size === 0) return;
    this.lobbyTimer = setTimeout(() => {
      this.lobbyTimer = null;
      const pages = new Map<string, Promise<{ tables: TableSummary[]; nextCursor: string | null }>>();
      for (const [id, w] of this.lobbyWatchers) {
        const key = JSON.stringify([w.viewerId, w.filter]);
        let page = pages.get(key);
        if (!page) {
          pages.set(key, (page = this.lobbyPage(w.viewerId, w.filter)));
          page.catch((err: unknown) => log.warn({ err: errText(err) }, "lobby not pushed: database fault"));
        }
        // Sent only if the watcher still watches this page: a page of an old filter must not overwrite the new one.
        void page.then((p) => this.lobbyWatchers.get(id) === w && this.opts.transport.send(id, { type: "lobby", ...p }), () => undefined);
      }
    }, 200);
    this.lobbyTimer.unref?.();
  }
}
