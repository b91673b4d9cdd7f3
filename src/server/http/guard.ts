/**
 * The server's first look at every HTTP request, before Next.js:
 * - the client IP and protocol resolved once (TRUST_PROXY) and written back
 *   into X-Forwarded-For / X-Forwarded-Proto, so Next, Auth.js and the tRPC
 *   context never see a value a client made up;
 * - security headers on every response (pages get their CSP from src/proxy.ts);
 * - state-changing requests (POST, PUT, PATCH, DELETE) refused with 403 from
 *   a foreign Origin, and with 413 when their declared body is over the limit,
 *   before any of it is read (bodies without a length are capped where they
 *   are read: body.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "socket.io";
import type { TLSSocket } from "node:tls";
import { requestIsHttps, resolveClientIp } from "./client-ip";
import { originAllowed } from "./origin";
import { FALLBACK_CONTENT_SECURITY_POLICY, isPagePath, staticSecurityHeaders } from "./security-headers";

export type GuardOptions = {
  /** Reverse proxies whose forwarding headers are believed (env TRUST_PROXY). */
  readonly trustProxy: number;
  /** Origins besides the request's own host allowed to send state-changing requests (AUTH_URL). */
  readonly allowedOrigins: readonly string[];
};

/** Largest request bodies, in bytes. Login and logout forms are tiny; tRPC inputs (an imported game record) stay far below 1 MiB. */
export const BODY_LIMITS = { auth: 16 * 1024, api: 1024 * 1024, other: 1024 * 1024 } as const;

export function bodyLimitFor(pathname: string): number {
  if (pathname === "/api/auth" || pathname.startsWith("/api/auth/")) return BODY_LIMITS.auth;
  if (pathname.startsWith("/api/")) return BODY_LIMITS.api;
  return BODY_LIMITS.other;
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function refuse(res: ServerResponse, status: number, code: string, message: string): true {
  // The unread body is not drained: the connection is closed after the answer.
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", Connection: "close" });
  res.end(JSON.stringify({ error: { code, message } }));
  return true;
}

/** Returns true when the request was answered here (refused) and must not reach Next. */
export function guardRequest(req: IncomingMessage, res: ServerResponse, opts: GuardOptions): boolean {
  const https = requestIsHttps(Boolean((req.socket as TLSSocket).encrypted), req.headers["x-forwarded-proto"], opts.trustProxy);
  req.headers["x-forwarded-for"] = resolveClientIp(req.socket.remoteAddress, req.headers["x-forwarded-for"], opts.trustProxy);
  req.headers["x-forwarded-proto"] = https ? "https" : "http";
  delete req.headers["x-real-ip"];
  if (opts.trustProxy <= 0) delete req.headers["x-forwarded-host"];

  for (const [name, value] of Object.entries(staticSecurityHeaders(https))) res.setHeader(name, value);
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  if (!isPagePath(pathname)) res.setHeader("Content-Security-Policy", FALLBACK_CONTENT_SECURITY_POLICY);

  if (!UNSAFE_METHODS.has(req.method ?? "GET")) return false;
  if (!originAllowed(req.headers.origin, req.headers.host, opts.allowedOrigins)) {
    return refuse(res, 403, "FORBIDDEN_ORIGIN", "Requests from other sites are not accepted.");
  }
  const length = Number(req.headers["content-length"] ?? 0);
  if (!Number.isFinite(length) || length > bodyLimitFor(pathname)) {
    return refuse(res, 413, "PAYLOAD_TOO_LARGE", "The request body is too large.");
  }
  return false;
}

/** socket.io answers its own HTTP requests (long-polling, the upgrade): the same headers there. */
export function addSocketSecurityHeaders(io: Server, trustProxy: number): void {
  io.engine.on("headers", (headers: Record<string, string>, req: IncomingMessage) => {
    const https = requestIsHttps(Boolean((req.socket as TLSSocket).encrypted), req.headers["x-forwarded-proto"], trustProxy);
    Object.assign(headers, staticSecurityHeaders(https), { "Content-Security-Policy": FALLBACK_CONTENT_SECURITY_POLICY });
  });
}
