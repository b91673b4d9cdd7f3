/**
 * Tells the server the browser's time zone (cookie, see src/i18n/time-zone.ts)
 * and re-renders the page once when the page was formatted in another zone,
 * so every date and time is in the viewer's own time.
 */
"use client";
import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useTimeZone } from "next-intl";
import { TIME_ZONE_COOKIE } from "@/i18n/time-zone";

export function TimeZoneSync() {
  const shown = useTimeZone();
  const router = useRouter();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    // IANA names need no escaping in a cookie (the server accepts [A-Za-z0-9_+-/] only).
    if (!document.cookie.split("; ").includes(`${TIME_ZONE_COOKIE}=${zone}`)) {
      document.cookie = `${TIME_ZONE_COOKIE}=${zone}; path=/; max-age=31536000; samesite=lax`;
    }
    if (shown !== zone) router.refresh();
  }, [shown, router]);
  return null;
}
