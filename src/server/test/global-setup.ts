/**
 * Vitest global set-up: creates a fresh PostgreSQL database with a random name
 * for this test run, applies prisma/migrations with `prisma migrate deploy`,
 * hands its URL to the tests (inject("databaseUrl"), also DATABASE_URL), and
 * drops it afterwards. When PostgreSQL is not reachable, tests that need it
 * fail with a clear message and the others (engine, pure units) still run.
 *
 * Server: TEST_DATABASE_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres.
 */
import type { TestProject } from "vitest/node";
import { createTestDatabase, dropTestDatabase, adminUrl } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string | null;
    databaseError: string | null;
  }
}

export default async function setup(project: TestProject) {
  process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
  let created: { url: string; name: string } | null = null;
  try {
    created = await createTestDatabase();
    process.env.DATABASE_URL = created.url;
    project.provide("databaseUrl", created.url);
    project.provide("databaseError", null);
  } catch (error) {
    const message = `PostgreSQL test database unavailable at ${adminUrl()}: ${(error as Error).message}`;
    console.warn(`[test] ${message}`);
    project.provide("databaseUrl", null);
    project.provide("databaseError", message);
  }
  return async () => {
    if (created) await dropTestDatabase(created.name);
  };
}
