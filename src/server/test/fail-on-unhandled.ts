/**
 * Vitest set-up file of every test file: a promise rejected with nobody to
 * handle it fails the test during which it happened (Vitest alone reports it
 * at the end of the run, tied to no test). Also keeps the structured logs of
 * code under test to warnings and worse unless LOG_LEVEL says otherwise.
 */
import { afterEach } from "vitest";

process.env.LOG_LEVEL ??= "warn";

const key = Symbol.for("whist.test.unhandledRejections");
type WithSeen = typeof globalThis & { [key]?: unknown[] };
const g = globalThis as WithSeen;
if (!g[key]) {
  const seen: unknown[] = [];
  g[key] = seen;
  process.on("unhandledRejection", (reason) => void seen.push(reason));
}
const seen = g[key];

afterEach(async () => {
  // Rejections are reported after the microtasks of the turn that dropped them.
  await new Promise((r) => setImmediate(r));
  if (seen.length === 0) return;
  const reasons = seen.splice(0).map((r) => (r instanceof Error ? (r.stack ?? r.message) : String(r)));
  throw new Error(`unhandled promise rejection during this test:\n${reasons.join("\n")}`);
});
