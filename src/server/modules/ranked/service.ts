/**
 * The ranked queue and matchmaking. A player joins the queue of one variant;
 * whenever someone joins or polls, waiting players are grouped by the
 * variant's default seat count (four in every variant so far) by similar
 * conservative rating (the accepted spread widens the longer the
 * oldest of them has waited). Only players whose queue page polled in the
 * last AWAY_MS are matched, so nobody is seated at a match they walked away from. A group gets a live table with the variant's
 * standard rules (the engine's defaults, as RULES.md fixes them), all its
 * humans seated and the match started; only they may sit there (see
 * access.ts). Matching runs under a per-variant advisory lock so two servers
 * never seat the same player twice, and locks the queue entries it reads: a
 * join or a taken offer of computer players locks the player's entry too, so
 * either comes wholly before or after a match that seats them (never both
 * seated and queued, nor at two tables). Someone left waiting alone sees how long
 * they waited and who waits per variant; after COMPUTER_OFFER_SECONDS they are
 * offered an unrated table with computer players on the other seats instead (leaving the queue).
 */
import { getEnv } from "@/env";
import { parseOptions, VARIANT_IDS, variantMeta } from "@/engine";
import type { Db } from "@/server/db";
import { failure, success, type ServiceResult } from "@/server/api/errors";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { BOT_NAMES } from "@/server/realtime/room";
import { newMatchSeed, startMatch } from "@/server/modules/matches/lifecycle";
import { DEFAULT_BOT_LEVEL, type SeatOccupant } from "@/protocol";
import { conservative, initialSkill, isPartnershipVariant } from "@/server/modules/ratings/rating-system";
import { GLOBAL_SCOPE } from "@/server/modules/ratings/service";
import { findDisplayNames, findOrdinal } from "@/server/modules/ratings/repository";
import {
  countWaiting,
  countWaitingByVariant,
  createRankedTable,
  dropStaleEntries,
  findActiveRankedTable,
  findQueueEntry,
  lockQueueEntry,
  lockVariantQueue,
  lockWaiting,
  removeQueueEntries,
  touchQueueEntry,
  upsertQueueEntry,
} from "./repository";

/** Accepted rating spread (conservative rating units) at once, and its growth per second of waiting. */
export const BASE_SPREAD = 3;
export const SPREAD_PER_SECOND = 0.25;
export const RANKED_TURN_SECONDS = 45;
/** A waiting player whose queue page has not polled for this long is not matched; after STALE_MS they are dropped. */
export const AWAY_MS = 10_000;
export const STALE_MS = 60_000;

/** After this wait (RANKED_COMPUTER_OFFER_SECONDS, default 60; the browser tests shorten it) the queue offers computer players. */
export const computerOfferSeconds = (): number => getEnv().RANKED_COMPUTER_OFFER_SECONDS;

export type QueueStatus =
  | { readonly state: "idle" }
  | {
      readonly state: "waiting";
      readonly variant: string;
      readonly since: Date;
      readonly waiting: number;
      /** Seconds waited so far (by the server's clock). */
      readonly waitedSeconds: number;
      /** How many wait in each variant's queue (variants with none left out). */
      readonly byVariant: readonly { readonly variant: string; readonly count: number }[];
      readonly offerComputersAfterSeconds: number;
    }
  | { readonly state: "playing"; readonly tableId: string; readonly variant: string };

export const spreadAfter = (waitedMs: number) => BASE_SPREAD + (SPREAD_PER_SECOND * Math.max(0, waitedMs)) / 1000;

interface Waiting {
  readonly userId: string;
  readonly ordinal: number;
  readonly joinedAt: Date;
}

/** The players of one ranked match of a variant: its default seat count. */
export const rankedGroupSize = (variant: string): number => variantMeta(variant)?.seats.default ?? 4;

