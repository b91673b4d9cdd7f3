/**
 * The server's log: pino, one JSON object per line on standard output
 * (`{"level":50,"time":"…","pid":…,"msg":"…",…}`), threshold LOG_LEVEL
 * (validated in src/env.ts, default info). Every fault and every recovery
 * gets one line; `childLog({ component: "tables" })` tags a module's lines.
 * Errors go in an `err` field, so their stack is kept (`log.error({ err }, "…")`).
 *
 * One logger per process, shared through globalThis like the Prisma client
 * (the custom server and Next's bundle both load this module).
 */
import pino, { type Bindings, type Logger } from "pino";
import { logLevelSchema } from "@/env";

const globalKey = Symbol.for("whist.log");
type WithLog = typeof globalThis & { [globalKey]?: Logger };

function createLog(): Logger {
  // An invalid LOG_LEVEL is reported by loadEnv() at start-up; until then (and in tests) it logs at info.
  const level = logLevelSchema.safeParse(process.env.LOG_LEVEL);
  return pino({
    level: level.success ? level.data : "info",
    timestamp: pino.stdTimeFunctions.isoTime,
    base: { pid: process.pid },
  });
}

export const log: Logger = ((globalThis as WithLog)[globalKey] ??= createLog());

/** A logger whose every line carries `bindings` (e.g. `{ component: "analysis" }`). */
export function childLog(bindings: Bindings): Logger {
  return log.child(bindings);
}
