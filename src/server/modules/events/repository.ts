/**
 * Events: every database access of the module (events, their players,
 * rounds and tables, the ledger and settlements; the live tables that
 * standings read are matches/in-play-repository.ts). Functions taking `tx` run inside the caller's
 * transaction (runner.ts, the finishing step); the caller owns its bounds.
 */
import type { DbTx, Tx } from "@/server/db";
import type { Prisma } from "@/generated/prisma/client";

// ---------------------------------------------------------------- events

export const findEvent = (db: DbTx, clubId: string, eventId: string) => db.event.findFirst({ where: { id: eventId, clubId } });

export type EventRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

/** Holds the event row's lock for the rest of the transaction: rounds start and end one at a time, on any process. */
export async function lockEvent(tx: Tx, eventId: string): Promise<EventRow | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Event" WHERE "id" = ${eventId} FOR UPDATE`;
  return rows.length ? tx.event.findUnique({ where: { id: eventId } }) : null;
}

export const insertEvent = (db: DbTx, data: Prisma.EventUncheckedCreateInput) => db.event.create({ data });

/** The club's newest events (at most 100), with their player counts. */
export function listClubEvents(db: DbTx, clubId: string) {
  return db.event.findMany({
    where: { clubId },
    orderBy: { createdAt: "desc" },
    take: 100,
    select: { id: true, name: true, kind: true, variant: true, status: true, rounds: true, currentRound: true, startAt: true, createdAt: true, _count: { select: { players: true } } },
  });
}

/** Events the runner may have to act on: running ones and open ones whose start time came. */
export function listEventsToRun(db: DbTx, now: number) {
  return db.event.findMany({
    where: { OR: [{ status: "running" }, { status: "open", startAt: { lte: new Date(now) } }] },
    select: { id: true, status: true },
  });
}

export const findCurrentRound = (db: DbTx, eventId: string) => db.event.findUnique({ where: { id: eventId }, select: { currentRound: true } });

export async function markEventRunning(tx: Tx, eventId: string, round: number): Promise<void> {
  await tx.event.update({ where: { id: eventId }, data: { status: "running", currentRound: round } });
}

export async function markEventFinished(tx: Tx, eventId: string, at: Date): Promise<void> {
  await tx.event.update({ where: { id: eventId }, data: { status: "finished", finishedAt: at } });
}

// ---------------------------------------------------------------- players

export const countPlayers = (db: DbTx, eventId: string, isBot: boolean) => db.eventPlayer.count({ where: { eventId, isBot } });

/** Adds `count` computer players numbered from `firstNo` (callers hold the event's lock: lockEvent). */
export async function createComputerPlayers(db: DbTx, eventId: string, firstNo: number, count: number): Promise<void> {
  await db.eventPlayer.createMany({
    data: Array.from({ length: count }, (_, i) => ({ eventId, key: `bot:${firstNo + i}`, name: `Computer ${firstNo + i}`, isBot: true })),
  });
}

/** Signs a member up (keyed by user id); signing up twice changes nothing. */
export async function upsertMemberPlayer(db: DbTx, eventId: string, userId: string, name: string): Promise<void> {
  await db.eventPlayer.upsert({ where: { eventId_key: { eventId, key: userId } }, create: { eventId, key: userId, userId, name }, update: {} });
}

/** Removes a signed-up person; the number of rows removed (0 or 1). */
export async function deleteMemberPlayer(db: DbTx, eventId: string, userId: string): Promise<number> {
  const gone = await db.eventPlayer.deleteMany({ where: { eventId, key: userId, isBot: false } });
  return gone.count;
}

/** The event's players (people first, in sign-up order), tables and rounds. */
export async function loadEventData(db: DbTx, eventId: string) {
  const [players, tables, rounds] = await Promise.all([
    db.eventPlayer.findMany({ where: { eventId }, orderBy: [{ isBot: "asc" }, { joinedAt: "asc" }] }),
    db.eventTable.findMany({ where: { eventId }, orderBy: [{ round: "asc" }, { tableNo: "asc" }] }),
    db.eventRound.findMany({ where: { eventId }, orderBy: { round: "asc" } }),
  ]);
  return { players, tables, rounds };
}

// ---------------------------------------------------------------- rounds and tables

export const findRound = (tx: Tx, eventId: string, round: number) => tx.eventRound.findUnique({ where: { eventId_round: { eventId, round } } });

export async function createRound(tx: Tx, data: { eventId: string; round: number; dealSeed: string | null; startedAt: Date; endsAt: Date; seatingMs: number }): Promise<void> {
  await tx.eventRound.create({ data });
}

