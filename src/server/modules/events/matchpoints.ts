/**
 * Duplicate scoring (pure). Every table of a round plays the same deals, so
 * the player at seat s of deal d at one table held the same cards as the
 * players at seat s of deal d at every other table: those are the comparable
 * players. On each deal a player earns 2 matchpoints for each comparable
 * player they beat (more points on that deal) and 1 for each tie. The
 * frequency table of a deal lists, per seat, each score and how many
 * tables it was made at, with the matchpoints it earned.
 */

export interface RoundTableResult {
  /** Participant keys by seat. */
  readonly players: readonly string[];
  /** Per deal, the points of each seat (the deal's own points, not running totals). */
  readonly points: readonly (readonly number[])[];
}

export interface FrequencyRow {
  readonly score: number;
  readonly count: number;
  /** Matchpoints each of those players earned on the deal. */
  readonly matchpoints: number;
}

export interface DealFrequencies {
  readonly deal: number;
  /** Per seat, highest score first. */
  readonly seats: readonly (readonly FrequencyRow[])[];
}

export interface MatchpointResult {
  /** Total matchpoints per participant over the round. */
  readonly totals: ReadonlyMap<string, number>;
  /** Per table, per deal, per seat: that player's matchpoints. */
  readonly byTable: readonly (readonly (readonly number[])[])[];
  readonly frequencies: readonly DealFrequencies[];
}

/** Matchpoints of one score among the comparable scores (`all` includes it once). */
export const matchpointsOf = (score: number, all: readonly number[]): number =>
  all.reduce((mp, other) => mp + (other < score ? 2 : other === score ? 1 : 0), 0) - 1;

export function matchpointRound(tables: readonly RoundTableResult[]): MatchpointResult {
  const deals = tables.length ? Math.min(...tables.map((t) => t.points.length)) : 0;
  const seats = tables[0]?.players.length ?? 0;
  const totals = new Map<string, number>();
  for (const t of tables) for (const p of t.players) totals.set(p, totals.get(p) ?? 0);
  const byTable = tables.map(() => [] as number[][]);
  const frequencies: DealFrequencies[] = [];
  for (let d = 0; d < deals; d++) {
    const perSeat: FrequencyRow[][] = [];
    tables.forEach((_, ti) => (byTable[ti]![d] = []));
    for (let s = 0; s < seats; s++) {
      const scores = tables.map((t) => t.points[d]![s]!);
      tables.forEach((t, ti) => {
        const mp = matchpointsOf(scores[ti]!, scores);
        byTable[ti]![d]![s] = mp;
        totals.set(t.players[s]!, totals.get(t.players[s]!)! + mp);
      });
      const counts = new Map<number, number>();
      for (const x of scores) counts.set(x, (counts.get(x) ?? 0) + 1);
      perSeat.push(
        [...counts].sort((a, b) => b[0] - a[0]).map(([score, count]) => ({ score, count, matchpoints: matchpointsOf(score, scores) })),
      );
    }
    frequencies.push({ deal: d, seats: perSeat });
  }
  return { totals, byTable, frequencies };
}
