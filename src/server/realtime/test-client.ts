/**
 * A scripted live-table client over a real socket.io connection, for the
 * integration tests and the benchmark: keeps the latest snapshot, records
 * every payload received, re-opens its table after a reconnect (or after
 * moving to another server process), and can play automatically (any legal
 * action, or a given chooser) whenever it is its turn.
 */
import { io, type Socket } from "socket.io-client";
import { encode } from "next-auth/jwt";
import { getDb, type Db } from "@/server/db";
import { startSession } from "@/server/auth/sessions";
import type { Action, MatchView } from "@/engine/types";
import { retryRefusedHandshake } from "@/components/table/table-connection";
import { TableFollower } from "@/protocol/follower";
import { CLIENT_EVENT, SERVER_EVENT, type Ack, type ClientMessage, type ServerMessage, type TableSnapshot } from "@/protocol";

/** A session cookie for a user id, made the way Auth.js makes them at login (with a new server-side session). */
export async function sessionCookie(userId: string, secret: string, db: Db = getDb()): Promise<string> {
  const salt = "authjs.session-token";
  const sid = await startSession(db, userId);
  const token = await encode({ token: { sub: userId, sid }, secret, salt });
  return `${salt}=${token}`;
}

/**
 * A message that is safe to repeat (open a table, take a seat) sent up to
 * `tries` times while no answer comes within the client's timeout: on a busy
 * machine a process that has just started may answer late.
 */
export async function patiently<T>(send: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= tries) throw error;
    }
  }
}

/** Answers after which the same action is sent again a little later. */
const RETRIED = new Set(["table/rate-limited", "table/busy"]);

export class LiveClient {
  socket: Socket;
  /** Every message received as sent, and after each delta the snapshot it made (as a `table` message), so checks see both. */
  readonly received: ServerMessage[] = [];
  /** Whether `received` keeps messages (a long benchmark turns it off: its own heap would grow for the whole run). */
  keepReceived = true;
  /** Follows the open table's snapshots and deltas (as the browser does). */
  follower: TableFollower | null = null;
  /** Test hook: the next delta this many arrive are dropped unread, as if lost (to drive a resync). */
  dropDeltas = 0;
  table: TableSnapshot | null = null;
  private tableId: string | null = null;
  private autoplay: ((view: MatchView) => Action) | null = null;
  private sentFor = -1;
  /** Least time between two automatic actions: below the server's per-person message rate (40 per 5 s). */
  minActionGapMs = 130;
  private lastActionAt = 0;
  /** Time taken to think before each automatic action, from the snapshot that made it this client's turn (a person's pace). */
  thinkMs = 0;
  private turnSeq = -1;
  private turnSeenAt = 0;
  private stopHandshakeRetry: () => void = () => undefined;
  private paced: ReturnType<typeof setTimeout> | null = null;
  /** The answer to the last action this client sent automatically. */
  lastAck: Ack | null = null;
  /** Called with every new snapshot (benchmark timing). */
  onTable: ((t: TableSnapshot) => void) | null = null;
  /** How long a message waits for its answer. */
  ackTimeoutMs = 10_000;
  /** The automatic actions the server accepted, by the version they were sent at. */
  readonly accepted: { seq: number; action: Action }[] = [];
  /** Automatic actions that got no answer (the connection dropped, or the time ran out). */
  readonly unanswered: { seq: number; action: Action }[] = [];

  constructor(
    url: string,
    private readonly cookie: string | null,
  ) {
    this.socket = this.connect(url);
  }

  /** Moves to another server process (as a load balancer would after one died), re-opening the table there. */
  moveTo(url: string): void {
    this.stopHandshakeRetry();
    this.socket.close();
    this.sentFor = -1;
    this.socket = this.connect(url);
  }

