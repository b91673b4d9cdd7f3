/**
 * Rate limiters (rate-limiter-flexible) for per-user quotas: socket messages,
 * chat lines, table creation. Keys are strings the caller builds (e.g.
 * `user:<id>`). This version keeps its counters in the process's memory
 * (RateLimiterMemory): each server process counts on its own.
 */
import { RateLimiterMemory, type RateLimiterAbstract } from "rate-limiter-flexible";

export interface RateLimiterOptions {
  /** Points allowed per `duration`. */
  readonly points: number;
  /** Window in seconds. */
  readonly duration: number;
  /** Seconds a key stays blocked once over the limit (default: until the window ends). */
  readonly blockDuration?: number;
}

const limiters = new Map<string, RateLimiterAbstract>();

/** The limiter named `name`, created on first use (later calls with the same name share it). */
export function rateLimiter(name: string, opts: RateLimiterOptions): RateLimiterAbstract {
  let l = limiters.get(name);
  if (!l) {
    l = new RateLimiterMemory({ keyPrefix: name, points: opts.points, duration: opts.duration, blockDuration: opts.blockDuration ?? 0 });
    limiters.set(name, l);
  }
  return l;
}
