/**
 * Ratings in the database: applying a rated match's standings to its
 * players' PlayerRating rows (and logging each change) inside the caller's
 * transaction, and reading leaderboards and a player's rating history.
 */
import type { Db, DbTx, Tx } from "@/server/db";
import { conservative, displayRating, initialSkill, isProvisional, rateMatch } from "./rating-system";
import { findRankedTable } from "@/server/modules/ranked/repository";
import { findDisplayNames, findMatchRatingChanges, findTableCurrentMatchId, findLeaderboard, findMemberClubIds, findPlayerRatingChanges, findPlayerRatings, findRatingScopes, lockRatings, saveRatingChange } from "./repository";

export const GLOBAL_SCOPE = "global";

export interface RatedPlayer {
  readonly userId: string;
  readonly score: number;
  readonly leftEarly: boolean;
}

/** Rates one finished match for every seat's player; returns each seat's place. */
export async function applyMatchRatings(
  tx: Tx,
  input: { matchId: string; variant: string; scope: string; players: readonly RatedPlayer[]; at: Date },
): Promise<number[]> {
  const key = { variant: input.variant, scope: input.scope };
  const ids = input.players.map((p) => p.userId);
  // The players' rows, locked (created if missing): concurrent matches of a player apply one after the other.
  const s0 = initialSkill();
  const byUser = await lockRatings(tx, key, ids, { ...s0, ordinal: conservative(s0) });
  const before = ids.map((id) => byUser.get(id)!);
  const outcome = rateMatch(
    input.variant,
    input.players.map((p, i) => ({ skill: before[i]!, score: p.score, leftEarly: p.leftEarly })),
  );
  for (const [i, p] of input.players.entries()) {
    const o = outcome[i]!;
    await saveRatingChange(tx, key, { userId: p.userId, matchId: input.matchId, before: before[i]!, after: o.skill, ordinal: o.ordinal, place: o.place, leftEarly: p.leftEarly, at: input.at });
  }
  return outcome.map((o) => o.place);
}

/** A rating as shown: scaled mu, ± two sigma, the conservative figure, provisional or not. */
export function shownRating(s: { mu: number; sigma: number; games: number }) {
  return {
    rating: displayRating(s.mu),
    uncertainty: displayRating(2 * s.sigma),
    conservative: displayRating(conservative(s)),
    provisional: isProvisional(s),
    games: s.games,
  };
}

export async function leaderboard(db: Db, input: { variant: string; scope: string; limit: number }) {
  const rows = await findLeaderboard(db, input, input.limit);
  const names = await findDisplayNames(db, rows.map((r) => r.userId));
  return rows.map((r, i) => ({ place: i + 1, userId: r.userId, displayName: names.get(r.userId) ?? "?", ...shownRating(r) }));
}

/**
 * A player's ratings (every variant and scope) with their history, oldest
 * first, for the profile chart. A club ladder's rating (and its matches) only
 * for the player themself and the club's members.
 */
export async function playerRatings(db: Db, userId: string, viewerId: string | null = userId) {
  let scopes: string[] | undefined;
  if (viewerId !== userId) {
    const mine = new Set(viewerId ? await findMemberClubIds(db, viewerId) : []);
    scopes = (await findRatingScopes(db, userId)).filter((sc) => sc === GLOBAL_SCOPE || mine.has(sc));
  }
  const [ratings, changes] = await Promise.all([findPlayerRatings(db, userId, scopes), findPlayerRatingChanges(db, userId, 2000, scopes)]);
  return ratings.map((r) => {
    const own = changes.filter((c) => c.variant === r.variant && c.scope === r.scope);
    const start = own[0] ? { mu: own[0].muBefore, sigma: own[0].sigmaBefore } : initialSkill();
    return {
      variant: r.variant,
      scope: r.scope,
      ...shownRating(r),
      history: [
        { at: null as Date | null, matchId: null as string | null, rating: displayRating(start.mu), uncertainty: displayRating(2 * start.sigma), place: null as number | null },
        ...own.map((c) => ({ at: c.createdAt, matchId: c.matchId, rating: displayRating(c.mu), uncertainty: displayRating(2 * c.sigma), place: c.place as number | null })),
      ],
    };
  });
}

/**
 * Per seat, the change of the shown rating (40·μ) that a table's finished
 * ranked match brought its matched player; null when the table's current
 * match was not rated (not ranked, not finished, or no players known).
 */
export async function tableRatingChanges(db: DbTx, tableId: string): Promise<(number | null)[] | null> {
  const ranked = await findRankedTable(db, tableId);
  if (!ranked || ranked.userIds.length === 0) return null;
  const matchId = await findTableCurrentMatchId(db, tableId);
  if (!matchId) return null;
  const changes = await findMatchRatingChanges(db, matchId, ranked.scope);
  if (changes.length === 0) return null;
  const byUser = new Map(changes.map((c) => [c.userId, displayRating(c.mu) - displayRating(c.muBefore)]));
  return ranked.userIds.map((u) => byUser.get(u) ?? null);
}
