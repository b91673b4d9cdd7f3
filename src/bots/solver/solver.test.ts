import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, JOKER, makeDeck, type Suit } from "../../engine/cards";
import type { TrickRules } from "../../engine/core/trick";
import { createRng, dealFromSeed, shuffle } from "../../engine/random";
import type { Seat, Trick } from "../../engine/types";
import { nextSeat } from "../../engine/types";
import { bruteForce, randomSmallPosition } from "./brute-force";
import { type SolveInput, createSearch, newTableSession, solve } from "./index";
import { resizeTablePool, setReadAheadFrom, tablePoolNow } from "./search";
import { regressionPositions } from "./regression-deals";
import recorded from "./regression-results.json";

const NT: TrickRules = { trump: null, aceLow: false, jokers: true, jokerTrumpable: false };
const rules = (r: Partial<TrickRules>): TrickRules => ({ ...NT, ...r });
const valueOf = (res: ReturnType<typeof solve>, card: Card) => res.cards.find((c) => c.card === card)?.tricks;

describe("double-dummy solver: hand-checked endings", () => {
  it("counts top cards in no trump", () => {
    const res = solve({ hands: [["AS", "KS"], ["2S", "3S"], ["4S", "5S"], ["6S", "7S"]], trick: null, leader: 0, rules: NT, side: [0, 2] });
    expect(res.tricks).toBe(2);
  });

  it("loses the ace of spades to a ruff whichever ace is cashed first", () => {
    const res = solve({
      hands: [["AS", "AH"], ["2C", "KH"], ["3S", "4H"], ["5S", "6H"]],
      trick: null,
      leader: 0,
      rules: rules({ trump: "C" }),
      side: [0, 2],
    });
    expect(res.tricks).toBe(1);
    expect(valueOf(res, "AS")).toBe(1);
    expect(valueOf(res, "AH")).toBe(1);
  });

  it("finds the squeeze-free finesse: lead towards the tenace", () => {
    // Seat 2 leads a low spade; seat 3 (right of seat 0) holds the king: AQ over K wins both.
    const hands: Card[][] = [["AS", "QS"], ["2H", "3H"], ["2S", "3S"], ["KS", "4S"]];
    const res = solve({ hands, trick: null, leader: 2, rules: NT, side: [0, 2] });
    expect(res.tricks).toBe(2);
    // Led from seat 0 itself, the king makes a trick.
    expect(solve({ hands, trick: null, leader: 0, rules: NT, side: [0, 2] }).tricks).toBe(1);
  });

  it("a led joker wins, but not on the first trick, and a trump beats it under the house rule", () => {
    const hands: Card[][] = [[JOKER, "2S"], ["AS", "3S"], ["4H", "5H"], ["6H", "7H"]];
    expect(solve({ hands, trick: null, leader: 0, rules: NT, side: [0] }).tricks).toBe(1);
    expect(solve({ hands, trick: null, leader: 0, rules: NT, side: [0], firstTrick: true }).tricks).toBe(0);
    const trumpable: Card[][] = [[JOKER, "2S"], ["AS", "3S"], ["4H", "5H"], ["2C", "7H"]];
    expect(solve({ hands: trumpable, trick: null, leader: 0, rules: rules({ trump: "C" }), side: [0] }).tricks).toBe(1);
    expect(solve({ hands: trumpable, trick: null, leader: 0, rules: rules({ trump: "C", jokerTrumpable: true }), side: [0] }).tricks).toBe(0);
  });

  it("a joker played to another lead is worth nothing", () => {
    const res = solve({ hands: [["2S"], [JOKER], ["3S"], ["4S"]], trick: null, leader: 0, rules: NT, side: [1] });
    expect(res.tricks).toBe(0);
  });

  it("the called ace must fall on the first lead of its suit", () => {
    // Seat 1 holds AH (called) and 2H; seat 0 leads KH. Without the obligation seat 1 would duck.
    const hands: Card[][] = [["KH", "QH"], ["AH", "2H"], ["3H", "4H"], ["5H", "6H"]];
    const free = solve({ hands, trick: null, leader: 0, rules: NT, side: [0, 2] });
    const forced = solve({ hands, trick: null, leader: 0, rules: NT, side: [0, 2], called: "AH" });
    expect(free.tricks).toBe(1);
    expect(forced.tricks).toBe(1);
    // With seat 0 and seat 1 as the declaring side, the forced ace wastes a trick: KH wins the second.
    const res = solve({ hands, trick: null, leader: 0, rules: NT, side: [0, 1], called: "AH" });
    expect(res.tricks).toBe(2);
  });

  it("sol: ace low, and the hand ends at the declarer's second trick", () => {
    // Declarer seat 0 holds AS (lowest!) and KH; others can force the king.
    const hands: Card[][] = [["AS", "KH"], ["2S", "2H"], ["3S", "3H"], ["4S", "4H"]];
    const sol = rules({ aceLow: true });
    const res = solve({ hands, trick: null, leader: 1, rules: sol, side: [0], sideMaximises: false });
    expect(res.tricks).toBe(1);
    // Already one trick taken and stop at two: the king still loses the hand (counted up to the stop).
    const stopped = solve({ hands, trick: null, leader: 1, rules: sol, side: [0], sideMaximises: false, stopSide: 2, takenSide: 1 });
    expect(stopped.tricks).toBe(1);
  });

  it("honours a trick in progress", () => {
    const trick: Trick = { leader: 1, plays: [{ seat: 1, card: "KS" }] };
    const res = solve({ hands: [["AS", "2H"], ["3H"], ["2S", "4H"], ["3S", "5H"]], trick, rules: NT, side: [0, 2] });
    expect(res.toMove).toBe(2);
    expect(res.tricks).toBe(1);
  });
});

