/**
 * What a table's match is, rebuilt without the database: its Match id (fixed
 * by the table and its seed from the start), its set-up, its state and its
 * game record from the stored actions. The live table rebuilds its state
 * with these after a restart, the finishing step stores the record, and the
 * replay analysis reads the record so far of a match still in play.
 */
import { createHash } from "node:crypto";
import * as engine from "@/engine";
import type { StoredAction, TableRecord } from "@/server/realtime/store";

/** What of a table its match depends on. */
export type MatchTable = Pick<TableRecord, "id" | "variant" | "options" | "seats" | "seed">;

/**
 * The id the Match row of the match started at `tableId` with `seed` gets when it is stored: known
 * from the start (the seed stays the server's until then), so each hand can be queued for its replay
 * analysis as soon as it ends, under the id its replay will ask for.
 */
export const matchIdOf = (tableId: string, seed: string): string => `m${createHash("sha256").update(`${tableId}\n${seed}`).digest("hex").slice(0, 24)}`;

const setupOf = (rec: MatchTable): engine.MatchSetup => ({
  variant: rec.variant,
  options: rec.options,
  seats: rec.seats.map((s, i) => ({ name: s?.name ?? `Seat ${i + 1}` })),
  seed: rec.seed ?? undefined,
});

/** Rebuilds a match from its seed and stored actions with the engine; throws on a log the engine rejects (a bug or tampering). */
export function replayMatch(rec: MatchTable, actions: readonly StoredAction[]): engine.MatchState | null {
  if (rec.seed === null) return null;
  const created = engine.createMatch(setupOf(rec));
  if (!created.ok) throw new Error(`table ${rec.id}: cannot create match: ${created.error.message}`);
  let state = created.value;
  for (const a of actions) {
    const step = engine.apply(state, a.seat, a.action);
    if (!step.ok) throw new Error(`table ${rec.id}: stored action ${a.seq} rejected: ${step.error.code}`);
    state = step.state;
  }
  return state;
}

/** The game record of the match so far (its hand in play included, unfinished); throws when the actions do not give `state`, when given. */
export function matchRecord(rec: MatchTable, actions: readonly StoredAction[], state?: engine.MatchState): engine.GameRecord {
  const record = engine.buildRecord(setupOf(rec), actions.map(({ seat, action }) => ({ seat, action })), state);
  if (!record.ok) throw new Error(`table ${rec.id}: cannot build the game record: ${record.error.message}`);
  return record.value;
}
