/**
 * One live table: seats, the match state (a cache of replaying the stored
 * actions), the connections watching it, chat, and the turn timer. Everything
 * that changes a table goes through its queue, one step at a time, so a
 * table's actions are strictly ordered while other tables proceed freely.
 * An accepted action is stored before anyone hears of it; each connection
 * then receives the engine's view for its own seat only.
 *
 * A table never stops for a database fault: a failed write is retried with
 * backoff (the action is answered only once stored), and a computer player's
 * or the turn timer's move that failed for any reason is scheduled again.
 * Start and finish of the match belong to the match lifecycle module.
 *
 * Also here: the stand-in for an absent person (stand-in.ts decides what it
 * may do), the trick pause before a computer move, abandonment of a match
 * nobody has open, and the rematch vote after a finished match.
 */
import * as engine from "@/engine";
import { sha256Hex } from "@/engine/random";
import type { Action, Seat } from "@/engine/types";
import type { Ack, BotSeatLevel, ChatLine, SeatInfo, SeatOccupant, ServerMessage, TableSnapshot, TableSummary, WireError } from "@/protocol";
import { DEFAULT_BOT_LEVEL, diff, type DeltaOp } from "@/protocol";
import { log } from "@/server/log";
import { finishedMatchOf, planStart, replayMatch } from "@/server/modules/matches/lifecycle";
import type { BotDecide } from "./bot";
import { standInMove, standInNotice } from "./stand-in";
import * as seating from "./seating";
import type { AccessFacts } from "./seating";
import { toTableSummary, type StoredAction, type TableRecord, type TableStore } from "./store";
import type { Conn, Transport } from "./transport";

export { replayMatch };

type MatchState = engine.MatchState;

export interface RoomDeps {
  readonly store: TableStore;
  readonly transport: Transport;
  readonly decide: BotDecide;
  /** This process's lease owner id. */
  readonly owner: string;
  readonly now: () => number;
  /** Least time from a computer player's turn to its action (thinking counts), so people can follow the play. */
  readonly botDelayMs: number;
  /** Thinking time per strong decision for tables without their own. */
  readonly botBudgetMs: number;
  /** Called whenever what the lobby shows of this table changes. */
  readonly onSummaryChange: (summary: TableSummary) => void;
  /** Called when a write finds that another process drives the table now. */
  readonly onLeaseLost?: () => void;
  /** How long a match in play may go on with nobody at the table (no connection) before it ends as abandoned. */
  readonly abandonGraceMs: number;
  /** Creates and starts the rematch table for `from` (same set-up, `seats`) in the name of `creatorId`, within that person's quota. */
  readonly createRematch: (from: TableRecord, creatorId: string, seats: readonly SeatOccupant[]) => Promise<RematchResult>;
}

export type RematchResult = { readonly ok: true; readonly tableId: string } | { readonly ok: false; readonly error: WireError };

const wireError = (code: string, message: string): WireError => ({ code, message });
const fail = (code: string, message: string): Ack => ({ ok: false, error: wireError(code, message) });
const OK: Ack = { ok: true };
const CHAT_KEPT = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Backoff of retried writes and rescheduled turns: doubling from the first, up to the last. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 3000;
export const retryDelay = (attempt: number) => Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1));
const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Thrown out of a retried write when the room closed meanwhile (shut down, or another process drives the table). */
export class RoomClosedError extends Error {
  constructor(tableId: string) {
    super(`table ${tableId}: room closed`);
  }
}

/** Computer players' names by seat (as many as any variant seats). */
export const BOT_NAMES = ["Computer A", "Computer B", "Computer C", "Computer D", "Computer E", "Computer F", "Computer G"];

