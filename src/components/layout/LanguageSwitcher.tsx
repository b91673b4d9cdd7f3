"use client";
/**
 * The language choice in the header: a native select (usable with keyboard,
 * screen readers and phone pickers). Choosing stores the NEXT_LOCALE cookie;
 * for a signed-in user it also saves the profile's language, because the
 * profile wins over the cookie. Then the page re-renders in the new language.
 * Every page has it, so the tRPC client it saves with loads only on a change.
 */
import { useEffect, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { LOCALES, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALE_NAMES, isLocale, type Locale } from "@/i18n/config";

export function LanguageSwitcher({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations("common.language");
  const locale = useLocale();
  const router = useRouter();
  const [saving, setSaving] = useState(false);
  const [isRefreshing, startRefresh] = useTransition();
  const [failed, setFailed] = useState(false);
  const select = useRef<HTMLSelectElement>(null);

  async function choose(next: Locale) {
    setFailed(false);
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
    if (signedIn) {
      setSaving(true);
      try {
        const { makeTRPCClient } = await import("@/trpc/client");
        await makeTRPCClient().accounts.updateProfile.mutate({ locale: next });
      } catch {
        setFailed(true);
      } finally {
        setSaving(false);
      }
    }
    startRefresh(() => router.refresh());
  }

  // A language chosen before the page was live changed only the select (which then showed it while
  // the page stayed in the old one, and choosing it again changed nothing): it is applied now.
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen !== undefined && chosen !== locale && isLocale(chosen)) void choose(chosen);
  }, []);

  const busy = saving || isRefreshing;
  return (
    <div className="language-switcher">
      <label htmlFor="language-switcher">
        <svg className="language-switcher__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span className="language-switcher__text">{t("label")}</span>
      </label>
      <select
        ref={select}
        id="language-switcher"
        data-testid="language-switcher"
        value={locale}
        disabled={busy}
        aria-describedby="language-switcher-status"
        onChange={(event) => {
          if (isLocale(event.target.value)) void choose(event.target.value);
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
      <span id="language-switcher-status" className="language-switcher__status" aria-live="polite">
        {busy ? t("saving") : failed ? t("failed") : ""}
      </span>
    </div>
  );
}
