/**
 * A finished hand's outcome as each seat reads it: the declaring side's word, or what it means to a defender;
 * and the table's own chat lines (the stand-in's choices) in each language.
 */
import { describe, expect, it } from "vitest";
import { outcomeText, systemLine } from "./format";
import { engineTranslator } from "./test-translator";

const made = { outcome: "made", contract: { declarer: 0, partners: [2] } };
const lost = { outcome: "lost", contract: { declarer: 1, partners: [] } };

describe("outcomeText", () => {
  it("tells the declaring side and spectators the contract's outcome", () => {
    const t = engineTranslator("en");
    expect(outcomeText(t, made, 0)).toBe("Made");
    expect(outcomeText(t, made, 2)).toBe("Made");
    expect(outcomeText(t, made, null)).toBe("Made");
    expect(outcomeText(t, lost, 1)).toBe("Lost");
  });

  it("tells a defender what happened from their side, in every language", () => {
    expect(outcomeText(engineTranslator("en"), made, 1)).toBe("Against you: the declarer made the contract");
    expect(outcomeText(engineTranslator("en"), lost, 0)).toBe("You defeated the contract");
    expect(outcomeText(engineTranslator("da"), lost, 3)).toBe("I satte melderen bet");
    expect(outcomeText(engineTranslator("nb"), made, 3)).toBe("Mot deg: melderen vant meldingen sin");
  });

  it("keeps outcomes without a declarer as they are", () => {
    const t = engineTranslator("en");
    expect(outcomeText(t, { outcome: "passedOut", contract: null }, 1)).toBe("Passed out");
    expect(outcomeText(t, { outcome: "played", contract: { declarer: null, partners: [] } }, 1)).toBe("Played");
  });
});

describe("systemLine", () => {
  it("says what the stand-in chose in the reader's language, with suits and cards by name", () => {
    const line = (locale: "da" | "nb" | "en", key: string, params: Record<string, string>) =>
      systemLine(engineTranslator(locale), engineTranslator(locale, "game"), { key, params });
    expect(line("da", "trump", { name: "Bo", suit: "H" })).toBe("Bo er væk: computeren valgte trumf (hjerter) for dem.");
    expect(line("en", "call", { name: "Bo", card: "AS" })).toMatch(/^Bo is away: .*ace of spades/i);
    for (const locale of ["da", "nb", "en"] as const)
      for (const key of ["trump", "call", "keep", "exchange", "decline", "vipTurn", "vipAccept", "other"]) {
        const text = line(locale, key, { name: "Bo", suit: "S", card: "AH", count: "2", action: "x" });
        expect(text, `${locale} ${key}`).toMatch(/^Bo /);
        expect(text, `${locale} ${key}`).not.toMatch(/[{}]/);
      }
  });
});
