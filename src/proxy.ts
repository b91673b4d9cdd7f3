/**
 * Next.js proxy (formerly middleware), run before every page: a fresh CSP
 * nonce per request. Next.js reads the nonce from the request's
 * Content-Security-Policy header and puts it on its own scripts and styles;
 * the browser gets the same policy. Every page is rendered per request (the
 * layout reads the session), so each one gets its nonce. Other headers and
 * the policy of non-page responses come from the server's request guard
 * (src/server/http/guard.ts).
 */
import { NextResponse, type NextRequest } from "next/server";
import { pageContentSecurityPolicy } from "@/server/http/security-headers";

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const policy = pageContentSecurityPolicy({ nonce, dev: process.env.NODE_ENV === "development", host: request.headers.get("host") });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

// Keep in step with isPagePath in src/server/http/security-headers.ts.
export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon\\.ico|favicon\\.svg|cards|socket\\.io).*)"],
};
