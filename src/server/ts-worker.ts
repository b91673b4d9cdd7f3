/**
 * Starting TypeScript in a worker thread or a child process, one way for
 * both: through ts-worker-boot.mjs, which registers tsx and loads the entry.
 * In the compiled server (scripts/build-server.mjs, where
 * `process.env.SERVER_BUILD` is the constant "1") the entry is its compiled
 * bundle under .server-build/, and the boot file loads it without tsx.
 *
 * Paths are resolved from the project root (the working directory of the dev
 * server, the tests and `node --import tsx src/server/main.ts`), not from
 * `import.meta.url`: code reached through Next's API routes is bundled, and
 * its bundle lives elsewhere than its source.
 */
import { type ChildProcess, fork, type ForkOptions } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Built from parts so the bundler does not try to resolve the files at build time.
const fromRoot = (file: string) => [process.cwd(), ...file.split("/")].join(path.sep);

/** The boot file every TypeScript thread and child process starts from. */
export const tsWorkerBoot = (): string => fromRoot("src/server/ts-worker-boot.mjs");

const compiled = process.env.SERVER_BUILD === "1";
const entryUrl = (entryFromRoot: string) =>
  pathToFileURL(fromRoot(compiled ? `.server-build/${entryFromRoot.replace(/\.ts$/, ".mjs")}` : entryFromRoot)).href;

/** Options for a worker-thread pool (piscina) whose task function is `entryFromRoot`'s default export. */
export function tsThreadOptions(entryFromRoot: string): { filename: string; workerData: { entry: string } } {
  return { filename: tsWorkerBoot(), workerData: { entry: entryUrl(entryFromRoot) } };
}

/** Forks a child process running `entryFromRoot` (with an IPC channel); it dies with this process (see the boot file). */
export function forkTs(entryFromRoot: string, opts: Omit<ForkOptions, "execArgv"> = {}): ChildProcess {
  const env = { ...(opts.env ?? process.env), TS_WORKER_PARENT_PID: String(process.pid) };
  return fork(tsWorkerBoot(), [entryUrl(entryFromRoot)], { ...opts, env, execArgv: [] });
}
