/**
 * The browser's connection to one live table, without React (the hook in
 * useTableSocket.ts wraps it; the chaos tests drive it from Node against a
 * real server). One socket.io connection; the table is opened on every
 * (re)connect, and an open the server cannot serve yet (the table is being
 * resumed or moved, the database is unreachable, no answer) is tried again
 * with backoff. Meanwhile the state says "reconnecting", so the page shows
 * that instead of a dead table. An action is answered only once stored; one
 * unanswered after SAVING_AFTER_MS marks the state "saving". A handshake
 * refused for now (the session could not be checked) is tried again too.
 */
import { io, type Socket } from "socket.io-client";
import type { Ack, ClientMessageInput, ServerMessage } from "@/protocol";
import { CLIENT_EVENT, SERVER_EVENT } from "@/protocol/constants";
import { TableFollower } from "@/protocol/follower";

export interface TableConnectionState {
  /** The socket is connected. */
  readonly connected: boolean;
  /** The table is not served right now (socket down, or its open is being retried). */
  readonly reconnecting: boolean;
  /** An action of this viewer is waiting to be stored for longer than about a second. */
  readonly saving: boolean;
}

/** Answers to opening a table that mean "not now" rather than "never". */
export const RETRIED_OPEN_CODES: ReadonlySet<string> = new Set(["table/busy", "table/unavailable", "table/internal", "table/offline", "table/rate-limited"]);
export const SAVING_AFTER_MS = 1000;
/** The code of a handshake the server refused for now (it could not read the session): try again. */
const HANDSHAKE_RETRIED_CODE = "table/unavailable";

/**
 * socket.io reconnects by itself after a network fault, but not after the
 * server's handshake refused the connection. A refusal that means "not now"
 * (the session could not be checked) is tried again here with backoff, so a
 * reconnect during a database outage ends signed in, not as a visitor and
 * not never. `onWaiting` is told each time a retry is scheduled.
 */
export function retryRefusedHandshake(socket: Socket, onWaiting: () => void = () => undefined): () => void {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  socket.on("connect", () => (attempt = 0));
  socket.on("connect_error", (err: Error & { data?: { code?: unknown } }) => {
    if (socket.active || err.data?.code !== HANDSHAKE_RETRIED_CODE) return;
    onWaiting();
    const base = Math.min(OPEN_BACKOFF_MAX_MS, OPEN_BACKOFF_FIRST_MS * 2 ** attempt++);
    timer = setTimeout(() => socket.connect(), base / 2 + Math.random() * (base / 2));
  });
  return () => {
    if (timer) clearTimeout(timer);
  };
}
const OPEN_BACKOFF_FIRST_MS = 300;
const OPEN_BACKOFF_MAX_MS = 5000;
/** An action waits this long for its answer: the server answers once the action is stored, which a database fault delays. */
const ACTION_TIMEOUT_MS = 60_000;

export interface TableConnectionOptions {
  /** Server URL; the page's own origin when absent. */
  readonly url?: string;
  /** Extra handshake headers (the session cookie, outside a browser). */
  readonly headers?: Record<string, string>;
  readonly onMessage: (m: ServerMessage) => void;
  readonly onState: (s: TableConnectionState) => void;
  /** A refusal of the open that will not be retried (no such table, private…). */
  readonly onOpenRefused?: (a: Extract<Ack, { ok: false }>) => void;
}

export class TableConnection {
  readonly socket: Socket;
  private state: TableConnectionState = { connected: false, reconnecting: false, saving: false };
  private everConnected = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private pendingActions = 0;
  private savingTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly stopHandshakeRetry: () => void;
  /** Opens tried again so far (for tests and diagnostics). */
  reopenAttempts = 0;
  readonly follower: TableFollower;

  constructor(
    readonly tableId: string,
    private readonly invite: string | undefined,
    private readonly opts: TableConnectionOptions,
  ) {
    const socketOpts = { path: "/socket.io", transports: ["websocket"], ...(opts.headers ? { extraHeaders: opts.headers } : {}) };
    this.socket = opts.url ? io(opts.url, socketOpts) : io(socketOpts);
    this.socket.on("connect", () => {
      this.everConnected = true;
      this.attempt = 0;
      this.set({ connected: true });
      this.open();
    });
    this.socket.on("disconnect", () => {
      this.clearRetry();
      this.set({ connected: false, reconnecting: this.everConnected });
    });
    this.follower = new TableFollower(tableId);
    this.socket.on(SERVER_EVENT, (m: ServerMessage) => {
      const { message, resync } = this.follower.receive(m);
      if (resync) void this.emit({ type: "table/sync", tableId }, 10_000);
      else opts.onMessage(message);
    });
    this.stopHandshakeRetry = retryRefusedHandshake(this.socket, () => this.set({ reconnecting: this.everConnected }));
  }

  get current(): TableConnectionState {
    return this.state;
  }

  private set(patch: Partial<TableConnectionState>): void {
    const next = { ...this.state, ...patch };
    if (next.connected === this.state.connected && next.reconnecting === this.state.reconnecting && next.saving === this.state.saving) return;
    this.state = next;
    this.opts.onState(next);
  }

  private clearRetry(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  /** Opens the table; a "not now" answer is retried with backoff while the socket stays connected. */
  private open(): void {
    if (this.closed) return;
    this.clearRetry();
    const sent = this.socket.connected ? this.emit({ type: "table/open", tableId: this.tableId, ...(this.invite ? { invite: this.invite } : {}) }, 10_000) : null;
    void sent?.then((a) => {
      if (this.closed || !this.socket.connected) return;
      if (a.ok) {
        this.attempt = 0;
        this.set({ reconnecting: false });
        return;
      }
      if (!RETRIED_OPEN_CODES.has(a.error.code)) {
        this.set({ reconnecting: false });
        this.opts.onOpenRefused?.(a);
        return;
      }
      this.set({ reconnecting: true });
      const base = Math.min(OPEN_BACKOFF_MAX_MS, OPEN_BACKOFF_FIRST_MS * 2 ** this.attempt++);
      this.reopenAttempts++;
      // Jitter, so that the viewers of a table do not all come back at the same instant.
      this.retry = setTimeout(() => this.open(), base / 2 + Math.random() * (base / 2));
    });
  }

  private async emit(msg: ClientMessageInput, timeoutMs: number): Promise<Ack> {
    if (!this.socket.connected) return { ok: false, error: { code: "table/offline", message: "offline" } };
    try {
      return (await this.socket.timeout(timeoutMs).emitWithAck(CLIENT_EVENT, msg)) as Ack;
    } catch {
      return { ok: false, error: { code: "table/offline", message: "no answer" } };
    }
  }

  /** Any table message but an action. */
  send(msg: ClientMessageInput): Promise<Ack> {
    return this.emit(msg, 10_000);
  }

  /** An action: answered once stored; "saving" shows while that takes longer than about a second. */
  async act(msg: ClientMessageInput): Promise<Ack> {
    this.pendingActions++;
    this.savingTimer ??= setTimeout(() => {
      this.savingTimer = null;
      if (this.pendingActions > 0) this.set({ saving: true });
    }, SAVING_AFTER_MS);
    try {
      return await this.emit(msg, ACTION_TIMEOUT_MS);
    } finally {
      if (--this.pendingActions === 0) {
        if (this.savingTimer) clearTimeout(this.savingTimer);
        this.savingTimer = null;
        this.set({ saving: false });
      }
    }
  }

  close(): void {
    this.closed = true;
    this.clearRetry();
    this.stopHandshakeRetry();
    if (this.savingTimer) clearTimeout(this.savingTimer);
    this.socket.close();
  }
}
