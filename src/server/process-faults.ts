/**
 * Last-resort handlers of a server process: an unhandled rejection or an
 * uncaught exception is logged as one structured line and ends the process
 * (its state could be anything). Nothing is lost by that: every table resumes
 * from its stored log when the process starts again, within its lease.
 */
import { log } from "@/server/log";

export function exitOnUnhandledFaults(): void {
  process.on("unhandledRejection", (reason) => {
    log.fatal({ err: reason instanceof Error ? reason.stack : String(reason) }, "unhandledRejection");
    process.exit(1);
  });
  process.on("uncaughtException", (err) => {
    log.fatal({ err: err.stack ?? String(err) }, "uncaughtException");
    process.exit(1);
  });
}
