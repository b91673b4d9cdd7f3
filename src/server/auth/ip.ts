/**
 * The client's IP address for a request handled behind the server's request
 * guard (src/server/http/guard.ts), which replaces X-Forwarded-For with the
 * one address it resolved from the socket and the TRUST_PROXY hops. So the
 * header holds a single value that no client chose.
 */
export function clientIpFromHeaders(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}
