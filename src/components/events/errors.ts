/**
 * Translating a failed events call: an event (or club) code from the events
 * namespace when it has one, otherwise the shared form-level message.
 */
"use client";
import { useTranslations } from "next-intl";
import { describeError } from "@/trpc/errors";

type ErrorData = { appCode?: string; params?: Record<string, string | number> | null };

export function useEventErrorText(): (error: unknown) => string {
  const t = useTranslations("events");
  const te = useTranslations("errors");
  return (error) => {
    const data = (error as { data?: ErrorData } | null)?.data;
    const code = data?.appCode;
    if (code && t.has(`errors.${code}`)) return t(`errors.${code}`, { deals: "", count: "", ...(data?.params ?? {}) });
    const described = describeError(error);
    return te(described.form.key, described.form.values);
  };
}

/** Øre as kroner with two decimals, in the page's language. */
export const kroner = (ore: number, locale: string) =>
  (ore / 100).toLocaleString(locale === "en" ? "en-GB" : locale === "nb" ? "nb-NO" : "da-DK", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
