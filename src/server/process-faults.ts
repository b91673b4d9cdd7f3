/**
 * Last-resort handlers of a server process: an unhandled rejection or an
 * uncaught exception is logged as one structured line and ends the process
 * (its state could be anything). Nothing is lost by that: every table resumes
 * from its stored log when the process starts again, within its lease.
 */
import { log } from "@/server/log";

export function exitOnUnhandledFaults(opts: { rejections?: "exit" | "log" } = {}): void {
  process.on("unhandledRejection", (reason) => {
    const err = reason instanceof Error ? reason.stack : String(reason);
    // The web server hosts Next.js, whose internals may leave a rejection of their own unhandled
    // while the database is unreachable: there it is logged, since exiting would stop every table.
    if (opts.rejections === "log") return void log.error({ err }, "unhandledRejection");
    log.fatal({ err }, "unhandledRejection");
    process.exit(1);
  });
  process.on("uncaughtException", (err) => {
    log.fatal({ err: err.stack ?? String(err) }, "uncaughtException");
    process.exit(1);
  });
}
