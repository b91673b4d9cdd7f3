/**
 * Reading the signed-in user from a request's cookies, without Next.js: used
 * by the tRPC context and by the socket.io handshake
 * (`getSessionUser(socket.handshake.headers.cookie)`).
 *
 * Auth.js stores the session as an encrypted JWT in a cookie named
 * "authjs.session-token" ("__Secure-" prefixed over https), possibly split
 * into ".0", ".1", … chunks; the cookie name is also the key-derivation salt.
 */
import { decode } from "next-auth/jwt";
import { getDb, type Db } from "@/server/db";
import { resolveSession, type ActiveSession, type SessionUser } from "./sessions";

export const SESSION_COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

export type { SessionUser, ActiveSession };

export function parseCookies(header: string | undefined | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/** The whole token stored under `name`, joining chunks when it was split. */
function sessionToken(cookies: Map<string, string>, name: string): string | null {
  const whole = cookies.get(name);
  if (whole) return whole;
  const chunks: string[] = [];
  for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`)!);
  return chunks.length > 0 ? chunks.join("") : null;
}

export type SessionToken = { userId: string; sessionId: string | null };

/** The user and session ids in a valid session cookie, or null (absent, expired, tampered, wrong secret). */
export async function readSessionToken(cookieHeader: string | undefined | null): Promise<SessionToken | null> {
  const secret = process.env.AUTH_SECRET;
  if (!secret) return null;
  const cookies = parseCookies(cookieHeader);
  for (const name of SESSION_COOKIE_NAMES) {
    const token = sessionToken(cookies, name);
    if (!token) continue;
    try {
      const payload = await decode({ token, secret, salt: name });
      if (payload && typeof payload.sub === "string") {
        return { userId: payload.sub, sessionId: typeof payload.sid === "string" ? payload.sid : null };
      }
    } catch {
      // Not decryptable with this name/secret: treat as signed out.
    }
  }
  return null;
}

/**
 * The live session for a Cookie header, with its user read fresh from the
 * database (so a renamed or deleted account is seen at once), or null. A
 * token without a session id, or whose session ended (logout, expiry, idle),
 * is signed out.
 */
export async function getSession(cookieHeader: string | undefined | null, db: Db = getDb()): Promise<ActiveSession | null> {
  const token = await readSessionToken(cookieHeader);
  if (!token?.sessionId) return null;
  return resolveSession(db, token.sessionId, token.userId);
}

/** The signed-in user for a Cookie header (see getSession), or null. */
export async function getSessionUser(cookieHeader: string | undefined | null, db: Db = getDb()): Promise<SessionUser | null> {
  return (await getSession(cookieHeader, db))?.user ?? null;
}
