/**
 * Every score-explanation line the engine emits has a text in the "engine"
 * messages of every language, and every {argument} of that text is supplied
 * by the line. Checked over random matches of every variant, so a new key in
 * a variant without its translations fails here. Likewise every bid name a
 * variant's meta gives (its message and the messages of its parameters).
 */
import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { playRandomMatch, variantIds, variantMeta, type MessageRef, type ScoreLine } from "@/engine";
import { flatKey } from "@/components/table/format";
import { LOCALES } from "../config";
import { MESSAGES } from "./index";

function argumentNames(message: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: ReturnType<IntlMessageFormat["getAst"]>): void => {
    for (const node of nodes) {
      if ("value" in node && typeof node.value === "string" && node.type !== 0) names.add(node.value);
      if ("options" in node) for (const option of Object.values(node.options)) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...names];
}

describe("engine explanation keys", () => {
  for (const variant of variantIds()) {
    it(`${variant}: every explanation line has a text with its arguments in da, nb and en`, () => {
      const lines = new Map<string, ScoreLine>();
      for (let i = 0; i < 40; i++) {
        const played = playRandomMatch({ variant, seed: `keys-${variant}-${i}` }, `rng-${i}`, { maxHands: 6 });
        if (!played.ok) throw new Error(played.error.message);
        for (const r of played.value.state.results) for (const line of r.explanation) lines.set(line.key, line);
      }
      expect(lines.size).toBeGreaterThan(1);
      for (const locale of LOCALES) {
        const score = (MESSAGES[locale] as { engine: { score: Record<string, string> } }).engine.score;
        for (const [key, line] of lines) {
          const text = score[flatKey(key)];
          expect(text, `${locale}: engine.score.${flatKey(key)}`).toBeTypeOf("string");
          for (const arg of argumentNames(text!, locale)) expect(line.params ?? {}, `${locale}: ${key} {${arg}}`).toHaveProperty(arg);
        }
      }
    });
  }
});

/** A message of the "engine" namespace by its dotted key. */
const engineMessage = (locale: (typeof LOCALES)[number], key: string): unknown =>
  key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), MESSAGES[locale].engine);

/** The message and the messages of its parameters exist in `locale`, each given every argument it uses. */
function checkMessage(locale: (typeof LOCALES)[number], ref: MessageRef, where: string): void {
  const text = engineMessage(locale, ref.key);
  expect(text, `${locale}: engine.${ref.key} (${where})`).toBeTypeOf("string");
  for (const arg of argumentNames(text as string, locale)) expect(ref.params ?? {}, `${locale}: ${ref.key} {${arg}} (${where})`).toHaveProperty(arg);
  for (const value of Object.values(ref.params ?? {})) if (typeof value === "object") checkMessage(locale, value, where);
}

describe("bid names", () => {
  for (const variant of variantIds()) {
    it(`${variant}: every bid the variant describes is named in da, nb and en`, () => {
      const bids = Object.entries(variantMeta(variant)!.bids);
      if (variantMeta(variant)!.auction !== "none") expect(bids.length).toBeGreaterThan(0);
      for (const locale of LOCALES) for (const [id, d] of bids) checkMessage(locale, d.label, `${variant} ${id}`);
    });
  }
});
