/**
 * Club events: creating one (admins), signing up and adding members,
 * standings, results and the ledger views. Running the rounds (seating,
 * creating the live tables, advancing when a round's tables are done) is
 * runner.ts. Failures are values with stable codes (messages events.json,
 * "errors"); the procedures checked club membership and admin role already.
 */
import { parseOptions, variantMeta } from "@/engine";
import { randomBytes } from "node:crypto";
import type { Db, DbTx } from "@/server/db";
import { failure, success, type ServiceError, type ServiceResult } from "@/server/api/errors";
import { findPreset, findRole, findVersion } from "@/server/modules/clubs/repository";
import { findDisplayNames } from "@/server/modules/ratings/repository";
import { matchpointRound, type DealFrequencies } from "./matchpoints";
import { settle } from "./ledger";
import type { CreateEventInput } from "./schema";
import { livePoints } from "./live-points";
import {
  countPlayers,
  createComputerPlayers,
  deleteMemberPlayer,
  findEvent,
  findLedgerSettings,
  findPlayingSeat,
  insertEvent,
  listClubEvents,
  listEventLedger,
  listPaidSettlements,
  loadEventData,
  lockEvent,
  setSettlementPaid,
  sumLedgerByUser,
  upsertLedgerSettings,
  upsertMemberPlayer,
  type EventRow,
} from "./repository";

export { findEvent, type EventRow };

/** A table's player by key, as the event pages show it (a computer player's name in the reader's language). */
const tablePlayer = (byKey: ReadonlyMap<string, { name: string; isBot: boolean }>, key: string) => {
  const p = byKey.get(key);
  return { key, name: p?.name ?? "?", isBot: p?.isBot ?? false };
};

const err = (code: string, status: ServiceError["status"], message: string, params?: ServiceError["params"]) =>
  failure({ code, status, message, ...(params ? { params } : {}) });

export const EVENT_ERRORS = {
  notFound: () => err("EVENT_NOT_FOUND", "NOT_FOUND", "No such event in this club."),
  presetNotFound: () => err("PRESET_NOT_FOUND", "NOT_FOUND", "This club has no such rule preset."),
  notFourSeats: () => err("EVENT_FOUR_SEATS", "BAD_REQUEST", "Events are played at tables of four: choose a four-player variant."),
  badDeals: (deals: number) =>
    err("EVENT_DEALS", "BAD_REQUEST", `This variant cannot play ${deals} deals per round (it needs a fixed match length, a multiple of 4).`, { deals }),
  notOpen: () => err("EVENT_NOT_OPEN", "CONFLICT", "Sign-up for this event is closed."),
  notMember: () => err("CLUB_MEMBER_NOT_FOUND", "NOT_FOUND", "This player is not a member of the club."),
  notSignedUp: () => err("EVENT_NOT_SIGNED_UP", "NOT_FOUND", "This player is not signed up."),
  playerCount: (count: number) =>
    err("EVENT_PLAYER_COUNT", "CONFLICT", `${count} players cannot be seated at tables of four (allow computer players, or sign up more).`, { count }),
  noComputers: () => err("EVENT_NO_COMPUTERS", "CONFLICT", "This event does not allow computer players."),
  notRunning: () => err("EVENT_NOT_RUNNING", "CONFLICT", "The event is not running."),
  roundBusy: () => err("EVENT_ROUND_BUSY", "CONFLICT", "The round cannot start now (it started already, or the round before is still being played)."),
  settlementNotFound: () => err("EVENT_SETTLEMENT_NOT_FOUND", "NOT_FOUND", "No such settlement."),
} as const;

export async function ledgerSettings(db: DbTx, clubId: string) {
  const row = await findLedgerSettings(db, clubId);
  return { rateOre: row?.rateOre ?? 0, roundingOre: row?.roundingOre ?? 1 };
}

export async function setLedgerSettings(db: Db, clubId: string, input: { rateOre: number; roundingOre: number }) {
  await upsertLedgerSettings(db, clubId, input);
  return ledgerSettings(db, clubId);
}

/** The options a round's tables play: the preset version's rules with the match length set to dealsPerRound. */
export function roundOptions(variant: string, presetOptions: Record<string, unknown>, dealsPerRound: number): ServiceResult<Record<string, unknown>> {
  const meta = variantMeta(variant);
  if (!meta || meta.seats.min > 4 || meta.seats.max < 4) return EVENT_ERRORS.notFourSeats();
  const parsed = parseOptions(variant, { ...presetOptions, deals: dealsPerRound });
  return parsed.ok ? success(parsed.value as Record<string, unknown>) : EVENT_ERRORS.badDeals(dealsPerRound);
}

