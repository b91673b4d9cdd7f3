/**
 * The viewer's time zone. The browser reports its IANA zone in the TZ_COOKIE
 * cookie (TimeZoneSync); requests format dates in that zone. Until the
 * browser has said (the very first page), and for anything that is not a
 * zone this runtime knows, times fall back to Danish/Norwegian time.
 */
export const TIME_ZONE_COOKIE = "TZ";
export const DEFAULT_TIME_ZONE = "Europe/Copenhagen";

/** A zone this runtime can format in, or the default. */
export function resolveTimeZone(value: string | undefined | null): string {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return DEFAULT_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
