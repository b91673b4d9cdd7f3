/**
 * Matches: the database side of a live match's start and finish, each in one
 * transaction. The finish is keyed by table and match (Table.id + the match
 * seed, unique on Match): it runs under the table row's lock and does nothing
 * when that match is already stored, so a retried or resumed finish records
 * the match, its history rows, ratings, club ladder and analysis queue once.
 * The Match row's id is fixed by the same key (match-record.ts), so the hands
 * finished while the match goes on are analysed under it before it exists.
 */
import type { Db, DbTx } from "@/server/db";
import type { Prisma } from "@/generated/prisma/client";
import type { SeatOccupant } from "@/protocol";
import { recordFinishedMatch } from "@/server/modules/history/record-match";
import type { FinishedMatch } from "@/server/realtime/store";
import { recordRankedStart } from "@/server/modules/ranked/access";
import { matchIdOf } from "./match-record";

/** The database client the finishing step opens its transaction on. */
export type MatchesDb = Db;

const json = (v: unknown) => v as Prisma.InputJsonValue;

/** Runs `fn` in a transaction, or inside the caller's when `db` is one already. */
function inTransaction<T>(db: DbTx, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return "$transaction" in db ? db.$transaction(fn) : fn(db);
}

export interface MatchStart {
  readonly tableId: string;
  readonly seats: readonly (SeatOccupant | null)[];
  readonly seed: string;
  readonly at: number;
}

/**
 * Seats the players, stores the seed and marks the table playing; a
 * ranked table without fixed players records them. Writing the same start
 * again changes nothing (a retry after an unclear failure); a table already
 * playing another match is left alone (false).
 */
export async function writeMatchStart(db: DbTx, s: MatchStart): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const moved = await tx.table.updateMany({
      where: { id: s.tableId, OR: [{ status: "open" }, { status: "playing", seed: s.seed }] },
      data: {
        seats: json(s.seats),
        seed: s.seed,
        status: "playing",
        lastActionAt: new Date(s.at),
        // The first hand's cards belong to the people seated now (ranked: the matched accounts, seated the same way).
        handOwners: json(s.seats.map((o) => (o?.kind === "human" ? o.userId : null))),
      },
    });
    if (moved.count === 0) return false;
    await recordRankedStart(tx, s.tableId, s.seats);
    return true;
  });
}

/** What the finishing step stores: the live tables' finished match. */
export type MatchFinish = FinishedMatch;

export type FinishOutcome = "recorded" | "already-recorded" | "no-such-table" | "abandoned";

export async function writeMatchFinish(db: Db, m: MatchFinish): Promise<FinishOutcome> {
  return db.$transaction(async (tx) => {
    // The table row's lock orders two finishes of one match (a retry racing a resume on another process).
    const locked = await tx.$queryRaw<{ seed: string | null; status: string }[]>`SELECT "seed", "status" FROM "Table" WHERE "id" = ${m.tableId} FOR UPDATE`;
    const table = locked[0];
    if (!table) return "no-such-table";
    // A table every person left ended without a result: it is never recorded (nor turned into a finished one).
    if (table.status === "abandoned") return "abandoned";
    const seed = table.seed;
    const existing = seed ? await tx.match.findUnique({ where: { tableId_seed: { tableId: m.tableId, seed } }, select: { id: true } }) : null;
    if (!existing) {
      const finishedAt = new Date(m.finishedAt);
      const row = await tx.match.create({
        data: { ...(seed ? { id: matchIdOf(m.tableId, seed) } : {}), tableId: m.tableId, seed, variant: m.variant, record: json(m.record), players: json(m.players), scores: json(m.scores), finishedAt },
        select: { id: true },
      });
      await recordFinishedMatch(tx, { ...m, matchId: row.id, finishedAt });
    }
    await tx.table.update({ where: { id: m.tableId }, data: { status: "finished" }, select: { id: true } });
    return existing ? "already-recorded" : "recorded";
  });
}
