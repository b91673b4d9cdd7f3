/**
 * The client's IP address as seen through the custom server: Next.js sets
 * x-forwarded-for from the socket's address. Behind a reverse proxy, make the
 * proxy overwrite (not append to) x-forwarded-for, or clients can pick their IP.
 */
export function clientIpFromHeaders(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip")?.trim() || "unknown";
}
