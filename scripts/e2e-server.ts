/**
 * The server Playwright tests run against: creates a fresh PostgreSQL database
 * for the run (migrated with `prisma migrate deploy`), builds the app when no
 * build exists, runs the production server on it, and drops the database when
 * the server stops (Playwright sends SIGTERM). It also receives the server's
 * mail for the whole run (SMTP on E2E_SMTP_PORT, each message written to
 * E2E_MAIL_DIR for the journeys that read mail, see e2e/mail.ts), so no
 * journey's sends fail.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { E2E_MAIL_DIR, E2E_SMTP_PORT, mailFileName, type StoredMail } from "../e2e/mail";
import { createTestDatabase, dropTestDatabase } from "../src/server/test/database";
import { startSmtpSink } from "../src/server/test/smtp-sink";

if (!existsSync(".next/BUILD_ID")) {
  console.log("[e2e] no production build: running next build");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
mkdirSync(E2E_MAIL_DIR, { recursive: true });
let mails = 0;
const sink = await startSmtpSink(E2E_SMTP_PORT, (raw, envelopeTo) => {
  const file = join(E2E_MAIL_DIR, mailFileName(++mails));
  const stored: StoredMail = { envelopeTo, raw };
  // Written whole, then renamed: a reader never sees half a message.
  writeFileSync(`${file}.tmp`, JSON.stringify(stored));
  renameSync(`${file}.tmp`, file);
});
console.log(`[e2e] mail on ${sink.url}, kept in ${E2E_MAIL_DIR}`);

const database = await createTestDatabase("whist_e2e");
console.log(`[e2e] database ${database.name}`);

// The server as `npm start` runs it: compiled (scripts/build-server.mjs).
const compile = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
if (compile.status !== 0) process.exit(compile.status ?? 1);
const server = spawn(process.execPath, [".server-build/src/server/main.mjs"], {
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
    rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  } finally {
    // Exiting closes the SMTP server too.
    process.exit(stopping ? 0 : (code ?? 1));
  }
});
