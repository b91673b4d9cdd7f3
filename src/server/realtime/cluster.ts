/**
 * Several server processes sharing live tables through Redis. The socket.io
 * Redis adapter carries every message a table sends to a connection id to
 * whichever process holds that socket. Next to it, one pub/sub channel per
 * process carries table messages from a socket's process to the process
 * driving the table (with the answer coming back on the sender's reply
 * channel), and one shared channel announces takeovers and lobby changes.
 */
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { Server } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { createClient } from "redis";
import type { Ack, ClientMessage } from "@/protocol";
import type { Conn } from "./transport";
import { internalAck } from "./internal-error";
import { log } from "@/server/log";

/** Client messages that concern one table (everything but the lobby ones). */
export type TableMessage = Exclude<ClientMessage, { type: "lobby/watch" | "lobby/unwatch" }>;

/**
 * The answer to a forwarded message: the driver's ack; "not-driver" when that
 * process is alive but does not drive the table (any more); "gone" when no
 * process listens on that channel (it died or shut down).
 */
export type ForwardResult = { readonly kind: "ack"; readonly ack: Ack } | { readonly kind: "not-driver" } | { readonly kind: "gone" };

export interface ClusterHandlers {
  /** A message forwarded from another process; null when this process does not drive the table. */
  request(conn: Conn, msg: TableMessage): Promise<Ack | null>;
  /** A process (maybe this one) now drives the table. */
  driverChanged(tableId: string, owner: string): void;
  lobbyChanged(): void;
}

/** What the table hub needs from the processes around it. */
export interface Cluster {
  /** This process's id: its lease owner name and its channel. */
  readonly owner: string;
  setHandlers(h: ClusterHandlers): void;
  forward(owner: string, conn: Conn, msg: TableMessage): Promise<ForwardResult>;
  announceDriver(tableId: string): void;
  announceLobbyChange(): void;
  close(): Promise<void>;
}

/** A unique id for this server process (host, pid and a random part, so a restarted pid is new). */
export const newProcessId = (): string => `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

type RedisClient = ReturnType<typeof createClient>;

type Envelope =
  | { readonly t: "req"; readonly id: number; readonly from: string; readonly conn: Conn; readonly msg: TableMessage }
  | { readonly t: "res"; readonly id: number; readonly ack: Ack | null };

type Announcement = { readonly t: "driver"; readonly tableId: string; readonly owner: string } | { readonly t: "lobby" };

const FORWARD_TIMEOUT_MS = 8000;

export class RedisCluster implements Cluster {
  private handlers: ClusterHandlers | null = null;
  private readonly pending = new Map<number, (ack: Ack | null) => void>();
  private nextId = 1;

  private constructor(
    readonly owner: string,
    private readonly prefix: string,
    private readonly pub: RedisClient,
    private readonly subs: RedisClient[],
  ) {}

  /**
   * Connects to Redis, puts the socket.io Redis adapter on `io` (its channels
   * under `<prefix>:io`) and subscribes this process's channels.
   */
  static async connect(io: Server, url: string, prefix = "whist", owner = newProcessId()): Promise<RedisCluster> {
    // A generous connect timeout: a process busy starting up (Next) can miss the default 5 s on a loaded machine.
    const pub = createClient({ url, socket: { connectTimeout: 20_000 } });
    const adapterSub = pub.duplicate();
    const sub = pub.duplicate();
    for (const c of [pub, adapterSub, sub]) c.on("error", (err: Error) => log.error({ component: "redis", err }, "redis connection error"));
    await Promise.all([pub.connect(), adapterSub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, adapterSub, { key: `${prefix}:io` }));
    const cluster = new RedisCluster(owner, prefix, pub, [adapterSub, sub]);
    await sub.subscribe(cluster.channel(owner), (raw) => cluster.onEnvelope(raw));
    await sub.subscribe(`${prefix}:tables`, (raw) => cluster.onAnnouncement(raw));
    return cluster;
  }

  private channel(owner: string): string {
    return `${this.prefix}:proc:${owner}`;
  }

  setHandlers(h: ClusterHandlers): void {
    this.handlers = h;
  }

  async forward(owner: string, conn: Conn, msg: TableMessage): Promise<ForwardResult> {
    const id = this.nextId++;
    const answer = new Promise<Ack | null | "timeout">((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve("timeout");
      }, FORWARD_TIMEOUT_MS);
      this.pending.set(id, (ack) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(ack);
      });
    });
    const env: Envelope = { t: "req", id, from: this.owner, conn, msg };
    const listeners = await this.pub.publish(this.channel(owner), JSON.stringify(env)).catch((e: unknown) => {
      this.pending.get(id)?.(null);
      throw e;
    });
    if (listeners === 0) {
      this.pending.get(id)?.(null);
      return { kind: "gone" };
    }
    const ack = await answer;
    if (ack === "timeout") return { kind: "ack", ack: { ok: false, error: { code: "table/busy", message: "The table did not answer in time; try again." } } };
    return ack ? { kind: "ack", ack } : { kind: "not-driver" };
  }

  announceDriver(tableId: string): void {
    this.announce({ t: "driver", tableId, owner: this.owner });
  }

  announceLobbyChange(): void {
    this.announce({ t: "lobby" });
  }

  private announce(a: Announcement): void {
    this.pub.publish(`${this.prefix}:tables`, JSON.stringify(a)).catch((err: Error) => log.error({ component: "redis", err }, "announcement not published"));
  }

  private onEnvelope(raw: string): void {
    const env = JSON.parse(raw) as Envelope;
    if (env.t === "res") {
      this.pending.get(env.id)?.(env.ack);
      return;
    }
    const handled = this.handlers ? this.handlers.request(env.conn, env.msg) : Promise.resolve(null);
    void handled
      .catch((e: unknown): Ack => internalAck(e, "forwarded table message failed"))
      .then((ack) => {
        const res: Envelope = { t: "res", id: env.id, ack };
        return this.pub.publish(this.channel(env.from), JSON.stringify(res));
      })
      .catch((err: Error) => log.error({ component: "redis", err }, "reply not published"));
  }

  private onAnnouncement(raw: string): void {
    const a = JSON.parse(raw) as Announcement;
    if (a.t === "driver") this.handlers?.driverChanged(a.tableId, a.owner);
    else this.handlers?.lobbyChanged();
  }

  async close(): Promise<void> {
    for (const resolve of this.pending.values()) resolve(null);
    await Promise.allSettled([...this.subs, this.pub].map((c) => c.quit()));
  }
}
