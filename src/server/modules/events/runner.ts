/**
 * An event runs itself. Everything it knows is in the database, so a
 * restarted server picks up where it was (the live tables resume on their
 * own: see realtime/lobby.ts):
 * - startRound: under the event row's lock, seats the round (seating.ts),
 *   creates its live tables as the ranked matchmaking does (table row, match
 *   started with the people and computer players seated, the club's table
 *   link, for a ranked event the club-ladder record) and the event's table
 *   rows, in one transaction; in duplicate mode every table gets the round's
 *   deal seed, so seat s of deal d holds the same cards at every table;
 * - the finishing step of each match (history's recordFinishedMatch) calls
 *   recordEventTableFinish (finish.ts) in its own transaction: the table's per-deal
 *   points are stored with it;
 * - advance: once every table of the round finished (or was abandoned:
 *   everybody left; it scores nothing), the round ends and the next is
 *   seated from the standings, or the event ends and its ledger is written;
 * - EventRunner polls for events to start (their start time) or advance,
 *   and is nudged after each table's finish. A late table (its round clock
 *   run out) plays on under the live tables' turn clock and stand-in policy.
 */
import { randomBytes } from "node:crypto";
import { sha256Hex } from "@/engine/random";
import type { Db, Tx } from "@/server/db";
import { success, type ServiceResult } from "@/server/api/errors";
import { DEFAULT_BOT_LEVEL, type SeatOccupant } from "@/protocol";
import { log } from "@/server/log";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { startMatch } from "@/server/modules/matches/lifecycle";
import { linkTable } from "@/server/modules/clubs/repository";
import { createRankedTable } from "@/server/modules/ranked/repository";
import { seatRound, type SeatingRule } from "./seating";
import { eventAmounts, settle } from "./ledger";
import { EVENT_ERRORS, standingsOf } from "./service";
import {
  countPlayers,
  createComputerPlayers,
  createEventTable,
  createLedgerEntries,
  createRound,
  createSettlements,
  findAbandonedTables,
  findCurrentRound,
  findRound,
  finishRound,
  listEventsToRun,
  listRoundTables,
  loadEventData,
  lockEvent,
  markEventFinished,
  markEventRunning,
  markTablesAbandoned,
  type EventRow,
} from "./repository";

const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The seed every table of a duplicate round plays. */
export const roundDealSeed = (eventSeed: string, round: number) => sha256Hex(`${eventSeed}:deals:${round}`);

export interface RoundStarted {
  readonly round: number;
  readonly tableIds: string[];
  /** Server time spent seating and creating the round (ms). */
  readonly seatingMs: number;
}

/**
 * Starts round `round` (1: the event itself, from sign-up). Computer players
 * fill up to a multiple of four when allowed (added at round 1).
 */
export async function startRound(db: Db, eventId: string, round: number, now = Date.now()): Promise<ServiceResult<RoundStarted>> {
  const t0 = performance.now();
  const result = await db.$transaction(
    async (tx): Promise<ServiceResult<RoundStarted>> => {
      const event = await lockEvent(tx, eventId);
      if (!event) return EVENT_ERRORS.notFound();
      const expected = round === 1 ? event.status === "open" && event.currentRound === 0 : event.status === "running" && event.currentRound === round - 1;
      if (!expected || round > event.rounds) return EVENT_ERRORS.roundBusy();
      if (round === 1) {
        const people = await countPlayers(tx, eventId, false);
        const bots = await countPlayers(tx, eventId, true);
        const fill = (4 - ((people + bots) % 4)) % 4;
        if (people + bots + fill < 4 || (fill > 0 && !event.allowComputers)) return EVENT_ERRORS.playerCount(people + bots);
        if (fill) await createComputerPlayers(tx, eventId, bots + 1, fill);
      } else {
        const open = await findRound(tx, eventId, round - 1);
        if (!open?.finishedAt) return EVENT_ERRORS.roundBusy();
      }
      const { players, tables } = await loadEventData(tx, eventId);
      const byKey = new Map(players.map((p) => [p.key, p]));
      const history = [...new Set(tables.map((t) => t.round))].flatMap((r) => tables.filter((t) => t.round === r).map((t) => t.players));
      const standing = standingsOf(event, players, tables).map((s) => s.key);
      const computers = new Set(players.filter((p) => p.isBot).map((p) => p.key));
      const seating = seatRound({ rule: event.seating as SeatingRule, players: players.map((p) => p.key), round, seed: event.seed, history, standing, computers });
      const dealSeed = event.duplicate ? roundDealSeed(event.seed, round) : null;
      const store = new PrismaTableStore(tx as unknown as Db);
      const tableIds: string[] = [];
      for (const [i, keys] of seating.entries()) {
        const table = await store.createTable(
          { variant: event.variant, options: event.options as Record<string, unknown>, isPrivate: false, createdById: event.createdById, turnSeconds: event.turnSeconds, trickPauseMs: event.trickPauseMs },
          now,
        );
        const seats: SeatOccupant[] = keys.map((k) => {
          const p = byKey.get(k)!;
          return p.isBot || !p.userId ? { kind: "bot", name: p.name, level: DEFAULT_BOT_LEVEL } : { kind: "human", userId: p.userId, name: p.name };
        });
        await linkTable(tx, { tableId: table.id, clubId: event.clubId, presetVersionId: event.presetVersionId, guestsMayWatch: false, createdById: event.createdById });
        // A ranked event's tables count for the club ladder, as its ranked tables do (rated only with four people).
        if (event.ranked) await createRankedTable(tx, { tableId: table.id, variant: event.variant, scope: event.clubId, userIds: [] });
        await startMatch(tx, { tableId: table.id, seats, seed: dealSeed ?? randomBytes(32).toString("hex"), at: now });
        await createEventTable(tx, { tableId: table.id, eventId, round, tableNo: i + 1, players: keys });
        tableIds.push(table.id);
      }
      const seatingMs = Math.round(performance.now() - t0);
      await createRound(tx, { eventId, round, dealSeed, startedAt: new Date(now), endsAt: new Date(now + event.roundMinutes * 60_000), seatingMs });
      await markEventRunning(tx, eventId, round);
      return success({ round, tableIds, seatingMs });
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  return result;
}

export type AdvanceOutcome = "waiting" | "next-round" | "finished" | "idle";

/**
 * Ends the current round when all its tables are done, then starts the
 * next or finishes the event. Safe to call any time, from any process.
 */
export async function advance(db: Db, eventId: string, now = Date.now()): Promise<{ outcome: AdvanceOutcome; started?: RoundStarted }> {
  const ended = await db.$transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event || event.status !== "running") return null;
    const tables = await listRoundTables(tx, eventId, event.currentRound);
    // A table every person left is abandoned by the live tables: it ends without a result.
    const playing = tables.filter((t) => t.status === "playing");
    if (playing.length) {
      const gone = await findAbandonedTables(tx, playing.map((t) => t.tableId));
      if (gone.length) await markTablesAbandoned(tx, gone);
      if (gone.length < playing.length) return "waiting" as const;
    }
    await finishRound(tx, eventId, event.currentRound, new Date(now));
    if (event.currentRound < event.rounds) return "next-round" as const;
    await finishEvent(tx, event, now);
    return "finished" as const;
  });
  if (ended === null) return { outcome: "idle" };
  if (ended !== "next-round") return { outcome: ended };
  const event = await findCurrentRound(db, eventId);
  const started = await startRound(db, eventId, event!.currentRound + 1, now);
  return started.ok ? { outcome: "next-round", started: started.value } : { outcome: "waiting" };
}

