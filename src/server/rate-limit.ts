/**
 * Rate limits shared by every server process (rate-limiter-flexible):
 *
 *   rateLimiter(name, { points, duration, blockDuration? })
 *     → a RateLimiterAbstract allowing `points` per `duration` seconds per key
 *       (keys are strings the caller builds, e.g. `user:<id>`); with
 *       `blockDuration`, a key over the limit stays refused that many seconds.
 *       The same name and options give the same limiter.
 *   take(limiter, key)
 *     → consumes one point: null when allowed, else the wait in ms.
 *
 * `consume(key)` is one atomic step in the shared store (a Lua script in
 * Redis, one INSERT … ON CONFLICT … RETURNING in PostgreSQL), so concurrent
 * requests can never all slip under the limit.
 *
 * Storage, decided once per process:
 * - Redis when REDIS_URL is set (the store every process already shares);
 * - else PostgreSQL (table "RateLimit", created by a migration) through a
 *   small pool of its own;
 * - else, with the embedded database, memory. PGlite serves every connection
 *   from one backend, and a second pool interleaving statements with Prisma's
 *   corrupts them (the verified "portal does not exist" hazard); the embedded
 *   mode is one process by construction, so memory limits are exact there.
 * A `live` limiter (the live tables' messages and chat) skips PostgreSQL.
 */
import pg from "pg";
import { createClient } from "redis";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from "rate-limiter-flexible";
import { getEnv } from "@/env";
import { usingEmbeddedDb } from "@/server/db";

export type RateLimitOptions = {
  readonly points: number;
  readonly duration: number;
  readonly blockDuration?: number;
  /**
   * On the live tables' message path: never waits on PostgreSQL (a database
   * outage must not refuse every move, and a round trip per message is too
   * dear). Redis when the processes share one, else memory, which is exact for
   * the one process there is without Redis.
   */
  readonly live?: boolean;
};
export type RateLimitStorage = "redis" | "postgres" | "memory";

type Shared = {
  storage?: RateLimitStorage;
  pool?: pg.Pool;
  redis?: ReturnType<typeof createClient>;
  limiters: Map<string, RateLimiterAbstract>;
};

// One set per process, shared by the custom server and the Next.js bundle.
const sharedKey = Symbol.for("whist.rateLimits");
function shared(): Shared {
  const g = globalThis as typeof globalThis & { [sharedKey]?: Shared };
  g[sharedKey] ??= { limiters: new Map() };
  return g[sharedKey];
}

/** Which store the limiters of this process use. */
export function rateLimitStorage(): RateLimitStorage {
  const s = shared();
  if (!s.storage) {
    const env = getEnv();
    const databaseUrl = process.env.DATABASE_URL ?? env.DATABASE_URL;
    s.storage = env.REDIS_URL ? "redis" : databaseUrl && !usingEmbeddedDb() ? "postgres" : "memory";
  }
  return s.storage;
}

function redisClient(): ReturnType<typeof createClient> {
  const s = shared();
  if (!s.redis) {
    const client = createClient({ url: getEnv().REDIS_URL });
    client.on("error", (error: Error) => console.error("[rate-limit] redis:", error.message));
    // Commands issued while connecting are queued by the client.
    void client.connect().catch((error: Error) => console.error("[rate-limit] redis connect:", error.message));
    s.redis = client;
  }
  return s.redis;
}

function pgPool(): pg.Pool {
  const s = shared();
  s.pool ??= new pg.Pool({
    connectionString: process.env.DATABASE_URL ?? getEnv().DATABASE_URL,
    max: 3,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
  });
  return s.pool;
}

export function rateLimiter(name: string, opts: RateLimitOptions): RateLimiterAbstract {
  const s = shared();
  const id = `${name}|${opts.points}|${opts.duration}|${opts.blockDuration ?? 0}|${opts.live ? "live" : ""}`;
  const existing = s.limiters.get(id);
  if (existing) return existing;
  const base = { keyPrefix: name, points: opts.points, duration: opts.duration, blockDuration: opts.blockDuration ?? 0 };
  let limiter: RateLimiterAbstract;
  const storage = rateLimitStorage();
  switch (opts.live && storage === "postgres" ? "memory" : storage) {
    case "redis":
      limiter = new RateLimiterRedis({
        ...base,
        keyPrefix: `${getEnv().REDIS_PREFIX}:rl:${name}`,
        storeClient: redisClient(),
        useRedisPackage: true,
      });
      break;
    case "postgres":
      limiter = new RateLimiterPostgres({
        ...base,
        storeClient: pgPool(),
        storeType: "pool",
        tableName: "RateLimit",
        tableCreated: true,
        clearExpiredByTimeout: true,
      });
      break;
    default:
      limiter = new RateLimiterMemory(base);
  }
  s.limiters.set(id, limiter);
  return limiter;
}

function isLimitRefusal(error: unknown): error is RateLimiterRes {
  return typeof error === "object" && error !== null && "msBeforeNext" in error && !(error instanceof Error);
}

/** Consumes one point; null when allowed, the wait in ms when refused (store errors are thrown). */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (error) {
    if (isLimitRefusal(error)) return Math.max(1, error.msBeforeNext);
    throw error;
  }
}

/** Closes the store connections (graceful shutdown, end of a test file). */
export async function closeRateLimiters(): Promise<void> {
  const s = shared();
  const { pool, redis } = s;
  s.pool = undefined;
  s.redis = undefined;
  s.storage = undefined;
  s.limiters.clear();
  await Promise.all([pool?.end(), redis?.isOpen ? redis.quit() : undefined]);
}
