/**
 * Throw-away PostgreSQL databases for tests (Vitest's global set-up and the
 * Playwright config): create one with a random name, migrate it, drop it.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrateDeploy } from "@/server/migrate";

export function adminUrl(): string {
  return process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>` and applies every committed migration. */
export async function createTestDatabase(prefix = "whist_test"): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = withDatabase(adminUrl(), name);
  try {
    await migrateDeploy(url);
  } catch (error) {
    await dropTestDatabase(name);
    throw error;
  }
  return { name, url };
}

/** A copy of a migrated test database (PostgreSQL's template copy: no migrations run again). */
export async function copyTestDatabase(template: string, name: string): Promise<{ name: string; url: string }> {
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return { name, url: withDatabase(adminUrl(), name) };
}

export async function dropTestDatabase(name: string): Promise<void> {
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
