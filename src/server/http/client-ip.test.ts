import { describe, expect, it } from "vitest";
import { requestIsHttps, resolveClientIp } from "./client-ip";
import { bodyLimitFor, BODY_LIMITS } from "./guard";
import { originAllowed } from "./origin";

describe("resolveClientIp", () => {
  it("without trusted proxies, is the socket peer whatever X-Forwarded-For says", () => {
    expect(resolveClientIp("10.0.0.9", "1.2.3.4", 0)).toBe("10.0.0.9");
    expect(resolveClientIp("::ffff:10.0.0.9", undefined, 0)).toBe("10.0.0.9");
    expect(resolveClientIp(undefined, undefined, 0)).toBe("unknown");
  });

  it("with n trusted proxies, takes the n-th entry from the right; spoofed entries to its left do not count", () => {
    expect(resolveClientIp("10.0.0.1", "203.0.113.5", 1)).toBe("203.0.113.5");
    expect(resolveClientIp("10.0.0.1", "6.6.6.6, 203.0.113.5", 1)).toBe("203.0.113.5");
    expect(resolveClientIp("10.0.0.1", ["6.6.6.6", "203.0.113.5, 10.0.0.2"], 2)).toBe("203.0.113.5");
    // A chain shorter than the trusted hops: the leftmost entry.
    expect(resolveClientIp("10.0.0.1", "203.0.113.5", 3)).toBe("203.0.113.5");
    expect(resolveClientIp("10.0.0.1", undefined, 1)).toBe("10.0.0.1");
  });
});

describe("requestIsHttps", () => {
  it("believes X-Forwarded-Proto only from trusted proxies", () => {
    expect(requestIsHttps(true, undefined, 0)).toBe(true);
    expect(requestIsHttps(false, "https", 0)).toBe(false);
    expect(requestIsHttps(false, "https", 1)).toBe(true);
    expect(requestIsHttps(false, "http", 1)).toBe(false);
  });
});

describe("request limits and origins", () => {
  it("gives the auth routes the small body limit and the rest 1 MiB", () => {
    expect(bodyLimitFor("/api/auth/callback/credentials")).toBe(BODY_LIMITS.auth);
    expect(bodyLimitFor("/api/trpc/accounts.register")).toBe(BODY_LIMITS.api);
    expect(bodyLimitFor("/login")).toBe(BODY_LIMITS.other);
  });

  it("allows the request's own host and configured origins only", () => {
    expect(originAllowed(undefined, "a.example", [])).toBe(true);
    expect(originAllowed("https://a.example", "a.example", [])).toBe(true);
    expect(originAllowed("https://evil.example", "a.example", [])).toBe(false);
    expect(originAllowed("null", "a.example", [])).toBe(false);
    expect(originAllowed("https://whist.example", "127.0.0.1:3000", ["https://whist.example"])).toBe(true);
  });
});
