/**
 * Ratings in the database: applying a rated match's standings to the four
 * players' PlayerRating rows (and logging each change) inside the caller's
 * transaction, and reading leaderboards and a player's rating history.
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db";
import { conservative, displayRating, initialSkill, isProvisional, rateMatch, type Skill } from "./rating-system";

type Tx = Prisma.TransactionClient;

export const GLOBAL_SCOPE = "global";

export interface RatedPlayer {
  readonly userId: string;
  readonly score: number;
  readonly leftEarly: boolean;
}

/** Rates one finished match for the four seats' players; returns each seat's place. */
export async function applyMatchRatings(
  tx: Tx,
  input: { matchId: string; variant: string; scope: string; players: readonly RatedPlayer[]; at: Date },
): Promise<number[]> {
  const { variant, scope } = input;
  const ids = input.players.map((p) => p.userId);
  // Lock the four rows (created if missing) so concurrent matches of a player apply one after the other;
  // always in the same order, so two matches sharing players cannot deadlock.
  const s0 = initialSkill();
  for (const userId of [...ids].sort())
    await tx.playerRating.upsert({
      where: { userId_variant_scope: { userId, variant, scope } },
      create: { userId, variant, scope, mu: s0.mu, sigma: s0.sigma, ordinal: conservative(s0), games: 0 },
      update: {},
      select: { userId: true },
    });
  const rows = await tx.$queryRaw<{ userId: string; mu: number; sigma: number }[]>`
    SELECT "userId", mu, sigma FROM "PlayerRating"
    WHERE variant = ${variant} AND scope = ${scope} AND "userId" = ANY(${ids}) ORDER BY "userId" FOR UPDATE`;
  const byUser = new Map(rows.map((r) => [r.userId, { mu: r.mu, sigma: r.sigma } satisfies Skill]));
  const before = ids.map((id) => byUser.get(id)!);
  const outcome = rateMatch(
    variant,
    input.players.map((p, i) => ({ skill: before[i]!, score: p.score, leftEarly: p.leftEarly })),
  );
  for (let i = 0; i < 4; i++) {
    const p = input.players[i]!;
    const o = outcome[i]!;
    await tx.playerRating.update({
      where: { userId_variant_scope: { userId: p.userId, variant, scope } },
      data: { mu: o.skill.mu, sigma: o.skill.sigma, ordinal: o.ordinal, games: { increment: 1 } },
      select: { userId: true },
    });
    await tx.ratingChange.create({
      data: {
        userId: p.userId,
        variant,
        scope,
        matchId: input.matchId,
        muBefore: before[i]!.mu,
        sigmaBefore: before[i]!.sigma,
        mu: o.skill.mu,
        sigma: o.skill.sigma,
        ordinal: o.ordinal,
        place: o.place,
        leftEarly: p.leftEarly,
        createdAt: input.at,
      },
      select: { id: true },
    });
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
  const rows = await db.playerRating.findMany({
    where: { variant: input.variant, scope: input.scope },
    orderBy: [{ ordinal: "desc" }, { userId: "asc" }],
    take: input.limit,
    select: { userId: true, mu: true, sigma: true, games: true },
  });
  const users = await db.user.findMany({ where: { id: { in: rows.map((r) => r.userId) } }, select: { id: true, displayName: true } });
  const names = new Map(users.map((u) => [u.id, u.displayName]));
  return rows.map((r, i) => ({ place: i + 1, userId: r.userId, displayName: names.get(r.userId) ?? "?", ...shownRating(r) }));
}

/**
 * A player's ratings (every variant and scope) with their history, oldest
 * first, for the profile chart. A club ladder's rating (and its matches) only
 * for the player themself and the club's members.
 */
export async function playerRatings(db: Db, userId: string, viewerId: string | null = userId) {
  let scopes: Prisma.StringFilter | undefined;
  if (viewerId !== userId) {
    const clubs = viewerId ? await db.clubMember.findMany({ where: { userId: viewerId }, select: { clubId: true } }) : [];
    const own = await db.playerRating.findMany({ where: { userId }, distinct: ["scope"], select: { scope: true } });
    const mine = new Set(clubs.map((c) => c.clubId));
    scopes = { in: own.map((r) => r.scope).filter((sc) => sc === GLOBAL_SCOPE || mine.has(sc)) };
  }
  const [ratings, changes] = await Promise.all([
    db.playerRating.findMany({ where: { userId, scope: scopes }, orderBy: [{ variant: "asc" }, { scope: "asc" }], select: { variant: true, scope: true, mu: true, sigma: true, games: true } }),
    db.ratingChange.findMany({
      where: { userId, scope: scopes },
      orderBy: { createdAt: "asc" },
      take: 2000,
      select: { variant: true, scope: true, matchId: true, muBefore: true, sigmaBefore: true, mu: true, sigma: true, place: true, createdAt: true },
    }),
  ]);
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
