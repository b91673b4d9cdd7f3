/**
 * Creating and listing live tables. Options are validated by the engine
 * (parseOptions) so a table only ever stores a complete, valid rule set.
 * Quotas: each person may have at most TABLE_QUOTA.waiting tables waiting
 * for players (not started, created in the last TABLE_QUOTA.waitingHours:
 * an abandoned table stops counting, since tables cannot be closed yet) and
 * create at most TABLE_QUOTA.perWindow tables per TABLE_QUOTA.windowSeconds (a rematch table too,
 * in its creator's name). The lobby is paged and filtered, and shows
 * a club's tables only to its members (or to guests where they may watch).
 * A table has the variant's default number of seats, or as many as asked
 * within the variant's range.
 */
import { parseOptions, variantMeta } from "@/engine";
import type { Db } from "@/server/db";
import { failure, success, type ServiceResult } from "@/server/api/errors";
import { rateLimiter } from "@/server/rate-limit";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { readLobbyPage } from "@/server/realtime/store";
import type { LobbyFilter, TableSummary } from "@/protocol";
import type { z } from "zod";
import type { TableRecord } from "@/server/realtime/store";
import { findClubTableLink, linkTable } from "@/server/modules/clubs/repository";
import { createTableInput, type CreateTableInput } from "./schema";
import { countWaitingTables, lockTableCreation } from "./repository";

export const TABLE_QUOTA = {
  /** Tables one person has waiting for players at once. */
  waiting: 5,
  /** How long a table not started counts as waiting. */
  waitingHours: 24,
  /** Tables one person may create per window. */
  perWindow: 10,
  windowSeconds: 600,
} as const;

const creations = () => rateLimiter("table-create", { points: TABLE_QUOTA.perWindow, duration: TABLE_QUOTA.windowSeconds });

/** A client or an interactive transaction's client (club tables are created inside the club's transaction). */
type DbOrTx = Db;

/** Runs `fn` holding a per-person advisory lock for the rest of a transaction, so quota checks and inserts cannot interleave. */
async function underUserLock<T>(db: DbOrTx, userId: string, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const lock = (tx: DbOrTx) => lockTableCreation(tx, userId);
  // Inside a transaction already (a transaction client has no $transaction): lock there.
  if (typeof (db as { $transaction?: unknown }).$transaction !== "function") {
    await lock(db);
    return fn(db);
  }
  return db.$transaction(async (tx) => {
    await lock(tx as unknown as DbOrTx);
    return fn(tx as unknown as DbOrTx);
  });
}

export async function createTable(
  db: DbOrTx,
  userId: string,
  input: z.input<typeof createTableInput>,
  now = Date.now(),
  extra: { botBudgetMs?: number | null } = {},
): Promise<ServiceResult<{ id: string; inviteCode: string; isPrivate: boolean }>> {
  const parsed = createTableInput.safeParse(input);
  if (!parsed.success) return failure({ code: "INVALID_OPTIONS", status: "BAD_REQUEST", message: parsed.error.issues[0]?.message ?? "Invalid table." });
  return createParsedTable(db, userId, parsed.data, now, extra);
}

async function createParsedTable(
  db: DbOrTx,
  userId: string,
  input: CreateTableInput,
  now: number,
  extra: { botBudgetMs?: number | null },
): Promise<ServiceResult<{ id: string; inviteCode: string; isPrivate: boolean }>> {
  const options = parseOptions(input.variant, input.options);
  if (!options.ok)
    return failure({ code: options.error.code === "setup/unknown-variant" ? "UNKNOWN_VARIANT" : "INVALID_OPTIONS", status: "BAD_REQUEST", message: options.error.message });
  const seats = variantMeta(input.variant)!.seats;
  const seatCount = input.seatCount ?? seats.default;
  if (seatCount < seats.min || seatCount > seats.max)
    return failure({
      code: "TABLE_SEAT_COUNT",
      status: "BAD_REQUEST",
      message: `This game is played by ${seats.min} to ${seats.max} players.`,
      params: { min: seats.min, max: seats.max },
    });
  const rate = await creations().consume(`user:${userId}`).then(
    () => null,
    (e: unknown) => {
      if (e instanceof Error) throw e;
      return Math.max(1, Math.ceil(((e as { msBeforeNext?: number }).msBeforeNext ?? 1000) / 1000));
    },
  );
  if (rate !== null)
    return failure({
      code: "TABLE_RATE_LIMITED",
      status: "TOO_MANY_REQUESTS",
      message: `You have created many tables; try again in ${rate} seconds.`,
      params: { seconds: rate },
    });
  return underUserLock(db, userId, async (tx) => {
    const since = new Date(now - TABLE_QUOTA.waitingHours * 3600_000);
    const waiting = await countWaitingTables(tx, userId, since);
    if (waiting >= TABLE_QUOTA.waiting)
      return failure({
        code: "TABLE_QUOTA",
        status: "TOO_MANY_REQUESTS",
        message: `You already have ${waiting} tables waiting for players (at most ${TABLE_QUOTA.waiting}).`,
        params: { limit: TABLE_QUOTA.waiting },
      });
    const rec = await new PrismaTableStore(tx).createTable(
      {
        variant: input.variant,
        options: options.value,
        isPrivate: input.isPrivate,
        createdById: userId,
        turnSeconds: input.turnSeconds,
        trickPauseMs: input.trickPauseMs,
        botBudgetMs: extra.botBudgetMs ?? null,
        seatCount,
      },
      now,
    );
    return success({ id: rec.id, inviteCode: rec.inviteCode, isPrivate: rec.isPrivate });
  });
}

/**
 * The table of a rematch, opened by `creatorId` under the same quotas as
 * any table they create: the same variant, seats, options, privacy, turn
 * time, thinking time and trick pause, and at a club table the same club,
 * preset version and guest rule. Empty and open: the live tables seat the players.
 */
export async function createRematchTable(db: Db, from: TableRecord, creatorId: string): Promise<ServiceResult<{ id: string }>> {
  return db.$transaction(async (tx) => {
    const created = await createTable(
      tx as unknown as Db,
      creatorId,
      { variant: from.variant, options: { ...from.options }, isPrivate: from.isPrivate, turnSeconds: from.turnSeconds, trickPauseMs: from.trickPauseMs, seatCount: from.seats.length },
      Date.now(),
      { botBudgetMs: from.botBudgetMs },
    );
    if (!created.ok) return created;
    const club = await findClubTableLink(tx, from.id);
    if (club) await linkTable(tx, { tableId: created.value.id, clubId: club.clubId, presetVersionId: club.presetVersionId, guestsMayWatch: club.guestsMayWatch, createdById: creatorId });
    return success({ id: created.value.id });
  });
}

/** One lobby page as `viewerId` may see it. */
export function listLobby(db: Db, viewerId: string | null, f: LobbyFilter): Promise<{ tables: TableSummary[]; nextCursor: string | null }> {
  return readLobbyPage(new PrismaTableStore(db), viewerId, f);
}