// ---------------------------------------------------------------------------
// Property: agreement with the brute-force minimax on random small positions.

describe("double-dummy solver agrees with brute force", () => {
  it("on random positions of 1-4 cards per hand (totals and every card)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
        const pos = randomSmallPosition(seed);
        const ref = bruteForce(pos);
        const res = solve(pos);
        expect(res.tricks).toBe(ref.tricks);
        if (ref.cards.size > 0) {
          const mine = new Map(res.cards.map((c) => [c.card, c.tricks]));
          expect([...mine.keys()].sort()).toEqual([...ref.cards.keys()].sort());
          for (const [card, v] of ref.cards) expect(mine.get(card)).toBe(v);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("on random positions of 5 cards per hand, where the table's partitions start to matter (totals)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.constant(5), (seed, cards) => {
        const pos = randomSmallPosition(seed, cards);
        expect(solve(pos, { cards: false }).tricks).toBe(bruteForce(pos).tricks);
      }),
      { numRuns: 20 },
    );
  });
});

describe("double-dummy solver agrees with brute force for every contract kind", () => {
  // The last trick played out directly, the table's blocks and the lead ordering where nobody wants
  // tricks touch every kind: a trick contract (pair or one against three), nolo and pass games (a pair
  // avoiding tricks), sol (one player avoiding tricks, the hand over at its first), pasnolo (one player
  // avoiding tricks against three who want it to take them).
  const kinds: { name: string; side: Seat[]; sideMaximises: boolean; stop?: boolean }[] = [
    { name: "trick contract", side: [0, 2], sideMaximises: true },
    { name: "one against three", side: [1], sideMaximises: true },
    { name: "nolo / pass game", side: [1, 3], sideMaximises: false },
    { name: "sol", side: [2], sideMaximises: false, stop: true },
    { name: "pasnolo", side: [3], sideMaximises: false },
  ];
  it("on random positions of 1-4 cards per hand, each solved as every kind (totals and every card)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 4 }), (seed, cards) => {
        const base = randomSmallPosition(seed, cards);
        for (const k of kinds) {
          const pos: SolveInput = { ...base, side: k.side, sideMaximises: k.sideMaximises, ...(k.stop ? { stopSide: 1, takenSide: 0 } : {}) };
          const ref = bruteForce(pos);
          const res = solve(pos);
          expect({ kind: k.name, seed, tricks: res.tricks }).toEqual({ kind: k.name, seed, tricks: ref.tricks });
          for (const c of res.cards) expect({ kind: k.name, seed, card: c.card, v: c.tricks }).toEqual({ kind: k.name, seed, card: c.card, v: ref.cards.get(c.card) });
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe("double-dummy solver: a position the random tests found", () => {
  it("a leader's joker is not cashed before crossing to its partner (the opponents' discards on it let them ruff the cross)", () => {
    // After KH the leader (seat 0) holds JK and 7H, its partner QH: cashing the joker first lets seat 1
    // throw its 4H and ruff the 7H with the 8D, so the pair makes one of the last two tricks, not both.
    const pos: SolveInput = {
      hands: [["JK", "7H"], ["8D", "4H"], ["QH", "4S"], ["8C", "KH", "2H"]],
      trick: { leader: 0, plays: [{ seat: 0, card: "TD" }, { seat: 1, card: "4D" }, { seat: 2, card: "3S" }] },
      leader: 0,
      rules: { trump: "D", aceLow: false, jokers: true, jokerTrumpable: false },
      side: [0, 2],
      sideMaximises: true,
      firstTrick: false,
      called: null,
      hidden: null,
    } as unknown as SolveInput;
    const ref = bruteForce(pos);
    const res = solve(pos);
    expect(res.tricks).toBe(ref.tricks);
    expect(new Map(res.cards.map((c) => [c.card, c.tricks]))).toEqual(ref.cards);
    expect(ref.cards.get("KH")).toBe(2);
  });
});

describe("double-dummy solver: bounds that decide without a search", () => {
  // Quick tricks (the leader's own, split with its partner, through a team-mate's entry, or its own
  // then the team-mate's), a side that must take every trick while the other keeps a top card, a
  // side's trumps above all of the other side's (a pair's together, or after the leader's quick
  // tricks), and a lone player avoiding tricks with every card below the others': at a trick
  // boundary each may answer "can the counted seats make t more?" at once. Whatever they answer must
  // be the exact answer, for every contract kind and every t.
  const kinds: { side: Seat[]; sideMaximises: boolean; stop?: boolean }[] = [
    { side: [0, 2], sideMaximises: true },
    { side: [1, 3], sideMaximises: true },
    { side: [1], sideMaximises: true },
    { side: [1, 3], sideMaximises: false },
    { side: [2], sideMaximises: false, stop: true },
    { side: [3], sideMaximises: false },
  ];
  it("never contradict brute force on random trick-boundary positions of 1-4 cards per hand", () => {
    let decided = 0;
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 4 }), (seed, cards) => {
        const base = randomSmallPosition(seed, cards);
        // The trick in progress goes back to its players' hands: a position at a trick boundary.
        const hands = base.hands.map((h) => h.slice());
        for (const play of base.trick?.plays ?? []) hands[play.seat]!.push(play.card);
        const leader = base.trick?.leader ?? base.leader;
        for (const k of kinds) {
          const pos: SolveInput = { ...base, hands, trick: null, leader, side: k.side, sideMaximises: k.sideMaximises, ...(k.stop ? { stopSide: 1, takenSide: 0, stopOthers: undefined } : {}) };
          const exact = bruteForce(pos).tricks;
          const dd = createSearch(pos);
          for (let t = 1; t <= hands[0]!.length; t++) {
            const say = dd.boundsSay(t);
            if (say === undefined) continue;
            decided++;
            expect({ seed, cards, kind: k, t, say }).toEqual({ seed, cards, kind: k, t, say: exact >= t });
          }
        }
      }),
      { numRuns: 150 },
    );
    // The bounds do decide (the property is not vacuous).
    expect(decided).toBeGreaterThan(100);
  }, 120_000);

  it("a lone player avoiding tricks whose cards all lie below the others' takes no more, unless a joker lets them duck his lead", () => {
    const sol = (hands: Card[][], leader: Seat): SolveInput => ({ hands, trick: null, leader, rules: NT, side: [2], sideMaximises: false });
    // Seat 2's spades and heart lie below every other spade and heart: whoever leads, he takes none.
    const below: Card[][] = [["AS", "KS", "AH"], ["QS", "JS", "KH"], ["2S", "3S", "2H"], ["TS", "9S", "QH"]];
    for (const leader of [0, 2] as const) {
      expect(createSearch(sol(below, leader)).boundsSay(1)).toBe(false);
      expect(bruteForce(sol(below, leader)).tricks).toBe(0);
    }
    // On lead with spades only, where the one other spade's holder has a joker to play instead: he
    // wins a trick, and the bound must not say otherwise.
    const ducked: Card[][] = [["4S", JOKER], ["5H", "6H"], ["2S", "3S"], ["7H", "8H"]];
    expect(createSearch(sol(ducked, 2)).boundsSay(1)).not.toBe(false);
    expect(bruteForce(sol(ducked, 2)).tricks).toBe(1);
  });

  it("a lone player avoiding tricks whose cards lie below the others' card for card, suit by suit, takes no more while they lead", () => {
    const sol = (hands: Card[][], leader: Seat, side: Seat = 2): SolveInput => ({ hands, trick: null, leader, rules: NT, side: [side], sideMaximises: false });
    // Seat 2's 2-9 of spades against their 5, 10, jack and queen: his 9 is above their 5 (the all-below
    // bound says nothing), but the 2 lies below the 5 and the 9 below the 10, and the 3 of hearts below
    // all of theirs. Whichever of them leads, he ducks every trick.
    const matched: Card[][] = [["5S", "TS", "AH"], ["JS", "6H", "7H"], ["2S", "9S", "3H"], ["QS", "8H", "9H"]];
    for (const leader of [0, 1, 3] as const) {
      expect(createSearch(sol(matched, leader)).boundsSay(1)).toBe(false);
      expect(bruteForce(sol(matched, leader)).tricks).toBe(0);
    }
    // Against one hand's cards alone it would not hold: seat 1's 4-Q of spades, where seat 2 holds the
    // 6 and the ace. Seat 3 leads the 9, he ducks with the 4, seat 2 overtakes with the ace and leads
    // the 6: his queen wins. Counted against their spades together (6, 9, ace) it fails, as it must.
    const split: Card[][] = [["8C", "KH", "TH"], ["7C", "4S", "QS"], ["AS", "9C", "6S"], ["8H", "9S", "KC"]];
    expect(createSearch(sol(split, 3, 1)).boundsSay(1)).not.toBe(false);
    expect(bruteForce(sol(split, 3, 1)).tricks).toBe(1);
  });

  it("count a side's trumps above all of the other side's, even when its top trumps sit in two hands", () => {
    // Spades trump; the opponents' best trump is the jack. Seat 0's ace and queen are both above it
    // (the king, seat 2's, splits them), so seats 0 and 2 take at least two tricks; an opponent
    // leads, so no quick tricks of theirs say it.
    const hands: Card[][] = [["AS", "QS", "2H"], ["JS", "3H", "4H"], ["KS", "5H", "6H"], ["7H", "8H", "9H"]];
    const pos: SolveInput = { hands, trick: null, leader: 1, rules: rules({ trump: "S" }), side: [0, 2] };
    expect(createSearch(pos).boundsSay(2)).toBe(true);
    expect(bruteForce(pos).tricks).toBeGreaterThanOrEqual(2);
    // Counted the other way round, the same two trumps leave seats 1 and 3 at most one of the three tricks.
    const other: SolveInput = { ...pos, side: [1, 3] };
    expect(createSearch(other).boundsSay(2)).toBe(false);
    expect(bruteForce(other).tricks).toBeLessThanOrEqual(1);
  });

  it("count honours split with the partner, a pair's top trumps together, and quick tricks before a top trump", () => {
    const says = (pos: SolveInput, t: number) => ({ bounds: createSearch(pos).boundsSay(t), exact: bruteForce(pos).tricks });
    const nt = rules({ trump: null, jokers: false }), spades = rules({ trump: "S", jokers: false });
    // No trump, seat 0 on lead: A-2 of spades opposite K-4 (the ace, then the two to the king), and K-2
    // opposite A-4 (the two to the ace, the four back to the king): two tricks each, though seat 2
    // holds no card seat 0 can reach it with otherwise.
    for (const [mine, theirs] of [[["AS", "2S"], ["KS", "4S"]], [["KS", "2S"], ["AS", "4S"]]]) {
      const pos: SolveInput = { hands: [[...mine!, "3H"], ["QS", "JS", "5H"], [...theirs!, "4H"], ["TS", "9S", "6H"]], trick: null, leader: 0, rules: nt, side: [0, 2] };
      expect(says(pos, 2)).toEqual({ bounds: true, exact: 2 });
    }
    // Spades trump, the opponents' best the queen: seat 0's ace (with the two) and seat 2's king are
    // two tricks between them, whoever leads.
    const pair: SolveInput = { hands: [["AS", "2S", "5H"], ["QS", "8H", "9H"], ["KS", "6H", "7H"], ["JS", "TH", "JH"]], trick: null, leader: 1, rules: spades, side: [0, 2] };
    expect(says(pair, 2)).toEqual({ bounds: true, exact: 2 });
    // Not for a pair avoiding tricks: seats 0 and 2 hold three trumps above the seven, but can put
    // two of them in one trick and take two.
    const avoiding: SolveInput = { hands: [["7H", "QS", "4S"], ["3H", "KH", "7S"], ["9S", "5S", "JS"], ["8H", "AH", "JH"]], trick: null, leader: 0, rules: spades, side: [0, 2], sideMaximises: false };
    expect(says(avoiding, 3).exact).toBe(2);
    expect(says(avoiding, 3).bounds).not.toBe(true);
    // Seat 0 cashes its two hearts (seat 2 follows and then discards its diamond), and seat 2's ace
    // of trumps takes a third trick.
    const cashFirst: SolveInput = { hands: [["AH", "KH", "2S"], ["QH", "JH", "KS"], ["AS", "2H", "3D"], ["TH", "9H", "QS"]], trick: null, leader: 0, rules: spades, side: [0, 2] };
    expect(says(cashFirst, 3)).toEqual({ bounds: true, exact: 3 });
  });
});

