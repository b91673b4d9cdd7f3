/**
 * Builds the tRPC context from a request's headers: the session user (from the
 * Auth.js cookie, read fresh from the database) and session id, the locale and
 * the client IP.
 */
import { getDb, type Db } from "@/server/db";
import { clientIpFromHeaders } from "@/server/auth/ip";
import { LOCALE_COOKIE, resolveLocale } from "@/i18n/config";
import { getSession, parseCookies } from "@/server/auth/session";
import type { Context } from "./trpc";

export async function createContextFromHeaders(headers: Headers, db: Db = getDb()): Promise<Context> {
  const cookieHeader = headers.get("cookie");
  const session = await getSession(cookieHeader, db);
  const user = session?.user ?? null;
  const locale = resolveLocale({
    profileLocale: user?.locale,
    cookieLocale: parseCookies(cookieHeader).get(LOCALE_COOKIE),
    acceptLanguage: headers.get("accept-language"),
  });
  return { db, user, sessionId: session?.sessionId ?? null, locale, ip: clientIpFromHeaders(headers) };
}
