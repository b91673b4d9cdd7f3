/**
 * Bid and contract names as the table shows them: every bid each variant
 * describes (engine meta) renders in da, nb and en (that each message exists
 * with its arguments is engine-keys.test.ts's), and the names are the ones
 * the table showed when it read them off the ids ("8 vip", "9 gode", "clean sol"...).
 */
import { describe, expect, it } from "vitest";
import { VARIANT_IDS, variantMeta } from "@/engine/meta";
import { LOCALES } from "@/i18n/config";
import { actionLabel, bidLabel, explain, messageText } from "./format";
import { engineTranslator } from "./test-translator";

describe("bid names", () => {
  for (const variant of VARIANT_IDS) {
    it(`${variant}: every described bid renders in da, nb and en`, () => {
      for (const locale of LOCALES) {
        const t = engineTranslator(locale);
        for (const [id, d] of Object.entries(variantMeta(variant)!.bids)) {
          expect(bidLabel(t, variant, id)).toBe(messageText(t, d.label));
          expect(bidLabel(t, variant, id), `${locale} ${variant} ${id}`).not.toMatch(/[{}]|bids\.|addOns\.|^$/);
        }
      }
    });
  }

  it("are the names the table has always shown", () => {
    const en = engineTranslator("en"), da = engineTranslator("da"), nb = engineTranslator("nb");
    expect(["7", "8vip", "9gode", "10sans", "11halve", "12staerke"].map((id) => bidLabel(en, "esmakker", id))).toEqual(["7", "8 vip", "9 good", "10 no trump", "11 halves", "12 strong"]);
    expect(["9gode", "13staerke", "renbordlaegger"].map((id) => bidLabel(da, "esmakker", id))).toEqual(["9 gode", "13 stærke", "ren bordlægger"]);
    expect(["8vip", "bordlaegger"].map((id) => bidLabel(nb, "esmakker", id))).toEqual(["8 vipp", "bordlegger"]);
    expect(["sol", "rensol", "bordlaegger", "renbordlaegger"].map((id) => bidLabel(en, "esmakker", id))).toEqual(["sol", "clean sol", "open sol", "clean open sol"]);
    expect(["nolo", "grand", "sol", "grandi"].map((id) => bidLabel(en, "danish", id))).toEqual(["nolo", "grand", "sol", "grandi"]);
    expect(bidLabel(en, "norwegian", "grand")).toBe("grand");
    expect(bidLabel(en, "classic", "trump")).toBe("trumps");
    expect(bidLabel(da, "knockout", "trump")).toBe("trumf");
    // Ids a variant does not use are shown as they are.
    expect(bidLabel(en, "danish", "8vip")).toBe("8vip");
  });

  it("name bids in the auction and in score explanations", () => {
    const en = engineTranslator("en"), game = engineTranslator("en", "game");
    expect(actionLabel(en, game, { type: "bid", bid: "10gode" }, "esmakker")).toBe("10 good");
    const line = explain(en, { key: "esmakker.score.contract", params: { bid: "9sans", declarer: 1 } }, ["A", "B", "C", "D"], "esmakker");
    expect(line).toContain("9 no trump");
    expect(line).toContain("B");
  });
});
