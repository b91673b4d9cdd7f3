/**
 * Where live tables are kept: the store interface the table room talks to,
 * and an in-memory implementation for fast unit tests. The PostgreSQL
 * implementation is in prisma-store.ts. The action log is append-only and is
 * the truth; a table's match state is rebuilt from it by replay.
 */
import { isDeepStrictEqual } from "node:util";
import { variantMeta } from "@/engine/meta";
import type { Action, Seat } from "@/engine/types";
import { TRICK_PAUSE_MS, type LobbyFilter, type SeatOccupant, type TableStatus, type TableSummary } from "@/protocol";

export interface TableRecord {
  readonly id: string;
  readonly variant: string;
  /** Validated options as the engine filled them in. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly isPrivate: boolean;
  readonly inviteCode: string;
  readonly createdById: string;
  /** One entry per seat: the table's seat count, fixed when it is created. */
  readonly seats: readonly (SeatOccupant | null)[];
  readonly status: TableStatus;
  /** Match seed, set when the match starts. */
  readonly seed: string | null;
  /** Number of accepted actions. */
  readonly seq: number;
  readonly turnSeconds: number;
  /** Thinking time per strong computer-player decision (ms); null: the server's default. */
  readonly botBudgetMs: number | null;
  /** How long a completed trick stays before a computer player (or stand-in) acts next (ms). */
  readonly trickPauseMs: number;
  /** The table its players agreed to play their rematch at, once created. */
  readonly rematchTableId: string | null;
  /** When the last action was accepted (or the match started): the turn timer runs from here. */
  readonly lastActionAt: number;
  readonly createdAt: number;
  /** User ids by seat whose cards the current hand's seats are (see seating.ts); null before the match. */
  readonly handOwners: readonly (string | null)[] | null;
  /** A ranked table (global queue or a club ladder). */
  readonly ranked: boolean;
  /** Which ranking a ranked table counts for (unset: global, or not ranked). */
  readonly rankedScope?: "global" | "club";
  /** A ranked table's matched accounts by seat, once known; null otherwise. */
  readonly fixedSeats: readonly string[] | null;
}

/** What the lobby and every table page show of a table (never its seed or events). */
export const toTableSummary = (r: TableRecord): TableSummary => ({
  id: r.id,
  variant: r.variant,
  options: r.options,
  isPrivate: r.isPrivate,
  status: r.status,
  seats: r.seats,
  createdAt: new Date(r.createdAt).toISOString(),
  ranked: r.ranked ? (r.rankedScope ?? "global") : null,
});

export interface StoredAction {
  readonly seq: number;
  readonly seat: Seat;
  readonly action: Action;
  /** Played by a computer player (a bot seat, or standing in for an away player). */
  readonly byBot: boolean;
}

/** What a lobby page asks for: filters, a page size, and the cursor of the page before. */
export interface LobbyQuery {
  /** The signed-in viewer: sees the club tables of their clubs. */
  readonly viewerId: string | null;
  readonly variant?: string;
  /** Only tables with at least this many empty seats (a match not started yet). */
  readonly minOpenSeats?: number;
  /** Only this club's tables (none if the viewer may not see them). */
  readonly clubId?: string;
  /** "waiting": not started yet; "playing": in play (to watch). */
  readonly status?: "open" | "playing";
  readonly limit: number;
  /** From the page before: the last table's createdAt and id. */
  readonly cursor?: { readonly createdAt: number; readonly id: string } | null;
}

export const encodeLobbyCursor = (c: { createdAt: number; id: string }) => `${c.createdAt}_${c.id}`;
export function decodeLobbyCursor(s: string | null | undefined): { createdAt: number; id: string } | null {
  const i = s ? s.indexOf("_") : -1;
  const at = i > 0 ? Number(s!.slice(0, i)) : NaN;
  return Number.isSafeInteger(at) ? { createdAt: at, id: s!.slice(i + 1) } : null;
}

export interface LobbyPage {
  readonly tables: TableRecord[];
  /** The cursor of the next page, or null on the last one. */
  readonly next: { readonly createdAt: number; readonly id: string } | null;
}

