/**
 * socket.io adapter for live tables: authenticates each connection from its
 * session cookie, checks the handshake Origin, limits each socket's message
 * rate with a token bucket, disconnects clients that keep misbehaving, and
 * hands checked messages to the table hub.
 */
import type { Server, Socket } from "socket.io";
import { CLIENT_EVENT, SERVER_EVENT, type Ack, type ServerMessage } from "@/protocol";
import type { TableHub } from "./lobby";
import type { Conn, ConnUser, Transport } from "./transport";
import { originAllowed } from "@/server/http/origin";

export interface SocketOptions {
  /** The session user for a handshake's Cookie header, or null; `rooms` the socket joins (so logouts can disconnect it). */
  readonly authenticate: (cookieHeader: string | undefined) => Promise<(ConnUser & { readonly rooms?: readonly string[] }) | null>;
  /** Origins a browser may connect from (besides the server's own host). */
  readonly allowedOrigins: readonly string[];
  readonly ratePerSecond?: number;
  readonly burst?: number;
  /** Refused messages in a row (malformed, over the rate) tolerated before disconnecting. */
  readonly maxStrikes?: number;
}

/** Token bucket: `burst` tokens, refilled at `rate` per second. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.rate);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export class SocketTransport implements Transport {
  constructor(private readonly io: Server) {}
  send(connId: string, msg: ServerMessage): void {
    this.io.to(connId).emit(SERVER_EVENT, msg);
  }
}

/** True when a browser Origin may open a socket (shared with the HTTP guard). */
export { originAllowed };

export function attachSockets(io: Server, hub: TableHub, opts: SocketOptions): void {
  const rate = opts.ratePerSecond ?? 8;
  const burst = opts.burst ?? 20;
  const maxStrikes = opts.maxStrikes ?? 10;

  io.use((socket, next) => {
    const h = socket.handshake.headers;
    if (!originAllowed(h.origin, h.host, opts.allowedOrigins)) return next(new Error("origin not allowed"));
    opts.authenticate(h.cookie).then(
      (user) => {
        socket.data.user = user ? { id: user.id, name: user.name } : null;
        socket.data.rooms = user?.rooms ?? [];
        next();
      },
      () => {
        socket.data.user = null;
        next();
      },
    );
  });

  io.on("connection", (socket: Socket) => {
    const conn: Conn = { id: socket.id, user: (socket.data.user as ConnUser | null) ?? null };
    const rooms = (socket.data.rooms as string[] | undefined) ?? [];
    if (rooms.length > 0) void socket.join(rooms);
    const bucket = new TokenBucket(rate, burst);
    let strikes = 0;
    const refuse = (ack: ((a: Ack) => void) | undefined, a: Ack) => {
      if (typeof ack === "function") ack(a);
      else socket.emit(SERVER_EVENT, { type: "error", error: (a as Extract<Ack, { ok: false }>).error } satisfies ServerMessage);
    };
    socket.on(CLIENT_EVENT, (raw: unknown, ack?: (a: Ack) => void) => {
      if (!bucket.take()) {
        strikes++;
        refuse(ack, { ok: false, error: { code: "table/rate-limited", message: "Too many messages; slow down." } });
        if (strikes > maxStrikes) socket.disconnect(true);
        return;
      }
      void hub.handle(conn, raw).then((res) => {
        if (!res.ok && res.error.code === "table/malformed" && ++strikes > maxStrikes) {
          refuse(ack, res);
          socket.disconnect(true);
          return;
        }
        // Strikes count a run of refused messages: a client that slows down after a refusal is forgiven.
        if (res.ok || res.error.code !== "table/malformed") strikes = 0;
        if (typeof ack === "function") ack(res);
        else if (!res.ok) socket.emit(SERVER_EVENT, { type: "error", error: res.error } satisfies ServerMessage);
      });
    });
    socket.on("disconnect", () => void hub.disconnect(socket.id));
  });
}
