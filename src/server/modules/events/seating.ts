/**
 * Who sits where in each round of an event (pure: the same inputs always give
 * the same tables). Three rules:
 * - random: a seeded shuffle of everyone;
 * - swiss: round 1 at random, then by standing, the leaders together
 *   (ties broken by a seeded draw);
 * - meetEveryone: spreads meetings as evenly as possible. No variant an
 *   event plays has fixed partners, so "meeting" is sharing a table. The
 *   cost of a line-up is the sum over pairs at one table of (times they met
 *   before)², minimised by seeded restarts of swap-improvement between tables
 *   (a local search: exact optima are a hard design problem; the tests check
 *   the cases where the optimum is known).
 * Computer players are ordinary participants here (the event adds them to
 * reach a multiple of four before the first round, see runner.ts), except
 * that no table is left to them alone while people could sit there.
 * Seat positions at each table are drawn too, so nobody keeps seat 0.
 */
import { createRng, shuffle, type Rng } from "@/engine/random";

export const SEATING_RULES = ["random", "swiss", "meetEveryone"] as const;
export type SeatingRule = (typeof SEATING_RULES)[number];

export interface SeatingInput {
  readonly rule: SeatingRule;
  /** Participant keys; their count is a multiple of four. */
  readonly players: readonly string[];
  /** The round being seated, from 1. */
  readonly round: number;
  readonly seed: string;
  /** Earlier rounds' tables (player keys), for meetEveryone. */
  readonly history: readonly (readonly string[])[];
  /** Standing order (best first), for swiss; players missing from it come last. */
  readonly standing: readonly string[];
  /** The computer players among `players`: no table is left to computer players alone while people could join it. */
  readonly computers?: ReadonlySet<string>;
}

const chunk = <T>(xs: readonly T[], n: number): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/** The round's tables, each its four player keys by seat. */
export function seatRound(input: SeatingInput): string[][] {
  if (input.players.length % 4 !== 0) throw new Error(`seatRound: ${input.players.length} players is not a multiple of four`);
  const rng = createRng(`${input.seed}:seating:${input.round}`);
  let tables: string[][];
  if (input.rule === "swiss" && input.round > 1) tables = swissTables(input.players, input.standing, rng);
  else if (input.rule === "meetEveryone" && input.history.length > 0) tables = spreadTables(input.players, input.history, rng);
  else tables = chunk(shuffle(input.players, rng), 4);
  if (input.computers?.size) spreadPeople(tables, input.computers);
  // Seats within each table drawn as well.
  return tables.map((t) => shuffle(t, rng));
}

/**
 * A table of computer players only would play unwatched (and the live tables
 * end a match nobody has open): while another table has two people or more,
 * one of them swaps places with a computer player there.
 */
function spreadPeople(tables: string[][], computers: ReadonlySet<string>): void {
  const people = (t: readonly string[]) => t.filter((k) => !computers.has(k)).length;
  for (const empty of tables) {
    if (people(empty) > 0) continue;
    const donor = tables.reduce((best, t) => (people(t) > people(best) ? t : best), empty);
    if (people(donor) < 2) return;
    const p = donor.findIndex((k) => !computers.has(k));
    [donor[p], empty[0]] = [empty[0]!, donor[p]!];
  }
}

function swissTables(players: readonly string[], standing: readonly string[], rng: Rng): string[][] {
  const rank = new Map(standing.map((k, i) => [k, i]));
  const tiebreak = new Map(shuffle(players, rng).map((k, i) => [k, i]));
  const order = [...players].sort(
    (a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) || tiebreak.get(a)! - tiebreak.get(b)!,
  );
  return chunk(order, 4);
}

/** Pair key for the meetings count. */
const pairKey = (a: number, b: number) => (a < b ? a * 65536 + b : b * 65536 + a);

/** How often each pair of players met in `history` (by index into players). */
export function meetings(players: readonly string[], history: readonly (readonly string[])[]): Map<number, number> {
  const index = new Map(players.map((k, i) => [k, i]));
  const met = new Map<number, number>();
  for (const table of history) {
    const idx = table.map((k) => index.get(k)).filter((i): i is number => i !== undefined);
    for (let x = 0; x < idx.length; x++)
      for (let y = x + 1; y < idx.length; y++) met.set(pairKey(idx[x]!, idx[y]!), (met.get(pairKey(idx[x]!, idx[y]!)) ?? 0) + 1);
  }
  return met;
}

/** Pairs at one table who met before (counting each repeat), over a set of tables: what the tests and docs report. */
export function repeatMeetings(tables: readonly (readonly string[])[], history: readonly (readonly string[])[]): number {
  const players = tables.flat();
  const met = meetings(players, history);
  const index = new Map(players.map((k, i) => [k, i]));
  let n = 0;
  for (const t of tables)
    for (let x = 0; x < t.length; x++) for (let y = x + 1; y < t.length; y++) n += met.get(pairKey(index.get(t[x]!)!, index.get(t[y]!)!)) ?? 0;
  return n;
}

function spreadTables(players: readonly string[], history: readonly (readonly string[])[], rng: Rng): string[][] {
  const n = players.length;
  const met = meetings(players, history);
  const w = (a: number, b: number) => {
    const m = met.get(pairKey(a, b)) ?? 0;
    return m * m;
  };
  /** Cost of player p at table t without player `except`. */
  const costAt = (p: number, t: readonly number[], except: number) => {
    let c = 0;
    for (const q of t) if (q !== except && q !== p) c += w(p, q);
    return c;
  };
  const tableCost = (t: readonly number[]) => t.reduce((s, p, i) => s + t.slice(i + 1).reduce((x, q) => x + w(p, q), 0), 0);
  // More restarts for small events, where they are cheap and a perfect spread is likely.
  const restarts = n <= 32 ? 24 : n <= 100 ? 4 : 1;
  let best: number[][] | null = null;
  let bestCost = Infinity;
  for (let r = 0; r < restarts && bestCost > 0; r++) {
    const tables = chunk(shuffle([...Array(n).keys()], rng), 4);
    for (let pass = 0; pass < 50; pass++) {
      let improved = false;
      for (let a = 0; a < tables.length; a++)
        for (let b = a + 1; b < tables.length; b++)
          for (let i = 0; i < 4; i++)
            for (let j = 0; j < 4; j++) {
              const ta = tables[a]!, tb = tables[b]!;
              const p = ta[i]!, q = tb[j]!;
              const before = costAt(p, ta, -1) + costAt(q, tb, -1);
              const after = costAt(q, ta, p) + costAt(p, tb, q);
              if (after < before) {
                ta[i] = q;
                tb[j] = p;
                improved = true;
              }
            }
      if (!improved) break;
    }
    const cost = tables.reduce((s, t) => s + tableCost(t), 0);
    if (cost < bestCost) {
      bestCost = cost;
      best = tables.map((t) => t.slice());
    }
  }
  return best!.map((t) => t.map((i) => players[i]!));
}
