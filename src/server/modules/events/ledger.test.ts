/**
 * The ledger's arithmetic: amounts sum to zero after rounding (property),
 * the residue goes deterministically, and the fewest transfers match a
 * brute-force search on small groups; plus the matchpoints of hand-computed
 * duplicate deals.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { eventAmounts, pointsInTwelfths, roundAmounts, settle, EXACT_LIMIT } from "./ledger";
import { matchpointRound, matchpointsOf } from "./matchpoints";

/** Fewest transfers by exhaustive search (each step zeroes the first open balance against a later one of the other sign). */
function bruteForce(amounts: number[]): number {
  const a = amounts.filter((x) => x !== 0);
  const go = (start: number): number => {
    while (start < a.length && a[start] === 0) start++;
    if (start === a.length) return 0;
    let best = Infinity;
    for (let j = start + 1; j < a.length; j++) {
      if (a[j]! * a[start]! >= 0) continue;
      a[j]! += a[start]!;
      best = Math.min(best, 1 + go(start + 1));
      a[j]! -= a[start]!;
    }
    return best;
  };
  return go(0);
}

/** Zero-sum balances keyed p0, p1, ... */
const zeroSum = (min: number, max: number, range = 50) =>
  fc.array(fc.integer({ min: -range, max: range }), { minLength: min - 1, maxLength: max - 1 }).map((xs) => {
    const all = [...xs, -xs.reduce((s, x) => s + x, 0)];
    return new Map(all.map((x, i) => [`p${i}`, x]));
  });

function applyTransfers(balances: Map<string, number>, transfers: readonly { from: string; to: string; amount: number }[]) {
  const left = new Map(balances);
  for (const t of transfers) {
    expect(t.amount).toBeGreaterThan(0);
    left.set(t.from, left.get(t.from)! + t.amount);
    left.set(t.to, left.get(t.to)! - t.amount);
  }
  return [...left.values()];
}

describe("fewest transfers", () => {
  it("settles every balance with as few transfers as a brute-force search (up to 8 people)", () => {
    fc.assert(
      fc.property(zeroSum(2, 8, 6), (balances) => {
        const { transfers, exact } = settle(balances);
        expect(exact).toBe(true);
        expect(applyTransfers(balances, transfers).every((x) => x === 0)).toBe(true);
        expect(transfers.length).toBe(bruteForce([...balances.values()]));
      }),
      { numRuns: 300, seed: 20261201 },
    );
  });

  it("finds the split into zero-sum groups: 4 transfers where greedy needs 5", () => {
    // {+7,-7} {+5,-2,-3} {+4,-4}: 1 + 2 + 1 = 4 transfers.
    const balances = new Map(Object.entries({ a: 7, b: -7, c: 5, d: -2, e: -3, f: 4, g: -4 }));
    const { transfers } = settle(balances);
    expect(transfers).toHaveLength(4);
    expect(bruteForce([...balances.values()])).toBe(4);
  });

  it("falls back to greedy above the exact limit, still settling everything in at most n − 1 transfers", () => {
    fc.assert(
      fc.property(zeroSum(EXACT_LIMIT + 1, 40), (balances) => {
        const { transfers, exact } = settle(balances);
        expect(exact).toBe(false);
        expect(applyTransfers(balances, transfers).every((x) => x === 0)).toBe(true);
        expect(transfers.length).toBeLessThanOrEqual([...balances.values()].filter((x) => x !== 0).length - 1);
      }),
      { numRuns: 30, seed: 7 },
    );
  });
});