/** The event's end: each person's amount at the club's rate (summing to zero) and the fewest transfers settling them. */
async function finishEvent(tx: Tx, event: EventRow, now: number): Promise<void> {
  const { players, tables } = await loadEventData(tx, event.id);
  const userOf = new Map(players.map((p) => [p.key, p.isBot ? null : p.userId]));
  const finished = tables.filter((t) => t.status === "finished").map((t) => ({ people: t.players.map((k) => userOf.get(k) ?? null), scores: (t.scores as number[]) ?? [] }));
  const { points, amounts } = eventAmounts(finished, event.rateOre, event.roundingOre);
  for (const p of players) if (p.userId && !p.isBot && !points.has(p.userId)) (points.set(p.userId, 0), amounts.set(p.userId, 0));
  await createLedgerEntries(
    tx,
    [...amounts].map(([userId, amountOre]) => ({ eventId: event.id, userId, clubId: event.clubId, points: points.get(userId) ?? 0, amountOre })),
  );
  const { transfers } = settle(amounts);
  await createSettlements(tx, transfers.map((t) => ({ eventId: event.id, clubId: event.clubId, fromUserId: t.from, toUserId: t.to, amountOre: t.amount })));
  await markEventFinished(tx, event.id, new Date(now));
}

/** Starts an open event now (an admin's "start", or its start time). */
export async function startEvent(db: Db, eventId: string, now = Date.now()) {
  return startRound(db, eventId, 1, now);
}

/**
 * Drives every event: starts those whose start time came (with enough
 * players; otherwise they wait for an admin) and advances running ones.
 * `onTables` hears of new tables (the server loads their rooms at once).
 */
export class EventRunner {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running = false;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly opts: { intervalMs?: number; onTables?: (tableIds: readonly string[]) => void; now?: () => number } = {},
  ) {}

  start(): this {
    this.timer = setInterval(() => this.nudge(), this.opts.intervalMs ?? 2000);
    this.timer.unref?.();
    this.nudge();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs a pass now (or right after the one running). */
  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.tick()
      .catch((e: unknown) => log.error({ err: errText(e) }, "event pass failed"))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** One pass over the events that may need something done. */
  async tick(): Promise<void> {
    const now = this.opts.now?.() ?? Date.now();
    const events = await listEventsToRun(this.db, now);
    for (const e of events) {
      try {
        if (e.status === "open") {
          const r = await startEvent(this.db, e.id, now);
          if (r.ok) this.opts.onTables?.(r.value.tableIds);
        } else {
          const r = await advance(this.db, e.id, now);
          if (r.started) this.opts.onTables?.(r.started.tableIds);
        }
      } catch (err) {
        log.warn({ eventId: e.id, err: errText(err) }, "event step failed; trying again");
      }
    }
  }
}

