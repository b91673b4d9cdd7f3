/**
 * What the live tables and the history need to know about a club table and
 * one person: the club and the person's role in it. The rule itself (members
 * sit and watch; non-members only watch, and only where an admin allowed
 * guests) is the live tables' seat rules (src/server/realtime/seating.ts).
 * Refusals are wire errors with stable codes ("club/members-only",
 * "club/members-only-watch") that the pages translate.
 */
import type { Db } from "@/server/db";
import { clubRefusal, NO_CLUB, type AccessFacts } from "@/server/realtime/seating";
import { findClubTable, findRole } from "./repository";

export type TableIntent = "watch" | "sit";
export type AccessRefusal = { readonly code: string; readonly message: string };

export const CLUB_TABLE_ERRORS = ["club/members-only", "club/members-only-watch"] as const;

/** The club of a table (null: no club's) with `userId`'s role in it. */
export async function clubAccessFacts(db: Db, tableId: string, userId: string | null): Promise<AccessFacts> {
  const link = await findClubTable(db, tableId);
  if (!link) return NO_CLUB;
  const role = userId ? await findRole(db, link.clubId, userId) : null;
  return { club: { name: link.club.name, guestsMayWatch: link.guestsMayWatch, role } };
}

/** The club rule alone for one intent; null = allowed (also for tables of no club). */
export async function clubTableAccess(db: Db, tableId: string, userId: string | null, intent: TableIntent): Promise<AccessRefusal | null> {
  return clubRefusal(await clubAccessFacts(db, tableId, userId), intent);
}
