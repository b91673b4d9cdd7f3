/**
 * A live-table server without the pages: one HTTP server with socket.io and
 * the same registerRealtime wiring as src/server/main.ts. Used by the
 * integration tests (as a child process that can be killed) and the table
 * benchmarks. Needs DATABASE_URL (migrated) and AUTH_SECRET; LIVE_PORT (0 = any),
 * BOT_DELAY_MS, LEASE_MS, REDIS_URL and REDIS_PREFIX optional. Prints
 * "listening <port>" when ready.
 */
import { createServer } from "node:http";
import { Server } from "socket.io";
import { connectCluster, registerRealtime } from "./index";

const http = createServer((_req, res) => {
  res.writeHead(404).end();
});
const io = new Server(http, { path: "/socket.io" });
const cluster = process.env.REDIS_URL ? await connectCluster(io, process.env.REDIS_URL, process.env.REDIS_PREFIX) : undefined;
registerRealtime(io, { botDelayMs: Number(process.env.BOT_DELAY_MS ?? 0), leaseMs: Number(process.env.LEASE_MS ?? 30_000), cluster });
http.listen(Number(process.env.LIVE_PORT ?? 0), "127.0.0.1", () => {
  const addr = http.address();
  console.log(`listening ${typeof addr === "object" && addr ? addr.port : ""}`);
});