export async function createEvent(db: Db, actor: { userId: string }, clubId: string, input: CreateEventInput) {
  const preset = await findPreset(db, clubId, input.presetId);
  if (!preset) return EVENT_ERRORS.presetNotFound();
  const version = await findVersion(db, preset.id, preset.latestVersion);
  if (!version) return EVENT_ERRORS.presetNotFound();
  const options = roundOptions(preset.variant, version.options as Record<string, unknown>, input.dealsPerRound);
  if (!options.ok) return options;
  const money = await ledgerSettings(db, clubId);
  const event = await insertEvent(db, {
    clubId,
    name: input.name,
    kind: input.kind,
    variant: preset.variant,
    presetVersionId: version.id,
    options: options.value as object,
    rounds: input.rounds,
    dealsPerRound: input.dealsPerRound,
    seating: input.seating,
    duplicate: input.duplicate,
    roundMinutes: input.roundMinutes,
    turnSeconds: input.turnSeconds,
    trickPauseMs: input.trickPauseMs,
    startAt: input.startAt,
    allowComputers: input.allowComputers,
    ranked: input.ranked,
    seed: randomBytes(32).toString("hex"),
    rateOre: money.rateOre,
    roundingOre: money.roundingOre,
    createdById: actor.userId,
  });
  return success(event);
}

export function listEvents(db: Db, clubId: string) {
  return listClubEvents(db, clubId);
}

// ---------------------------------------------------------------- sign-up

/**
 * A change to the sign-up list, made under the event row's lock once the event is found in the club
 * and still open. Starting the event takes the same lock (runner.ts, startRound) and seats the list
 * as it reads it then: a sign-up checked before the start but written after it would be a player
 * without a table, and two additions at once would count the same players.
 */
function changeSignUps<T>(db: Db, clubId: string, eventId: string, change: (tx: DbTx, event: EventRow) => Promise<ServiceResult<T>>): Promise<ServiceResult<T>> {
  return db.$transaction(async (tx): Promise<ServiceResult<T>> => {
    const event = await lockEvent(tx, eventId);
    if (!event || event.clubId !== clubId) return EVENT_ERRORS.notFound();
    if (event.status !== "open") return EVENT_ERRORS.notOpen();
    return change(tx, event);
  });
}

/** A member signs up, or an admin adds one; signing up twice changes nothing. */
export function signUp(db: Db, clubId: string, eventId: string, userId: string) {
  return changeSignUps(db, clubId, eventId, async (tx): Promise<ServiceResult<{ signedUp: true }>> => {
    if (!(await findRole(tx, clubId, userId))) return EVENT_ERRORS.notMember();
    const name = (await findDisplayNames(tx, [userId])).get(userId) ?? "?";
    await upsertMemberPlayer(tx, eventId, userId, name);
    return success({ signedUp: true });
  });
}

export { signUp as addMember };

/** A member withdraws, or an admin takes a member off the list, while sign-up is open. */
export function removePlayer(db: Db, clubId: string, eventId: string, userId: string) {
  return changeSignUps(db, clubId, eventId, async (tx) =>
    (await deleteMemberPlayer(tx, eventId, userId)) ? success({ removed: true as const }) : EVENT_ERRORS.notSignedUp(),
  );
}

/** Admins add computer players (where the event allows them) beyond the fill-up to a multiple of four. */
export function addComputers(db: Db, clubId: string, eventId: string, count: number) {
  return changeSignUps(db, clubId, eventId, async (tx, event) => {
    if (!event.allowComputers) return EVENT_ERRORS.noComputers();
    const have = await countPlayers(tx, eventId, true);
    await createComputerPlayers(tx, eventId, have + 1, count);
    return success({ computers: have + count });
  });
}

// ---------------------------------------------------------------- standings and results

type TableRow = { tableId: string; round: number; tableNo: number; players: string[]; status: string; matchId: string | null; points: unknown; scores: unknown };

export interface Standing {
  readonly key: string;
  readonly userId: string | null;
  readonly name: string;
  readonly isBot: boolean;
  readonly place: number;
  readonly points: number;
  /** Duplicate events: total matchpoints. */
  readonly matchpoints: number | null;
  readonly tables: number;
}

const asNumbers = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
const asDeals = (v: unknown): number[][] => (Array.isArray(v) ? v.map(asNumbers) : []);

