/**
 * Security headers. Pages get a Content-Security-Policy with a fresh nonce
 * from src/proxy.ts (Next.js reads the nonce from the request's CSP header and
 * puts it on its own scripts); every other response gets the strict fallback
 * policy and the static headers from the server's request guard (guard.ts).
 */

/** The page policy. `host` adds explicit ws(s) sources for socket.io (older browsers do not count them as 'self'). */
export function pageContentSecurityPolicy(opts: { nonce: string; dev: boolean; host?: string | null }): string {
  const sockets = opts.host && /^[\w.:[\]-]+$/.test(opts.host) ? ` ws://${opts.host} wss://${opts.host}` : "";
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlay; production never does.
    `script-src 'self' 'nonce-${opts.nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${opts.nonce}'`,
    // Style attributes (React's style={…}) cannot carry a nonce; they cannot run code either.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    `connect-src 'self'${sockets}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For everything that is not a page (API answers, static files, socket.io). */
export const FALLBACK_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const HSTS = "max-age=31536000; includeSubDomains";

/** Headers every response carries; HSTS only over https (a browser ignores it over http anyway). */
export function staticSecurityHeaders(https: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/** Paths src/proxy.ts handles (keep in step with its config.matcher): every page, not the API or static files. */
export function isPagePath(pathname: string): boolean {
  return !/^\/(?:api|_next\/static|_next\/image|favicon\.ico|favicon\.svg|cards|socket\.io)(?:\/|$)/.test(pathname);
}
