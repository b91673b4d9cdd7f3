/**
 * The live-table store in PostgreSQL: Table rows (seats, seed, version, lease)
 * and their append-only TableEvent rows. Each accepted action is one
 * TableEvent written by the same statement (one transaction) that moves
 * Table.seq, guarded by the expected version and the lease owner.
 *
 * Group commit: the actions of many tables that arrive while a write is in
 * flight go together in the next statement (one round trip and one commit
 * for all), and each caller hears back only once that statement committed.
 * Tables somebody has open are written in statements of their own, so a
 * person's move never waits behind a batch of computer-only tables.
 */
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type pg from "pg";
import { Prisma, type PrismaClient } from "@/generated/prisma/client";
import type { Action, Seat } from "@/engine/types";
import { TRICK_PAUSE_MS, type SeatOccupant, type TableStatus } from "@/protocol";
import { GLOBAL_SCOPE, tableRatingChanges } from "@/server/modules/ratings/service";
import { emptySeats, type AppendOptions, type AppendResult, type FinishedMatch, type LobbyPage, type LobbyQuery, type NewTable, type StoredAction, type TableRecord, type TableStore } from "./store";
import { finishMatch, startMatch } from "@/server/modules/matches/lifecycle";
import { dropAbandonedAnalysis, queueEndedHand } from "@/server/modules/history/analysis";
import { LIVENESS_LOCK_CLASS } from "./liveness";

export interface PrismaTableStoreOptions {
  /**
   * The only process on this database (the embedded one): every lease owner but
   * this process is gone. Otherwise a process is alive while it holds its
   * liveness lock (liveness.ts).
   */
  readonly soleProcess?: boolean;
  /**
   * Statements of grouped actions in flight at once per lane (default 4 for
   * watched tables, 1 for the others: fewer, larger statements); the actions
   * arriving meanwhile wait for the next one.
   */
  readonly appendsInFlight?: { readonly watched?: number; readonly unwatched?: number };
  /** Most actions in one statement (default 500). */
  readonly appendBatchMax?: number;
  /**
   * The pg pool under the Prisma client: the grouped action writes, the
   * hottest statement, then go to it directly, without Prisma's query path.
   */
  readonly pool?: pg.Pool;
  /**
   * The grouped write is a prepared statement on each pool connection (parsed
   * and planned once per connection, not per write). Off for the embedded
   * database, whose connections share one backend: a statement prepared by a
   * connection that dropped would still be there under the same name.
   */
  readonly prepare?: boolean;
}

/**
 * A queue of actions waiting for their statement. Watched tables (somebody
 * has them open) and the others go in separate statements, so a person's
 * action never waits behind a batch of computer-only tables' writes.
 */
interface Lane {
  pending: PendingAppend[];
  inFlight: number;
  flushQueued: boolean;
  readonly maxInFlight: number;
}

interface PendingAppend {
  readonly tableId: string;
  readonly action: StoredAction;
  readonly at: Date;
  readonly leaseOwner: string;
  readonly owners: string | null;
  readonly resolve: (r: AppendResult) => void;
  readonly reject: (e: unknown) => void;
}

/** Counters of the grouped writes (the benchmark prints them). */
export interface AppendStats {
  statements: number;
  actions: number;
}

const tableSelect = {
  id: true,
  variant: true,
  options: true,
  isPrivate: true,
  inviteCode: true,
  createdById: true,
  seats: true,
  status: true,
  seed: true,
  seq: true,
  turnSeconds: true,
  botBudgetMs: true,
  trickPauseMs: true,
  rematchTableId: true,
  handOwners: true,
  lastActionAt: true,
  createdAt: true,
} as const;

type TableRow = Prisma.TableGetPayload<{ select: typeof tableSelect }>;

