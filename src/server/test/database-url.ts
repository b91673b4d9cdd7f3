/** Which test database this Vitest worker uses (light: set-up files of every test import it). */
import { inject } from "vitest";

/** This worker's test database (global-setup.ts makes one per worker), or null when PostgreSQL is unreachable. */
export function testDatabaseUrl(): string | null {
  const urls = inject("databaseUrls");
  return urls.length === 0 ? null : urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
}