describe("double-dummy solver on full deals", () => {
  it("solves 13-card deals in a sane time, and the two sides' tricks add up to 13", () => {
    for (const [seed, trump] of [["full-2", null], ["full-4", "S"]] as const) {
      const deal = dealFromSeed(seed, makeDeck(0), 0);
      const r = rules({ trump, jokers: false });
      const t0 = performance.now();
      const res = solve({ hands: deal.hands, trick: null, leader: 1, rules: r, side: [1, 3] }, { cards: false });
      expect(performance.now() - t0).toBeLessThan(30_000);
      const other = solve({ hands: deal.hands, trick: null, leader: 1, rules: r, side: [0, 2] }, { cards: false });
      expect(res.tricks + other.tricks).toBe(13);
    }
  });
});

describe("double-dummy solver keeps its full-deal results", () => {
  it("on seeded 13-card deals (no trump, trumps, jokers, ace low with stops, a called ace), as the first solver recorded them", () => {
    const expected = recorded as Record<string, number>;
    const positions = regressionPositions();
    expect(positions.map((p) => p.name).sort()).toEqual(Object.keys(expected).sort());
    for (const { name, input } of positions) expect({ name, tricks: solve(input, { cards: false }).tricks }).toEqual({ name, tricks: expected[name] });
  }, 120_000);
});

