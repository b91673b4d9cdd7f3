/**
 * Limits on the account actions besides login (the pattern of
 * login-limits.ts: one atomic consume per limit in the shared store, before
 * any work is done):
 *
 * - password-reset requests: per IP, then per email address. The per-email
 *   count is kept whether or not an account has that address, so a refusal
 *   says nothing about which addresses exist;
 * - verification mails sent again: per account;
 * - current-password checks (password change): per account, so a session
 *   left open cannot be used to guess the password; a success clears it.
 *
 * Each reserve* returns null when allowed, else the wait in ms;
 * tooManyRequests(wait, what) is the service failure that says so.
 */
import { failure, type ServiceResult } from "@/server/api/errors";
import { rateLimiter, take } from "@/server/rate-limit";
import { retryAfterMinutes } from "./login-limits";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const ACCOUNT_LIMITS = {
  resetPerIp: { points: 20, duration: HOUR, blockDuration: HOUR },
  resetPerEmail: { points: 3, duration: HOUR, blockDuration: HOUR },
  verificationPerUser: { points: 3, duration: HOUR, blockDuration: HOUR },
  passwordCheckPerUser: { points: 5, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
} as const;

const limiters = () => ({
  resetIp: rateLimiter("reset-ip", ACCOUNT_LIMITS.resetPerIp),
  resetEmail: rateLimiter("reset-email", ACCOUNT_LIMITS.resetPerEmail),
  verification: rateLimiter("verify-mail-user", ACCOUNT_LIMITS.verificationPerUser),
  passwordCheck: rateLimiter("password-check-user", ACCOUNT_LIMITS.passwordCheckPerUser),
});

export async function reservePasswordResetRequest(email: string, ip: string): Promise<number | null> {
  const l = limiters();
  // A blocked IP does not use up the address's requests.
  return (await take(l.resetIp, ip)) ?? (await take(l.resetEmail, email));
}

export function reserveVerificationMail(userId: string): Promise<number | null> {
  return take(limiters().verification, userId);
}

export function reservePasswordCheck(userId: string): Promise<number | null> {
  return take(limiters().passwordCheck, userId);
}

export async function clearPasswordChecks(userId: string): Promise<void> {
  await limiters().passwordCheck.delete(userId);
}

/** TOO_MANY_REQUESTS with params { minutes } (the wait, rounded up). */
export function tooManyRequests(retryAfterMs: number, what: string): ServiceResult<never> {
  const minutes = retryAfterMinutes(retryAfterMs);
  return failure({
    code: "TOO_MANY_REQUESTS",
    status: "TOO_MANY_REQUESTS",
    message: `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    params: { minutes },
  });
}