/** Matchpoints of every finished round (duplicate events), with each deal's frequency table. */
export function roundMatchpoints(tables: readonly TableRow[]) {
  const rounds = [...new Set(tables.map((t) => t.round))].sort((a, b) => a - b);
  return rounds.map((round) => {
    const done = tables.filter((t) => t.round === round && t.status === "finished" && t.points).sort((a, b) => a.tableNo - b.tableNo);
    const mp = matchpointRound(done.map((t) => ({ players: t.players, points: asDeals(t.points) })));
    return { round, tables: done.map((t) => t.tableId), totals: mp.totals, byTable: mp.byTable, frequencies: mp.frequencies as DealFrequencies[] };
  });
}

/**
 * Standings: duplicate events by matchpoints, then points; others by points.
 * Ties share a place. Finished tables count whole; with `live` (livePoints),
 * tables in play count the deals they finished so far. Matchpoints compare
 * a round's finished tables (so they settle once the whole round is over).
 */
export function standingsOf(
  event: { duplicate: boolean },
  players: readonly { key: string; userId: string | null; name: string; isBot: boolean }[],
  tables: readonly TableRow[],
  live?: ReadonlyMap<string, readonly (readonly number[])[]>,
): Standing[] {
  const points = new Map<string, number>();
  const count = new Map<string, number>();
  for (const t of tables) {
    const finished = t.status === "finished";
    // A table in play counts with the deals it finished so far (live), when they were read.
    const scores = finished ? asNumbers(t.scores) : (live?.get(t.tableId) ?? []).reduce((sum, deal) => sum.map((x, s) => x + (deal[s] ?? 0)), [0, 0, 0, 0]);
    t.players.forEach((k, s) => {
      points.set(k, (points.get(k) ?? 0) + (scores[s] ?? 0));
      if (finished) count.set(k, (count.get(k) ?? 0) + 1);
    });
  }
  const mp = new Map<string, number>();
  if (event.duplicate) for (const r of roundMatchpoints(tables)) for (const [k, v] of r.totals) mp.set(k, (mp.get(k) ?? 0) + v);
  const rows = players.map((p) => ({
    key: p.key,
    userId: p.userId,
    name: p.name,
    isBot: p.isBot,
    points: points.get(p.key) ?? 0,
    matchpoints: event.duplicate ? (mp.get(p.key) ?? 0) : null,
    tables: count.get(p.key) ?? 0,
  }));
  const cmp = (a: (typeof rows)[number], b: (typeof rows)[number]) => (b.matchpoints ?? 0) - (a.matchpoints ?? 0) || b.points - a.points;
  rows.sort((a, b) => cmp(a, b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.key < b.key ? -1 : 1));
  return rows.map((r, i) => {
    let place = i + 1;
    while (place > 1 && cmp(rows[place - 2]!, r) === 0) place--;
    return { ...r, place };
  });
}

/** The live view: the event, its players, the current round's tables (with each table's live status), standings and the viewer's table. */
export async function eventView(db: Db, clubId: string, eventId: string, viewerId: string) {
  const event = await findEvent(db, clubId, eventId);
  if (!event) return EVENT_ERRORS.notFound();
  const { players, tables, rounds } = await loadEventData(db, eventId);
  const byKey = new Map(players.map((p) => [p.key, p]));
  const current = tables.filter((t) => t.round === event.currentRound);
  const live = await livePoints(db, current.filter((t) => t.status === "playing").map((t) => t.tableId));
  const myTable = event.status === "running" ? (current.find((t) => t.status === "playing" && t.players.includes(viewerId))?.tableId ?? null) : null;
  return success({
    event: { ...event, seed: undefined },
    players: players.map((p) => ({ key: p.key, userId: p.userId, name: p.name, isBot: p.isBot })),
    signedUp: players.some((p) => p.userId === viewerId),
    rounds: rounds.map((r) => ({ round: r.round, startedAt: r.startedAt, endsAt: r.endsAt, finishedAt: r.finishedAt })),
    tables: current.map((t) => ({ tableId: t.tableId, tableNo: t.tableNo, status: t.status, deals: t.status === "finished" ? asDeals(t.points).length : (live.get(t.tableId)?.length ?? 0), players: t.players.map((k) => tablePlayer(byKey, k)) })),
    standings: standingsOf(event, players, tables, live),
    myTable,
  });
}

/** The live table of `userId` in a running event (the newest), with its event; null when none. */
export async function mySeat(db: Db, userId: string) {
  const row = await findPlayingSeat(db, userId);
  return row ? { tableId: row.tableId, round: row.round, eventId: row.event.id, clubId: row.event.clubId, eventName: row.event.name } : null;
}

