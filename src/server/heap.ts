/**
 * How the server's JavaScript heap grows. By default V8 lets the old
 * generation grow by a factor of up to 4 between full collections, chosen by
 * how fast the program allocates; a live-table server allocates fast (each
 * action's snapshots, deltas and statements) but keeps little (about 50 MB
 * of live objects with a thousand tables), so its heap grew to about 250 MB
 * of mostly garbage. A growth of at most 20% per step keeps it near what is
 * live, at no measurable CPU cost (docs/benchmarks.md, "Live tables at
 * scale": peak RSS 442 → 227 MB, CPU per action unchanged).
 */
import v8 from "node:v8";

export const HEAP_GROWING_PERCENT = 20;

/** Called first thing by each server entry (the flag is read at every full collection). */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
