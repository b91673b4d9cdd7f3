import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { LOCALES } from "../config";
import { MESSAGES } from "./index";
import { MAIL_MESSAGES } from "./mail";
import { getVariant, variantIds } from "@/engine";

/** Flattens nested messages to "namespace.key.sub" → text (arrays index by position). */
function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

/** The ICU argument names a message uses, e.g. {min} and {count, plural, …}. */
function argumentNames(message: string, locale: string): string[] {
  const ast = new IntlMessageFormat(message, locale).getAst();
  const names = new Set<string>();
  const walk = (nodes: typeof ast): void => {
    for (const node of nodes) {
      if ("value" in node && typeof node.value === "string" && node.type !== 0) names.add(node.value);
      if ("options" in node) for (const option of Object.values(node.options)) walk(option.value);
    }
  };
  walk(ast);
  return [...names].sort();
}

const reference = flatten(MESSAGES.en);

describe.each(LOCALES)("messages for %s", (locale) => {
  const flat = flatten(MESSAGES[locale]);

  it("has exactly the English keys", () => {
    expect([...flat.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it("parses every message and uses the same arguments as English", () => {
    for (const [key, text] of flat) {
      expect(text.trim(), key).not.toBe("");
      expect(argumentNames(text, locale), key).toEqual(argumentNames(reference.get(key) ?? "", "en"));
    }
  });
});

describe.each(LOCALES)("mail texts for %s (server only, kept out of MESSAGES)", (locale) => {
  const mailReference = flatten(MAIL_MESSAGES.en);
  const flat = flatten(MAIL_MESSAGES[locale]);

  it("has exactly the English keys, each parsing with the same arguments", () => {
    expect([...flat.keys()].sort()).toEqual([...mailReference.keys()].sort());
    for (const [key, text] of flat) {
      expect(text.trim(), key).not.toBe("");
      expect(argumentNames(text, locale), key).toEqual(argumentNames(mailReference.get(key) ?? "", "en"));
    }
  });
});

describe("argumentNames", () => {
  it("finds plain and plural arguments", () => {
    expect(argumentNames(MESSAGES.en.errors.TOO_MANY_REQUESTS, "en")).toEqual(["minutes"]);
    expect(argumentNames(MESSAGES.en.game.card, "en")).toEqual(["rank", "suit"]);
  });
});

describe("game terms", () => {
  it("uses each language's own word for the core terms", () => {
    const term = (locale: "da" | "nb" | "en", key: keyof typeof MESSAGES.en.game.terms) =>
      MESSAGES[locale].game.terms[key];
    expect([term("da", "trick"), term("nb", "trick"), term("en", "trick")]).toEqual(["stik", "stikk", "trick"]);
    expect([term("da", "partnerAce"), term("nb", "partnerAce"), term("en", "partnerAce")]).toEqual([
      "makker-es",
      "makker-ess",
      "partner ace",
    ]);
    expect([term("da", "kitty"), term("nb", "kitty"), term("en", "kitty")]).toEqual(["kat", "katt", "kitty"]);
  });
});

describe("texts kept beside the engine (variant names, house-rule labels)", () => {
  it("every variant name, option label, description and choice has a Danish, Norwegian and English text", () => {
    for (const id of variantIds()) {
      const v = getVariant(id)!;
      const texts = [v.name, ...v.optionFields.flatMap((f) => [f.label, f.description, ...(f.values ?? []).map((x) => x.label)])];
      for (const text of texts) for (const locale of LOCALES) expect(text[locale]?.trim(), `${id}: ${JSON.stringify(text)}`).toBeTruthy();
    }
  });

  it("Norwegian says vipp and katt, never vip or kat", () => {
    for (const id of variantIds())
      for (const f of getVariant(id)!.optionFields)
        for (const text of [f.label.nb, f.description.nb, ...(f.values ?? []).map((x) => x.label.nb)])
          expect(text, `${id}.${f.key}`).not.toMatch(/(?<!\p{L})(vip|kat)(?!\p{L})/iu);
    for (const [key, text] of flatten(MESSAGES.nb)) expect(text, key).not.toMatch(/(?<!\p{L})(vip|kat)(?!\p{L})/iu);
  });
});

describe("the deal's seed", () => {
  it("has one word per language: blandenøgle (da), stokkenøkkel (nb), seed (en); never frø or an untranslated seed", () => {
    for (const [locale, word] of [["da", "blandenøgle"], ["nb", "stokkenøkkel"]] as const) {
      const texts = [...flatten(MESSAGES[locale])];
      for (const [key, text] of texts) expect(text, `${locale} ${key}`).not.toMatch(/(?<!\p{L})(seed|frø)(?!\p{L})/iu);
      expect(texts.some(([, text]) => text.toLowerCase().includes(word))).toBe(true);
    }
  });
});