// ---------------------------------------------------------------------------
// The fordækt card, shared table sessions and the pool's compaction.

describe("double-dummy solver: the fordækt card", () => {
  it("counts as the lowest card of the called suit, for following and for winning", () => {
    // Seat 0 (alone) hides 7H; spades are the called suit. Led, it is a spade everyone follows: the ace wins.
    const lead: SolveInput = { hands: [["7H"], ["KS"], ["AS"], ["2S"]], trick: null, leader: 0, rules: NT, side: [0], called: "AS", hidden: "7H" };
    expect(solve(lead).tricks).toBe(0);
    expect(solve({ ...lead, hidden: null }).tricks).toBe(1);
    // On a spade lead it is seat 0's only spade: it must be played, and the 2 of diamonds may not.
    const trick: Trick = { leader: 1, plays: [{ seat: 1, card: "KS" }, { seat: 2, card: "AS" }, { seat: 3, card: "QS" }] };
    const follow: SolveInput = { hands: [["7H", "2D"], ["3D"], ["4D"], ["5D"]], trick, rules: NT, side: [0, 2], called: "AS", hidden: "7H" };
    expect(solve(follow).cards.map((c) => c.card)).toEqual(["7H"]);
    expect(solve({ ...follow, hidden: null }).cards.map((c) => c.card).sort()).toEqual(["2D", "7H"]);
  });

  it("fits a called suit whose thirteen cards are all still out (fourteen cards in one suit), agreeing with brute force", () => {
    const spades = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"];
    const hands: Card[][] = [["2H", "3H", "4H", "5H", "6H"], [...spades.slice(0, 5)], [...spades.slice(5, 10)], [...spades.slice(10), "7H", "8H"]];
    for (const leader of [0, 1, 2, 3] as Seat[]) {
      const pos: SolveInput = { hands, trick: null, leader, rules: rules({ trump: "S" }), side: [0, 1], called: "AS", hidden: "3H" };
      const ref = bruteForce(pos);
      const res = solve(pos);
      expect(res.tricks).toBe(ref.tricks);
      for (const c of res.cards) expect(c.tricks).toBe(ref.cards.get(c.card));
    }
  });
});