const toRecord = (r: TableRow, ranked: { userIds: string[]; scope: string } | null = null): TableRecord => ({
  id: r.id,
  variant: r.variant,
  options: r.options as Record<string, unknown>,
  isPrivate: r.isPrivate,
  inviteCode: r.inviteCode,
  createdById: r.createdById,
  seats: r.seats as unknown as (SeatOccupant | null)[],
  status: r.status as TableStatus,
  seed: r.seed,
  seq: r.seq,
  turnSeconds: r.turnSeconds,
  botBudgetMs: r.botBudgetMs,
  trickPauseMs: r.trickPauseMs,
  rematchTableId: r.rematchTableId,
  lastActionAt: r.lastActionAt.getTime(),
  createdAt: r.createdAt.getTime(),
  handOwners: (r.handOwners as (string | null)[] | null) ?? null,
  ranked: ranked !== null,
  rankedScope: ranked ? (ranked.scope === GLOBAL_SCOPE ? "global" : "club") : undefined,
  // A ranked table's players once all its seats' accounts are known (a club ladder table learns them as it starts).
  fixedSeats: ranked && ranked.userIds.length > 0 && ranked.userIds.length === (r.seats as unknown[]).length ? ranked.userIds : null,
});

const json = (v: unknown) => v as Prisma.InputJsonValue;

/**
 * The grouped action write: one row per table, as parallel arrays (one
 * statement text for any batch size). Each table's version moves only if it
 * is still the expected one and the lease holder writes, and its event row
 * is inserted only if it moved.
 */
const APPEND_SQL = `
  WITH input ("tableId", "seq", "seat", "action", "byBot", "at", "owners", "leaseOwner") AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[]::jsonb[], $5::boolean[], $6::timestamp(3)[], $7::text[]::jsonb[], $8::text[])
  ),
  moved AS (
    UPDATE "Table" AS t SET "seq" = i."seq", "lastActionAt" = i."at", "updatedAt" = i."at",
      "handOwners" = COALESCE(i."owners", t."handOwners")
    FROM input AS i
    WHERE t."id" = i."tableId" AND t."seq" = i."seq" - 1 AND t."leaseOwner" = i."leaseOwner"
    RETURNING t."id"
  )
  INSERT INTO "TableEvent" ("tableId", "seq", "seat", "action", "byBot", "createdAt")
  SELECT i."tableId", i."seq", i."seat", i."action", i."byBot", i."at" FROM input AS i JOIN moved AS m ON m."id" = i."tableId"
  RETURNING "tableId"`;

/** The grouped write's name as a prepared statement (PrismaTableStoreOptions.prepare). */
const APPEND_STATEMENT = "whist_append_actions";

/** Actions wait, and a statement slot is free. */
const canFlush = (lane: Lane) => lane.pending.length > 0 && lane.inFlight < lane.maxInFlight;

export class PrismaTableStore implements TableStore {
  private readonly lanes: { readonly watched: Lane; readonly unwatched: Lane };
  readonly appendStats: AppendStats = { statements: 0, actions: 0 };

  constructor(
    private readonly db: PrismaClient,
    private readonly opts: PrismaTableStoreOptions = {},
  ) {
    const lane = (maxInFlight: number): Lane => ({ pending: [], inFlight: 0, flushQueued: false, maxInFlight });
    this.lanes = { watched: lane(opts.appendsInFlight?.watched ?? 4), unwatched: lane(opts.appendsInFlight?.unwatched ?? 1) };
  }

  /** SQL: the lease of the Table row is free for `owner` (none, run out, its own, or its holder is gone). */
  private leaseFree(owner: string, now: number): Prisma.Sql {
    const ownerGone = this.opts.soleProcess
      ? Prisma.sql`TRUE`
      : Prisma.sql`NOT EXISTS (
          SELECT 1 FROM pg_locks l
          WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND l.classid = ${LIVENESS_LOCK_CLASS}::oid AND l.objid = hashtext(t."leaseOwner")::oid)`;
    return Prisma.sql`(t."leaseOwner" IS NULL OR t."leaseOwner" = ${owner} OR t."leaseUntil" IS NULL OR t."leaseUntil" < ${new Date(now)} OR ${ownerGone})`;
  }

