/** Starts a worker thread that runs a TypeScript module under tsx (through ts-worker-boot.mjs). */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * Paths are resolved from the project root (the working directory of the dev
 * server, the tests and `node --import tsx src/server/main.ts`), not from
 * `import.meta.url`: code reached through Next's API routes is bundled, and
 * its bundle lives elsewhere than its source.
 */
export function startTsWorker(entryFromRoot: string, data: unknown): Worker {
  const root = process.cwd();
  // Built from parts so the bundler does not try to resolve the worker file at build time.
  const boot = [root, "src", "server", "ts-worker-boot.mjs"].join(path.sep);
  return new Worker(boot, {
    workerData: { entry: pathToFileURL(path.join(root, entryFromRoot)).href, data },
  });
}
