/**
 * Who may use a club's live table: the check the live-table hub calls before
 * a connection opens (watches) a table or takes a seat at it. Tables that are
 * no club's are not restricted here. Members may sit and watch; non-members
 * may only watch, and only where an admin allowed guests.
 * Refusals are wire errors with stable codes ("club/members-only",
 * "club/members-only-watch") that the table page translates.
 */
import type { Db } from "@/server/db";
import { findClubTable, findRole } from "./repository";

export type TableIntent = "watch" | "sit";
export type AccessRefusal = { readonly code: string; readonly message: string };

export const CLUB_TABLE_ERRORS = ["club/members-only", "club/members-only-watch"] as const;

export async function clubTableAccess(
  db: Db,
  tableId: string,
  userId: string | null,
  intent: TableIntent,
): Promise<AccessRefusal | null> {
  const link = await findClubTable(db, tableId);
  if (!link) return null;
  if (intent === "watch" && link.guestsMayWatch) return null;
  if (userId && (await findRole(db, link.clubId, userId))) return null;
  return intent === "sit"
    ? { code: "club/members-only", message: `Only members of the club "${link.club.name}" can sit at this table.` }
    : { code: "club/members-only-watch", message: `Only members of the club "${link.club.name}" can watch this table.` };
}