/** Picks groups of `size` (default four): the longest-waiting player with the `size - 1` nearest in rating within the spread. */
export function formGroups(waiting: readonly Waiting[], now: number, size = 4): Waiting[][] {
  const pool = [...waiting].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime());
  const groups: Waiting[][] = [];
  for (let i = 0; i < pool.length; ) {
    const anchor = pool[i]!;
    const spread = spreadAfter(now - anchor.joinedAt.getTime());
    const near = pool
      .filter((w) => w !== anchor && Math.abs(w.ordinal - anchor.ordinal) <= spread)
      .sort((a, b) => Math.abs(a.ordinal - anchor.ordinal) - Math.abs(b.ordinal - anchor.ordinal))
      .slice(0, size - 1);
    if (near.length < size - 1) {
      i++;
      continue;
    }
    const group = [anchor, ...near];
    groups.push(group);
    for (const w of group) pool.splice(pool.indexOf(w), 1);
  }
  return groups;
}

/** Seats for a group: in partnership variants the strongest and weakest play together (seats 0 and 2). */
export function seatOrder(group: readonly Waiting[], variant: string): Waiting[] {
  const byRating = [...group].sort((a, b) => b.ordinal - a.ordinal);
  if (!isPartnershipVariant(variant) || byRating.length !== 4) return byRating;
  const [a, b, c, d] = byRating as [Waiting, Waiting, Waiting, Waiting];
  return [a, b, d, c];
}

/** Forms every possible group of one variant; returns the new tables' ids. */
export async function matchmake(db: Db, variant: string, now = Date.now()): Promise<string[]> {
  const options = parseOptions(variant, {});
  if (!options.ok) return [];
  return db.$transaction(async (tx) => {
    await lockVariantQueue(tx, variant);
    await dropStaleEntries(tx, variant, new Date(now - STALE_MS));
    const waiting = await lockWaiting(tx, variant, new Date(now - AWAY_MS), 500);
    const groups = formGroups(waiting, now, rankedGroupSize(variant));
    if (!groups.length) return [];
    const names = await findDisplayNames(tx, groups.flat().map((w) => w.userId));
    // The live-table store only uses the Table model, which a transaction client serves as well.
    const store = new PrismaTableStore(tx as unknown as Db);
    const tableIds: string[] = [];
    for (const group of groups) {
      const seated = seatOrder(group, variant);
      const table = await store.createTable(
        { variant, options: options.value as Record<string, unknown>, isPrivate: true, createdById: seated[0]!.userId, turnSeconds: RANKED_TURN_SECONDS, seatCount: seated.length },
        now,
      );
      const seats: SeatOccupant[] = seated.map((w) => ({ kind: "human", userId: w.userId, name: names.get(w.userId) ?? "?" }));
      // The match lifecycle starts it, inside this transaction.
      await startMatch(tx, { tableId: table.id, seats, seed: newMatchSeed(), at: now });
      await createRankedTable(tx, { tableId: table.id, variant, scope: GLOBAL_SCOPE, userIds: seated.map((w) => w.userId) });
      await removeQueueEntries(tx, group.map((w) => w.userId));
      tableIds.push(table.id);
    }
    return tableIds;
  });
}

export async function queueStatus(db: Db, userId: string, now = Date.now()): Promise<QueueStatus> {
  const entry = await findQueueEntry(db, userId);
  if (entry) {
    await touchQueueEntry(db, userId, new Date(now));
    await matchmake(db, entry.variant, now);
    const still = await findQueueEntry(db, userId);
    if (still)
      return {
        state: "waiting",
        variant: entry.variant,
        since: still.joinedAt,
        waiting: await countWaiting(db, entry.variant),
        waitedSeconds: Math.max(0, Math.floor((now - still.joinedAt.getTime()) / 1000)),
        byVariant: await countWaitingByVariant(db),
        offerComputersAfterSeconds: computerOfferSeconds(),
      };
  }
  const active = await findActiveRankedTable(db, userId);
  return active ? { state: "playing", tableId: active.tableId, variant: active.variant } : { state: "idle" };
}

