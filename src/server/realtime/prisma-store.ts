/**
 * The live-table store in PostgreSQL: Table rows (seats, seed, version, lease)
 * and their append-only TableEvent rows. Each accepted action is one
 * TableEvent written by the same statement (one transaction) that moves
 * Table.seq, guarded by the expected version and the lease owner.
 */
import { randomBytes } from "node:crypto";
import { Prisma, type PrismaClient } from "@/generated/prisma/client";
import type { Action, Seat } from "@/engine/types";
import type { SeatOccupant, TableStatus } from "@/protocol";
import type { AppendResult, FinishedMatch, LobbyPage, LobbyQuery, NewTable, StoredAction, TableRecord, TableStore } from "./store";
import { recordFinishedMatch } from "@/server/modules/history/record-match";
import { recordRankedStart } from "@/server/modules/ranked/access";

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
  handOwners: true,
  lastActionAt: true,
  createdAt: true,
} as const;

type TableRow = Prisma.TableGetPayload<{ select: typeof tableSelect }>;

const toRecord = (r: TableRow, ranked: { userIds: string[] } | null = null): TableRecord => ({
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
  lastActionAt: r.lastActionAt.getTime(),
  createdAt: r.createdAt.getTime(),
  handOwners: (r.handOwners as (string | null)[] | null) ?? null,
  ranked: ranked !== null,
  fixedSeats: ranked && ranked.userIds.length === 4 ? ranked.userIds : null,
});

const json = (v: unknown) => v as Prisma.InputJsonValue;

export class PrismaTableStore implements TableStore {
  constructor(private readonly db: PrismaClient) {}

  async createTable(input: NewTable, now: number): Promise<TableRecord> {
    const row = await this.db.table.create({
      data: {
        variant: input.variant,
        options: json(input.options),
        isPrivate: input.isPrivate,
        createdById: input.createdById,
        turnSeconds: input.turnSeconds,
        botBudgetMs: input.botBudgetMs ?? null,
        inviteCode: randomBytes(12).toString("base64url"),
        seats: json([null, null, null, null]),
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
      this.db.rankedTable.findUnique({ where: { tableId: id }, select: { userIds: true } }),
    ]);
    return row ? toRecord(row, ranked) : null;
  }

  async getTableByInvite(code: string) {
    const row = await this.db.table.findUnique({ where: { inviteCode: code }, select: { id: true } });
    return row ? this.getTable(row.id) : null;
  }

  /**
   * A lobby page. Visible: public tables not finished that are no club's, or
   * whose club has the viewer as a member, or that let guests watch.
   */
  async listLobby(q: LobbyQuery): Promise<LobbyPage> {
    const conds: Prisma.Sql[] = [
      Prisma.sql`t.status <> 'finished'`,
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
    const rows = await this.db.table.findMany({ where: { id: { in: page } }, select: tableSelect });
    const byId = new Map(rows.map((r) => [r.id, toRecord(r)]));
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
    await this.db.table.update({
      where: { id: tableId },
      data: start
        ? {
            seats: json(seats),
            seed: start.seed,
            status: "playing",
            lastActionAt: new Date(start.at),
            // The first hand's cards belong to the people seated now (ranked: the matched accounts, seated the same way).
            handOwners: json(seats.map((s) => (s?.kind === "human" ? s.userId : null))),
          }
        : { seats: json(seats) },
      select: { id: true },
    });
    if (start) await recordRankedStart(this.db, tableId, seats); // a club ranked table learns its four players
  }

  async appendAction(tableId: string, action: StoredAction, at: number, leaseOwner: string, handOwners?: readonly (string | null)[]): Promise<AppendResult> {
    // One statement, so one round trip and one commit: the version moves only if it
    // is still the expected one and this process holds the lease, and the event row
    // is inserted only if it moved. A new hand's owners are written by the same statement.
    const when = new Date(at);
    const owners = handOwners ? JSON.stringify(handOwners) : null;
    const inserted = await this.db.$executeRaw`
      WITH moved AS (
        UPDATE "Table" SET "seq" = ${action.seq}, "lastActionAt" = ${when}, "updatedAt" = ${when},
          "handOwners" = COALESCE(${owners}::jsonb, "handOwners")
        WHERE "id" = ${tableId} AND "seq" = ${action.seq - 1} AND "leaseOwner" = ${leaseOwner}
        RETURNING "id"
      )
      INSERT INTO "TableEvent" ("tableId", "seq", "seat", "action", "byBot", "createdAt")
      SELECT "id", ${action.seq}, ${action.seat}, ${JSON.stringify(action.action)}::jsonb, ${action.byBot}, ${when} FROM moved`;
    return inserted === 1 ? "ok" : "conflict";
  }

  async finishMatch(match: FinishedMatch) {
    // History rows and ratings are written in the same transaction as the match's end.
    await this.db.$transaction(async (tx) => {
      const finishedAt = new Date(match.finishedAt);
      const row = await tx.match.create({
        data: {
          tableId: match.tableId,
          variant: match.variant,
          record: json(match.record),
          players: json(match.players),
          scores: json(match.scores),
          finishedAt,
        },
        select: { id: true },
      });
      await tx.table.update({ where: { id: match.tableId }, data: { status: "finished" }, select: { id: true } });
      await recordFinishedMatch(tx, { ...match, matchId: row.id, finishedAt });
    });
  }

  async acquireLease(tableId: string, owner: string, ttlMs: number, now: number) {
    const res = await this.db.table.updateMany({
      where: {
        id: tableId,
        OR: [{ leaseOwner: owner }, { leaseOwner: null }, { leaseUntil: null }, { leaseUntil: { lt: new Date(now) } }],
      },
      data: { leaseOwner: owner, leaseUntil: new Date(now + ttlMs) },
    });
    return res.count === 1;
  }

  async releaseLease(tableId: string, owner: string) {
    await this.db.table.updateMany({ where: { id: tableId, leaseOwner: owner }, data: { leaseOwner: null, leaseUntil: null } });
  }

  async leaseHolder(tableId: string) {
    const row = await this.db.table.findUnique({ where: { id: tableId }, select: { leaseOwner: true, leaseUntil: true } });
    return row ? { owner: row.leaseOwner, until: row.leaseUntil?.getTime() ?? 0 } : null;
  }

  async listOrphanedTableIds(now: number) {
    const rows = await this.db.table.findMany({
      where: { status: "playing", OR: [{ leaseOwner: null }, { leaseUntil: null }, { leaseUntil: { lt: new Date(now) } }] },
      select: { id: true },
    });
    return rows.map((r) => r.id);
  }

  async listPlayingTableIds() {
    const rows = await this.db.table.findMany({ where: { status: "playing" }, select: { id: true } });
    return rows.map((r) => r.id);
  }
}
