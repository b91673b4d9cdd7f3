import { describe, expect, it } from "vitest";
import { buildRecord, parseOptions, playRandomMatch, verifyRecord, view } from "../../index";

describe("Danish whist through the match engine", () => {
  it("plays a fixed number of deals, every one counting, with zero-sum totals", () => {
    const setup = { variant: "danish", seed: "danish-match", options: { deals: 8 } };
    const played = playRandomMatch(setup, "random-players");
    if (!played.ok) throw new Error(played.error.message);
    const { state } = played.value;
    expect(state.over).toBe(true);
    expect(state.results).toHaveLength(8);
    expect(state.results.map((r) => r.dealer)).toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
    let totals = [0, 0, 0, 0];
    for (const r of state.results) {
      expect(r.points.reduce((a, b) => a + b, 0)).toBe(0);
      totals = totals.map((t, s) => t + r.points[s]!);
      expect(r.totals).toEqual(totals);
      expect(["allTricks", "solLost", "grandiLost", "grandiMade"]).toContain(r.endReason);
    }
    expect(state.scores).toEqual(totals);
    expect(state.matchInfo).toMatchObject({ dealsPlayed: 8, deals: 8 });
    expect(view(state, 0).over).toBe(true);
    // The game record replays to the same results, early ends included.
    const record = buildRecord(setup, played.value.actions, state);
    if (!record.ok) throw new Error(record.error.message);
    const verified = verifyRecord(record.value);
    expect(verified.ok && verified.value.mismatches).toEqual([]);
    expect(verified.ok && verified.value.finalScores).toEqual(totals);
  });

  it("refuses invalid options through the registry with the variant's message", () => {
    const r = parseOptions("danish", { deals: 10 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: "setup/invalid-options", message: expect.stringMatching(/multiple of 4/) });
    expect(parseOptions("danish", undefined)).toEqual({ ok: true, value: { values: [1, 2, 3, 4], deals: 12 } });
  });
});
