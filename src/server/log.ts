/**
 * Structured logs: one JSON line per event (pino), level from LOG_LEVEL.
 * Stand-in with the agreed exports until the infrastructure version lands.
 */
import pino from "pino";

export const log = pino({ level: process.env.LOG_LEVEL ?? "info" });

export const childLog = (bindings: Record<string, unknown>) => log.child(bindings);