export async function joinQueue(db: Db, userId: string, variant: string, now = Date.now()): Promise<ServiceResult<QueueStatus>> {
  if (!(VARIANT_IDS as readonly string[]).includes(variant)) return failure({ code: "UNKNOWN_VARIANT", status: "BAD_REQUEST", message: `Unknown variant ${variant}.` });
  // Under the entry's lock: matching that seats the player (it locks the entries it seats) comes
  // wholly before this check, which then refuses, or after this move, which it then sees.
  const joined = await db.$transaction(async (tx): Promise<ServiceResult<null>> => {
    await lockQueueEntry(tx, userId);
    const active = await findActiveRankedTable(tx, userId);
    if (active) return failure({ code: "RANKED_IN_MATCH", status: "CONFLICT", message: "You are already playing a ranked match." });
    const ordinal = (await findOrdinal(tx, userId, { variant, scope: GLOBAL_SCOPE })) ?? conservative(initialSkill());
    await upsertQueueEntry(tx, { userId, variant, ordinal, at: new Date(now) });
    return success(null);
  });
  if (!joined.ok) return joined;
  return success(await queueStatus(db, userId, now));
}

export async function leaveQueue(db: Db, userId: string): Promise<void> {
  await removeQueueEntries(db, [userId]);
}

/**
 * Instead of waiting on: leaves the queue for an unrated private table of the same
 * variant (standard rules, its ranked seat count), the player at seat 0 and computer
 * players on the others, the match started. Only once the offer's wait is over; not
 * rated (no ranked record).
 */
export async function playWithComputers(db: Db, userId: string, now = Date.now()): Promise<ServiceResult<{ tableId: string }>> {
  return db.$transaction(async (tx) => {
    // Locked: a second offer taken at once, or matching that seats the player, waits or is waited for.
    const entry = await lockQueueEntry(tx, userId);
    if (!entry) return failure({ code: "RANKED_NOT_WAITING", status: "CONFLICT", message: "You are not in a queue." });
    if (now - entry.joinedAt.getTime() < computerOfferSeconds() * 1000)
      return failure({ code: "RANKED_OFFER_NOT_YET", status: "CONFLICT", message: "Keep waiting a little longer." });
    const options = parseOptions(entry.variant, {});
    if (!options.ok) return failure({ code: "UNKNOWN_VARIANT", status: "BAD_REQUEST", message: `Unknown variant ${entry.variant}.` });
    const names = await findDisplayNames(tx, [userId]);
    const store = new PrismaTableStore(tx as unknown as Db);
    const seatCount = rankedGroupSize(entry.variant);
    const table = await store.createTable(
      { variant: entry.variant, options: options.value as Record<string, unknown>, isPrivate: true, createdById: userId, turnSeconds: RANKED_TURN_SECONDS, seatCount },
      now,
    );
    const seats: SeatOccupant[] = [
      { kind: "human", userId, name: names.get(userId) ?? "?" },
      ...Array.from({ length: seatCount - 1 }, (_, i): SeatOccupant => ({ kind: "bot", name: BOT_NAMES[i + 1]!, level: DEFAULT_BOT_LEVEL })),
    ];
    await startMatch(tx, { tableId: table.id, seats, seed: newMatchSeed(), at: now });
    await removeQueueEntries(tx, [userId]);
    return success({ tableId: table.id });
  });
}

/**
 * A club's ranked table: a club table with one of the club's presets (its
 * ladder plays the club's rules), marked ranked for the club's scope. Members
 * sit as at any club table; the starting players are captured when the
 * match starts (recordRankedStart). A table started with a computer player
 * on a seat is not rated: ranked matches are humans only.
 */
export async function openClubRankedTable(
  db: Db,
  actor: { userId: string; role: "owner" | "admin" | "member" },
  clubId: string,
  input: { presetId: string; turnSeconds: number; seatCount?: number },
): Promise<ServiceResult<{ tableId: string }>> {
  const { openTable } = await import("@/server/modules/clubs/service");
  // Marked ranked in the table's own transaction: never up, even for a moment, as a plain club table.
  const opened = await openTable(db, actor, clubId, { presetId: input.presetId, guestsMayWatch: false, turnSeconds: input.turnSeconds, seatCount: input.seatCount }, (tx, table) =>
    createRankedTable(tx, { tableId: table.id, variant: table.variant, scope: clubId, userIds: [] }),
  );
  if (!opened.ok) return opened;
  return success({ tableId: opened.value.tableId });
}
