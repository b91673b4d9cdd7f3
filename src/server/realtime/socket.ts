/**
 * socket.io adapter for live tables: authenticates each connection from its
 * session cookie, checks the handshake Origin, limits message and chat rates
 * per user (all of a person's sockets share one budget; visitors per IP),
 * disconnects clients that keep misbehaving, and hands checked messages to
 * the table hub in the order they arrived.
 */
import type { Server, Socket } from "socket.io";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { rateLimiter } from "@/server/rate-limit";
import { CLIENT_EVENT, SERVER_EVENT, type Ack, type ServerMessage } from "@/protocol";
import type { TableHub } from "./lobby";
import type { Conn, ConnUser, Transport } from "./transport";
import { originAllowed } from "@/server/http/origin";
import { internalAck } from "./internal-error";

export interface SocketOptions {
  /** The session user for a handshake's Cookie header, or null; `rooms` the socket joins (so logouts can disconnect it). */
  readonly authenticate: (cookieHeader: string | undefined) => Promise<(ConnUser & { readonly rooms?: readonly string[] }) | null>;
  /** Origins a browser may connect from (besides the server's own host). */
  readonly allowedOrigins: readonly string[];
  /** Messages per user (visitors: per IP) and window; default 40 per 5 s. */
  readonly messages?: { readonly points: number; readonly duration: number };
  /** Chat lines per user and window; default 5 per 10 s. */
  readonly chat?: { readonly points: number; readonly duration: number };
  /** Refused messages in a row (malformed, over the rate) tolerated before disconnecting. */
  readonly maxStrikes?: number;
}

export class SocketTransport implements Transport {
  constructor(private readonly io: Server) {}
  send(connId: string, msg: ServerMessage): void {
    // A socket of this process is written to directly; the others through the adapter (Redis, across processes),
    // which would otherwise publish every message to every process.
    const local = this.io.sockets.sockets.get(connId);
    if (local) local.emit(SERVER_EVENT, msg);
    else this.io.to(connId).emit(SERVER_EVENT, msg);
  }
}

/** True when a browser Origin may open a socket (shared with the HTTP guard). */
export { originAllowed };

/** The limiter's key for a connection: the user, or for visitors their address. */
export const rateKey = (user: ConnUser | null, address: string) => (user ? `user:${user.id}` : `ip:${address}`);

/** True when the limiter had a point left for `key` (and took it). */
async function allowed(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (e) {
    if (e instanceof Error) throw e; // the store failed, not the limit
    return false;
  }
}

/** The handshake refusal a client retries (see retryRefusedHandshake). */
export const HANDSHAKE_UNAVAILABLE = "table/unavailable";
const handshakeUnavailable = () => Object.assign(new Error("The server cannot check your session right now."), { data: { code: HANDSHAKE_UNAVAILABLE } });

const rateLimited: Ack = { ok: false, error: { code: "table/rate-limited", message: "Too many messages; slow down." } };

export function attachSockets(io: Server, hub: TableHub, opts: SocketOptions): void {
  const maxStrikes = opts.maxStrikes ?? 10;
  const messages = rateLimiter("socket-messages", { ...(opts.messages ?? { points: 40, duration: 5 }), live: true });
  const chat = rateLimiter("table-chat", { ...(opts.chat ?? { points: 5, duration: 10 }), live: true });

  io.use((socket, next) => {
    const h = socket.handshake.headers;
    if (!originAllowed(h.origin, h.host, opts.allowedOrigins)) return next(new Error("origin not allowed"));
    opts.authenticate(h.cookie).then(
      (user) => {
        socket.data.user = user ? { id: user.id, name: user.name } : null;
        socket.data.rooms = user?.rooms ?? [];
        next();
      },
      // The session could not be read (the database is unreachable): refuse the handshake as "not now" rather
      // than admit a signed-in person as a visitor, who would then watch their own seat instead of playing it.
      () => next(handshakeUnavailable()),
    );
  });

  io.on("connection", (socket: Socket) => {
    const conn: Conn = { id: socket.id, user: (socket.data.user as ConnUser | null) ?? null };
    const rooms = (socket.data.rooms as string[] | undefined) ?? [];
    if (rooms.length > 0) void socket.join(rooms);
    const key = rateKey(conn.user, socket.handshake.address);
    let strikes = 0;
    // The limiter is asked in the order messages arrive, so each message reaches the hub in that order (as before any limiter).
    let gate: Promise<unknown> = Promise.resolve();
    const reply = (ack: ((a: Ack) => void) | undefined, a: Ack) => {
      if (typeof ack === "function") ack(a);
      else if (!a.ok) socket.emit(SERVER_EVENT, { type: "error", error: a.error } satisfies ServerMessage);
    };
    const withinLimits = async (raw: unknown) => {
      const isChat = typeof raw === "object" && raw !== null && (raw as { type?: unknown }).type === "chat";
      return (await allowed(messages, key)) && !(isChat && conn.user && !(await allowed(chat, `user:${conn.user.id}`)));
    };
    const handle = async (raw: unknown, ack?: (a: Ack) => void) => {
      const res = await hub.handle(conn, raw);
      if (!res.ok && res.error.code === "table/malformed" && ++strikes > maxStrikes) {
        reply(ack, res);
        socket.disconnect(true);
        return;
      }
      // Strikes count a run of refused messages: a client that slows down after a refusal is forgiven.
      if (res.ok || res.error.code !== "table/malformed") strikes = 0;
      reply(ack, res);
    };
    socket.on(CLIENT_EVENT, (raw: unknown, ack?: (a: Ack) => void) => {
      const checked = gate.then(() => withinLimits(raw));
      gate = checked.catch(() => undefined);
      checked.then(
        (ok) => {
          if (ok) return void handle(raw, ack);
          reply(ack, rateLimited);
          if (++strikes > maxStrikes) socket.disconnect(true);
        },
        (e) => reply(ack, internalAck(e, "rate limiter failed")),
      );
    });
    socket.on("disconnect", () => void hub.disconnect(socket.id).catch(() => undefined));
  });
}