  private connect(url: string): Socket {
    const cookie = this.cookie;
    const socket = io(url, {
      path: "/socket.io",
      transports: ["websocket"],
      extraHeaders: cookie ? { cookie } : {},
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    socket.on(SERVER_EVENT, (raw: ServerMessage) => {
      if (raw.type === "tableDelta" && this.dropDeltas > 0) {
        this.dropDeltas--;
        return;
      }
      if (this.keepReceived) this.received.push(raw);
      let m = raw;
      if (this.follower && this.tableId === this.follower.tableId) {
        const { message, resync } = this.follower.receive(raw);
        if (resync) void this.send({ type: "table/sync", tableId: this.follower.tableId }).catch(() => undefined);
        if (message !== raw && this.keepReceived) this.received.push(message);
        m = message;
      }
      if (m.type === "table" && m.table.id === this.tableId) {
        if (!this.table || m.table.seq >= this.table.seq) this.table = m.table;
        this.onTable?.(m.table);
        this.maybePlay();
      }
    });
    socket.on("connect", () => void this.reopen(socket));
    this.stopHandshakeRetry = retryRefusedHandshake(socket);
    return socket;
  }

  /**
   * Re-opens the table after a (re)connect until the server takes it, with
   * backoff, as the browser does: a server that has just restarted may not
   * reach the database yet (`table/unavailable`) or may answer late.
   */
  private async reopen(socket: Socket): Promise<void> {
    for (let delay = 200; this.tableId && socket === this.socket && socket.connected; delay = Math.min(delay * 2, 2_000)) {
      const ack = await this.send({ type: "table/open", tableId: this.tableId }).catch(() => null);
      if (ack?.ok) return;
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  send(msg: ClientMessage | Record<string, unknown>): Promise<Ack> {
    return this.socket.timeout(this.ackTimeoutMs).emitWithAck(CLIENT_EVENT, msg) as Promise<Ack>;
  }

  /**
   * Sends a message that is safe to repeat, again after a pause while the
   * answer is "slow down" or "the table is moving" (as the browser does for
   * opening a table): on a loaded machine a client that has just played a
   * whole match can still be over the per-person budget for a moment. Gives
   * up after `forMs` (well past the limiter's 5 s window) with the last answer.
   */
  async sendPolitely(msg: ClientMessage, forMs = 15_000): Promise<Ack> {
    const until = Date.now() + forMs;
    for (let delay = 250; ; delay = Math.min(delay * 2, 2_000)) {
      const ack = await this.send(msg);
      if (ack.ok || !RETRIED.has(ack.error.code) || Date.now() + delay > until) return ack;
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  async open(tableId: string, invite?: string): Promise<Ack> {
    this.tableId = tableId;
    if (this.follower?.tableId !== tableId) this.follower = new TableFollower(tableId);
    return this.sendPolitely({ type: "table/open", tableId, ...(invite ? { invite } : {}) });
  }

  /** Takes a seat (retried like `open` while the answer is "slow down"). */
  takeSeat(tableId: string, seat: number): Promise<Ack> {
    return this.sendPolitely({ type: "seat/take", tableId, seat });
  }

  /** Plays whenever it is this client's turn, once per table version. */
  play(choose: (view: MatchView) => Action = (v) => v.hand!.legal[0]!): void {
    this.autoplay = choose;
    this.maybePlay();
  }

  /** Stops playing automatically. */
  stop(): void {
    this.autoplay = null;
    if (this.paced) clearTimeout(this.paced);
    this.paced = null;
  }

  private maybePlay(): void {
    const t = this.table;
    if (!this.autoplay || !t || !t.view?.hand || t.status !== "playing") return;
    if (t.you === null || t.view.hand.turn !== t.you || t.view.hand.legal.length === 0 || this.sentFor === t.seq) return;
    if (this.turnSeq !== t.seq) {
      this.turnSeq = t.seq;
      this.turnSeenAt = Date.now();
    }
    const wait = Math.max(this.lastActionAt + this.minActionGapMs, this.turnSeenAt + this.thinkMs) - Date.now();
    if (wait > 0) {
      this.paced ??= setTimeout(() => {
        this.paced = null;
        this.maybePlay();
      }, wait);
      return;
    }
    this.sentFor = t.seq;
    this.lastActionAt = Date.now();
    const action = this.autoplay(t.view);
    void this.send({ type: "action", tableId: t.id, seq: t.seq, action }).then(
      (ack) => {
        this.lastAck = ack;
        if (ack.ok) this.accepted.push({ seq: t.seq, action });
        // Over the rate limit, or the table is moving between processes: try the same version again shortly.
        if (!ack.ok && RETRIED.has(ack.error.code))
          setTimeout(() => {
            if (this.sentFor === t.seq) this.sentFor = -1;
            this.maybePlay();
          }, 250);
      },
      () => {
        this.unanswered.push({ seq: t.seq, action });
        this.sentFor = -1; // lost with a connection: try again on the next snapshot
      },
    );
  }

  waitFor(cond: (t: TableSnapshot) => boolean, ms = 60_000): Promise<TableSnapshot> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.table && cond(this.table)) {
          clearInterval(iv);
          clearTimeout(to);
          resolve(this.table);
        }
      };
      const iv = setInterval(check, 10);
      const to = setTimeout(() => {
        clearInterval(iv);
        reject(new Error(`timed out; table at seq ${this.table?.seq} status ${this.table?.status}`));
      }, ms);
      check();
    });
  }

  close(): void {
    this.stopHandshakeRetry();
    this.socket.close();
  }
}