describe("points to øre", () => {
  it("a table of four people settles each score at the rate; computer players neither pay nor receive", () => {
    expect(eventAmounts([{ people: ["a", "b", "c", "d"], scores: [30, -10, -10, -10] }], 25, 1).amounts).toEqual(
      new Map([["a", 750], ["b", -250], ["c", -250], ["d", -250]]),
    );
    // Three people and a computer: each against the three people's average (30 - 10 - 10)/3 = 10/3.
    const tw = pointsInTwelfths([{ people: ["a", "b", null, "c"], scores: [30, -10, 99, -10] }]);
    expect(tw).toEqual(new Map([["a", 320], ["b", -160], ["c", -160]]));
  });

  it("always sums to zero after rounding, each amount a multiple of the unit within one unit of exact", () => {
    const table = fc.record({
      people: fc.array(fc.option(fc.constantFrom("a", "b", "c", "d", "e", "f", "g"), { nil: null }), { minLength: 4, maxLength: 4 }).filter((p) => new Set(p.filter(Boolean)).size === p.filter(Boolean).length),
      scores: fc.array(fc.integer({ min: -500, max: 500 }), { minLength: 4, maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(table, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 500 }), fc.constantFrom(1, 10, 25, 50, 100), (tables, rate, unit) => {
        const { points, amounts } = eventAmounts(tables, rate, unit);
        expect([...amounts.values()].reduce((s, x) => s + x, 0)).toBe(0);
        for (const [u, a] of amounts) {
          expect(Number.isInteger(a)).toBe(true);
          expect(Math.abs(a % unit)).toBe(0);
          expect(Math.abs(a - points.get(u)! * rate)).toBeLessThan(unit + 1e-9);
        }
      }),
      { numRuns: 300, seed: 42 },
    );
  });

  it("gives the rounding residue to the largest remainders, ties to the smaller id", () => {
    // Whole kroner (unit 100 øre); amounts given in twelfths of an øre.
    const amounts = roundAmounts(new Map([["c", 12 * 40], ["a", -12 * 20], ["b", -12 * 20]]), 100);
    // Exact 40, −20, −20 øre; floors 0, −100, −100; two units to give: remainders 40, 80, 80 → a and b (tie by id).
    expect(amounts).toEqual(new Map([["c", 0], ["a", 0], ["b", 0]]));
    const uneven = roundAmounts(new Map([["a", 12 * 60], ["b", -12 * 30], ["c", -12 * 30]]), 100);
    // Floors 0, −100, −100, remainders 60, 70, 70: b and c get the units back.
    expect(uneven).toEqual(new Map([["a", 0], ["b", 0], ["c", 0]]));
    const one = roundAmounts(new Map([["a", 12 * 150], ["b", -12 * 75], ["c", -12 * 75]]), 100);
    // Floors 100, −100, −100 (sum −100): one unit to the largest remainder: a 50, b 25, c 25 → a.
    expect(one).toEqual(new Map([["a", 200], ["b", -100], ["c", -100]]));
  });
});

describe("matchpoints (duplicate)", () => {
  it("2 per comparable player beaten, 1 per tie, on hand-computed deals", () => {
    expect(matchpointsOf(100, [100, 50, 50])).toBe(4);
    expect(matchpointsOf(50, [100, 50, 50])).toBe(1);
    // Three tables, two deals, four seats.
    const r = matchpointRound([
      { players: ["a", "b", "c", "d"], points: [[30, -10, -10, -10], [0, 0, 0, 0]] },
      { players: ["e", "f", "g", "h"], points: [[-30, 10, 10, 10], [20, -20, 0, 0]] },
      { players: ["i", "j", "k", "l"], points: [[30, -10, -10, -10], [-20, 20, 0, 0]] },
    ]);
    // Deal 1 seat 0: a 30, e −30, i 30 → a: beat e (2) + tie i (1) = 3; e: 0; i: 3.
    // Deal 2 seat 0: a 0, e 20, i −20 → a 2, e 4, i 0. Totals a 5, e 4, i 3.
    expect(r.byTable.map((t) => t.map((d) => d[0]))).toEqual([[3, 2], [0, 4], [3, 0]]);
    expect(r.totals.get("a")).toBe(5);
    expect(r.totals.get("e")).toBe(4);
    expect(r.totals.get("i")).toBe(3);
    // Seat 1 deal 1: b −10, f 10, j −10 → b 1, f 4, j 1; deal 2: 0, −20, 20 → b 2, f 0, j 4.
    expect([r.totals.get("b"), r.totals.get("f"), r.totals.get("j")]).toEqual([3, 4, 5]);
    // Seats 2 and 3 of deal 2 all tie at 0: 2 each.
    expect(r.byTable.map((t) => t[1]![3])).toEqual([2, 2, 2]);
    expect(r.frequencies[0]!.seats[0]).toEqual([
      { score: 30, count: 2, matchpoints: 3 },
      { score: -30, count: 1, matchpoints: 0 },
    ]);
    // Every deal and seat hands out n·(n−1) matchpoints in all.
    for (const f of r.frequencies) for (const seat of f.seats) expect(seat.reduce((s, x) => s + x.count * x.matchpoints, 0)).toBe(6);
  });

  it("a round with no finished table yet has no deals to compare", () => {
    expect(matchpointRound([])).toEqual({ totals: new Map(), byTable: [], frequencies: [] });
  });
});
