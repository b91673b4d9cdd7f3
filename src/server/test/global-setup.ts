/**
 * Vitest global set-up: creates a fresh PostgreSQL database with a random name
 * for this test run, applies prisma/migrations with `prisma migrate deploy`,
 * copies it once per test worker (files run two at a time, and a live-table
 * server of one file must not adopt another file's tables), hands the copies'
 * URLs to the tests (testDatabaseUrl() in helpers.ts picks the worker's; also
 * DATABASE_URL, see worker-database.ts), and drops them afterwards. When PostgreSQL is not reachable, tests that need it
 * fail with a clear message and the others (engine, pure units) still run.
 *
 * Server: TEST_DATABASE_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { copyTestDatabase, createTestDatabase, dropTestDatabase, adminUrl } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    /** One database per test worker (VITEST_POOL_ID 1, 2, …), or empty when PostgreSQL is unreachable. */
    databaseUrls: string[];
    databaseError: string | null;
  }
}

export default async function setup(project: TestProject) {
  process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
  // Mails of registrations in tests (no SMTP_URL) go to an outbox of this run, not the checkout's .data/.
  const outbox = process.env.MAIL_OUTBOX_DIR ? null : mkdtempSync(path.join(tmpdir(), "whist-test-outbox-"));
  if (outbox) process.env.MAIL_OUTBOX_DIR = outbox;
  const created: { url: string; name: string }[] = [];
  try {
    const base = await createTestDatabase();
    created.push(base);
    const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
    for (let i = 1; i <= workers; i++) created.push(await copyTestDatabase(base.name, `${base.name}_w${i}`));
    process.env.DATABASE_URL = created[1]!.url;
    project.provide("databaseUrls", created.slice(1).map((c) => c.url));
    project.provide("databaseError", null);
  } catch (error) {
    const message = `PostgreSQL test database unavailable at ${adminUrl()}: ${(error as Error).message}`;
    console.warn(`[test] ${message}`);
    project.provide("databaseUrls", []);
    project.provide("databaseError", message);
  }
  return async () => {
    if (outbox) rmSync(outbox, { recursive: true, force: true });
    for (const c of created.reverse()) await dropTestDatabase(c.name);
  };
}
