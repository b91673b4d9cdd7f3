/**
 * The client's address behind TRUST_PROXY reverse proxies. Each proxy appends
 * the address it received the request from to X-Forwarded-For, so only the
 * last `trustProxy` entries were written by proxies we trust; everything to
 * their left may come from the client and is ignored.
 *
 *   chain = [...X-Forwarded-For entries, socket peer]
 *   client = chain[chain.length - 1 - trustProxy]  (the leftmost entry when the chain is shorter)
 */
export function resolveClientIp(peer: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: number): string {
  const socketPeer = normalize(peer ?? "") || "unknown";
  if (trustProxy <= 0) return socketPeer;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const chain = [...header.split(",").map((s) => normalize(s.trim())).filter(Boolean), socketPeer];
  return chain[Math.max(0, chain.length - 1 - trustProxy)]!;
}

/** True when the request reached the first trusted proxy (or us) over https. */
export function requestIsHttps(encrypted: boolean, forwardedProto: string | string[] | undefined, trustProxy: number): boolean {
  if (encrypted) return true;
  if (trustProxy <= 0) return false;
  const value = Array.isArray(forwardedProto) ? forwardedProto.join(",") : (forwardedProto ?? "");
  const protos = value.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
  return protos[Math.max(0, protos.length - trustProxy)] === "https";
}

/** IPv4 addresses mapped into IPv6 (::ffff:1.2.3.4) count as the IPv4 address. */
function normalize(ip: string): string {
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}
