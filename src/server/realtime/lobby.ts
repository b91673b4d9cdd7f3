/**
 * The live-table hub of one server process: finds or loads the room of a
 * table (taking the table's lease so only one process drives it), dispatches
 * checked client messages to rooms, keeps lobby watchers up to date, and
 * renews leases while rooms are active. With a cluster (several processes
 * over Redis), a message for a table driven elsewhere is forwarded to its
 * driving process, and tables whose driver died are taken over.
 */
import type { Seat } from "@/engine/types";
import type { Ack, ClientMessage, LobbyFilter, TableSummary } from "@/protocol";
import { parseClientMessage } from "@/protocol";
import { DEFAULT_BOT_BUDGET_MS, type BotDecide } from "./bot";
import type { Cluster, TableMessage } from "./cluster";
import { TableRoom } from "./room";
import { decodeLobbyCursor, encodeLobbyCursor, toTableSummary, type NewTable, type TableRecord, type TableStore } from "./store";
import { NO_CLUB, type AccessFacts } from "./seating";
import type { Conn, Transport } from "./transport";
import { log } from "@/server/log";

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
}

/** Longest wait for a dead driver's lease to run out before answering "busy" (the sweep takes the table later). */
const TAKEOVER_WAIT_MS = 5000;

const notFound: Ack = { ok: false, error: { code: "table/not-found", message: "No such table (or it is busy elsewhere)." } };
const busy: Ack = { ok: false, error: { code: "table/busy", message: "The table is moving to another server; try again." } };
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

  constructor(private readonly opts: HubOptions) {
    this.now = opts.now ?? Date.now;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.leaseTimer = setInterval(() => void this.renewLeases().then(() => this.adoptOrphans()), Math.max(1000, this.leaseMs / 3));
    this.leaseTimer.unref?.();
    opts.cluster?.setHandlers({
      request: (conn, msg) => this.handleForwarded(conn, msg),
      driverChanged: (tableId, owner) => this.driverChanged(tableId, owner),
      lobbyChanged: () => this.pushLobbySoon(),
    });
  }

  /** Loads every table in play so their turn timers and computer players resume. */
  async resumeAll(): Promise<number> {
    const ids = await this.opts.store.listPlayingTableIds();
    let n = 0;
    for (const id of ids) if (await this.room(id)) n++;
    return n;
  }

  async shutdown(): Promise<void> {
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    if (this.lobbyTimer) clearTimeout(this.lobbyTimer);
    for (const [id, p] of this.rooms) {
      const room = await p;
      room?.close();
      await this.opts.store.releaseLease(id, this.opts.owner);
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
    });
    room.resume();
    this.drivers.delete(tableId);
    this.opts.cluster?.announceDriver(tableId);
    return room;
  }

  /** Stops driving a table here (another process holds its lease now). */
  private drop(tableId: string, room: TableRoom): void {
    room.close();
    void this.rooms.get(tableId)?.then((r) => {
      if (r === room) this.rooms.delete(tableId);
    });
  }

  private async renewLeases(): Promise<void> {
    for (const [id, p] of this.rooms) {
      const room = await p.catch(() => null);
      if (!room) continue;
      const held = await this.opts.store.acquireLease(id, this.opts.owner, this.leaseMs, this.now()).catch(() => false);
      if (!held) this.drop(id, room); // another process took the table over
    }
  }

  /** Cluster only: takes over tables in play whose driving process stopped renewing their lease. */
  private async adoptOrphans(): Promise<void> {
    if (!this.opts.cluster) return;
    const ids = await this.opts.store.listOrphanedTableIds(this.now()).catch(() => []);
    for (const id of ids) await this.room(id).catch(() => null);
  }

  /** Another process announced it drives a table: forward there, and re-open our connections to that table there. */
  private driverChanged(tableId: string, owner: string): void {
    if (owner !== this.opts.owner) {
      this.drivers.set(tableId, owner);
      void this.loadedRoom(tableId).then((room) => room && this.drop(tableId, room));
    }
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
    if (!parsed.success) return { ok: false, error: { code: "table/malformed", message: parsed.error.issues[0]?.message ?? "Malformed message." } };
    try {
      return await this.dispatch(conn, parsed.data);
    } catch (e) {
      log.error({ component: "tables", err: e }, "live table error");
      return { ok: false, error: { code: "table/internal", message: "Internal error." } };
    }
  }

  private async dispatch(conn: Conn, msg: ClientMessage): Promise<Ack> {
    switch (msg.type) {
      case "lobby/watch": {
        const watch = { viewerId: conn.user?.id ?? null, filter: msg.filter };
        this.lobbyWatchers.set(conn.id, watch);
        this.opts.transport.send(conn.id, { type: "lobby", ...(await this.lobbyPage(watch.viewerId, watch.filter)) });
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
      const room = msg.type === "table/close" ? null : await this.room(tableId);
      if (room) return this.atRoom(room, conn, msg);
      if (!cluster) return notFound;
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
      // The holder died without releasing the lease: wait (a bounded time) for it to run out, then take the table.
      const wait = res.kind === "gone" ? holder.until - this.now() + 20 : 100;
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
    const facts = () => (this.opts.facts ? this.opts.facts(msg.tableId, conn.user?.id ?? null) : Promise.resolve(NO_CLUB));
    switch (msg.type) {
      case "table/open":
        return room.open(conn, msg.invite, await facts());
      case "table/close":
        await room.detach(conn.id);
        return { ok: true };
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
  async lobbyPage(viewerId: string | null, f: LobbyFilter): Promise<{ tables: TableSummary[]; nextCursor: string | null }> {
    const page = await this.opts.store.listLobby({
      viewerId,
      variant: f.variant,
      minOpenSeats: f.minOpenSeats,
      clubId: f.clubId,
      status: f.status,
      limit: f.limit,
      cursor: decodeLobbyCursor(f.cursor),
    });
    return { tables: page.tables.map(toTableSummary), nextCursor: page.next ? encodeLobbyCursor(page.next) : null };
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
        if (!page) pages.set(key, (page = this.lobbyPage(w.viewerId, w.filter)));
        void page.then((p) => this.opts.transport.send(id, { type: "lobby", ...p }), () => undefined);
      }
    }, 200);
    this.lobbyTimer.unref?.();
  }
}
