/**
 * Ranked tables' seats: each seat belongs to the account matched to it for
 * the whole match (the live tables' seat rules, realtime/seating.ts, read
 * RankedTable.userIds as the table's fixed seats; a player who left may come
 * back to their own seat only). Ranked matches are humans only: computer
 * players cannot be seated, since ranked tables start full; they only stand
 * in for a player who is away past the turn timer or who left (that player is
 * then rated as losing). recordRankedStart captures a club ranked table's
 * players at the start.
 */
import type { SeatOccupant } from "@/protocol";
import type { DbTx } from "@/server/db";
import { findRankedTable, setRankedPlayers } from "./repository";

export const RANKED_TABLE_ERRORS = ["ranked/players-only"] as const;

/** Called as a table's match starts: a ranked table without fixed players records its humans (none if a seat is a computer player). */
export async function recordRankedStart(db: DbTx, tableId: string, seats: readonly (SeatOccupant | null)[]): Promise<void> {
  const humans = seats.flatMap((s) => (s?.kind === "human" ? [s.userId] : []));
  if (humans.length !== seats.length) return;
  await setRankedPlayers(db, tableId, humans);
}
