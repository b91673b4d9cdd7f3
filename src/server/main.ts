/**
 * The one HTTP server: Next.js pages and API routes plus socket.io (/socket.io)
 * for live tables. Run with `node --import tsx src/server/main.ts`.
 *
 * Start-up: validate the environment, start the embedded database when
 * DATABASE_URL is unset, apply migrations, prepare Next, attach socket.io
 * (with the Redis adapter when REDIS_URL is set) and listen.
 */
import "dotenv/config";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { Server } from "socket.io";
import { DATA_DIR, loadEnv, mailOutboxDir } from "@/env";
import { startEmbeddedDb, type EmbeddedDb } from "@/server/embedded-db";
import { migrateDeploy } from "@/server/migrate";
import { disconnectDb, getDb, getPool } from "@/server/db";
import { healthRoutes } from "@/server/health";
import { pruneSessions } from "@/server/auth/sessions";
import { pruneAccountTokens } from "@/server/auth/account-tokens";
import { closeRateLimiters } from "@/server/rate-limit";
import { connectCluster, registerRealtime } from "@/server/realtime";
import { addSocketSecurityHeaders, guardRequest } from "@/server/http/guard";
import { HandAnalysisWorker } from "@/server/modules/history/analysis-queue";
import { exitOnUnhandledFaults } from "@/server/process-faults";
import { limitHeapGrowth } from "@/server/heap";
import { childLog } from "@/server/log";

const log = childLog({ component: "server" });

async function main() {
  limitHeapGrowth();
  exitOnUnhandledFaults({ rejections: "log" });
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  process.env.CHECKPOINT_DISABLE ??= "1";
  // Our own server decides which host it answers for; without this Auth.js
  // refuses every request in production (UntrustedHost).
  process.env.AUTH_TRUST_HOST ??= "true";

  const env = loadEnv((msg) => log.info(msg));
  if (!env.SMTP_URL) log.info(`SMTP_URL not set: mails go to the local outbox ${mailOutboxDir(env)} (each one logged with its link)`);
  const dev = env.NODE_ENV !== "production";
  const started = Date.now();

  let embedded: EmbeddedDb | undefined;
  if (!env.DATABASE_URL) {
    embedded = await startEmbeddedDb(path.join(DATA_DIR, "pglite"));
    process.env.DATABASE_URL = embedded.url;
    // One PGlite backend serves every connection: more than one is unsafe.
    process.env.DATABASE_POOL_MAX = "1";
    log.info({ port: embedded.port }, `DATABASE_URL not set: embedded PostgreSQL (PGlite) in ${path.join(DATA_DIR, "pglite")} on port ${embedded.port}`);
  }
  const databaseUrl = process.env.DATABASE_URL!;
  await migrateDeploy(databaseUrl);
  log.info("migrations applied");
  loadEnv(() => {}); // re-validate with the derived DATABASE_URL / pool size

  const app = next({ dev, hostname: env.HOST === "0.0.0.0" ? "localhost" : env.HOST, port: env.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();

  // Health probes first: they must answer even while Next cannot.
  const health = healthRoutes(getPool);
  const guard = { trustProxy: env.TRUST_PROXY, allowedOrigins: env.AUTH_URL ? [env.AUTH_URL] : [] };
  const http = createServer((req, res) => {
    if (health(req, res)) return;
    if (!guardRequest(req, res, guard)) void handle(req, res);
  });
  const io = new Server(http, { path: "/socket.io", maxHttpBufferSize: 64 * 1024 });
  addSocketSecurityHeaders(io, guard.trustProxy);

  // With Redis, several processes share live tables (socket.io Redis adapter + forwarding to each table's driver).
  const cluster = env.REDIS_URL ? await connectCluster(io, env.REDIS_URL, env.REDIS_PREFIX) : undefined;
  if (cluster) log.info("live tables shared with other processes through Redis");
  // Typed loosely: the live-tables module may or may not return a handle with shutdown().
  // The embedded database has one process: the leases of any earlier life of it are free at once.
  const realtime: unknown = registerRealtime(io, { cluster, soleProcess: embedded !== undefined });

  // Tables in play are resumed (a restart takes its own tables back at once) before the first visitor arrives.
  await (realtime as { resumed?: Promise<unknown> }).resumed;
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(env.PORT, env.HOST, () => resolve());
  });
  const shownHost = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  // PORT=0 listens on any free port (tests): log the one it got.
  const address = http.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log.info({ port, ms: Date.now() - started }, `ready on http://${shownHost}:${port} (${dev ? "development" : "production"}, ${Date.now() - started} ms)`);

  // Ended sessions (expired or idle) and expired mail links are refused anyway; drop their rows hourly.
  const prune = () => {
    void pruneSessions(getDb()).catch((err) => log.error({ err }, "pruning sessions failed"));
    void pruneAccountTokens(getDb()).catch((err) => log.error({ err }, "pruning account tokens failed"));
  };
  prune();
  setInterval(prune, 60 * 60 * 1000).unref();
  // Replays' double-dummy analysis: queued hands are solved in the background, at low priority.
  const analysis = new HandAnalysisWorker(getDb()).start();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `${signal}: shutting down`);
    // Do not wait forever for a stuck connection.
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      const hub = realtime as { shutdown?: () => Promise<void> } | undefined;
      await hub?.shutdown?.();
      await analysis.stop();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      http.closeAllConnections?.();
      await app.close?.();
      await cluster?.close();
      await closeRateLimiters();
      await disconnectDb();
      await embedded?.stop();
      process.exit(0);
    } catch (err) {
      log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  // A promise nobody awaited failed: log it with its stack (Node would end the process on it).
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  log.fatal({ err }, "start-up failed");
  process.exit(1);
});
