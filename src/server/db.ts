/**
 * The Prisma client: one per process, shared through globalThis so that the
 * custom server (src/server/main.ts, loaded by tsx) and the Next.js bundle use
 * the same connection pool. That matters for the embedded database, which
 * only stays correct with a single connection.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { getEnv } from "@/env";

export type Db = PrismaClient;

const globalKey = Symbol.for("whist.prisma");
const embeddedKey = Symbol.for("whist.embeddedDb");
type WithPrisma = typeof globalThis & { [globalKey]?: PrismaClient; [embeddedKey]?: boolean };

/** Set by the embedded database when it starts in this process. */
export function markEmbeddedDb(on: boolean): void {
  (globalThis as WithPrisma)[embeddedKey] = on;
}

/** True when this process serves the embedded database: its one backend must not get a second connection pool. */
export function usingEmbeddedDb(): boolean {
  return (globalThis as WithPrisma)[embeddedKey] === true;
}

export function createPrismaClient(connectionString: string, max: number): PrismaClient {
  // A bounded connect: with the database unreachable, a query fails (and is retried by its caller) instead of waiting forever.
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max, connectionTimeoutMillis: 10_000 }) });
}

/** The process-wide client, created on first use from DATABASE_URL. */
export function getDb(): PrismaClient {
  const g = globalThis as WithPrisma;
  if (!g[globalKey]) {
    const env = getEnv();
    if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set (the server sets it when it starts the embedded database)");
    g[globalKey] = createPrismaClient(env.DATABASE_URL, env.DATABASE_POOL_MAX);
  }
  return g[globalKey];
}

/** Disconnects the process-wide client, if one was created (graceful shutdown). */
export async function disconnectDb(): Promise<void> {
  const g = globalThis as WithPrisma;
  const client = g[globalKey];
  g[globalKey] = undefined;
  await client?.$disconnect();
}