/** Another deal of the same size under the same rules, side and stops (what one hand's positions share). */
function redeal(pos: SolveInput, seed: string): SolveInput {
  const rng = createRng(seed);
  const jokers = pos.hands.flat().filter((c) => c === JOKER).length;
  const perHand = pos.hands[0]!.length;
  const deck = shuffle(makeDeck(Math.min(jokers, 2)), rng);
  return { ...pos, hands: [0, 1, 2, 3].map((s) => deck.slice(s * perHand, (s + 1) * perHand)), trick: null, leader: rng.int(4) as Seat, called: null, hidden: null, firstTrick: false };
}

describe("double-dummy solver: table sessions and a full pool", () => {
  it("positions searched in one shared session get the values brute force gives", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
        const first = redeal(randomSmallPosition(seed, 4), `${seed}#0`);
        const session = newTableSession();
        for (let i = 0; i < 5; i++) {
          const pos = i === 0 ? first : redeal(first, `${seed}#${i}`);
          expect(createSearch(pos, { session }).value()).toBe(bruteForce(pos).tricks);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("finds what it stored: a position searched again in its session is answered at once, one node a test", () => {
    // A stored entry's key (signature mask and owners) is computed in the store's own loop, apart
    // from the lookup's: were they to differ, the second search would miss it and search again.
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 4, max: 6 }), (seed, cards) => {
        // At a trick boundary, where the table is.
        const pos = redeal(randomSmallPosition(seed, cards), `${seed}#boundary`);
        const session = newTableSession();
        const first = createSearch(pos, { session });
        const v = first.value();
        const again = createSearch(pos, { session });
        expect(again.value(v)).toBe(v);
        // ge(v) and ge(v + 1), each answered where it starts (a bound, a stored entry or a limit).
        expect(again.nodes).toBeLessThanOrEqual(2);
        expect(first.nodes).toBeGreaterThanOrEqual(again.nodes);
      }),
      { numRuns: 60 },
    );
  });

  it("inside a trick, a seat that wants it first tries the move the full ordering puts first, found without generating the others", () => {
    // Were the two to differ, the values would stay right (the move is tried once, first) but the
    // ordering would change, and the search with it.
    let found = 0;
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 13 }), (seed, cards) => {
        const pos = randomSmallPosition(seed, cards);
        if (!pos.trick) return;
        const { quick, ordered } = createSearch(pos).firstMoves();
        if (quick === null) return;
        found++;
        expect(quick).toBe(ordered);
      }),
      { numRuns: 1500 },
    );
    // Following suit, ruffing and discarding, with and without trumps and jokers elsewhere.
    expect(found).toBeGreaterThan(150);
  });

  it("a hand with the counted seats' stop alone shares one session across the tricks they took before", () => {
    // Their stop only ends the hand after the t-th trick a test asks for, so the table's entries
    // leave the tricks taken out and serve positions with other counts.
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
        const base: SolveInput = { ...randomSmallPosition(seed, 4), side: [2], sideMaximises: false, stopOthers: undefined };
        const session = newTableSession();
        for (const [stopSide, takenSide] of [[3, 0], [3, 1], [3, 2], [2, 1], [3, 0]] as const) {
          const pos: SolveInput = { ...base, stopSide, takenSide, takenOthers: 0 };
          expect({ stopSide, takenSide, v: createSearch(pos, { session }).value() }).toEqual({ stopSide, takenSide, v: bruteForce(pos).tricks });
        }
      }),
      { numRuns: 40 },
    );
  });

  /** Random 5-card positions, each searched with a redeal of it in one session, agree with brute force. */
  const expectSessionsExact = () =>
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
        const pos = randomSmallPosition(seed, 5);
        const session = newTableSession();
        expect(createSearch(pos, { session }).value()).toBe(bruteForce(pos).tricks);
        const again = redeal(pos, `${seed}#again`);
        expect(createSearch(again, { session }).value()).toBe(bruteForce(again).tricks);
      }),
      { numRuns: 15 },
    );

  it("keeps exact results when the pool fills and is compacted again and again", () => {
    resizeTablePool(128);
    try {
      expectSessionsExact();
    } finally {
      resizeTablePool(1 << 20);
    }
  });

  it("answers from its front of exact positions (read once a search fills the table) as brute force does, where a pair avoids tricks", () => {
    // A small pool fills within one search, and its front's slots are few: positions keep taking each other's slots.
    resizeTablePool(256);
    try {
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
          const pos: SolveInput = { ...randomSmallPosition(seed, 5), side: seed.length % 2 === 0 ? [0, 2] : [1, 3], sideMaximises: false };
          const session = newTableSession();
          for (const p of [pos, redeal(pos, `${seed}#1`), pos]) expect(createSearch(p, { session }).value()).toBe(bruteForce(p).tricks);
        }),
        { numRuns: 25 },
      );
    } finally {
      resizeTablePool(1 << 20);
    }
  });

  it("reads the table a trick ahead at the fourth seat's cards where seats avoid tricks, and agrees with brute force", () => {
    // Read ahead from two tricks left (the module: from ten), in sessions where the table already holds the positions.
    let reordered = 0;
    try {
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
          const side: Seat[] = seed.length % 3 === 0 ? [0] : seed.length % 3 === 1 ? [0, 2] : [1, 3];
          const pos: SolveInput = { ...randomSmallPosition(seed, 5), side, sideMaximises: false };
          const line = [pos, redeal(pos, `${seed}#1`), pos];
          setReadAheadFrom(99);
          const plain = newTableSession();
          const nodes = line.map((p) => {
            const dd = createSearch(p, { session: plain });
            dd.value();
            return dd.nodes;
          });
          setReadAheadFrom(2);
          const session = newTableSession();
          line.forEach((p, i) => {
            const dd = createSearch(p, { session });
            expect(dd.value()).toBe(bruteForce(p).tricks);
            if (dd.nodes !== nodes[i]) reordered++;
          });
        }),
        { numRuns: 40 },
      );
    } finally {
      setReadAheadFrom(0);
    }
    // The reads changed the search somewhere (else this test would test nothing).
    expect(reordered).toBeGreaterThan(0);
  }, 120_000);

  it("keeps exact results when the table grows from a small start in the middle of a search", () => {
    resizeTablePool(1 << 14, 16);
    try {
      expectSessionsExact();
      expect(tablePoolNow()).toBeGreaterThan(16);
    } finally {
      resizeTablePool(1 << 20);
    }
  });
});

