/**
 * Tables (creation quota): the database accesses of the module beyond the
 * live tables' store (realtime/prisma-store.ts), each with an explicit select.
 */
import type { DbTx } from "@/server/db";

/** Holds a per-person advisory lock for the rest of the transaction (table creation). */
export async function lockTableCreation(tx: DbTx, userId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`tables:create:${userId}`}))`;
}

/** Tables a person created since `since` that still wait for players. */
export function countWaitingTables(tx: DbTx, userId: string, since: Date): Promise<number> {
  return tx.table.count({ where: { createdById: userId, status: "open", createdAt: { gte: since } } });
}
