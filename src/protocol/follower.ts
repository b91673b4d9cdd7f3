/**
 * The receiving end of a table's updates, shared by the browser, the test
 * clients and the benchmark. Plain code with type-only imports, so the table
 * page loads no validation library with it.
 */
import type { ServerMessage, TableSnapshot } from "./index";
import { applyDelta } from "./delta";

/**
 * Follows one table's updates: a `table` snapshot is taken as it is, a
 * `tableDelta` is applied to the snapshot of its `from` version. `receive`
 * answers the message to hand on (a delta as the snapshot it makes), and
 * `resync: true` when a delta did not follow the snapshot held (an update
 * was missed): the caller then asks for a full snapshot with "table/sync".
 */
export class TableFollower {
  /** The last snapshot received or made from a delta. */
  snapshot: TableSnapshot | null = null;
  /** Deltas applied, and deltas that found another version (each led to a resync). */
  applied = 0;
  missed = 0;
  constructor(readonly tableId: string) {}

  receive(m: ServerMessage): { message: ServerMessage; resync: boolean } {
    if (m.type === "table" && m.table.id === this.tableId) this.snapshot = m.table;
    if (m.type !== "tableDelta" || m.tableId !== this.tableId) return { message: m, resync: false };
    const base = this.snapshot;
    if (!base || base.v !== m.from) {
      this.missed++;
      return { message: m, resync: true };
    }
    this.applied++;
    const table: TableSnapshot = { ...applyDelta(base, m.delta), v: m.v };
    this.snapshot = table;
    return { message: { type: "table", table }, resync: false };
  }
}
