/**
 * The live-table hub of one server process: finds or loads the room of a
 * table (taking the table's lease so only one process drives it), dispatches
 * checked client messages to rooms, keeps lobby watchers up to date, and
 * renews leases while rooms are active.
 */
import type { Seat } from "@/engine/types";
import type { Ack, ClientMessage, TableSummary, WireError } from "@/protocol";
import { parseClientMessage } from "@/protocol";
import type { BotDecide } from "./bot";
import { TableRoom } from "./room";
import type { NewTable, TableRecord, TableStore } from "./store";
import type { Conn, Transport } from "./transport";

export interface HubOptions {
  readonly store: TableStore;
  readonly transport: Transport;
  readonly decide: BotDecide;
  readonly owner: string;
  readonly now?: () => number;
  readonly botDelayMs?: number;
  readonly leaseMs?: number;
  /** Extra per-table access rule (club tables: members only), checked before watching or sitting; null = allowed. */
  readonly access?: (tableId: string, userId: string | null, intent: "watch" | "sit") => Promise<WireError | null>;
}

const LOBBY_LIMIT = 100;

export class TableHub {
  private readonly rooms = new Map<string, Promise<TableRoom | null>>();
  private readonly lobbyWatchers = new Set<string>();
  /** Tables each connection has open, to detach it when it goes away. */
  private readonly openTables = new Map<string, Set<string>>();
  private readonly now: () => number;
  private readonly leaseMs: number;
  private leaseTimer: ReturnType<typeof setInterval> | null = null;
  private lobbyTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly opts: HubOptions) {
    this.now = opts.now ?? Date.now;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.leaseTimer = setInterval(() => void this.renewLeases(), Math.max(1000, this.leaseMs / 3));
    this.leaseTimer.unref?.();
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
      onSummaryChange: () => this.lobbyChanged(),
    });
    room.resume();
    return room;
  }

  private async renewLeases(): Promise<void> {
    for (const [id, p] of this.rooms) {
      const room = await p.catch(() => null);
      if (!room) continue;
      const held = await this.opts.store.acquireLease(id, this.opts.owner, this.leaseMs, this.now()).catch(() => false);
      if (!held) {
        // Another process took the table over: stop driving it here.
        room.close();
        this.rooms.delete(id);
      }
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
      console.error("live table error", e);
      return { ok: false, error: { code: "table/internal", message: "Internal error." } };
    }
  }

  private async dispatch(conn: Conn, msg: ClientMessage): Promise<Ack> {
    switch (msg.type) {
      case "lobby/watch":
        this.lobbyWatchers.add(conn.id);
        this.opts.transport.send(conn.id, { type: "lobby", tables: await this.lobbyTables() });
        return { ok: true };
      case "lobby/unwatch":
        this.lobbyWatchers.delete(conn.id);
        return { ok: true };
      case "table/close": {
        this.openTables.get(conn.id)?.delete(msg.tableId);
        const room = await this.rooms.get(msg.tableId);
        await room?.detach(conn.id);
        return { ok: true };
      }
    }
    const room = await this.room(msg.tableId);
    if (!room) return { ok: false, error: { code: "table/not-found", message: "No such table (or it is busy elsewhere)." } };
    const intent = msg.type === "table/open" ? "watch" : msg.type === "seat/take" || msg.type === "seat/bot" ? "sit" : null;
    const refusal = intent && this.opts.access ? await this.opts.access(msg.tableId, conn.user?.id ?? null, intent) : null;
    if (refusal) return { ok: false, error: refusal };
    const opened = this.openTables.get(conn.id) ?? new Set<string>();
    this.openTables.set(conn.id, opened);
    opened.add(msg.tableId);
    switch (msg.type) {
      case "table/open":
        return room.open(conn, msg.invite);
      case "seat/take":
        return room.takeSeat(conn, msg.seat as Seat);
      case "seat/leave":
        return room.leaveSeat(conn);
      case "seat/bot":
        return room.setBot(conn, msg.seat as Seat, msg.on);
      case "action":
        return room.act(conn, msg.seq, msg.action);
      case "chat":
        return room.say(conn, msg.text);
    }
  }

  /** A connection went away: detach it everywhere. */
  async disconnect(connId: string): Promise<void> {
    this.lobbyWatchers.delete(connId);
    const tables = this.openTables.get(connId);
    this.openTables.delete(connId);
    for (const id of tables ?? []) {
      const room = await this.rooms.get(id);
      await room?.detach(connId);
    }
  }

  // ---------------------------------------------------------------- lobby

  async lobbyTables(): Promise<TableSummary[]> {
    const recs = await this.opts.store.listOpenTables({ includePrivate: false, limit: LOBBY_LIMIT });
    return recs.map((r) => ({
      id: r.id,
      variant: r.variant,
      options: r.options,
      isPrivate: r.isPrivate,
      status: r.status,
      seats: r.seats,
      createdAt: new Date(r.createdAt).toISOString(),
    }));
  }

  /** Coalesces lobby pushes: at most one every 200 ms. */
  lobbyChanged(): void {
    if (this.lobbyTimer || this.lobbyWatchers.size === 0) return;
    this.lobbyTimer = setTimeout(() => {
      this.lobbyTimer = null;
      void this.lobbyTables().then((tables) => {
        for (const id of this.lobbyWatchers) this.opts.transport.send(id, { type: "lobby", tables });
      });
    }, 200);
    this.lobbyTimer.unref?.();
  }
}
