import { describe, expect, it } from "vitest";
import { makeDeck } from "../../engine/cards";
import { dealFromSeed } from "../../engine/random";
// @ts-expect-error the build script is plain JavaScript without declarations
import { compileSearch, moduleSource } from "../../../scripts/build-solver.mjs";
import { bruteForce, randomSmallPosition } from "./brute-force";
import { type SolveInput, SearchAborted, createSearch, moveOf, newTableSession, nodesSearchedSoFar } from "./index";
import { resizeTablePool } from "./search";
import { SEARCH_WASM_BASE64 } from "./search-wasm";

describe("double-dummy search as WebAssembly", () => {
  it("is compiled from the AssemblyScript source as committed (npm run build:solver)", async () => {
    const wasm: Buffer = await compileSearch();
    expect(moduleSource(wasm)).toContain(`"${SEARCH_WASM_BASE64}"`);
  }, 60_000);

  it("stops at its deadline with SearchAborted, and every search after it (the same position too) is exact again", () => {
    // A whole deal where nobody wants tricks takes seconds: far past a 20 ms deadline.
    const deal = dealFromSeed("solver-bench-1", makeDeck(0), 0);
    const big: SolveInput = { hands: deal.hands, trick: null, leader: 1, rules: { trump: null, aceLow: false, jokers: false, jokerTrumpable: false }, side: [1, 3], sideMaximises: false };
    const stopped = createSearch(big, { deadline: performance.now() + 20 });
    const n0 = nodesSearchedSoFar();
    expect(() => stopped.value()).toThrow(SearchAborted);
    expect(stopped.nodes).toBeGreaterThan(0);
    expect(nodesSearchedSoFar() - n0).toBe(stopped.nodes);
    // The module's one search object was left mid-search; each call loads its own position again.
    expect(stopped.legalMoves()).toHaveLength(13);
    for (let i = 0; i < 20; i++) {
      const small = randomSmallPosition(`after-abort-${i}`, 3);
      expect(createSearch(small).value()).toBe(bruteForce(small).tricks);
    }
    const cut: SolveInput = { ...big, hands: deal.hands.map((h) => h.slice(0, 3)) };
    expect(createSearch(cut).value()).toBe(bruteForce(cut).tricks);
  });

  it("keeps the searches of positions alive at once apart", () => {
    const positions = Array.from({ length: 12 }, (_, i) => randomSmallPosition(`interleaved-${i}`, 3));
    const searches = positions.map((p) => createSearch(p));
    // Called in turns, each search works on its own position.
    for (let round = 0; round < 2; round++)
      searches.forEach((dd, i) => {
        const exact = bruteForce(positions[i]!);
        expect(dd.value()).toBe(exact.tricks);
        for (const [card, tricks] of exact.cards) expect(dd.valueAfter(dd.representative(moveOf(positions[i]!, card)))).toBe(tricks);
      });
  });

  it("gives exact values in a table resized larger than the first one (new memory) and smaller (reusing its memory)", () => {
    const positions = Array.from({ length: 8 }, (_, i) => randomSmallPosition(`resized-${i}`, 4));
    const exact = positions.map((p) => bruteForce(p).tricks);
    try {
      for (const entries of [1 << 21, 256, 1 << 20]) {
        resizeTablePool(entries);
        const session = newTableSession();
        positions.forEach((p, i) => expect(createSearch(p, { session }).value()).toBe(exact[i]));
      }
    } finally {
      resizeTablePool(1 << 20);
    }
  });
});
