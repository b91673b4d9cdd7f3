/**
 * Who may sit at a ranked table: only the four players matchmaking seated
 * there (a player who left may come back to their seat). Anyone may watch.
 * Ranked matches are humans only: computer players cannot be seated, since
 * ranked tables start full; they only stand in for a player who is away past
 * the turn timer or who left (that player is then rated as losing).
 */
import type { Db } from "@/server/db";

export const RANKED_TABLE_ERRORS = ["ranked/players-only"] as const;

export async function rankedTableAccess(db: Db, tableId: string, userId: string | null, intent: "watch" | "sit") {
  if (intent !== "sit") return null;
  const ranked = await db.rankedTable.findUnique({ where: { tableId }, select: { userIds: true } });
  if (!ranked || (userId && ranked.userIds.includes(userId))) return null;
  return { code: "ranked/players-only", message: "Only the players matched for this ranked table can sit at it." };
}
