/** For tests: a namespace's messages of one language as the Translator the format helpers take (dotted keys, ICU formatting). */
import { IntlMessageFormat } from "intl-messageformat";
import { MESSAGES } from "@/i18n/messages";
import type { Translator } from "./format";

/** The "engine" (or another namespace's) messages of `locale` as a translator (flat dotted keys). */
export function engineTranslator(locale: "da" | "nb" | "en", namespace: "engine" | "game" | "table" = "engine"): Translator {
  const root = MESSAGES[locale][namespace] as unknown as Record<string, unknown>;
  const find = (key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), root);
  const t = ((key: string, values?: Record<string, string | number>) => new IntlMessageFormat(find(key) as string, locale).format(values) as string) as Translator;
  t.has = (key: string) => typeof find(key) === "string";
  return t;
}
