/**
 * Health endpoints, answered by the HTTP server before Next (src/server/main.ts):
 * - GET /healthz: the process is up and serving (200, always).
 * - GET /readyz: the database answers and every migration is applied (the
 *   Prisma migrations in prisma/migrations and the job queue's schema): 200,
 *   else 503. Both answer JSON. The check runs on the process's own pool (a
 *   second connection would be unsafe with the embedded database) and gives
 *   up after a few seconds, so a database that stopped answering yields 503,
 *   not a hanging probe.
 */
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type pg from "pg";
import { JOB_SCHEMA, JOB_SCHEMA_VERSION } from "@/server/jobs";
import { childLog } from "@/server/log";

const log = childLog({ component: "health" });

export type Readiness =
  | { ready: true }
  | { ready: false; reason: "database-unreachable"; error: string }
  | { ready: false; reason: "migrations-pending"; pending: string[] };

const READY_TIMEOUT_MS = 5_000;

/** The migrations this code expects (prisma/migrations, resolved from the project root). */
export function expectedMigrations(root = process.cwd()): string[] {
  const dir = path.join(root, "prisma", "migrations");
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

async function check(pool: pg.Pool, expected: readonly string[]): Promise<Readiness> {
  const applied = await pool.query<{ migration_name: string }>(
    `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Set(applied.rows.map((r) => r.migration_name));
  const pending = expected.filter((m) => !done.has(m));
  const queue = await pool.query<{ version: number }>(`SELECT version FROM ${JOB_SCHEMA}.version`);
  if ((queue.rows[0]?.version ?? 0) < JOB_SCHEMA_VERSION) pending.push(`${JOB_SCHEMA} schema version ${JOB_SCHEMA_VERSION}`);
  return pending.length ? { ready: false, reason: "migrations-pending", pending } : { ready: true };
}

/** Whether the database answers and every migration is applied. */
export async function readiness(pool: pg.Pool, expected: readonly string[] = expectedMigrations(), timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([check(pool, expected), timeout]);
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    // A missing table means a schema that was never migrated, not an unreachable database.
    if ((e as { code?: string }).code === "42P01") return { ready: false, reason: "migrations-pending", pending: [...expected] };
    return { ready: false, reason: "database-unreachable", error };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Answers /healthz and /readyz; false for any other request (Next handles it).
 * Logs each change of readiness once (a fault, then its recovery).
 */
export function healthRoutes(pool: () => pg.Pool): (req: IncomingMessage, res: ServerResponse) => boolean {
  const expected = expectedMigrations();
  let last: Readiness["ready"] | null = null;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
  };
  return (req, res) => {
    const url = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (url === "/healthz") {
      send(res, 200, { ok: true });
      return true;
    }
    if (url !== "/readyz") return false;
    void readiness(pool(), expected).then((r) => {
      if (r.ready !== last) {
        if (r.ready) log.info("ready: database reachable, migrations applied");
        else log.error(r, "not ready");
        last = r.ready;
      }
      send(res, r.ready ? 200 : 503, r);
    });
    return true;
  };
}
