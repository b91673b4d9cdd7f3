/**
 * Applies the committed migrations (prisma/migrations) with `prisma migrate
 * deploy`, run as an asynchronous child process: a synchronous child would
 * deadlock against the embedded database served from this same process.
 * Then installs the job queue's schema and queues (pg-boss, src/server/jobs.ts).
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { installJobQueue } from "@/server/jobs";

const root = process.cwd();

export function prismaCliEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    CHECKPOINT_DISABLE: "1",
    // The wasm schema engine leaves a 10 s timer behind; unref it so the CLI exits promptly.
    NODE_OPTIONS: `--require ${path.join(root, "scripts", "unref-timers.cjs")}`,
  };
}

export async function migrateDeploy(databaseUrl: string): Promise<string> {
  const out = await prismaMigrateDeploy(databaseUrl);
  await installJobQueue(databaseUrl);
  return out;
}

function prismaMigrateDeploy(databaseUrl: string): Promise<string> {
  const cli = createRequire(path.join(root, "package.json")).resolve("prisma/build/index.js");
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, "migrate", "deploy"],
      { cwd: root, env: prismaCliEnv(databaseUrl), maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`prisma migrate deploy failed:\n${stdout}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}
