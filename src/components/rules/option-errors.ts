/**
 * Rule-option errors in the form: the engine's keyed issues (from parseOptions
 * run in the browser, or from the server's INVALID_OPTIONS refusal) turned into
 * one translated text per field, and the field brought into view.
 */
"use client";
import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { parseOptions } from "@/engine";
import type { OptionErrorKey, OptionIssue } from "@/engine/options";
import type { RuleOptions } from "./RuleOptionsForm";

/** Field key ("" for the rules as a whole) → translated message. */
export type RuleOptionErrors = Record<string, string>;

/** The engine's own verdict on the form's values, before anything is sent. */
export function ruleOptionIssues(variant: string, options: RuleOptions): OptionIssue[] {
  const parsed = parseOptions(variant, options);
  if (parsed.ok || parsed.error.code !== "setup/invalid-options") return [];
  return (parsed.error.details?.issues as OptionIssue[] | undefined) ?? [];
}

/** The server's INVALID_OPTIONS refusal as an issue (params: field, reason, index, values). */
export function serverOptionIssue(error: unknown): OptionIssue | null {
  const data = (error as { data?: { appCode?: string; params?: Record<string, string | number> | null } } | null)?.data;
  if (data?.appCode !== "INVALID_OPTIONS" || !data.params || typeof data.params.reason !== "string") return null;
  const { field, reason, index, ...params } = data.params;
  return { field: String(field ?? ""), key: reason as OptionErrorKey, ...(typeof index === "number" ? { index } : {}), params };
}

export function useRuleOptionErrors(): (issues: readonly OptionIssue[]) => RuleOptionErrors {
  const t = useTranslations("rules.optionErrors");
  return useCallback(
    (issues) => {
      const out: RuleOptionErrors = {};
      for (const issue of issues) {
        const text = t.has(issue.key) ? t(issue.key, { ...(issue.params ?? {}) }) : t("notChoice");
        out[issue.field] = issue.index !== undefined ? t("entry", { position: issue.index + 1, text }) : text;
      }
      return out;
    },
    [t],
  );
}

/** Scrolls the first invalid field (in form order) into the middle of the view and focuses it. */
export function revealFirstError(idPrefix: string, fieldOrder: readonly string[], errors: RuleOptionErrors): void {
  const first = fieldOrder.find((key) => errors[key] !== undefined);
  const el = document.getElementById(first !== undefined ? `${idPrefix}-${first}` : `${idPrefix}-form`);
  if (!el) return;
  el.scrollIntoView({ block: "center" });
  if (first !== undefined) el.focus({ preventScroll: true });
}
