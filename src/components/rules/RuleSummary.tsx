/**
 * The rules a table or preset plays, in the user's language: first the house
 * rules (what differs from the engine's defaults), then every rule on demand.
 */
"use client";
import { useTranslations } from "next-intl";
import { getVariant } from "@/engine";
import type { OptionField } from "@/engine/types";
import type { Locale } from "@/i18n/config";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function RuleSummary({ variant, options, locale, testId }: { variant: string; options: Record<string, unknown>; locale: Locale; testId?: string }) {
  const t = useTranslations("clubs.rules");
  const fields = getVariant(variant)?.optionFields ?? [];
  const shown = (f: OptionField, v: unknown): string => {
    if (f.kind === "boolean") return v === true ? t("on") : t("off");
    if (f.kind === "enum") return f.values?.find((x) => x.value === v)?.label[locale] ?? String(v);
    if (Array.isArray(v)) return v.join(", ");
    return String(v);
  };
  const house = fields.filter((f) => f.key in options && !same(options[f.key], f.default));
  return (
    <div className="rule-summary" data-testid={testId}>
      {house.length === 0 ? (
        <p>{t("allDefaults")}</p>
      ) : (
        <ul aria-label={t("houseRules")}>
          {house.map((f) => (
            <li key={f.key} data-testid={testId ? `${testId}-${f.key}` : undefined} title={f.description[locale]}>
              <strong>{f.label[locale]}</strong>: {shown(f, options[f.key])}
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>{t("all")}</summary>
        <ul>
          {fields.map((f) => (
            <li key={f.key}>
              {f.label[locale]}: {shown(f, options[f.key] ?? f.default)} <small>{f.description[locale]}</small>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