  async createTable(input: NewTable, now: number): Promise<TableRecord> {
    const row = await this.db.table.create({
      data: {
        variant: input.variant,
        options: json(input.options),
        isPrivate: input.isPrivate,
        createdById: input.createdById,
        turnSeconds: input.turnSeconds,
        botBudgetMs: input.botBudgetMs ?? null,
        trickPauseMs: input.trickPauseMs ?? TRICK_PAUSE_MS.default,
        inviteCode: randomBytes(12).toString("base64url"),
        seats: json(emptySeats(input)),
        lastActionAt: new Date(now),
        createdAt: new Date(now),
      },
      select: tableSelect,
    });
    return toRecord(row);
  }

  async getTable(id: string) {
    const [row, ranked] = await Promise.all([
      this.db.table.findUnique({ where: { id }, select: tableSelect }),
      this.db.rankedTable.findUnique({ where: { tableId: id }, select: { userIds: true, scope: true } }),
    ]);
    return row ? toRecord(row, ranked) : null;
  }

  async getTableByInvite(code: string) {
    const row = await this.db.table.findUnique({ where: { inviteCode: code }, select: { id: true } });
    return row ? this.getTable(row.id) : null;
  }

  /**
   * A lobby page. Visible: public tables waiting or in play that are no club's, or
   * whose club has the viewer as a member, or that let guests watch.
   */
  async listLobby(q: LobbyQuery): Promise<LobbyPage> {
    const conds: Prisma.Sql[] = [
      Prisma.sql`t.status IN ('open', 'playing')`,
      Prisma.sql`t."isPrivate" = false`,
      q.viewerId
        ? Prisma.sql`(c."tableId" IS NULL OR c."guestsMayWatch" OR EXISTS (SELECT 1 FROM "ClubMember" m WHERE m."clubId" = c."clubId" AND m."userId" = ${q.viewerId}))`
        : Prisma.sql`(c."tableId" IS NULL OR c."guestsMayWatch")`,
    ];
    if (q.variant) conds.push(Prisma.sql`t.variant = ${q.variant}`);
    if (q.status) conds.push(Prisma.sql`t.status = ${q.status}`);
    if (q.clubId) conds.push(Prisma.sql`c."clubId" = ${q.clubId}`);
    if (q.minOpenSeats)
      conds.push(Prisma.sql`t.status = 'open' AND (SELECT count(*) FROM jsonb_array_elements(t.seats) e WHERE e = 'null'::jsonb) >= ${q.minOpenSeats}`);
    if (q.cursor) conds.push(Prisma.sql`(t."createdAt", t.id) < (${new Date(q.cursor.createdAt)}, ${q.cursor.id})`);
    const ids = await this.db.$queryRaw<{ id: string }[]>`
      SELECT t.id FROM "Table" t LEFT JOIN "ClubTable" c ON c."tableId" = t.id
      WHERE ${Prisma.join(conds, " AND ")}
      ORDER BY t."createdAt" DESC, t.id DESC LIMIT ${q.limit + 1}`;
    const page = ids.slice(0, q.limit).map((r) => r.id);
    const [rows, ranked] = await Promise.all([
      this.db.table.findMany({ where: { id: { in: page } }, select: tableSelect }),
      // So the lobby can label ranked and club-ladder tables.
      this.db.rankedTable.findMany({ where: { tableId: { in: page } }, select: { tableId: true, userIds: true, scope: true } }),
    ]);
    const rankedById = new Map(ranked.map((r) => [r.tableId, r]));
    const byId = new Map(rows.map((r) => [r.id, toRecord(r, rankedById.get(r.id) ?? null)]));
    const tables = page.flatMap((id) => byId.get(id) ?? []);
    const last = tables[tables.length - 1];
    return { tables, next: ids.length > q.limit && last ? { createdAt: last.createdAt, id: last.id } : null };
  }

  async loadActions(tableId: string): Promise<StoredAction[]> {
    const rows = await this.db.tableEvent.findMany({
      where: { tableId },
      orderBy: { seq: "asc" },
      select: { seq: true, seat: true, action: true, byBot: true },
    });
    return rows.map((r) => ({ seq: r.seq, seat: r.seat as Seat, action: r.action as unknown as Action, byBot: r.byBot }));
  }