describe("double-dummy solver: partition search with touching cards", () => {
  // Found by comparing partition search with an exact-position table: a hand whose two spades
  // touched (the cards between them gone) was searched once for both, and the table entry then
  // also served a position where the two spades lie either side of an opponent's card.
  const found: SolveInput[] = [
    { hands: [["5D", "JC", "4D", "JD"], ["AC", "JH", "TD", "QS"], ["7S", "4S", "2S", "KH"], ["JS", "3S", "4C", "AD"]], trick: null, leader: 2, rules: rules({ jokers: false }), side: [0, 2], sideMaximises: false },
    { hands: [["TC", "2S", "9S", "AS", "4S", "QS"], ["AH", "3D", "9H", "5H", "7C", "KS"], ["7S", "4H", "TD", "JS", "8H", "9D"], ["QH", "3S", "AC", "8C", "6S", "6D"]], trick: null, leader: 1, rules: rules({ jokers: false }), side: [0], sideMaximises: false },
  ];
  it("agrees with brute force where the equivalence of touching cards once leaked into other positions", () => {
    for (const pos of found) expect(solve(pos, { cards: false }).tricks).toBe(bruteForce(pos).tricks);
  }, 60_000);

  it("agrees with an exact-position table on random positions where nobody wants tricks (ducking makes low cards matter)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
        const rng = createRng(`duck:${seed}`);
        const deck = shuffle(makeDeck(0), rng);
        const hands = [0, 1, 2, 3].map((s) => deck.slice(s * 6, s * 6 + 6));
        const pos: SolveInput = { hands, trick: null, leader: rng.int(4) as Seat, rules: rules({ jokers: false, aceLow: rng.int(2) === 0 }), side: rng.int(2) === 0 ? [0] : [0, 2], sideMaximises: false };
        expect(createSearch(pos).value()).toBe(createSearch(pos, { exactTable: true }).value());
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------
// Positions the solver once got wrong, and a seeded sweep over every side configuration.

describe("double-dummy solver: positions it once got wrong", () => {
  it("does not reuse a table entry across positions where touching cards stop touching", () => {
    // Seat 3's 8S and 6S touch here, so only one was searched; with a small spade of seat 0 between
    // them (same top spades) they differ: the entry must hold the lower card's place too.
    const pos: SolveInput = {
      hands: [["9H", "AS", "9S", "5S"], ["QD", "JD", "8H", "2D"], ["JH", "9C", "7C", "3H"], ["3S", "8S", "6S", "5C"]],
      trick: null,
      leader: 3,
      rules: rules({ trump: "S" }),
      side: [2, 3],
      sideMaximises: false,
    };
    expect(createSearch(pos).value()).toBe(bruteForce(pos).tricks);
    expect(createSearch(pos, { session: newTableSession() }).value()).toBe(bruteForce(pos).tricks);
  });

  it("does not count quick tricks a team-mate must ruff, taking the lead away from the stranded joker", () => {
    // Seat 3 leads against seat 0: the joker and QC look like two quick tricks, but seat 1 holds only
    // trumps and must ruff the club, then lead into seat 0's king.
    const pos: SolveInput = {
      hands: [["KS", "2D"], ["4D", "5S", "8S"], ["QH", "5H", "7H"], ["QC", JOKER]],
      trick: { leader: 3, plays: [{ seat: 3, card: "3C" }, { seat: 0, card: "AC" }] },
      rules: rules({ trump: "S", aceLow: true }),
      side: [0],
      firstTrick: true,
      called: "AC",
      hidden: "2D",
      stopSide: 2,
    };
    const ref = bruteForce(pos);
    expect(createSearch(pos).value()).toBe(ref.tricks);
    const res = solve(pos);
    for (const c of res.cards) expect(c.tricks).toBe(ref.cards.get(c.card));
  });
});

describe("double-dummy solver: seeded sweep over every side configuration", () => {
  it("agrees with brute force on 4-card positions searched alone, and on redeals of them sharing one session", () => {
    const sides: Seat[][] = [[0, 2], [1, 3], [0], [1, 2, 3], [2, 3]];
    for (let i = 0; i < 20; i++) {
      const base = randomSmallPosition(`sweep-${i}`, 4);
      for (const side of sides)
        for (const sideMaximises of [true, false]) {
          const pos: SolveInput = { ...base, side, sideMaximises };
          expect({ pos, v: createSearch(pos).value() }).toEqual({ pos, v: bruteForce(pos).tricks });
          // A session is shared by positions under the same rules: redeals without a called card.
          const session = newTableSession();
          for (let j = 0; j < 3; j++) {
            const q = redeal(pos, `sweep-${i}#${j}`);
            expect({ q, v: createSearch(q, { session }).value() }).toEqual({ q, v: bruteForce(q).tricks });
          }
        }
    }
  }, 60_000);
});
