/**
 * The database connection: one pg pool per process, used by the Prisma
 * client and by the job queue (src/server/jobs.ts), shared through globalThis
 * so that the custom server (src/server/main.ts, loaded by tsx) and the
 * Next.js bundle use the same pool. That matters for the embedded database,
 * which only stays correct with a single connection (pool max 1): Prisma's
 * queries, its transactions and pg-boss's queries then take turns on it.
 */
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "@/generated/prisma/client";
import { getEnv } from "@/env";
import { log } from "@/server/log";

export type Db = PrismaClient;
/** A client or an interactive transaction's client. */
export type DbTx = Db | Prisma.TransactionClient;
/** A transaction's client (for a callback run inside a transaction another module opened). */
export type Tx = Prisma.TransactionClient;

const embeddedKey = Symbol.for("whist.embeddedDb");
type WithEmbedded = typeof globalThis & { [embeddedKey]?: boolean };

/** Set by the embedded database when it starts in this process. */
export function markEmbeddedDb(on: boolean): void {
  (globalThis as WithEmbedded)[embeddedKey] = on;
}

/** True when this process serves the embedded database: its one backend must not get a second connection pool. */
export function usingEmbeddedDb(): boolean {
  return (globalThis as WithEmbedded)[embeddedKey] === true;
}

/** What pg-boss needs to run its SQL (its `db` option). */
export interface JobDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const globalKey = Symbol.for("whist.prisma");
type Shared = { pool: pg.Pool; prisma: PrismaClient };
type WithDb = typeof globalThis & { [globalKey]?: Shared };

export function createPool(connectionString: string, max: number): pg.Pool {
  // A bounded connect: with the database unreachable, a query fails (and is retried by its caller) instead of waiting forever.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000 });
  // An idle connection that breaks (database restarted, network cut) must not crash the process;
  // the next query opens a new one.
  pool.on("error", (err) => log.warn({ component: "db", error: err.message }, "idle database connection lost"));
  return pool;
}

export function createPrismaClient(connection: string | pg.Pool, max = 10): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg(typeof connection === "string" ? { connectionString: connection, max, connectionTimeoutMillis: 10_000 } : connection),
    // A transaction may wait this long for a connection (Prisma's default is 2 s): with the embedded
    // database's single connection, a few tables finishing at once would otherwise fail (P2028).
    transactionOptions: { maxWait: 10_000 },
  });
}

/** pg-boss's SQL through a pg pool. */
export function poolJobDb(pool: pg.Pool): JobDb {
  return { executeSql: (text, values) => pool.query(text, values as unknown[]) };
}

/**
 * pg-boss's SQL inside a Prisma interactive transaction, so that a job is sent in the same
 * transaction as the rows it is about (it exists if and only if they do).
 */
export function transactionJobDb(tx: Prisma.TransactionClient): JobDb {
  return {
    executeSql: async (text, values = []) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values.map((v) => (v === undefined ? null : v))) }),
  };
}

function shared(): Shared {
  const g = globalThis as WithDb;
  if (!g[globalKey]) {
    const env = getEnv();
    if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set (the server sets it when it starts the embedded database)");
    const pool = createPool(env.DATABASE_URL, env.DATABASE_POOL_MAX);
    g[globalKey] = { pool, prisma: createPrismaClient(pool) };
  }
  return g[globalKey];
}

/** The process-wide Prisma client, created on first use from DATABASE_URL. */
export function getDb(): PrismaClient {
  return shared().prisma;
}

/** The process-wide pg pool (the one under getDb()). */
export function getPool(): pg.Pool {
  return shared().pool;
}

/** Disconnects the process-wide client and its pool, if they were created (graceful shutdown). */
export async function disconnectDb(): Promise<void> {
  const g = globalThis as WithDb;
  const s = g[globalKey];
  g[globalKey] = undefined;
  await s?.prisma.$disconnect();
  await s?.pool.end();
}
