/**
 * The one way this server runs TypeScript outside its main thread (see
 * ts-worker.ts): a worker thread of the computer players' pool (piscina) or
 * the analysis child process. Plain JavaScript, so that Node starts it
 * without a loader: it registers tsx here (a worker thread does not inherit
 * the parent's `--import tsx`, and the child is started without flags), then
 * loads the module named by `workerData.entry` (a thread) or by the first
 * argument (a process), both file URLs, and re-exports its default export
 * (the task function piscina calls).
 */
import { isMainThread, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const entry = await import(isMainThread ? process.argv[2] : workerData.entry);
export default entry.default;
