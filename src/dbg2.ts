import { createTestDatabase, dropTestDatabase } from "@/server/test/database";
import { startLiveServer, stopLiveServer } from "@/server/realtime/test-server";
const d = await createTestDatabase("whist_dbg");
const env = { DATABASE_URL: d.url, AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789", LEASE_MS: "30000", LOG_LEVEL: "debug", REDIS_URL: "" };
let s = await startLiveServer(env);
console.log("first on", s.port);
await stopLiveServer(s, "SIGKILL");
const t0 = Date.now();
s = await Promise.race([startLiveServer({ ...env, LIVE_PORT: String(s.port) }), new Promise<never>((_, rej) => setTimeout(() => rej(new Error("no start")), 15000))]).catch((e) => { console.log("START FAILED", e.message); return null as never; });
if (s) { console.log("second in", Date.now() - t0, s.output()); await stopLiveServer(s); }
await dropTestDatabase(d.name);