  async updateSeats(tableId: string, seats: readonly (SeatOccupant | null)[], start: { seed: string; at: number } | null) {
    if (start) {
      // The match lifecycle's start (one transaction, or the caller's when this store runs in one).
      await startMatch(this.db, { tableId, seats, seed: start.seed, at: start.at });
      return;
    }
    await this.db.table.update({ where: { id: tableId }, data: { seats: json(seats) }, select: { id: true } });
  }

  appendAction(tableId: string, action: StoredAction, at: number, leaseOwner: string, opts: AppendOptions = {}): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      const owners = opts.handOwners ? JSON.stringify(opts.handOwners) : null;
      const lane = opts.watched ? this.lanes.watched : this.lanes.unwatched;
      lane.pending.push({ tableId, action, at: new Date(at), leaseOwner, owners, resolve, reject });
      this.flushSoon(lane);
    });
  }

  /** Sends the lane's waiting actions after the current turn of the event loop, when a statement slot is free. */
  private flushSoon(lane: Lane): void {
    if (lane.flushQueued || !canFlush(lane)) return;
    lane.flushQueued = true;
    setImmediate(() => {
      lane.flushQueued = false;
      this.flush(lane);
    });
  }

  private flush(lane: Lane): void {
    if (!canFlush(lane)) return;
    // One action per table per statement (a room waits for its write before the next, so this is the rule anyway).
    const max = this.opts.appendBatchMax ?? 500;
    const batch: PendingAppend[] = [];
    const rest: PendingAppend[] = [];
    const tables = new Set<string>();
    for (const p of lane.pending) {
      if (batch.length < max && !tables.has(p.tableId)) {
        tables.add(p.tableId);
        batch.push(p);
      } else rest.push(p);
    }
    lane.pending = rest;
    lane.inFlight++;
    this.appendBatch(batch)
      .then(
        (results) => batch.forEach((p, i) => p.resolve(results[i]!)),
        (err: unknown) => batch.forEach((p) => p.reject(err)),
      )
      .finally(() => {
        lane.inFlight--;
        this.flushSoon(lane);
      });
    this.flushSoon(lane);
  }

  /**
   * One statement, so one round trip and one commit for the whole batch: each
   * table's version moves only if it is still the expected one and this
   * process holds the lease, and its event row is inserted only if it moved.
   * A new hand's owners are written by the same statement.
   */
  private async appendBatch(batch: readonly PendingAppend[]): Promise<AppendResult[]> {
    this.appendStats.statements++;
    this.appendStats.actions += batch.length;
    const values = [
      batch.map((p) => p.tableId),
      batch.map((p) => p.action.seq),
      batch.map((p) => p.action.seat),
      batch.map((p) => JSON.stringify(p.action.action)),
      batch.map((p) => p.action.byBot),
      batch.map((p) => p.at.toISOString()),
      batch.map((p) => p.owners),
      batch.map((p) => p.leaseOwner),
    ];
    const inserted = this.opts.pool
      ? (await this.opts.pool.query<{ tableId: string }>({ name: this.opts.prepare ? APPEND_STATEMENT : undefined, text: APPEND_SQL, values })).rows
      : await this.db.$queryRawUnsafe<{ tableId: string }[]>(APPEND_SQL, ...values);
    const stored = new Set(inserted.map((r) => r.tableId));
    return Promise.all(batch.map((p) => (stored.has(p.tableId) ? ("ok" as const) : this.alreadyStored(p.tableId, p.action))));
  }

  /** An earlier attempt may have committed with its answer lost (the connection dropped): the same action stored there is a success. */
  private async alreadyStored(tableId: string, action: StoredAction): Promise<AppendResult> {
    const there = await this.db.tableEvent.findUnique({ where: { tableId_seq: { tableId, seq: action.seq } }, select: { seat: true, action: true } });
    return there && there.seat === action.seat && isDeepStrictEqual(there.action, JSON.parse(JSON.stringify(action.action))) ? "ok" : "conflict";
  }

  queueEndedHand(tableId: string, handIndex: number) {
    return queueEndedHand(this.db, tableId, handIndex);
  }

  async finishMatch(match: FinishedMatch) {
    // History rows, ratings and the analysis queue are written in the same transaction as the match's end, once per match.
    return finishMatch(this.db, match);
  }

  abandonTable(tableId: string, leaseOwner: string) {
    return this.db.$transaction(async (tx) => {
      const [moved] = await tx.table.updateManyAndReturn({ where: { id: tableId, status: "playing", leaseOwner }, data: { status: "abandoned" }, select: { seed: true } });
      if (moved?.seed) await dropAbandonedAnalysis(tx, tableId, moved.seed);
      return moved !== undefined;
    });
  }

  async setRematchTable(tableId: string, rematchTableId: string) {
    const moved = await this.db.table.updateMany({ where: { id: tableId, rematchTableId: null }, data: { rematchTableId } });
    return moved.count === 1;
  }

  ratingChanges(tableId: string) {
    return tableRatingChanges(this.db, tableId);
  }

  async acquireLease(tableId: string, owner: string, ttlMs: number, now: number) {
    const moved = await this.db.$executeRaw`
      UPDATE "Table" AS t SET "leaseOwner" = ${owner}, "leaseUntil" = ${new Date(now + ttlMs)}
      WHERE t."id" = ${tableId} AND ${this.leaseFree(owner, now)}`;
    return moved === 1;
  }

  /**
   * One statement for the tables whose rows nobody else has locked, then one per table whose row
   * another transaction holds (a grouped action write, a match being stored), waiting for it. The
   * batch never waits: waiting on many rows in its own order while such a transaction waited on one
   * of them was a deadlock. A single row's wait holds no other row, so it cannot be one.
   */
  async renewLeases(tableIds: readonly string[], owner: string, ttlMs: number, now: number) {
    if (tableIds.length === 0) return new Set<string>();
    const ids = tableIds as string[];
    const rows = await this.db.$queryRaw<{ id: string; renewed: boolean }[]>`
      WITH unlocked AS (
        SELECT t."id" FROM "Table" AS t WHERE t."id" = ANY(${ids}::text[]) FOR NO KEY UPDATE SKIP LOCKED
      ), renewed AS (
        UPDATE "Table" AS t SET "leaseOwner" = ${owner}, "leaseUntil" = ${new Date(now + ttlMs)}
        FROM unlocked AS u WHERE t."id" = u."id" AND ${this.leaseFree(owner, now)}
        RETURNING t."id"
      )
      SELECT "id", true AS "renewed" FROM renewed
      UNION ALL
      SELECT t."id", false AS "renewed" FROM "Table" AS t WHERE t."id" = ANY(${ids}::text[]) AND t."id" NOT IN (SELECT "id" FROM unlocked)`;
    const held = new Set(rows.filter((r) => r.renewed).map((r) => r.id));
    for (const { id } of rows.filter((r) => !r.renewed)) if (await this.acquireLease(id, owner, ttlMs, now)) held.add(id);
    return held;
  }

  async releaseLease(tableId: string, owner: string) {
    await this.db.table.updateMany({ where: { id: tableId, leaseOwner: owner }, data: { leaseOwner: null, leaseUntil: null } });
  }

  async leaseHolder(tableId: string) {
    const row = await this.db.table.findUnique({ where: { id: tableId }, select: { leaseOwner: true, leaseUntil: true } });
    return row ? { owner: row.leaseOwner, until: row.leaseUntil?.getTime() ?? 0 } : null;
  }

  async listOrphanedTableIds(now: number, owner: string) {
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      SELECT t."id" FROM "Table" AS t WHERE t."status" = 'playing' AND ${this.leaseFree(owner, now)}`;
    return rows.map((r) => r.id);
  }

  async listPlayingTableIds() {
    const rows = await this.db.table.findMany({ where: { status: "playing" }, select: { id: true } });
    return rows.map((r) => r.id);
  }
}