export class TableRoom {
  private state: MatchState | null;
  /** Users who opened this private table with its invite code. */
  private readonly admitted = new Set<string>();
  private readonly conns = new Map<string, Conn>();
  /** Per connection, the last snapshot it was sent: the next update goes as a delta from it. */
  private readonly sent = new Map<string, TableSnapshot>();
  /** Update version: one more for every broadcast (see TableSnapshot.v); starts from the clock, so a reloaded room never reuses an earlier room's versions. */
  private version: number;
  /** Connections whose user runs the line-up (seating.managesTable, as of their last open): their page offers the computer-player controls. */
  private readonly managers = new Set<string>();
  /** Per seat: a computer stands in for the absent person. */
  private readonly away: boolean[];
  private readonly chat: ChatLine[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  /** Steps queued or running (see idle). */
  private pending = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The table version a computer player is deciding for (outside the queue), if any. */
  private thinkingAt: number | null = null;
  /** Failed computer-player or timer turns in a row: the backoff of the next try. */
  private turnFailures = 0;
  private closed = false;
  /** When each seat's person last took their seat back: their turn time runs from then at the earliest. */
  private readonly backAt: number[];
  /** The table version at which the last trick was completed, and when: computer players leave it on the table for trickPauseMs. */
  private lastTrick: { seq: number; at: number } | null = null;
  /** Ends the match as abandoned when nobody comes back in time (armed while no connection is open). */
  private abandonTimer: ReturnType<typeof setTimeout> | null = null;
  /** After the match: the seats that agreed to a rematch (computer seats agree at once). In memory: a restart asks again. */
  private readonly rematchVotes = new Set<Seat>();
  /** Per seat, the rating change of the finished ranked match, once read. */
  private ratingChanges: (number | null)[] | null = null;

  constructor(
    private rec: TableRecord,
    actions: readonly StoredAction[],
    private readonly deps: RoomDeps,
  ) {
    // The actions are replayed, not kept: a long match's history (several hundred kB) is read back from the store once, when it ends.
    this.state = replayMatch(rec, actions);
    this.away = rec.seats.map(() => false);
    this.backAt = rec.seats.map(() => 0);
    this.version = deps.now() * 1000;
  }

  get id(): string {
    return this.rec.id;
  }
  get record(): TableRecord {
    return this.rec;
  }
  get match(): MatchState | null {
    return this.state;
  }
  get connectionCount(): number {
    return this.conns.size;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Starts the turn timer after (re)loading (timers run from the stored
   * lastActionAt), and finishes a match that is over but not recorded (the
   * process stopped, or the database failed, between its last action and its
   * finishing step).
   */
  resume(): void {
    this.schedule();
    this.watchAbandon();
    if (this.rec.status === "finished") this.afterFinish();
    if (this.state?.over && this.rec.status === "playing") {
      this.enqueue(() => this.finishStep()).catch((err: unknown) => {
        if (!(err instanceof RoomClosedError)) log.error({ tableId: this.rec.id, err: errText(err) }, "finishing step failed");
      });
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.abandonTimer) clearTimeout(this.abandonTimer);
    this.abandonTimer = null;
  }

  /** Runs `step` after everything queued before it; a failing step never blocks the queue. */
  private enqueue<T>(step: () => Promise<T>): Promise<T> {
    this.pending++;
    const run = this.queue.then(step, step);
    this.queue = run.catch(() => undefined).finally(() => this.pending--);
    return run;
  }

  /**
   * Nobody has the table open, no match is in play, and nothing is queued
   * or timed: the hub may unload the room (TableHub.unloadIdleRooms) and load
   * it again from the store when someone opens the table.
   */
  get idle(): boolean {
    return !this.closed && this.conns.size === 0 && this.rec.status !== "playing" && this.pending === 0 && this.timer === null && this.abandonTimer === null;
  }

  // ---------------------------------------------------------------- connections

  /** The seat rules' view of a connection (see seating.ts). */
  private person(conn: Conn, facts: AccessFacts): seating.Person {
    const userId = conn.user?.id ?? null;
    return { userId, invited: userId !== null && this.admitted.has(userId), facts };
  }

  // Opening, closing and chat change nothing stored and never wait for the
  // database: they run at once, so a table retrying a write still answers them.

  open(conn: Conn, invite: string | undefined, facts: AccessFacts = seating.NO_CLUB): Promise<Ack> {
    return this.atOnce(() => {
      const user = conn.user;
      if (this.rec.isPrivate && user && invite !== undefined && invite === this.rec.inviteCode) this.admitted.add(user.id);
      const refusal = seating.watchRefusal(this.rec, this.person(conn, facts));
      if (refusal) return { ok: false, error: refusal };
      this.conns.set(conn.id, conn);
      if (seating.managesTable(this.rec, this.person(conn, facts))) this.managers.add(conn.id);
      else this.managers.delete(conn.id);
      this.watchAbandon();
      const seat = this.seatOf(conn);
      if (seat !== null && this.away[seat]) this.comeBack(seat);
      this.sendSnapshot(conn);
      this.deps.transport.send(conn.id, { type: "chatHistory", tableId: this.rec.id, lines: this.chat.slice() });
      this.broadcast(); // connection status changed for the others
      if (seat !== null) this.schedule();
      return OK;
    });
  }

  /** A connection closed the table or went away. */
  detach(connId: string): Promise<void> {
    return this.atOnce(() => {
      this.managers.delete(connId);
      this.sent.delete(connId);
      if (this.conns.delete(connId)) this.broadcast();
      this.watchAbandon();
    });
  }

  /** The person at `seat` is back: the stand-in stops, and their turn time starts now. */
  private comeBack(seat: Seat): void {
    this.away[seat] = false;
    this.backAt[seat] = this.deps.now();
  }

  /** "seat/back": the absent person takes their seat back from the stand-in (nothing changes for a person who is not away). */
  seatBack(conn: Conn): Promise<Ack> {
    return this.enqueue(async () => {
      const seat = this.seatOf(conn);
      if (seat === null) return { ok: false, error: seating.SEAT_ERRORS.notSeated() };
      this.conns.set(conn.id, conn);
      if (this.away[seat]) {
        this.comeBack(seat);
        this.broadcast();
        this.schedule();
      }
      return OK;
    });
  }

  // ---------------------------------------------------------------- abandonment

  /**
   * Arms the abandonment timer while a match is in play and nobody has the
   * table open (players and spectators alike), disarms it otherwise. When it
   * fires the match ends without a result: status "abandoned", out of the lobby.
   */
  private watchAbandon(): void {
    const idle = !this.closed && this.rec.status === "playing" && this.conns.size === 0;
    if (!idle) {
      if (this.abandonTimer) clearTimeout(this.abandonTimer);
      this.abandonTimer = null;
      return;
    }
    if (this.abandonTimer) return;
    this.abandonTimer = setTimeout(() => {
      this.abandonTimer = null;
      this.enqueue(() => this.abandon()).catch((err: unknown) => {
        if (!(err instanceof RoomClosedError)) log.error({ tableId: this.rec.id, err: errText(err) }, "abandoning the table failed");
      });
    }, this.deps.abandonGraceMs);
    this.abandonTimer.unref?.();
  }

  private async abandon(): Promise<void> {
    if (this.closed || this.rec.status !== "playing" || this.conns.size > 0) return;
    const done = await this.persist("abandon", () => this.deps.store.abandonTable(this.rec.id, this.deps.owner));
    if (!done) return; // finished meanwhile, or driven elsewhere now
    log.info({ tableId: this.rec.id }, "table abandoned: everybody left");
    this.rec = { ...this.rec, status: "abandoned" };
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.deps.onSummaryChange(this.summary());
    this.broadcast();
  }

  /** Runs a step that touches only memory right away (JavaScript runs it whole, between two steps of the queue). */
  private atOnce<T>(step: () => T): Promise<T> {
    try {
      return Promise.resolve(step());
    } catch (e) {
      return Promise.reject(e);
    }
  }

  // ---------------------------------------------------------------- seats

  /**
   * Takes a seat by the seat rules: at once (before the match, or one's own
   * seat back from a stand-in), or reserved from the next deal on (a computer
   * player's seat during a match: it keeps playing this hand).
   */
  takeSeat(conn: Conn, seat: Seat, facts: AccessFacts = seating.NO_CLUB): Promise<Ack> {
    return this.enqueue(async () => {
      const decision = seating.takeDecision(this.rec, this.person(conn, facts), seat);
      if (decision.kind === "refused") return { ok: false, error: decision.refusal };
      const user = conn.user!;
      this.conns.set(conn.id, conn);
      if (decision.kind === "now") this.away[seat] = false;
      await this.setSeat(seat, { kind: "human", userId: user.id, name: user.name });
      return OK;
    });
  }

  leaveSeat(conn: Conn): Promise<Ack> {
    return this.enqueue(async () => {
      const seat = seating.occupiedSeat(this.rec, conn.user?.id ?? null);
      if (seat === null) return fail("table/not-seated", "You have no seat at this table.");
      // A player who leaves a match in progress is replaced by a computer player so the others can finish.
      await this.setSeat(seat, this.rec.status === "playing" ? { kind: "bot", name: BOT_NAMES[seat]!, level: DEFAULT_BOT_LEVEL } : null);
      return OK;
    });
  }

  /** Seats or removes a computer player before the match: the creator's (and club admins') choice only. */
  setBot(conn: Conn, seat: Seat, on: boolean, level: BotSeatLevel = DEFAULT_BOT_LEVEL, facts: AccessFacts = seating.NO_CLUB): Promise<Ack> {
    return this.enqueue(async () => {
      const refusal = seating.botRefusal(this.rec, this.person(conn, facts), seat);
      if (refusal) return { ok: false, error: refusal };
      const cur = this.rec.seats[seat];
      if (on && cur) return { ok: false, error: seating.SEAT_ERRORS.taken() };
      if (!on && cur?.kind !== "bot") return { ok: false, error: seating.SEAT_ERRORS.noBot() };
      await this.setSeat(seat, on ? { kind: "bot", name: BOT_NAMES[seat]!, level } : null);
      return OK;
    });
  }

  private async setSeat(seat: Seat, occupant: SeatOccupant | null): Promise<void> {
    const seats = this.rec.seats.map((s, i) => (i === seat ? occupant : s));
    const start = planStart(this.rec, seats, this.deps.now());
    if (start) {
      await this.persist("start match", () => this.deps.store.updateSeats(this.rec.id, seats, { seed: start.start.seed, at: start.start.at }));
      this.rec = start.rec;
      this.state = start.state;
    } else {
      await this.persist("seats", () => this.deps.store.updateSeats(this.rec.id, seats, null));
      this.rec = { ...this.rec, seats };
    }
    this.broadcast();
    this.deps.onSummaryChange(this.summary());
    this.schedule();
  }

  /**
   * Runs one write until it succeeds, with backoff between attempts: a
   * database fault delays the table, it never drops what it was storing.
   * Gives up only when the room closes (RoomClosedError).
   */
  private async persist<T>(what: string, write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      if (this.closed) throw new RoomClosedError(this.rec.id);
      try {
        const out = await write();
        if (attempt > 1) log.info({ tableId: this.rec.id, write: what, attempts: attempt }, "table write recovered");
        return out;
      } catch (err) {
        const wait = retryDelay(attempt);
        log.warn({ tableId: this.rec.id, write: what, attempt, retryInMs: wait, err: errText(err) }, "table write failed; retrying");
        await sleep(wait);
      }
    }
  }

  // ---------------------------------------------------------------- actions

  /** A client's action: checked for seat, version and legality, then stored, then broadcast. */
  act(conn: Conn, seq: number, action: Action): Promise<Ack> {
    return this.enqueue(async () => {
      const seat = this.seatOf(conn);
      if (seat === null) {
        const reserved = seating.reservedSeat(this.rec, conn.user?.id ?? null) !== null;
        return { ok: false, error: reserved ? seating.SEAT_ERRORS.nextDeal() : seating.SEAT_ERRORS.notSeated() };
      }
      this.conns.set(conn.id, conn);
      if (this.rec.status === "abandoned") return fail("table/ended", "This match ended: everybody had left the table.");
      if (!this.state) return fail("table/not-started", "The match has not started.");
      if (seq !== this.rec.seq) {
        // A duplicate or stale action: the sender gets the current view, nothing changes.
        this.sendSnapshot(conn);
        return fail("table/stale", `Stale action: the table is at version ${this.rec.seq}.`);
      }
      const wasAway = this.away[seat];
      if (wasAway) this.comeBack(seat); // acting takes the seat back from the stand-in
      const res = await this.commit(seat, action, false);
      if (!res.ok && wasAway) this.away[seat] = true; // only an accepted action takes the seat back
      return res;
    });
  }

  private async commit(seat: Seat, action: Action, byBot: boolean): Promise<Ack> {
    const state = this.state;
    if (!state) return fail("table/not-started", "The match has not started.");
    const step = engine.apply(state, seat, action);
    if (!step.ok) return fail(step.error.code, step.error.message);
    const at = this.deps.now();
    const stored: StoredAction = { seq: this.rec.seq + 1, seat, action, byBot };
    // A new deal: its cards belong to whoever sits at each seat now (reservations take effect here).
    const dealt = step.events.some((e) => e.type === "handDealt") ? seating.ownersAtDeal(this.rec) : undefined;
    let res;
    try {
      res = await this.persist("action", () => this.deps.store.appendAction(this.rec.id, stored, at, this.deps.owner, { handOwners: dealt, watched: this.conns.size > 0 }));
    } catch (err) {
      if (err instanceof RoomClosedError) return fail("table/busy", "The table is moving to another server; try again.");
      throw err;
    }
    if (res === "conflict") {
      log.warn({ tableId: this.rec.id, seq: stored.seq }, "table write refused: another process drives the table");
      this.deps.onLeaseLost?.();
      return fail("table/busy", "The table is being driven elsewhere; try again.");
    }
    this.state = step.state;
    if (step.events.some((e) => e.type === "trickWon")) this.lastTrick = { seq: stored.seq, at };
    const prevOwners = this.rec.handOwners;
    this.rec = { ...this.rec, seq: stored.seq, lastActionAt: at, ...(dealt ? { handOwners: dealt } : {}) };
    // Someone new at a seat starts present (the stand-in flag was the previous owner's).
    if (dealt) dealt.forEach((owner, s) => owner !== (prevOwners?.[s] ?? null) && (this.away[s] = false));
    this.turnFailures = 0;
    this.broadcast();
    // A hand with tricks played goes to its replay analysis now (the last one with the match, by the finishing step).
    const ended = step.events.find((e) => e.type === "handEnded");
    if (ended?.type === "handEnded" && !step.state.over && ended.result.tricksWon.some((t) => t > 0)) {
      this.deps.store.queueEndedHand(this.rec.id, ended.result.handIndex).catch((err: unknown) => log.warn({ tableId: this.rec.id, err }, "could not queue the hand for its analysis"));
    }
    if (step.state.over) await this.finishStep();
    this.schedule();
    return OK;
  }

  /**
   * The match lifecycle's finishing step for a match that is over: record,
   * ratings, club ladder and analysis queue in one idempotent transaction,
   * retried until stored. Runs in the queue.
   */
  private async finishStep(): Promise<void> {
    const state = this.state;
    if (!state?.over || this.rec.status !== "playing") return;
    const rec = this.rec;
    const outcome = await this.persist("finish", async () =>
      this.deps.store.finishMatch(finishedMatchOf(rec, await this.deps.store.loadActions(rec.id), state, rec.lastActionAt)),
    );
    if (outcome === "already-recorded") log.info({ tableId: this.rec.id }, "match was already recorded");
    // Abandoned elsewhere before this finish (it never is recorded then).
    this.rec = { ...this.rec, status: outcome === "abandoned" ? "abandoned" : "finished" };
    this.watchAbandon();
    if (this.rec.status === "finished") this.afterFinish();
    this.deps.onSummaryChange(this.summary());
    this.broadcast();
  }

  /** After the match: computer seats agree to a rematch, and a ranked match's rating changes are read for the snapshot. */
  private afterFinish(): void {
    for (const [i, o] of this.rec.seats.entries()) if (o?.kind === "bot") this.rematchVotes.add(i as Seat);
    if (!this.rec.ranked || this.ratingChanges) return;
    this.deps.store.ratingChanges(this.rec.id).then(
      (changes) => {
        this.ratingChanges = changes;
        if (changes) this.broadcast();
      },
      (err: unknown) => log.warn({ tableId: this.rec.id, err: errText(err) }, "rating changes not read"),
    );
  }

  // ---------------------------------------------------------------- rematch

  /** Rematches are offered after a finished match that people played, never at ranked tables (ranked pairing is the queue's). */
  private rematchOffered(): boolean {
    return this.rec.status === "finished" && !this.rec.ranked && this.rec.seats.some((o) => o?.kind === "human");
  }

  /**
   * A person seated at the end votes for (or withdraws from) a rematch. When
   * every seat agreed, the new table is created with the same seats and
   * set-up (within the creator's quota) and its id goes to everyone.
   */
  rematch(conn: Conn, agree: boolean): Promise<Ack> {
    return this.enqueue(async () => {
      if (!this.rematchOffered()) return fail("table/no-rematch", "A rematch is offered only after a finished match that is not ranked.");
      const userId = conn.user?.id ?? null;
      const seat = seating.occupiedSeat(this.rec, userId);
      if (seat === null) return { ok: false, error: seating.SEAT_ERRORS.notSeated() };
      if (this.rec.rematchTableId) return OK; // agreed already: the table is there
      if (agree) this.rematchVotes.add(seat);
      else this.rematchVotes.delete(seat);
      if (this.rematchVotes.size < this.rec.seats.length) {
        this.broadcast();
        return OK;
      }
      const seats = this.rec.seats as readonly SeatOccupant[];
      const humans = seats.flatMap((o) => (o.kind === "human" ? [o.userId] : []));
      // The table's creator opens the rematch if they played; otherwise the first person seated.
      const creatorId = humans.includes(this.rec.createdById) ? this.rec.createdById : humans[0]!;
      const made = await this.deps.createRematch(this.rec, creatorId, seats);
      if (!made.ok) {
        this.rematchVotes.delete(seat); // the last vote did not take: it may be cast again later
        this.broadcast();
        return { ok: false, error: made.error };
      }
      await this.persist("rematch", () => this.deps.store.setRematchTable(this.rec.id, made.tableId));
      this.rec = { ...this.rec, rematchTableId: made.tableId };
      this.broadcast();
      return OK;
    });
  }

  // ---------------------------------------------------------------- turn timer and computer players

  /**
   * Sets the timer for the seat to act: a human present gets until the turn
   * deadline, then a computer player stands in (at the normal level); a
   * computer player starts deciding at once.
   */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed || !this.state || this.rec.status !== "playing") return;
    const turn = engine.currentTurn(this.state);
    if (turn === null) return;
    const occupant = this.rec.seats[turn] ?? null;
    const seq = this.rec.seq;
    // A person plays their seat (until away past the timer); a computer seat, a stand-in or a reserved seat is played at once.
    const humanPresent = seating.personPlays(this.rec, turn) && !this.away[turn];
    const delay = humanPresent ? Math.max(0, this.turnDeadlineOf(turn) - this.deps.now()) : 0;
    // A person's seat played by the computer (after the timer, or while away) gets the stand-in's limited moves.
    const standIn = seating.personPlays(this.rec, turn);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.botTurn(turn, seq, occupant, humanPresent, standIn).catch((err: unknown) => this.turnFailed(seq, err));
    }, delay);
    this.timer.unref?.();
  }

  /** A computer player's or the timer's turn failed (decision, refusal, storage): the same turn is tried again after a backoff. */
  private turnFailed(seq: number, err: unknown): void {
    if (this.closed || this.rec.seq !== seq || this.rec.status !== "playing") return;
    this.turnFailures++;
    const wait = retryDelay(this.turnFailures);
    log.warn({ tableId: this.rec.id, seq, failures: this.turnFailures, retryInMs: wait, err: errText(err) }, "computer turn failed; rescheduled");
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.schedule();
    }, wait);
    this.timer.unref?.();
  }

  /**
   * A computer player's move at table version `seq`. The view is taken in the
   * queue, the decision is made outside it (a strong one takes a while, in a
   * worker thread, and chat or spectators must not wait for it), and the
   * action is committed in the queue only if the table is still at `seq` and
   * the seat still has the same occupant (a person may have taken it over).
   * Rejects when the move could not be made; the caller schedules it again.
   */
  private async botTurn(seat: Seat, seq: number, occupant: SeatOccupant | null, timedOut: boolean, standIn: boolean): Promise<void> {
    const startedAt = this.deps.now();
    const view = await this.enqueue(async () => {
      if (this.closed || this.rec.seq !== seq || !this.state || this.thinkingAt === seq) return null;
      if (timedOut) {
        this.away[seat] = true; // the computer stands in until the player takes the seat back or acts
        this.broadcast();
      }
      this.thinkingAt = seq;
      return engine.view(this.state, seat);
    });
    if (!view) return;
    const level: BotSeatLevel = occupant?.kind === "bot" ? (occupant.level ?? DEFAULT_BOT_LEVEL) : DEFAULT_BOT_LEVEL;
    // The stand-in plays cards and names trump as the computer player would; in an auction it passes, another set-up choice is the safest one.
    const move = standIn ? standInMove(view) : null;
    let action: Action | null = move?.kind === "auction" || move?.kind === "setup" ? move.action : null;
    let failure: unknown = null;
    if (!action) {
      try {
        action = await this.deps.decide(view, { level, budgetMs: this.rec.botBudgetMs ?? this.deps.botBudgetMs, seed: `table:${this.rec.id}` });
      } catch (e) {
        failure = e;
      }
    }
    // A completed trick stays on the table for the table's trick pause before the next computer move.
    const trick = this.lastTrick?.seq === seq ? this.lastTrick.at + this.rec.trickPauseMs : 0;
    const wait = Math.max(startedAt + this.deps.botDelayMs, trick) - this.deps.now();
    if (action && wait > 0) await sleep(wait);
    await this.enqueue(async () => {
      if (this.thinkingAt === seq) this.thinkingAt = null;
      if (this.closed || this.rec.seq !== seq) return;
      if (!action) throw new Error(`computer player failed: ${errText(failure)}`);
      if ((this.rec.seats[seat] !== occupant || (standIn && !this.away[seat])) && seating.personPlays(this.rec, seat)) {
        this.schedule(); // a person took their seat back while the computer was thinking
        return;
      }
      const res = await this.commit(seat, action, true);
      if (!res.ok) throw new Error(`computer player's action refused: ${res.error.code}`);
      if ((move?.kind === "setup" || move?.kind === "trump") && occupant?.kind === "human") this.announce(standInNotice(occupant.name, action));
    });
  }

  // ---------------------------------------------------------------- chat

  /** A chat line: only from someone who may watch the table (so outsiders' lines never reach a private or members-only table). */
  say(conn: Conn, text: string, facts: AccessFacts = seating.NO_CLUB): Promise<Ack> {
    return this.atOnce(() => {
      const refusal = seating.chatRefusal(this.rec, this.person(conn, facts));
      if (refusal) return { ok: false, error: refusal };
      if (!conn.user) return fail("table/login-required", "Log in to chat.");
      const line: ChatLine = { from: conn.user.name, text, at: this.deps.now() };
      this.chat.push(line);
      if (this.chat.length > CHAT_KEPT) this.chat.shift();
      for (const id of this.conns.keys()) this.deps.transport.send(id, { type: "chat", tableId: this.rec.id, line });
      return OK;
    });
  }

  /** A line from the table itself, to everyone there. */
  private announce(notice: { key: string; params: Record<string, string>; text: string }): void {
    const line: ChatLine = { from: "", text: notice.text, at: this.deps.now(), system: { key: notice.key, params: notice.params } };
    this.chat.push(line);
    if (this.chat.length > CHAT_KEPT) this.chat.shift();
    for (const id of this.conns.keys()) this.deps.transport.send(id, { type: "chat", tableId: this.rec.id, line });
  }

  // ---------------------------------------------------------------- what leaves the server

  summary(): TableSummary {
    return toTableSummary(this.rec);
  }

  /** The snapshot for one recipient: only the engine's view for the seat they play now (`reserved`: theirs from the next deal). */
  snapshotFor(seat: Seat | null, reserved: Seat | null = null, manages = false): TableSnapshot {
    const state = this.state;
    const connectedUsers = new Set([...this.conns.values()].map((c) => c.user?.id));
    const seatInfo: SeatInfo[] = this.rec.seats.map((occupant, i) => ({
      occupant,
      connected: occupant?.kind === "human" && connectedUsers.has(occupant.userId),
      away: this.away[i]!,
    }));
    const turn = state ? engine.currentTurn(state) : null;
    const turnDeadline =
      turn !== null && this.rec.status === "playing" && this.rec.seats[turn]?.kind === "human" && !this.away[turn] ? this.turnDeadlineOf(turn) : null;
    return {
      ...this.summary(),
      seq: this.rec.seq,
      v: this.version,
      seatInfo,
      turnSeconds: this.rec.turnSeconds,
      you: seat,
      reservedSeat: reserved,
      mayManageBots: manages && this.rec.status === "open",
      view: state ? engine.view(state, seat) : null,
      handSeedHash: state?.handSeed && state.hand ? sha256Hex(state.handSeed) : null,
      turnDeadline,
      trickPauseMs: this.rec.trickPauseMs,
      rematch: this.rematchOffered() ? { votes: [...this.rematchVotes].sort(), tableId: this.rec.rematchTableId } : null,
      ratingChanges: this.rec.status === "finished" ? this.ratingChanges : null,
    };
  }

  /** When the person at `seat` will be stood in for: the turn time from the last action, or from their coming back. */
  private turnDeadlineOf(seat: Seat): number {
    return Math.max(this.rec.lastActionAt, this.backAt[seat]!) + this.rec.turnSeconds * 1000;
  }

  /** The seat whose cards a connection may see and play now (seating.playingSeat). */
  private seatOf(conn: Conn): Seat | null {
    return seating.playingSeat(this.rec, conn.user?.id ?? null);
  }

  private reservedOf(conn: Conn): Seat | null {
    return seating.reservedSeat(this.rec, conn.user?.id ?? null);
  }

  private sendSnapshot(conn: Conn): void {
    const table = this.snapshotFor(this.seatOf(conn), this.reservedOf(conn), this.managers.has(conn.id));
    this.sent.set(conn.id, table);
    this.send(conn.id, { type: "table", table });
  }

  /** "table/sync": a connection that missed an update gets its full snapshot again. */
  resync(conn: Conn, facts: AccessFacts = seating.NO_CLUB): Promise<Ack> {
    // A connection that does not have the table open goes through the seat rules as an open would.
    if (!this.conns.has(conn.id)) return this.open(conn, undefined, facts);
    return this.atOnce(() => {
      this.sendSnapshot(conn);
      return OK;
    });
  }

  private send(connId: string, msg: ServerMessage): void {
    this.deps.transport.send(connId, msg);
  }

  /**
   * Every connection gets what changed in the snapshot computed for its own
   * seat since the last one it was sent (a delta of that seat's snapshot, so
   * it holds nothing the seat may not see), or the whole snapshot when it has
   * none yet. Views are computed once per seat, deltas once per seat and base.
   */
  private broadcast(): void {
    if (this.conns.size === 0) return;
    this.version++;
    const bySeat = new Map<string, TableSnapshot>();
    const deltas = new Map<TableSnapshot, Map<TableSnapshot, DeltaOp[]>>();
    for (const conn of this.conns.values()) {
      const seat = this.seatOf(conn);
      const reserved = this.reservedOf(conn);
      const manages = this.managers.has(conn.id);
      const key = `${seat}:${reserved}:${manages}`;
      let snap = bySeat.get(key);
      if (!snap) bySeat.set(key, (snap = this.snapshotFor(seat, reserved, manages)));
      const base = this.sent.get(conn.id);
      if (!base) {
        this.sent.set(conn.id, snap);
        this.send(conn.id, { type: "table", table: snap });
        continue;
      }
      let bySnap = deltas.get(snap);
      if (!bySnap) deltas.set(snap, (bySnap = new Map()));
      let delta = bySnap.get(base);
      if (!delta) bySnap.set(base, (delta = diff(base, snap).filter((op) => !(op[0].length === 1 && op[0][0] === "v"))));
      if (delta.length === 0) continue; // nothing this connection sees changed: it keeps its version
      this.sent.set(conn.id, snap);
      this.send(conn.id, { type: "tableDelta", tableId: this.rec.id, from: base.v, v: snap.v, seq: snap.seq, delta });
    }
  }
}
