/**
 * Ratings: every database access of the module (PlayerRating rows and the
 * RatingChange log), each with an explicit select.
 */
import type { DbTx, Tx } from "@/server/db";
import type { Skill } from "./rating-system";

export interface RatingKey {
  readonly variant: string;
  readonly scope: string;
}

/**
 * Creates the missing rating rows of these players and locks all of them for the transaction,
 * always in user-id order, so two matches sharing players apply one after the other and never deadlock.
 */
export async function lockRatings(tx: Tx, key: RatingKey, userIds: readonly string[], initial: Skill & { ordinal: number }): Promise<Map<string, Skill>> {
  const { variant, scope } = key;
  for (const userId of [...userIds].sort())
    await tx.playerRating.upsert({
      where: { userId_variant_scope: { userId, variant, scope } },
      create: { userId, variant, scope, mu: initial.mu, sigma: initial.sigma, ordinal: initial.ordinal, games: 0 },
      update: {},
      select: { userId: true },
    });
  const rows = await tx.$queryRaw<{ userId: string; mu: number; sigma: number }[]>`
    SELECT "userId", mu, sigma FROM "PlayerRating"
    WHERE variant = ${variant} AND scope = ${scope} AND "userId" = ANY(${[...userIds]}) ORDER BY "userId" FOR UPDATE`;
  return new Map(rows.map((r) => [r.userId, { mu: r.mu, sigma: r.sigma }]));
}

/** Stores one player's new rating and logs the change. */
export async function saveRatingChange(
  tx: Tx,
  key: RatingKey,
  change: { userId: string; matchId: string; before: Skill; after: Skill; ordinal: number; place: number; leftEarly: boolean; at: Date },
): Promise<void> {
  const { variant, scope } = key;
  await tx.playerRating.update({
    where: { userId_variant_scope: { userId: change.userId, variant, scope } },
    data: { mu: change.after.mu, sigma: change.after.sigma, ordinal: change.ordinal, games: { increment: 1 } },
    select: { userId: true },
  });
  await tx.ratingChange.create({
    data: {
      userId: change.userId,
      variant,
      scope,
      matchId: change.matchId,
      muBefore: change.before.mu,
      sigmaBefore: change.before.sigma,
      mu: change.after.mu,
      sigma: change.after.sigma,
      ordinal: change.ordinal,
      place: change.place,
      leftEarly: change.leftEarly,
      createdAt: change.at,
    },
    select: { id: true },
  });
}

/** The best conservative ratings of a variant and scope. */
export function findLeaderboard(db: DbTx, key: RatingKey, take: number) {
  return db.playerRating.findMany({
    where: { variant: key.variant, scope: key.scope },
    orderBy: [{ ordinal: "desc" }, { userId: "asc" }],
    take,
    select: { userId: true, mu: true, sigma: true, games: true },
  });
}

/** One player's conservative rating, if they have one. */
export async function findOrdinal(db: DbTx, userId: string, key: RatingKey): Promise<number | null> {
  const row = await db.playerRating.findUnique({ where: { userId_variant_scope: { userId, variant: key.variant, scope: key.scope } }, select: { ordinal: true } });
  return row?.ordinal ?? null;
}

/** A player's ratings, every variant and scope (or only `scopes`). */
export function findPlayerRatings(db: DbTx, userId: string, scopes?: readonly string[]) {
  return db.playerRating.findMany({
    where: { userId, scope: scopes && { in: [...scopes] } },
    orderBy: [{ variant: "asc" }, { scope: "asc" }],
    select: { variant: true, scope: true, mu: true, sigma: true, games: true },
  });
}

/** The scopes (global, club ladders) a player has a rating in. */
export async function findRatingScopes(db: DbTx, userId: string): Promise<string[]> {
  const rows = await db.playerRating.findMany({ where: { userId }, distinct: ["scope"], select: { scope: true } });
  return rows.map((r) => r.scope);
}

/** The clubs a user is a member of (whose ladders they may see). */
export async function findMemberClubIds(db: DbTx, userId: string): Promise<string[]> {
  const rows = await db.clubMember.findMany({ where: { userId }, select: { clubId: true } });
  return rows.map((r) => r.clubId);
}

/** A player's rating changes, oldest first (at most `take`; only `scopes` when given). */
export function findPlayerRatingChanges(db: DbTx, userId: string, take: number, scopes?: readonly string[]) {
  return db.ratingChange.findMany({
    where: { userId, scope: scopes && { in: [...scopes] } },
    orderBy: { createdAt: "asc" },
    take,
    select: { variant: true, scope: true, matchId: true, muBefore: true, sigmaBefore: true, mu: true, sigma: true, place: true, createdAt: true },
  });
}

/** Display names by user id (for leaderboards and ranked tables). */
export async function findDisplayNames(db: DbTx, userIds: readonly string[]): Promise<Map<string, string>> {
  const users = await db.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, displayName: true } });
  return new Map(users.map((u) => [u.id, u.displayName]));
}

/** The rating changes one match brought, in one scope. */
/** The id of the match a table's current deal seed was recorded as, if it was. */
export async function findTableCurrentMatchId(db: DbTx, tableId: string): Promise<string | null> {
  const table = await db.table.findUnique({ where: { id: tableId }, select: { seed: true } });
  if (!table?.seed) return null;
  const match = await db.match.findUnique({ where: { tableId_seed: { tableId, seed: table.seed } }, select: { id: true } });
  return match?.id ?? null;
}

export function findMatchRatingChanges(db: DbTx, matchId: string, scope: string) {
  return db.ratingChange.findMany({ where: { matchId, scope }, select: { userId: true, muBefore: true, mu: true } });
}
