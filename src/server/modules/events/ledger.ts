/**
 * The club's ledger (pure): turning an event's points into money and
 * settling it in as few transfers as possible. All amounts are integers in
 * øre and an event's amounts always sum to zero.
 *
 * Points to money: at each table the people settle among themselves, each
 * against the average of the people there (a computer player neither pays
 * nor receives; in the zero-sum variants at a table of four people this is
 * exactly their score). A player's event amount is rate × the sum of their
 * differences. The exact amount is a multiple of 1/12 øre (a table has 1-4
 * people), so it is kept in twelfths, in integers, until rounded.
 *
 * Rounding: each amount is rounded down to the club's unit, and the units
 * this leaves over (the sum must be zero) go one each to the largest
 * remainders, ties to the smaller user id: deterministic and never off by
 * more than one unit.
 *
 * Fewest transfers: with n non-zero balances the least number of transfers
 * is n − (the largest number of groups the balances split into that each sum
 * to zero). Up to EXACT_LIMIT balances this is found exactly by dynamic
 * programming over subsets (2^n·n steps); above it, a greedy settlement
 * (largest debtor pays largest creditor) is used, which needs at most n − 1
 * transfers but may miss a split into zero-sum groups.
 */

/** Parts of an øre amounts are kept in before rounding: 12 = lcm(1, 2, 3, 4) people at a table. */
export const TWELFTHS = 12;
export const EXACT_LIMIT = 18;

export interface TableScores {
  /** Per seat: the user id of a person, or null for a computer player. */
  readonly people: readonly (string | null)[];
  /** Final scores by seat (whole points). */
  readonly scores: readonly number[];
}

/** Per person, their points against their tables' averages, in twelfths of a point. */
export function pointsInTwelfths(tables: readonly TableScores[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tables) {
    const seats = t.people.flatMap((u, s) => (u ? [{ u, score: Math.round(t.scores[s] ?? 0) }] : []));
    if (seats.length === 0) continue;
    const sum = seats.reduce((a, x) => a + x.score, 0);
    for (const { u, score } of seats) out.set(u, (out.get(u) ?? 0) + ((seats.length * score - sum) * TWELFTHS) / seats.length);
  }
  return out;
}

/** Rounds twelfths of øre (summing to zero) to multiples of `unitOre`, still summing to zero. */
export function roundAmounts(twelfths: ReadonlyMap<string, number>, unitOre: number): Map<string, number> {
  const unit = TWELFTHS * unitOre;
  const rows = [...twelfths].map(([id, x]) => {
    const q = Math.floor(x / unit);
    return { id, q, r: x - q * unit };
  });
  const total = rows.reduce((a, r) => a + r.q, 0);
  if (rows.reduce((a, r) => a + r.r, 0) !== -total * unit) throw new Error("roundAmounts: the amounts do not sum to zero");
  const bumped = [...rows].sort((a, b) => b.r - a.r || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, -total);
  const bump = new Set(bumped.map((r) => r.id));
  return new Map(rows.map((r) => [r.id, (r.q + (bump.has(r.id) ? 1 : 0)) * unitOre]));
}

/** An event's amounts in øre per person: rate × points, rounded to the unit, summing to zero. */
export function eventAmounts(tables: readonly TableScores[], rateOre: number, unitOre: number): { points: Map<string, number>; amounts: Map<string, number> } {
  const tw = pointsInTwelfths(tables);
  const points = new Map([...tw].map(([u, x]) => [u, x / TWELFTHS]));
  return { points, amounts: roundAmounts(new Map([...tw].map(([u, x]) => [u, x * rateOre])), Math.max(1, unitOre)) };
}

export interface Transfer {
  readonly from: string;
  readonly to: string;
  readonly amount: number;
}

/** Settles one group greedily: the largest debt goes to the largest credit; at most size − 1 transfers. */
function greedy(balances: readonly { id: string; amount: number }[]): Transfer[] {
  const debtors = balances.filter((b) => b.amount < 0).map((b) => ({ id: b.id, left: -b.amount }));
  const creditors = balances.filter((b) => b.amount > 0).map((b) => ({ id: b.id, left: b.amount }));
  const out: Transfer[] = [];
  const byLeft = (a: { id: string; left: number }, b: { id: string; left: number }) => b.left - a.left || (a.id < b.id ? -1 : 1);
  while (debtors.some((d) => d.left > 0)) {
    debtors.sort(byLeft);
    creditors.sort(byLeft);
    const d = debtors[0]!, c = creditors[0]!;
    const amount = Math.min(d.left, c.left);
    out.push({ from: d.id, to: c.id, amount });
    d.left -= amount;
    c.left -= amount;
  }
  return out;
}

/** The zero-sum groups of the largest count (exact, n ≤ EXACT_LIMIT), as index lists. */
function zeroSumGroups(amounts: readonly number[]): number[][] {
  const n = amounts.length;
  const size = 1 << n;
  const sum = new Float64Array(size);
  const dp = new Int32Array(size);
  for (let m = 1; m < size; m++) {
    const low = 31 - Math.clz32(m & -m);
    sum[m] = sum[m & (m - 1)]! + amounts[low]!;
    let best = 0;
    for (let i = 0; i < n; i++) if (m & (1 << i)) best = Math.max(best, dp[m ^ (1 << i)]!);
    dp[m] = best + (sum[m] === 0 ? 1 : 0);
  }
  // Walk down from the full set along a best chain; the zero-sum sets on it nest, and their differences are the groups.
  const groups: number[][] = [];
  let m = size - 1;
  let groupStart = m;
  while (m) {
    let next = -1;
    const want = dp[m]! - (sum[m] === 0 ? 1 : 0);
    for (let i = 0; i < n && next < 0; i++) if (m & (1 << i) && dp[m ^ (1 << i)] === want) next = m ^ (1 << i);
    m = next;
    if (m === 0 || sum[m] === 0) {
      const g: number[] = [];
      for (let i = 0; i < n; i++) if (groupStart & ~m & (1 << i)) g.push(i);
      groups.push(g);
      groupStart = m;
    }
  }
  return groups;
}

/** Who pays whom: the fewest transfers (exact up to EXACT_LIMIT people with a balance, greedy above). */
export function settle(balances: ReadonlyMap<string, number>): { transfers: Transfer[]; exact: boolean } {
  const open = [...balances].filter(([, a]) => a !== 0).map(([id, amount]) => ({ id, amount })).sort((a, b) => (a.id < b.id ? -1 : 1));
  if (open.reduce((s, b) => s + b.amount, 0) !== 0) throw new Error("settle: the balances do not sum to zero");
  if (open.length > EXACT_LIMIT) return { transfers: greedy(open), exact: false };
  const groups = zeroSumGroups(open.map((b) => b.amount));
  return { transfers: groups.flatMap((g) => greedy(g.map((i) => open[i]!))), exact: true };
}
