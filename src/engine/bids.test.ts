/**
 * Every variant describes its bids (meta.ts): every id on its ladder, under
 * every option that can change the ladder, has a description, the ladder
 * lists each id once, and each description is one the bots and the interface
 * can read. (properties.test.ts checks the bids offered and the contracts of
 * random matches against the same descriptions.)
 */
import { describe, expect, it } from "vitest";
import { describeBid, getVariant, parseOptions, variantIds, variantMeta } from "./index";
import type { BidDescription, OptionField } from "./types";

/** The values a form may choose for a field: both for a switch, each for a choice, the default otherwise. */
const valuesOf = (f: OptionField): unknown[] =>
  f.kind === "boolean" ? [false, true] : f.kind === "enum" ? (f.values ?? []).map((v) => v.value) : [f.default];

/** The default options, and each field at each of its values with the others at their defaults. */
function optionSets(variant: string): Readonly<Record<string, unknown>>[] {
  const sets = [{}, ...getVariant(variant)!.optionFields.flatMap((f) => valuesOf(f).map((value) => ({ [f.key]: value })))];
  return sets.map((raw) => {
    const parsed = parseOptions(variant, raw);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  });
}

/** The shape each kind of description must have. */
function wellFormed(d: BidDescription): boolean {
  switch (d.kind) {
    case "tricks":
      return Number.isInteger(d.tricks) && d.tricks >= 1 && d.tricks <= 13;
    case "avoid":
      return Number.isInteger(d.maxTricks) && d.maxTricks >= 0 && d.maxTricks < 13;
    case "grand":
      return d.minTricks >= 7 && d.penalty >= 1;
    case "grandi":
    case "unbid":
      return true;
  }
}

describe("bid descriptions", () => {
  for (const variant of variantIds()) {
    it(`${variant}: every ladder id under every option set is described once`, () => {
      const meta = variantMeta(variant)!;
      for (const options of optionSets(variant)) {
        const ladder = meta.ladder(options);
        expect(new Set(ladder).size).toBe(ladder.length);
        for (const id of ladder) expect(describeBid(variant, id), `${variant} ${id}`).toBeDefined();
      }
      // A ladder exactly where the variant says it has an auction.
      expect(meta.ladder(optionSets(variant)[0]!).length > 0).toBe(meta.auction !== "none");
    });

    it(`${variant}: every description is well formed and has a label`, () => {
      for (const [id, d] of Object.entries(variantMeta(variant)!.bids)) {
        expect(wellFormed(d), `${variant} ${id}`).toBe(true);
        expect(d.label.key).toMatch(/^[a-zA-Z]+\.[a-zA-Z]+$/);
      }
    });
  }

  it("names only the ids the variant uses", () => {
    expect(describeBid("esmakker", "8vip")).toMatchObject({ kind: "tricks", tricks: 8, addOn: "vip" });
    expect(describeBid("danish", "8vip")).toBeUndefined();
    expect(describeBid("danish", "constructor")).toBeUndefined();
    expect(describeBid("nonesuch", "grand")).toBeUndefined();
  });

  it("a ladder follows the options that change it: stærke and the add-on order", () => {
    const ladder = (raw: object) => {
      const o = parseOptions("esmakker", raw);
      if (!o.ok) throw new Error(o.error.message);
      return variantMeta("esmakker")!.ladder(o.value);
    };
    expect(ladder({ staerke: false })).not.toContain("7staerke");
    expect(ladder({ staerke: true })).toContain("7staerke");
    expect(ladder({ addOnOrder: "seed000" }).slice(0, 6)).toEqual(["7", "7vip", "7gode", "7sans", "7halve", "8"]);
    expect(ladder({ addOnOrder: "seed004" }).slice(0, 6)).toEqual(["7", "7vip", "7sans", "7gode", "7halve", "8"]);
  });
});
