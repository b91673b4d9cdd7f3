/**
 * The one way this server runs TypeScript outside its main thread (see
 * ts-worker.ts): a worker thread of the computer players' pool (piscina) or
 * the analysis child process. Plain JavaScript, so that Node starts it
 * without a loader: it registers tsx here (a worker thread does not inherit
 * the parent's `--import tsx`, and the child is started without flags) when
 * the entry is TypeScript (a compiled .mjs entry of the production build
 * needs none), then loads the module named by `workerData.entry` (a thread)
 * or by the first argument (a process), both file URLs, and re-exports its
 * default export (the task function piscina calls).
 *
 * A child process dies with its parent. The IPC channel's "disconnect" event
 * only reaches an idle event loop, and a child's work (a double-dummy solve)
 * can block it for minutes; so, first of all, a watchdog thread (which that
 * work does not block) checks twice a second that the parent that started it
 * (TS_WORKER_PARENT_PID) is still this process's parent, and kills the
 * process when it is not (an orphan is adopted by init or a subreaper).
 */
import { isMainThread, Worker, workerData } from "node:worker_threads";

if (isMainThread && process.env.TS_WORKER_PARENT_PID) {
  const watchdog = `
    const { workerData } = require("node:worker_threads");
    const check = () => { if (process.ppid !== workerData.parent) process.kill(process.pid, "SIGKILL"); };
    check();
    setInterval(check, 500);`;
  new Worker(watchdog, { eval: true, workerData: { parent: Number(process.env.TS_WORKER_PARENT_PID) } }).unref();
}

const entryUrl = isMainThread ? process.argv[2] : workerData.entry;
// A compiled entry (.mjs, the production build) needs no loader, and the loader's memory is saved.
if (entryUrl.endsWith(".ts")) (await import("tsx/esm/api")).register();
const entry = await import(entryUrl);
export default entry.default;
