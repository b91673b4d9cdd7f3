/** A finished hand's outcome as each seat reads it: the declaring side's word, or what it means to a defender. */
import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { MESSAGES } from "@/i18n/messages";
import { outcomeText, type Translator } from "./format";

/** The "engine" messages of `locale` as a translator (flat dotted keys). */
function engineTranslator(locale: "da" | "nb" | "en"): Translator {
  const root = MESSAGES[locale].engine as unknown as Record<string, unknown>;
  const find = (key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), root);
  const t = ((key: string, values?: Record<string, string | number>) => new IntlMessageFormat(find(key) as string, locale).format(values) as string) as Translator;
  t.has = (key: string) => typeof find(key) === "string";
  return t;
}

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