/** Every round's tables with their match (for the replay links), per-deal points and, in duplicate events, matchpoints and frequencies. */
export async function eventResults(db: Db, clubId: string, eventId: string) {
  const event = await findEvent(db, clubId, eventId);
  if (!event) return EVENT_ERRORS.notFound();
  const { players, tables } = await loadEventData(db, eventId);
  const byKey = new Map(players.map((p) => [p.key, p]));
  const mps = event.duplicate ? roundMatchpoints(tables) : [];
  const rounds = [...new Set(tables.map((t) => t.round))].map((round) => {
    const mp = mps.find((m) => m.round === round);
    return {
      round,
      tables: tables
        .filter((t) => t.round === round)
        .map((t) => {
          const i = mp ? mp.tables.indexOf(t.tableId) : -1;
          return {
            tableId: t.tableId,
            tableNo: t.tableNo,
            status: t.status,
            matchId: t.matchId,
            players: t.players.map((k) => tablePlayer(byKey, k)),
            points: asDeals(t.points),
            scores: asNumbers(t.scores),
            matchpoints: i >= 0 ? mp!.byTable[i]! : null,
          };
        }),
      frequencies: mp?.frequencies ?? null,
    };
  });
  return success({ event: { id: event.id, name: event.name, duplicate: event.duplicate, status: event.status, variant: event.variant }, rounds, standings: standingsOf(event, players, tables) });
}

// ---------------------------------------------------------------- ledger

export async function eventLedger(db: Db, clubId: string, eventId: string) {
  const event = await findEvent(db, clubId, eventId);
  if (!event) return EVENT_ERRORS.notFound();
  const { entries, settlements } = await listEventLedger(db, eventId);
  const names = await findDisplayNames(db, [...new Set([...entries.map((e) => e.userId), ...settlements.flatMap((s) => [s.fromUserId, s.toUserId])])]);
  const name = (u: string) => names.get(u) ?? "?";
  return success({
    event: { id: event.id, name: event.name, status: event.status, rateOre: event.rateOre, roundingOre: event.roundingOre },
    entries: entries.map((e) => ({ userId: e.userId, name: name(e.userId), points: e.points, amountOre: e.amountOre })),
    settlements: settlements.map((s) => ({ id: s.id, from: s.fromUserId, fromName: name(s.fromUserId), to: s.toUserId, toName: name(s.toUserId), amountOre: s.amountOre, paidAt: s.paidAt })),
  });
}

/**
 * Each member's running balance over the club's events: what they won (+)
 * or lost (−) in total, and what is still open after the settlements marked paid.
 */
export async function clubBalances(db: Db, clubId: string) {
  const [entries, paid] = await Promise.all([
    sumLedgerByUser(db, clubId),
    listPaidSettlements(db, clubId),
  ]);
  const settled = new Map<string, number>();
  for (const p of paid) {
    // A paid transfer moves money: the payer's debt and the payee's claim shrink by it.
    settled.set(p.fromUserId, (settled.get(p.fromUserId) ?? 0) + p.amountOre);
    settled.set(p.toUserId, (settled.get(p.toUserId) ?? 0) - p.amountOre);
  }
  const names = await findDisplayNames(db, entries.map((e) => e.userId));
  return entries
    .map((e) => {
      const total = e._sum.amountOre ?? 0;
      return { userId: e.userId, name: names.get(e.userId) ?? "?", events: e._count.eventId, totalOre: total, openOre: total + (settled.get(e.userId) ?? 0) };
    })
    .sort((a, b) => b.totalOre - a.totalOre || (a.name < b.name ? -1 : 1));
}

const csvCell = (v: string | number) => {
  const s = String(v);
  // A leading = + - @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) && typeof v === "string" ? `'${s}` : s;
  return /[",\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The club's balances as CSV (amounts in øre, integers). */
export async function clubBalancesCsv(db: Db, clubId: string): Promise<string> {
  const rows = await clubBalances(db, clubId);
  const lines = [["user_id", "name", "events", "total_ore", "open_ore"], ...rows.map((r) => [r.userId, r.name, r.events, r.totalOre, r.openOre])];
  return lines.map((l) => l.map(csvCell).join(",")).join("\n") + "\n";
}

export async function markSettlement(db: Db, clubId: string, eventId: string, settlementId: string, paid: boolean, by: string) {
  const moved = await setSettlementPaid(db, { settlementId, eventId, clubId }, paid ? { paidAt: new Date(), paidById: by } : null);
  return moved ? success({ paid }) : EVENT_ERRORS.settlementNotFound();
}

export { settle };
