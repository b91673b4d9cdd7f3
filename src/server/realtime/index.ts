/**
 * Live tables over socket.io: wires the table hub (PostgreSQL store, socket
 * transport, computer players, and with Redis the other server processes)
 * onto the server's socket.io instance, and resumes every table in play
 * (its timers and computer players) at start-up.
 */
import type { Server } from "socket.io";
import { getDb } from "@/server/db";
import { getSessionUser } from "@/server/auth/session";
import { getEnv } from "@/env";
import { DEFAULT_BOT_BUDGET_MS, pooledBots } from "./bot";
import { BotPool } from "./bot-pool";
import { TableHub } from "./lobby";
import { PrismaTableStore } from "./prisma-store";
import { attachSockets, SocketTransport } from "./socket";
import { newProcessId, RedisCluster, type Cluster } from "./cluster";
import { clubAccessFacts } from "@/server/modules/clubs/access";
import { log } from "@/server/log";

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
  const hub = new TableHub({
    store: new PrismaTableStore(getDb()),
    transport: new SocketTransport(io),
    decide: pooledBots(bots),
    botBudgetMs: opts.botBudgetMs ?? DEFAULT_BOT_BUDGET_MS,
    onShutdown: () => bots.close(),
    owner: opts.cluster?.owner ?? newProcessId(),
    cluster: opts.cluster,
    botDelayMs: opts.botDelayMs ?? 700,
    // With other processes waiting to take over, a dead driver's tables should not wait long.
    leaseMs: opts.leaseMs ?? (opts.cluster ? 10_000 : undefined),
    facts: (tableId, userId) => clubAccessFacts(getDb(), tableId, userId),
  });
  (globalThis as WithHub)[hubKey] = hub;
  const allowedOrigins = process.env.AUTH_URL ? [process.env.AUTH_URL] : [];
  attachSockets(io, hub, {
    allowedOrigins,
    authenticate: async (cookie) => {
      const user = await getSessionUser(cookie);
      return user ? { id: user.id, name: user.displayName } : null;
    },
  });
  hub.resumeAll().then(
    (n) => n > 0 && log.info({ component: "tables", resumed: n }, `resumed ${n} table(s) in play`),
    (err) => log.error({ component: "tables", err }, "could not resume tables"),
  );
  return hub;
}
