/**
 * Interface languages: the supported locales, the cookie that remembers a
 * visitor's choice, and how an Accept-Language header maps onto them.
 * Pure functions, shared by the request config, the language switcher and tests.
 */
export const LOCALES = ["da", "nb", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "da";
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** One year: the choice should outlive a browser session. */
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** The language's own name, shown in the switcher whatever the current locale. */
export const LOCALE_NAMES: Record<Locale, string> = { da: "Dansk", nb: "Norsk", en: "English" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Maps a language tag (da-DK, no, nn-NO, en-GB…) onto a supported locale, or null. */
export function localeForTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === "da") return "da";
  // Bokmål, Nynorsk and the bare macro-language all read the Bokmål texts.
  if (primary === "nb" || primary === "no" || primary === "nn") return "nb";
  if (primary === "en") return "en";
  return null;
}

/** Picks the supported locale the browser prefers most (by q-value, then order), or null. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { locale: localeForTag(tag), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.locale !== null && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.locale ?? null;
}

/**
 * The locale a request is served in: the signed-in user's profile wins, then the
 * cookie, then the browser's languages, then Danish.
 */
export function resolveLocale(sources: {
  profileLocale?: string | null;
  cookieLocale?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(sources.profileLocale)) return sources.profileLocale;
  if (isLocale(sources.cookieLocale)) return sources.cookieLocale;
  return negotiateLocale(sources.acceptLanguage) ?? DEFAULT_LOCALE;
}
