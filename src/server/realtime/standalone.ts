/**
 * A live-table server without the pages: one HTTP server with socket.io and
 * the same registerRealtime wiring as src/server/main.ts. Used by the
 * integration tests (as a child process that can be killed) and the table
 * benchmarks. Needs DATABASE_URL (migrated) and AUTH_SECRET; LIVE_PORT (0 = any),
 * BOT_DELAY_MS, BOT_BUDGET_MS, BOT_THREADS, LEASE_MS, ABANDON_GRACE_MS, REDIS_URL and REDIS_PREFIX optional. Prints
 * "listening <port>" when ready.
 */
import { createServer } from "node:http";
import { Server } from "socket.io";
import { getEnv } from "@/env";
import { limitHeapGrowth } from "@/server/heap";
import { exitOnUnhandledFaults } from "@/server/process-faults";
import { connectCluster, registerRealtime } from "./index";

limitHeapGrowth();
exitOnUnhandledFaults();

const http = createServer((_req, res) => {
  res.writeHead(404).end();
});
const io = new Server(http, { path: "/socket.io" });
const env = getEnv();
const cluster = env.REDIS_URL ? await connectCluster(io, env.REDIS_URL) : undefined;
const optional = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const hub = registerRealtime(io, {
  botDelayMs: optional("BOT_DELAY_MS") ?? 0,
  botBudgetMs: optional("BOT_BUDGET_MS"),
  botThreads: optional("BOT_THREADS"),
  leaseMs: optional("LEASE_MS") ?? 30_000,
  abandonGraceMs: optional("ABANDON_GRACE_MS"),
  cluster,
});
await hub.resumed;
// Ctrl-C (or SIGINT from the benchmark) leaves through process.exit, so a profile asked for with --cpu-prof is written.
process.on("SIGINT", () => process.exit(0));
http.listen(Number(process.env.LIVE_PORT ?? 0), "127.0.0.1", () => {
  const addr = http.address();
  const port = typeof addr === "object" && addr ? addr.port : "";
  // The parent process waits for this line, whatever LOG_LEVEL lets through.
  process.stdout.write(`listening ${port}\n`);
});
