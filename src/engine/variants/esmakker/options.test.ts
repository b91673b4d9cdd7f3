import { describe, expect, it } from "vitest";
import { parseOptions } from "../../registry";
import { esmakker } from "./index";

describe("es-makker options", () => {
  it("fills every default from a partial input", () => {
    const r = esmakker.optionsSchema.safeParse({ baghaand: true });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      staerke: false,
      addOnOrder: "seed000",
      baghaand: true,
      jernhaand: false,
      gaaMed: false,
      fordaektKort: false,
      jokerTrumpable: false,
      vipJokerPrevious: false,
      exchangeUpTo3: false,
      tariff: [10, 20, 40, 80, 160, 320, 640],
      solValues: [50, 100, 150, 200],
      deals: 12,
    });
  });

  it.each([
    [{ deals: 10 }, { field: "deals", key: "multipleOf", params: { divisor: 4 } }],
    [{ tariff: [10, 20, 40] }, { field: "tariff", key: "listLength", params: { count: 7 } }],
    [{ tariff: [10, 20, NaN, 80, 160, 320, 640] }, { field: "tariff", index: 2, key: "notNumber" }],
    [{ tariff: [10, 20, 40, 80, 160, 320, 100] }, { field: "tariff", key: "notDecreasing" }],
    [{ solValues: [100, 50, 150, 200] }, { field: "solValues", key: "notDecreasing" }],
    [{ addOnOrder: "other" }, { field: "addOnOrder", key: "notChoice" }],
    [{ staerke: "yes" }, { field: "staerke", key: "notBoolean" }],
    [{ unknownRule: true }, { field: "", key: "unknownOption", params: { keys: "unknownRule" } }],
  ])("refuses %j with a message key for its field", (raw, issue) => {
    const r = parseOptions("esmakker", raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.details?.issues).toEqual([issue]);
      expect(r.error.message).not.toMatch(/Invalid input/);
    }
  });

  it("describes every option in Danish, Norwegian and English", () => {
    const keys = Object.keys(esmakker.optionsSchema.parse({}) as object).sort();
    expect(esmakker.optionFields.map((f) => f.key).sort()).toEqual(keys);
    for (const f of esmakker.optionFields)
      for (const lang of ["da", "nb", "en"] as const) {
        expect(f.label[lang].length).toBeGreaterThan(2);
        expect(f.description[lang].length).toBeGreaterThan(10);
      }
  });
});