/** Marks the round finished at `at` (unless it was already). */
export async function finishRound(tx: Tx, eventId: string, round: number, at: Date): Promise<void> {
  await tx.eventRound.updateMany({ where: { eventId, round, finishedAt: null }, data: { finishedAt: at } });
}

export async function createEventTable(tx: Tx, data: { tableId: string; eventId: string; round: number; tableNo: number; players: string[] }): Promise<void> {
  await tx.eventTable.create({ data });
}

export const listRoundTables = (tx: Tx, eventId: string, round: number) => tx.eventTable.findMany({ where: { eventId, round } });

/** Of the given live tables, the ids of those every person left. */
export async function findAbandonedTables(tx: Tx, tableIds: readonly string[]): Promise<string[]> {
  const rows = await tx.table.findMany({ where: { id: { in: [...tableIds] }, status: "abandoned" }, select: { id: true } });
  return rows.map((r) => r.id);
}

export async function markTablesAbandoned(tx: Tx, tableIds: readonly string[]): Promise<void> {
  await tx.eventTable.updateMany({ where: { tableId: { in: [...tableIds] } }, data: { status: "abandoned" } });
}

export async function findEventTableStatus(tx: Tx, tableId: string): Promise<string | null> {
  const row = await tx.eventTable.findUnique({ where: { tableId }, select: { status: true } });
  return row?.status ?? null;
}

/** Stores a finished event table's match, per-deal points and totals. */
export async function storeEventTableFinish(tx: Tx, m: { tableId: string; matchId: string; points: number[][]; scores: number[] }): Promise<void> {
  await tx.eventTable.update({ where: { tableId: m.tableId }, data: { status: "finished", matchId: m.matchId, points: m.points, scores: m.scores } });
}

/** The live table of `userId` in a running event (the newest event, its latest round); null when none. */
export function findPlayingSeat(db: DbTx, userId: string) {
  return db.eventTable.findFirst({
    where: { status: "playing", players: { has: userId }, event: { status: "running" } },
    orderBy: [{ event: { createdAt: "desc" } }, { round: "desc" }],
    select: { tableId: true, round: true, event: { select: { id: true, clubId: true, name: true } } },
  });
}

// ---------------------------------------------------------------- ledger

export const findLedgerSettings = (db: DbTx, clubId: string) => db.clubLedgerSettings.findUnique({ where: { clubId } });

export async function upsertLedgerSettings(db: DbTx, clubId: string, input: { rateOre: number; roundingOre: number }): Promise<void> {
  await db.clubLedgerSettings.upsert({ where: { clubId }, create: { clubId, ...input }, update: input });
}

/** Writes the event's ledger entries once (a second write of a user's entry is skipped). */
export async function createLedgerEntries(tx: Tx, rows: readonly { eventId: string; userId: string; clubId: string; points: number; amountOre: number }[]): Promise<void> {
  await tx.eventLedgerEntry.createMany({ data: [...rows], skipDuplicates: true });
}

export async function createSettlements(tx: Tx, rows: readonly { eventId: string; clubId: string; fromUserId: string; toUserId: string; amountOre: number }[]): Promise<void> {
  await tx.eventSettlement.createMany({ data: [...rows] });
}

/** The event's ledger entries (biggest win first) and settlements (biggest first). */
export async function listEventLedger(db: DbTx, eventId: string) {
  const [entries, settlements] = await Promise.all([
    db.eventLedgerEntry.findMany({ where: { eventId }, orderBy: { amountOre: "desc" } }),
    db.eventSettlement.findMany({ where: { eventId }, orderBy: [{ amountOre: "desc" }, { id: "asc" }] }),
  ]);
  return { entries, settlements };
}

/** Per user, the sum of their ledger amounts in the club and the number of events it spans. */
export function sumLedgerByUser(db: DbTx, clubId: string) {
  return db.eventLedgerEntry.groupBy({ by: ["userId"], where: { clubId }, _sum: { amountOre: true }, _count: { eventId: true } });
}

export function listPaidSettlements(db: DbTx, clubId: string) {
  return db.eventSettlement.findMany({ where: { clubId, paidAt: { not: null } }, select: { fromUserId: true, toUserId: true, amountOre: true } });
}

/** Marks a settlement paid (with when and by whom) or unpaid; the number of rows changed (0 or 1). */
export async function setSettlementPaid(db: DbTx, where: { settlementId: string; eventId: string; clubId: string }, paid: { paidAt: Date; paidById: string } | null): Promise<number> {
  const moved = await db.eventSettlement.updateMany({
    where: { id: where.settlementId, eventId: where.eventId, clubId: where.clubId },
    data: paid ?? { paidAt: null, paidById: null },
  });
  return moved.count;
}
