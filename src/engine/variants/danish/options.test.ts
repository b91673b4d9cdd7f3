import { describe, expect, it } from "vitest";
import { parseOptions } from "../../registry";
import type { OptionIssue } from "../../options";
import { danish } from "./index";

const parse = (raw: unknown) => danish.optionsSchema.safeParse(raw);
const issuesOf = (raw: unknown): OptionIssue[] => {
  const r = parseOptions("danish", raw);
  return r.ok ? [] : (r.error.details?.issues as OptionIssue[]);
};
const messageOf = (raw: unknown): string => {
  const r = parseOptions("danish", raw);
  return r.ok ? "" : r.error.message;
};

describe("Danish whist options", () => {
  it("fills every default from an empty object", () => {
    expect(parse({})).toEqual({ success: true, data: { values: [1, 2, 3, 4], deals: 12 } });
  });

  it("keeps given values and fills the rest", () => {
    expect(parse({ deals: 8 }).data).toEqual({ values: [1, 2, 3, 4], deals: 8 });
    expect(parse({ values: [1, 3, 5, 8] }).data).toEqual({ values: [1, 3, 5, 8], deals: 12 });
  });

  it("refuses invalid values with message keys per field, and a readable English line", () => {
    expect(issuesOf({ deals: 10 })).toEqual([{ field: "deals", key: "multipleOf", params: { divisor: 4 } }]);
    expect(issuesOf({ deals: 0 })).toEqual([{ field: "deals", key: "tooSmall", params: { min: 4 } }]);
    expect(issuesOf({ deals: 4.5 })).toEqual([{ field: "deals", key: "notWholeNumber" }]);
    expect(issuesOf({ deals: "12" })).toEqual([{ field: "deals", key: "notNumber" }]);
    expect(issuesOf({ values: [1, 2, 3] })).toEqual([{ field: "values", key: "listLength", params: { count: 4 } }]);
    expect(issuesOf({ values: [1, 0, 3, 4] })).toEqual([{ field: "values", index: 1, key: "tooSmall", params: { min: 1 } }]);
    expect(issuesOf({ values: [1, NaN, 3, 4] })).toEqual([{ field: "values", index: 1, key: "notNumber" }]);
    expect(issuesOf({ values: "1,2,3,4" })).toEqual([{ field: "values", key: "notList" }]);
    expect(issuesOf({ deal: 12 })).toEqual([{ field: "", key: "unknownOption", params: { keys: "deal" } }]);
    expect(issuesOf("12")).toEqual([{ field: "", key: "notObject" }]);
    expect(messageOf({ deals: 10 })).toBe("invalid options: deals: must be a multiple of 4");
    expect(messageOf({ values: [1, 0, 3, 4] })).toBe("invalid options: values (value 2): must be at least 1");
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
