import { describe, expect, it } from "vitest";
import { buildLadder, ladderFor } from "./ladder";
import { opts } from "./testkit";

const ids = (o: Parameters<typeof buildLadder>[0]) => buildLadder(o).bids.map((b) => b.id);
const ADDONS = ["vip", "gode", "sans", "halve"];

describe("bid ladder", () => {
  it("is seed 000's order verbatim by default", () => {
    const expected: string[] = [];
    for (let t = 7; t <= 13; t++) {
      expected.push(String(t));
      const sol = { 9: "sol", 10: "rensol", 11: "bordlaegger", 12: "renbordlaegger" }[t];
      if (sol) expected.push(sol);
      for (const a of ADDONS) expected.push(`${t}${a}`);
    }
    expect(ids(opts())).toEqual(expected);
    // Spot checks against the text of RULES.md.
    const l = ids(opts());
    expect(l.slice(0, 6)).toEqual(["7", "7vip", "7gode", "7sans", "7halve", "8"]);
    expect(l.slice(l.indexOf("9"), l.indexOf("9") + 3)).toEqual(["9", "sol", "9vip"]);
    expect(l.slice(l.indexOf("12"), l.indexOf("12") + 3)).toEqual(["12", "renbordlaegger", "12vip"]);
    expect(l.at(-1)).toBe("13halve");
    expect(l).toHaveLength(7 * 5 + 4);
  });

  it("puts stærke directly below gode (seed 004: gode is always better than stærke)", () => {
    const l = ids(opts({ staerke: true }));
    expect(l.slice(0, 7)).toEqual(["7", "7vip", "7staerke", "7gode", "7sans", "7halve", "8"]);
    expect(l).toHaveLength(7 * 6 + 4);
  });

  it("seed 004 order: vip < sans < gode < halve, stærke below gode", () => {
    expect(ids(opts({ addOnOrder: "seed004" })).slice(0, 6)).toEqual(["7", "7vip", "7sans", "7gode", "7halve", "8"]);
    const l = ids(opts({ addOnOrder: "seed004", staerke: true }));
    expect(l.slice(l.indexOf("9"), l.indexOf("9") + 8)).toEqual(["9", "sol", "9vip", "9sans", "9staerke", "9gode", "9halve", "10"]);
  });

  it("ranks are positions and sol contracts carry their limits", () => {
    const l = buildLadder(opts());
    l.bids.forEach((b, i) => expect(b.rank).toBe(i));
    expect(l.byId.get("sol")).toMatchObject({ maxTricks: 1, solIndex: 0 });
    expect(l.byId.get("rensol")).toMatchObject({ maxTricks: 0, solIndex: 1 });
    expect(l.byId.get("bordlaegger")).toMatchObject({ maxTricks: 1, solIndex: 2 });
    expect(l.byId.get("renbordlaegger")).toMatchObject({ maxTricks: 0, solIndex: 3 });
  });

  it("is cached per options object", () => {
    const o = opts({ staerke: true });
    expect(ladderFor(o)).toBe(ladderFor(o));
    expect(ladderFor(o)).not.toBe(ladderFor(opts()));
  });
});
