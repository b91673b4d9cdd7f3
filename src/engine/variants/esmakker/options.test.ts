import { describe, expect, it } from "vitest";
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
    [{ deals: 10 }, "multiple of 4"],
    [{ tariff: [10, 20, 40] }, "exactly 7"],
    [{ tariff: [10, 20, 40, 80, 160, 320, 100] }, "must not decrease"],
    [{ solValues: [100, 50, 150, 200] }, "must not decrease"],
    [{ addOnOrder: "other" }, ""],
    [{ unknownRule: true }, ""],
  ])("refuses %j", (raw, message) => {
    const r = esmakker.optionsSchema.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message).join(" ")).toContain(message);
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
