/**
 * The visible label above a list of times: the zone they are shown in (the
 * viewer's own, see TimeZoneSync), by its name in the page's language and
 * its IANA id.
 */
"use client";
import { useLocale, useTimeZone, useTranslations } from "next-intl";

/** The zone's generic name in `locale` ("Central European Time"), or the id when the runtime has none. */
export function zoneName(locale: string, zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(new Date());
    return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
  } catch {
    return zone;
  }
}

export function TimeZoneNote({ testId = "time-zone-note" }: { testId?: string }) {
  const t = useTranslations("common");
  const locale = useLocale();
  const zone = useTimeZone() ?? "UTC";
  return (
    <p className="tz-note" data-testid={testId} data-zone={zone}>
      {/* The server's and the browser's ICU may word a zone's name differently. */}
      <span suppressHydrationWarning>{t("timeZone", { name: zoneName(locale, zone), zone: zone.replaceAll("_", " ") })}</span>
    </p>
  );
}
