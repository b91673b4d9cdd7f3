/**
 * Builds the tRPC context from a request's headers: the session user (from the
 * Auth.js cookie, read fresh from the database), the locale and the client IP.
 */
import { getDb, type Db } from "@/server/db";
import { clientIpFromHeaders } from "@/server/auth/ip";
import { LOCALE_COOKIE, resolveLocale } from "@/i18n/config";
import { getSessionUser, parseCookies } from "@/server/auth/session";
import type { Context } from "./trpc";

export async function createContextFromHeaders(headers: Headers, db: Db = getDb()): Promise<Context> {
  const cookieHeader = headers.get("cookie");
  const user = await getSessionUser(cookieHeader, db);
  const locale = resolveLocale({
    profileLocale: user?.locale,
    cookieLocale: parseCookies(cookieHeader).get(LOCALE_COOKIE),
    acceptLanguage: headers.get("accept-language"),
  });
  return { db, user, locale, ip: clientIpFromHeaders(headers) };
}
