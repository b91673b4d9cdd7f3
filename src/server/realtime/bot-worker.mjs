/**
 * Worker thread of the strong computer players' pool (bot-pool.ts). Plain
 * JavaScript so that Node can start it without a loader: it registers tsx in
 * this thread (a worker does not inherit the parent's `--import tsx`), loads
 * the bots, and answers each { id, view, opts } with { id, action } or
 * { id, error }. Deciding is synchronous, which is why it runs here and not on
 * the server's event loop.
 */
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { decide } = await import("../../bots/index.ts");

parentPort.on("message", ({ id, view, opts }) => {
  try {
    parentPort.postMessage({ id, action: decide(view, opts) });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
parentPort.postMessage({ ready: true });
