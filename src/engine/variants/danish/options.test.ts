import { describe, expect, it } from "vitest";
import { danish } from "./index";

const parse = (raw: unknown) => danish.optionsSchema.safeParse(raw);
const messageOf = (raw: unknown): string => {
  const r = parse(raw);
  return r.success ? "" : r.error.issues.map((i) => i.message).join("; ");
};

describe("Danish whist options", () => {
  it("fills every default from an empty object", () => {
    expect(parse({})).toEqual({ success: true, data: { values: [1, 2, 3, 4], deals: 12 } });
  });

  it("keeps given values and fills the rest", () => {
    expect(parse({ deals: 8 }).data).toEqual({ values: [1, 2, 3, 4], deals: 8 });
    expect(parse({ values: [1, 3, 5, 8] }).data).toEqual({ values: [1, 3, 5, 8], deals: 12 });
  });

  it("refuses invalid values with clear messages", () => {
    expect(messageOf({ deals: 10 })).toMatch(/multiple of 4/);
    expect(messageOf({ deals: 0 })).toMatch(/at least 4/);
    expect(messageOf({ deals: 4.5 })).toMatch(/whole number/);
    expect(messageOf({ deals: "12" })).toMatch(/deals must be a number/);
    expect(messageOf({ values: [1, 2, 3] })).toMatch(/exactly four numbers: nolo, grand, sol, grandi/);
    expect(messageOf({ values: [1, 0, 3, 4] })).toMatch(/at least 1 point/);
    expect(messageOf({ values: "1,2,3,4" })).toMatch(/list of four numbers/);
    expect(messageOf({ deal: 12 })).toMatch(/unknown Danish whist option: deal/);
    expect(messageOf(null)).toMatch(/options must be an object/);
  });

  it("describes every option in Danish, Norwegian and English with defaults the schema agrees with", () => {
    const defaults = parse({}).data as Record<string, unknown>;
    expect(danish.optionFields.map((f) => f.key).sort()).toEqual(Object.keys(defaults).sort());
    for (const field of danish.optionFields) {
      expect(field.default).toEqual(defaults[field.key]);
      for (const text of [field.label, field.description]) {
        for (const lang of ["da", "nb", "en"] as const) expect(text[lang].length).toBeGreaterThan(3);
      }
    }
  });

  it("uses a 52-card deck without jokers", () => {
    expect(danish.deckJokers(parse({}).data!)).toBe(0);
  });
});
