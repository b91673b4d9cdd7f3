import { createTestDatabase, dropTestDatabase } from "../src/server/test/database";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const d = await createTestDatabase("whist_rss");
for (const args of [["--import", "tsx", "src/server/main.ts"], [".server-build/src/server/main.mjs"]]) {
  const p = spawn(process.execPath, args, { env: { ...process.env, DATABASE_URL: d.url, AUTH_SECRET: "x".repeat(40), AUTH_URL: "http://127.0.0.1:3301", REDIS_URL: "", NODE_ENV: "production", PORT: "3301", HOST: "127.0.0.1" }, stdio: ["ignore", "pipe", "pipe"] });
  let out = ""; p.stdout!.on("data", (b) => (out += b)); p.stderr!.on("data", (b) => (out += b));
  for (let i = 0; i < 120; i++) { try { const r = await fetch("http://127.0.0.1:3301/api/health"); if (r.ok) break; } catch {} await new Promise((r) => setTimeout(r, 500)); }
  const home = await fetch("http://127.0.0.1:3301/tables").then((r) => r.status).catch((e) => String(e));
  await new Promise((r) => setTimeout(r, 5000));
  console.log(args.at(-1), "health ok; /tables", home, "rss MB", rss(p.pid!).toFixed(0));
  p.kill("SIGTERM"); await new Promise((r) => p.on("exit", r));
  if (!String(home).startsWith("200")) console.log(out.slice(-3000));
}
await dropTestDatabase(d.name);
