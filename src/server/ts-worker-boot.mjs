/**
 * Generic start-up file for worker threads that run a TypeScript module.
 * Plain JavaScript so that Node can start it without a loader: it registers
 * tsx in this thread (a worker does not inherit the parent's `--import tsx`)
 * and then loads the module named by `workerData.entry` (a file URL). That
 * module reads its own input from `workerData.data`.
 */
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
