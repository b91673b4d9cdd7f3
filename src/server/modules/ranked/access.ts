/**
 * Who may sit at a ranked table: only the four players matchmaking seated
 * there (a player who left may come back to their seat). Anyone may watch.
 * Ranked matches are humans only: computer players cannot be seated, since
 * ranked tables start full; they only stand in for a player who is away past
 * the turn timer or who left (that player is then rated as losing).
 * recordRankedStart captures a club ranked table's four players at the start.
 */
import type { SeatOccupant } from "@/protocol";
import type { Db, DbTx } from "@/server/db";
import { findRankedTable, setRankedPlayers } from "./repository";

export const RANKED_TABLE_ERRORS = ["ranked/players-only"] as const;

export async function rankedTableAccess(db: Db, tableId: string, userId: string | null, intent: "watch" | "sit") {
  if (intent !== "sit") return null;
  const ranked = await findRankedTable(db, tableId);
  // A club ranked table has no fixed players until its match starts: members sit freely before that.
  if (!ranked || ranked.userIds.length === 0 || (userId && ranked.userIds.includes(userId))) return null;
  return { code: "ranked/players-only", message: "Only the players matched for this ranked table can sit at it." };
}

/** Called as a table's match starts: a ranked table without fixed players records its four humans (none if a seat is a computer player). */
export async function recordRankedStart(db: DbTx, tableId: string, seats: readonly (SeatOccupant | null)[]): Promise<void> {
  const humans = seats.flatMap((s) => (s?.kind === "human" ? [s.userId] : []));
  if (humans.length !== 4) return;
  await setRankedPlayers(db, tableId, humans);
}
