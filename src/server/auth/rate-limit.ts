/**
 * Login rate limiting, shared by every server process through the
 * LoginAttempt table: at most LOGIN_LIMITS.perEmail failed attempts per email
 * and LOGIN_LIMITS.perIp per client IP within LOGIN_LIMITS.windowMs. A
 * successful login clears the email's count (failures before it stop counting).
 */
import type { Db } from "@/server/db";

export const LOGIN_LIMITS = {
  perEmail: 5,
  // Higher than per email: several people may share one address (a club house, NAT).
  perIp: 20,
  windowMs: 15 * 60 * 1000,
} as const;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Pure decision: `failures` are the timestamps (ms) of counted failures inside
 * the window. Blocked while `limit` or more remain; the block lifts when the
 * oldest of the most recent `limit` failures leaves the window.
 */
export function decide(failures: number[], now: number, limit: number, windowMs = LOGIN_LIMITS.windowMs): RateDecision {
  const recent = failures.filter((t) => t > now - windowMs && t <= now).sort((a, b) => b - a);
  if (recent.length < limit) return { allowed: true };
  const oldestThatMatters = recent[limit - 1]!;
  return { allowed: false, retryAfterMs: Math.max(1, oldestThatMatters + windowMs - now) };
}

/** Whole minutes to show the user ("try again in N minutes"), at least 1. */
export function retryAfterMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}

/** Checks both limits for a login attempt about to be made. */
export async function checkLoginAllowed(
  db: Db,
  attempt: { email: string; ip: string },
  now = new Date(),
): Promise<RateDecision> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
  const lastSuccess = await db.loginAttempt.findFirst({
    where: { email: attempt.email, success: true, createdAt: { gt: since } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  const emailSince = lastSuccess && lastSuccess.createdAt > since ? lastSuccess.createdAt : since;
  const [byEmail, byIp] = await Promise.all([
    db.loginAttempt.findMany({
      where: { email: attempt.email, success: false, createdAt: { gt: emailSince } },
      orderBy: { createdAt: "desc" },
      take: LOGIN_LIMITS.perEmail,
      select: { createdAt: true },
    }),
    db.loginAttempt.findMany({
      where: { ip: attempt.ip, success: false, createdAt: { gt: since } },
      orderBy: { createdAt: "desc" },
      take: LOGIN_LIMITS.perIp,
      select: { createdAt: true },
    }),
  ]);
  const t = now.getTime();
  const decisions = [
    decide(byEmail.map((r) => r.createdAt.getTime()), t, LOGIN_LIMITS.perEmail),
    decide(byIp.map((r) => r.createdAt.getTime()), t, LOGIN_LIMITS.perIp),
  ];
  const blocked = decisions.filter((d) => !d.allowed);
  if (blocked.length === 0) return { allowed: true };
  return { allowed: false, retryAfterMs: Math.max(...blocked.map((d) => d.retryAfterMs)) };
}

export async function recordLoginAttempt(
  db: Db,
  attempt: { email: string; ip: string; success: boolean },
  now = new Date(),
): Promise<void> {
  await db.loginAttempt.create({ data: { ...attempt, createdAt: now }, select: { id: true } });
}

/** Deletes attempts older than the window (called now and then; rows are only useful inside it). */
export async function pruneLoginAttempts(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.loginAttempt.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - LOGIN_LIMITS.windowMs) } },
  });
  return count;
}
