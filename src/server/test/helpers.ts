/**
 * Helpers for integration tests against the run's PostgreSQL database (see
 * global-setup.ts): a Prisma client, tRPC callers as a visitor or as a user,
 * user factories, and row locks held while two requests race (holdLocks).
 * The files a worker runs share its database, so make data unique
 * (uniqueEmail, uniqueDisplayName) instead of relying on empty tables.
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { inject } from "vitest";
import { testDatabaseUrl } from "./database-url";
import { createPool, createPrismaClient, type Db, type Tx } from "@/server/db";
import { createCaller } from "@/server/api/root";
import type { Context, SessionUser } from "@/server/api/trpc";
import * as accounts from "@/server/modules/accounts/service";
import { DISPLAY_NAME_MAX, type RegisterInput } from "@/server/modules/accounts/schema";

let db: Db | undefined;
let pool: pg.Pool | undefined;
let ownUrl: string | undefined;

/**
 * Points this file's testDb() and testPool() at a database of its own (see createTestDatabase), for
 * tests of something database-wide, such as the job queue, that other files must not share.
 */
export async function useOwnDatabase(url: string): Promise<void> {
  await closeTestDb();
  ownUrl = url;
}

export { testDatabaseUrl };

/** The pg pool for the test database (one per test file/worker); testDb() runs on it, as the server's client does. */
export function testPool(): pg.Pool {
  const url = ownUrl ?? testDatabaseUrl();
  if (!url) throw new Error(inject("databaseError") ?? "No test database");
  pool ??= createPool(url, 4);
  return pool;
}

/** The Prisma client for the test database (one per test file/worker). */
export function testDb(): Db {
  db ??= createPrismaClient(testPool());
  return db;
}

export async function closeTestDb(): Promise<void> {
  await db?.$disconnect();
  await pool?.end();
  db = undefined;
  pool = undefined;
}

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.test`;
}

/** A random IP per test, so that per-IP rate limits of parallel tests don't meet. */
export function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export function testContext(overrides: Partial<Context> = {}): Context {
  return { db: testDb(), user: null, locale: "en", ip: uniqueIp(), ...overrides };
}

/** A tRPC caller; pass a user to call as that signed-in user. */
export function testCaller(user: SessionUser | null = null, overrides: Partial<Context> = {}) {
  return createCaller(testContext({ user, ...(user ? { locale: user.locale } : {}), ...overrides }));
}

export type TestUser = SessionUser & { email: string; password: string };

/**
 * A display name no other test user has (names are unique in any case): `name`
 * and a random tag, shortened to fit DISPLAY_NAME_MAX. Read a test user's name
 * from the returned user, never from the literal passed in.
 */
export function uniqueDisplayName(name = "Test Player"): string {
  const tag = randomBytes(4).toString("hex");
  return `${name.slice(0, DISPLAY_NAME_MAX - tag.length - 1)} ${tag}`;
}

/**
 * Registers a user through the accounts service and returns its credentials.
 * The display name is made unique (uniqueDisplayName); `exactName` keeps it as given.
 */
export async function createTestUser(input: Partial<RegisterInput> & { exactName?: boolean } = {}): Promise<TestUser> {
  const { exactName = false, ...given } = input;
  const data: RegisterInput = {
    email: uniqueEmail(),
    password: "correct horse battery",
    locale: "en",
    ...given,
    displayName: exactName && given.displayName !== undefined ? given.displayName : uniqueDisplayName(given.displayName),
  };
  const result = await accounts.register(testDb(), data);
  if (!result.ok) throw new Error(`createTestUser: ${result.error.code}`);
  return { id: result.value.id, displayName: result.value.displayName, locale: result.value.locale, email: data.email, password: data.password };
}

/**
 * For tests of two requests at once: `lock` runs in a transaction that stays open (holding the row
 * locks it took) until `release()`. `waiting(n)` resolves once n other statements of this database
 * wait on a lock, i.e. the racing requests have come as far as the held rows.
 */
export async function holdLocks(lock: (tx: Tx) => Promise<unknown>) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const done = testDb().$transaction(
    async (tx) => {
      await lock(tx);
      locked();
      await held;
    },
    { timeout: 60_000 },
  );
  await Promise.race([isLocked, done]);
  return { waiting: untilLockWaits, release: async () => (release(), await done) };
}

/** Resolves once at least n statements of this database wait on a lock (PostgreSQL says so), failing after timeoutMs. */
export async function untilLockWaits(n: number, timeoutMs = 20_000): Promise<void> {
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
    const [row] = await testDb().$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if (row!.n >= n) return;
  }
  throw new Error(`fewer than ${n} statements came to wait on a lock`);
}
