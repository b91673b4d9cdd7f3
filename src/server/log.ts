/**
 * The server's logger (pino). Stand-in with the shared contract's exports;
 * the infra branch owns this file.
 */
import pino from "pino";

export const log = pino({ level: process.env.LOG_LEVEL ?? "info" });

export const childLog = (bindings: Record<string, unknown>) => log.child(bindings);
