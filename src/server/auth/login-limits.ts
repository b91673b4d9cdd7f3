/**
 * Login limits. Every attempt is reserved (one atomic consume per limit in
 * the shared store, src/server/rate-limit.ts) BEFORE the password is
 * checked, so concurrent guesses cannot all be checked against one limit.
 *
 * - per (email, IP): LOGIN_LIMITS.perEmailIp attempts, then that pair waits;
 * - per IP: LOGIN_LIMITS.perIp attempts across all emails (password spraying);
 * - per email: LOGIN_LIMITS.perEmail attempts, slower, against guesses spread
 *   over many IPs. It does not apply from an IP the account signed in from in
 *   the last LOGIN_LIMITS.knownIpDays days, so a stranger guessing elsewhere
 *   cannot lock the owner out of their own connection.
 *
 * A successful login gives its own attempt back and clears the (email, IP)
 * count. The IP must come from clientIpFromHeaders (TRUST_PROXY).
 */
import { rateLimiter, take } from "@/server/rate-limit";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LOGIN_LIMITS = {
  perEmailIp: { points: 5, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  perIp: { points: 50, duration: HOUR, blockDuration: HOUR },
  perEmail: { points: 20, duration: HOUR, blockDuration: HOUR },
  knownIpDays: 30,
} as const;

export type LoginReservation =
  | { readonly allowed: true; readonly release: (success: boolean) => Promise<void> }
  | { readonly allowed: false; readonly retryAfterMs: number };

const limiters = () => ({
  emailIp: rateLimiter("login-email-ip", LOGIN_LIMITS.perEmailIp),
  ip: rateLimiter("login-ip", LOGIN_LIMITS.perIp),
  email: rateLimiter("login-email", LOGIN_LIMITS.perEmail),
  known: rateLimiter("login-known-ip", { points: 1, duration: LOGIN_LIMITS.knownIpDays * DAY }),
});

/**
 * Reserves one login attempt for `email` from `ip`. When allowed, check the
 * password and then call `release(success)`.
 */
export async function reserveLoginAttempt(email: string, ip: string): Promise<LoginReservation> {
  const l = limiters();
  const pair = `${email}|${ip}`;
  // In order, stopping at the first refusal: guesses from a blocked pair do not
  // count towards the per-email limit that could lock out the owner elsewhere.
  const [known, pairWait] = await Promise.all([l.known.get(pair).then((r) => r !== null), take(l.emailIp, pair)]);
  const wait = pairWait ?? (await take(l.ip, ip)) ?? (known ? null : await take(l.email, email));
  if (wait !== null) return { allowed: false, retryAfterMs: wait };
  return {
    allowed: true,
    release: async (success) => {
      if (!success) return;
      await Promise.all([
        l.emailIp.delete(pair),
        l.ip.reward(ip, 1),
        ...(known ? [] : [l.email.reward(email, 1)]),
        l.known.set(pair, 1, LOGIN_LIMITS.knownIpDays * DAY),
      ]);
    },
  };
}

/** Whole minutes to show the user ("try again in N minutes"), at least 1. */
export function retryAfterMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}
