/**
 * Live tables over socket.io: wires the table hub (PostgreSQL store, socket
 * transport, computer players, and with Redis the other server processes)
 * onto the server's socket.io instance, and resumes every table in play
 * (its timers and computer players) at start-up.
 */
import type { Server } from "socket.io";
import { getDb, getPool, usingEmbeddedDb } from "@/server/db";
import { getSession } from "@/server/auth/session";
import { registerSessionSockets, sessionRoom, userRoom } from "@/server/auth/sessions";
import { getEnv } from "@/env";
import { DEFAULT_BOT_BUDGET_MS, pooledBots } from "./bot";
import { BotPool } from "./bot-pool";
import { TableHub } from "./lobby";
import { PrismaTableStore } from "./prisma-store";
import { attachSockets, SocketTransport } from "./socket";
import { newProcessId, RedisCluster, type Cluster } from "./cluster";
import { clubAccessFacts } from "@/server/modules/clubs/access";
import { createRematchTable } from "@/server/modules/tables/service";
import { ProcessLiveness } from "./liveness";
import { log } from "@/server/log";
import { currentEventRunner, startEventRunner } from "@/server/modules/events/server";

export interface RealtimeOptions {
  /** Least time from a computer player's turn to its action (ms). */
  readonly botDelayMs?: number;
  /** Worker threads for strong computer players (default 1). */
  readonly botThreads?: number;
  /** Thinking time per strong decision for tables without their own (default 1000 ms). */
  readonly botBudgetMs?: number;
  readonly leaseMs?: number;
  /** Set when several processes share the tables (see connectCluster). */
  readonly cluster?: Cluster;
  /** The only process on its database (the embedded one): no liveness lock, every other lease owner is gone. */
  readonly soleProcess?: boolean;
  /** How long a match in play goes on with nobody at the table before it ends as abandoned (default 3 minutes). */
  readonly abandonGraceMs?: number;
}

/**
 * Several processes: puts the socket.io Redis adapter on `io` and connects
 * this process to the others. Call before registerRealtime and pass the result.
 * `prefix` separates deployments (or test runs) sharing one Redis; by
 * default the validated REDIS_PREFIX.
 */
export const connectCluster = (io: Server, redisUrl: string, prefix?: string): Promise<Cluster> =>
  RedisCluster.connect(io, redisUrl, prefix || getEnv().REDIS_PREFIX);

const hubKey = Symbol.for("whist.tableHub");
type WithHub = typeof globalThis & { [hubKey]?: TableHub };

/** The process's table hub, when live tables are running here (the tRPC tables router uses it to push lobby updates). */
export const currentTableHub = (): TableHub | undefined => (globalThis as WithHub)[hubKey];

export function registerRealtime(io: Server, opts: RealtimeOptions = {}): TableHub {
  // Strong computer players search for up to a second per card: off the event loop, in worker threads.
  const bots = new BotPool({ size: opts.botThreads ?? 1 });
  const owner = opts.cluster?.owner ?? newProcessId();
  // This process is alive (for the others, and for its own next life) while it holds its liveness lock.
  const liveness = opts.soleProcess ? null : new ProcessLiveness(getEnv().DATABASE_URL!, owner);
  const hub = new TableHub({
    store: new PrismaTableStore(getDb(), { soleProcess: opts.soleProcess, pool: getPool(), prepare: !usingEmbeddedDb() }),
    transport: new SocketTransport(io),
    decide: pooledBots(bots),
    botBudgetMs: opts.botBudgetMs ?? DEFAULT_BOT_BUDGET_MS,
    onShutdown: async () => {
      currentEventRunner()?.stop();
      await bots.close();
      await liveness?.stop();
    },
    owner,
    cluster: opts.cluster,
    botDelayMs: opts.botDelayMs ?? getEnv().BOT_DELAY_MS,
    // With other processes waiting to take over, a dead driver's tables should not wait long.
    leaseMs: opts.leaseMs ?? (opts.cluster ? 10_000 : undefined),
    facts: (tableId, userId) => clubAccessFacts(getDb(), tableId, userId),
    abandonGraceMs: opts.abandonGraceMs,
    // A rematch table counts against its creator's quota like any table they open.
    createRematchTable: async (from, creatorId) => {
      const made = await createRematchTable(getDb(), from, creatorId);
      return made.ok
        ? { ok: true, tableId: made.value.id }
        : { ok: false, error: { code: made.error.code === "TABLE_QUOTA" || made.error.code === "TABLE_RATE_LIMITED" ? "table/quota" : "table/no-rematch", message: made.error.message } };
    },
  });
  (globalThis as WithHub)[hubKey] = hub;
  const allowedOrigins = process.env.AUTH_URL ? [process.env.AUTH_URL] : [];
  attachSockets(io, hub, {
    allowedOrigins,
    authenticate: async (cookie) => {
      const session = await getSession(cookie);
      if (!session) return null;
      // Logout disconnects the session's room, "log out everywhere" the user's.
      return { id: session.user.id, name: session.user.displayName, rooms: [sessionRoom(session.sessionId), userRoom(session.user.id)] };
    },
  });
  registerSessionSockets(io);
  // Resume after the liveness lock is taken, so that no other process mistakes this one for gone.
  // The server listens once this settles (see main.ts), so its first visitors find their tables moving.
  hub.resumed = (liveness ? liveness.start() : Promise.resolve(true))
    .then(() => hub.resumeAll())
    // Club events run on from the database: a round in play when the server stopped goes on.
    .then((n) => (startEventRunner(getDb(), hub), n))
    .then(
      (n) => log.info({ owner, tables: n }, "tables in play resumed"),
      (err: unknown) => log.error({ err: err instanceof Error ? err.message : String(err) }, "tables not resumed; the sweep will take them"),
    );
  return hub;
}
