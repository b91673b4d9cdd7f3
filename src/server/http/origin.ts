/**
 * Whether a browser's Origin may act on this site: the host it sent the
 * request to, or one of the configured origins (AUTH_URL). Requests without
 * an Origin are not from a browser page and cannot ride on a visitor's
 * cookies; "null" (sandboxed frames, some redirects) is refused.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (!origin) return true;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (host && o.host === host) return true;
  return allowed.some((a) => {
    try {
      return new URL(a).origin === o.origin;
    } catch {
      return false;
    }
  });
}
