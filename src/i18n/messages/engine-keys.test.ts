/**
 * Every score-explanation line the engine emits has a text in the "engine"
 * messages of every language, and every {argument} of that text is supplied
 * by the line. Checked over random matches of every variant, so a new key in
 * a variant without its translations fails here.
 */
import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { playRandomMatch, variantIds, type ScoreLine } from "@/engine";
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
