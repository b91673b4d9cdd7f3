/**
 * Translating a failed clubs call: a club code (appCode) from the clubs
 * namespace when it has one, otherwise the shared form-level message.
 */
"use client";
import { useTranslations } from "next-intl";
import { describeError } from "@/trpc/errors";

type ErrorData = { appCode?: string; params?: Record<string, string | number> | null };

export function useClubErrorText(): (error: unknown) => string {
  const t = useTranslations("clubs");
  const te = useTranslations("errors");
  return (error) => {
    const data = (error as { data?: ErrorData } | null)?.data;
    const code = data?.appCode;
    if (code && t.has(`errors.${code}`)) return t(`errors.${code}`, { detail: "", ...(data?.params ?? {}) });
    const described = describeError(error);
    return te(described.form.key, described.form.values);
  };
}
