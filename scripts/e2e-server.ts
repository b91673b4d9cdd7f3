/**
 * The server Playwright tests run against: creates a fresh PostgreSQL database
 * for the run (migrated with `prisma migrate deploy`), builds the app when no
 * build exists, runs the production server on it, and drops the database when
 * the server stops (Playwright sends SIGTERM).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createTestDatabase, dropTestDatabase } from "../src/server/test/database";

if (!existsSync(".next/BUILD_ID")) {
  console.log("[e2e] no production build: running next build");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const database = await createTestDatabase("whist_e2e");
console.log(`[e2e] database ${database.name}`);

const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", DATABASE_URL: database.url },
});

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}

server.on("exit", async (code) => {
  try {
    await dropTestDatabase(database.name);
    console.log(`[e2e] dropped ${database.name}`);
  } finally {
    process.exit(stopping ? 0 : (code ?? 1));
  }
});