/** One lobby page as `viewerId` may see it, in its wire form (club tables only for their members, or where guests may watch). */
export async function readLobbyPage(
  store: Pick<TableStore, "listLobby">,
  viewerId: string | null,
  f: LobbyFilter,
): Promise<{ tables: TableSummary[]; nextCursor: string | null }> {
  const page = await store.listLobby({
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

export interface NewTable {
  readonly variant: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly isPrivate: boolean;
  readonly createdById: string;
  readonly turnSeconds: number;
  /** Thinking time per strong computer-player decision (ms); default: the server's. */
  readonly botBudgetMs?: number | null;
  /** Default TRICK_PAUSE_MS.default. */
  readonly trickPauseMs?: number;
  /** How many seats; default the variant's (the caller checks it against the variant's range). */
  readonly seatCount?: number;
}

/** The empty seats of a new table: as many as asked, else the variant's default count. */
export const emptySeats = (input: Pick<NewTable, "variant" | "seatCount">): null[] =>
  Array<null>(input.seatCount ?? variantMeta(input.variant)?.seats.default ?? 4).fill(null);

export interface FinishedMatch {
  readonly tableId: string;
  readonly variant: string;
  readonly record: unknown;
  readonly players: readonly (SeatOccupant | null)[];
  readonly scores: readonly number[];
  readonly finishedAt: number;
}

export type AppendResult = "ok" | "conflict";

export interface AppendOptions {
  /** When the action dealt a new hand: whose cards each seat's are, stored with it. */
  readonly handOwners?: readonly (string | null)[];
  /** Somebody has the table open: the write goes ahead of computer-only tables' writes. */
  readonly watched?: boolean;
}

/** Was the finished match stored now, or already (a retried or resumed finish)? An abandoned table is never recorded. */
export type FinishResult = "recorded" | "already-recorded" | "no-such-table" | "abandoned";

export interface TableStore {
  createTable(input: NewTable, now: number): Promise<TableRecord>;
  getTable(id: string): Promise<TableRecord | null>;
  getTableByInvite(code: string): Promise<TableRecord | null>;
  /** A lobby page: tables not finished that `viewer` may see, filtered, newest first, keyset-paged. */
  listLobby(query: LobbyQuery): Promise<LobbyPage>;
  loadActions(tableId: string): Promise<StoredAction[]>;
  /**
   * Seat changes before or during a match; on start also the seed, the status
   * and the first hand's owners (the people seated; see seating.ts).
   */
  updateSeats(
    tableId: string,
    seats: readonly (SeatOccupant | null)[],
    start: { seed: string; at: number } | null,
  ): Promise<void>;
  /**
   * Appends one action and moves the table to `action.seq`, in one transaction,
   * only if the table is still at `action.seq - 1` and this process holds its lease.
   * Idempotent: when the same action is already stored at `action.seq` (an
   * earlier attempt committed but its answer was lost), the answer is "ok".
   */
  appendAction(tableId: string, action: StoredAction, at: number, leaseOwner: string, opts?: AppendOptions): Promise<AppendResult>;
  /**
   * The finishing step (see modules/matches/lifecycle.ts): stores the finished
   * match and marks the table finished, in one transaction; a second call for
   * the same match stores nothing.
   */
  finishMatch(match: FinishedMatch): Promise<FinishResult | void>;
  /**
   * Queues a hand that just ended, its match going on, for its replay analysis
   * (modules/history/analysis.ts). Best effort: the finishing step queues every
   * hand not queued yet.
   */
  queueEndedHand(tableId: string, handIndex: number): Promise<void>;
  /**
   * Ends a match in play that every person left: status "abandoned" (it leaves
   * the lobby), only while the table is playing and `leaseOwner` drives it.
   */
  abandonTable(tableId: string, leaseOwner: string): Promise<boolean>;
  /** Records the rematch table once (false when the table has one already). */
  setRematchTable(tableId: string, rematchTableId: string): Promise<boolean>;
  /** Per seat, the shown-rating change the table's finished ranked match brought (null per seat not rated); null when none was rated. */
  ratingChanges(tableId: string): Promise<(number | null)[] | null>;
  /**
   * Takes or renews the table's lease; false only when another process provably
   * holds it: its lease has not run out and that process is alive. The lease of
   * a process that is gone is free even before it runs out.
   */
  acquireLease(tableId: string, owner: string, ttlMs: number, now: number): Promise<boolean>;
  releaseLease(tableId: string, owner: string): Promise<void>;
  /** acquireLease for many tables in one go: the ids whose lease `owner` holds now. */
  renewLeases(tableIds: readonly string[], owner: string, ttlMs: number, now: number): Promise<Set<string>>;
  /** Who holds the table's lease and until when (owner null: nobody); null when there is no such table. */
  leaseHolder(tableId: string): Promise<{ owner: string | null; until: number } | null>;
  /** Tables in play, to resume their rooms (and timers) after a restart. */
  listPlayingTableIds(): Promise<string[]>;
  /**
   * Tables in play that no live process drives (no lease, an expired one, or
   * one held by a process that is gone), and those whose lease `owner` holds:
   * candidates for a takeover or a reload.
   */
  listOrphanedTableIds(now: number, owner: string): Promise<string[]>;
}

/** The MemoryTableStore methods a test can make fail (see faults). */
type FaultyMethod = "appendAction" | "finishMatch" | "updateSeats" | "acquireLease" | "getTable" | "queueEndedHand";

/** A store in memory, with the same semantics as the database one. */
export class MemoryTableStore implements TableStore {
  private tables = new Map<string, TableRecord>();
  private actions = new Map<string, StoredAction[]>();
  private leases = new Map<string, { owner: string; until: number }>();
  /** Lease owners known to be gone (a process that died): their leases are free. */
  private readonly gone = new Set<string>();
  readonly matches: FinishedMatch[] = [];
  /** Faults to inject: the next calls of these methods throw (as a lost database connection would). */
  readonly faults = new Map<FaultyMethod, number>();
  private nextId = 1;

  async createTable(input: NewTable, now: number): Promise<TableRecord> {
    const id = `t${this.nextId++}`;
    const { seatCount: _seatCount, ...fields } = input;
    const rec: TableRecord = {
      id,
      ...fields,
      botBudgetMs: input.botBudgetMs ?? null,
      trickPauseMs: input.trickPauseMs ?? TRICK_PAUSE_MS.default,
      rematchTableId: null,
      inviteCode: `inv-${id}`,
      seats: emptySeats(input),
      status: "open",
      seed: null,
      seq: 0,
      lastActionAt: now,
      createdAt: now,
      handOwners: null,
      ranked: false,
      fixedSeats: null,
    };
    this.tables.set(id, rec);
    this.actions.set(id, []);
    return rec;
  }
  async getTable(id: string) {
    this.fault("getTable");
    return this.tables.get(id) ?? null;
  }
  async getTableByInvite(code: string) {
    return [...this.tables.values()].find((t) => t.inviteCode === code) ?? null;
  }
  async listLobby(q: LobbyQuery): Promise<LobbyPage> {
    // No clubs in memory: every public table is visible.
    const rows = [...this.tables.values()]
      .filter((t) => (t.status === "open" || t.status === "playing") && !t.isPrivate && !q.clubId)
      .filter((t) => (!q.variant || t.variant === q.variant) && (!q.status || t.status === q.status))
      .filter((t) => !q.minOpenSeats || (t.status === "open" && t.seats.filter((s) => s === null).length >= q.minOpenSeats))
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
      .filter((t) => !q.cursor || t.createdAt < q.cursor.createdAt || (t.createdAt === q.cursor.createdAt && t.id < q.cursor.id));
    const tables = rows.slice(0, q.limit);
    const last = tables[tables.length - 1];
    return { tables, next: rows.length > q.limit && last ? { createdAt: last.createdAt, id: last.id } : null };
  }
  async loadActions(tableId: string) {
    return (this.actions.get(tableId) ?? []).slice();
  }
  /** Marks a lease owner as a process that is gone. */
  markGone(owner: string): void {
    this.gone.add(owner);
  }
  private fault(method: FaultyMethod): void {
    const n = this.faults.get(method) ?? 0;
    if (n <= 0) return;
    this.faults.set(method, n - 1);
    throw new Error(`injected fault: ${method}`);
  }
  async updateSeats(tableId: string, seats: readonly (SeatOccupant | null)[], start: { seed: string; at: number } | null) {
    this.fault("updateSeats");
    const t = this.mustGet(tableId);
    const handOwners = seats.map((s) => (s?.kind === "human" ? s.userId : null));
    this.tables.set(tableId, start ? { ...t, seats, seed: start.seed, status: "playing", lastActionAt: start.at, handOwners } : { ...t, seats });
  }
  async appendAction(tableId: string, action: StoredAction, at: number, leaseOwner: string, { handOwners }: AppendOptions = {}): Promise<AppendResult> {
    this.fault("appendAction");
    const t = this.mustGet(tableId);
    const lease = this.leases.get(tableId);
    const there = this.actions.get(tableId)![action.seq - 1];
    if (there && there.seat === action.seat && isDeepStrictEqual(there.action, action.action)) return "ok";
    if (t.seq !== action.seq - 1 || !lease || lease.owner !== leaseOwner) return "conflict";
    this.actions.get(tableId)!.push(action);
    this.tables.set(tableId, { ...t, seq: action.seq, lastActionAt: at, ...(handOwners ? { handOwners } : {}) });
    return "ok";
  }
  /** The hands queued by queueEndedHand, in order. */
  readonly endedHands: { readonly tableId: string; readonly handIndex: number }[] = [];
  async queueEndedHand(tableId: string, handIndex: number) {
    this.fault("queueEndedHand");
    this.endedHands.push({ tableId, handIndex });
  }
  async finishMatch(match: FinishedMatch): Promise<FinishResult> {
    this.fault("finishMatch");
    const t = this.mustGet(match.tableId);
    if (t.status === "finished") return "already-recorded";
    if (t.status === "abandoned") return "abandoned";
    this.matches.push(match);
    this.tables.set(match.tableId, { ...t, status: "finished" });
    return "recorded";
  }
  async abandonTable(tableId: string, leaseOwner: string) {
    const t = this.mustGet(tableId);
    if (t.status !== "playing" || this.leases.get(tableId)?.owner !== leaseOwner) return false;
    this.tables.set(tableId, { ...t, status: "abandoned" });
    return true;
  }
  async setRematchTable(tableId: string, rematchTableId: string) {
    const t = this.mustGet(tableId);
    if (t.rematchTableId !== null) return false;
    this.tables.set(tableId, { ...t, rematchTableId });
    return true;
  }
  async ratingChanges(): Promise<null> {
    return null; // no ratings in memory
  }
  async acquireLease(tableId: string, owner: string, ttlMs: number, now: number) {
    this.fault("acquireLease");
    const cur = this.leases.get(tableId);
    if (cur && cur.owner !== owner && cur.until > now && !this.gone.has(cur.owner)) return false;
    this.leases.set(tableId, { owner, until: now + ttlMs });
    return true;
  }
  async renewLeases(tableIds: readonly string[], owner: string, ttlMs: number, now: number) {
    const held = new Set<string>();
    for (const id of tableIds) if (await this.acquireLease(id, owner, ttlMs, now)) held.add(id);
    return held;
  }
  async releaseLease(tableId: string, owner: string) {
    if (this.leases.get(tableId)?.owner === owner) this.leases.delete(tableId);
  }
  async leaseHolder(tableId: string) {
    if (!this.tables.has(tableId)) return null;
    const lease = this.leases.get(tableId);
    return lease ? { owner: lease.owner, until: lease.until } : { owner: null, until: 0 };
  }
  async listPlayingTableIds() {
    return [...this.tables.values()].filter((t) => t.status === "playing").map((t) => t.id);
  }
  async listOrphanedTableIds(now: number, owner: string) {
    const playing = await this.listPlayingTableIds();
    return playing.filter((id) => {
      const lease = this.leases.get(id);
      return !lease || lease.until < now || lease.owner === owner || this.gone.has(lease.owner);
    });
  }
  private mustGet(id: string): TableRecord {
    const t = this.tables.get(id);
    if (!t) throw new Error(`no table ${id}`);
    return t;
  }
}
