/**
 * The process's event runner (runner.ts), started with the live tables:
 * new rounds' rooms are loaded here at once so their computer players and
 * clocks start without waiting for the sweep.
 */
import type { Db } from "@/server/db";
import type { TableHub } from "@/server/realtime/lobby";
import { EventRunner } from "./runner";

const runnerKey = Symbol.for("whist.eventRunner");
type WithRunner = typeof globalThis & { [runnerKey]?: EventRunner };

export const currentEventRunner = (): EventRunner | undefined => (globalThis as WithRunner)[runnerKey];

export function startEventRunner(db: Db, hub: TableHub, intervalMs?: number): EventRunner {
  (globalThis as WithRunner)[runnerKey]?.stop();
  const runner = new EventRunner(db, {
    intervalMs,
    onTables: (ids) => {
      for (const id of ids) void hub.room(id).catch(() => null);
      hub.lobbyChanged();
    },
  }).start();
  (globalThis as WithRunner)[runnerKey] = runner;
  return runner;
}
