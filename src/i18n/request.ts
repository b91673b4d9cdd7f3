/**
 * next-intl's per-request configuration (no locale in the URL): the locale
 * comes from the signed-in user's profile, else the NEXT_LOCALE cookie, else
 * Accept-Language, else Danish (see ./config). Dates are formatted in the
 * viewer's time zone (./time-zone.ts).
 */
import { getRequestConfig } from "next-intl/server";
import { cookies, headers } from "next/headers";
import { getCurrentUser } from "@/app/_lib/current-user";
import { LOCALE_COOKIE, resolveLocale } from "./config";
import { messagesFor } from "./messages";
import { TIME_ZONE_COOKIE, resolveTimeZone } from "./time-zone";

export default getRequestConfig(async () => {
  const [user, cookieStore, requestHeaders] = await Promise.all([getCurrentUser(), cookies(), headers()]);
  const locale = resolveLocale({
    profileLocale: user?.locale,
    cookieLocale: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: requestHeaders.get("accept-language"),
  });
  return {
    locale,
    messages: messagesFor(locale),
    // The browser's own zone (an explicit zone also keeps server and browser output identical).
    timeZone: resolveTimeZone(cookieStore.get(TIME_ZONE_COOKIE)?.value),
  };
});
