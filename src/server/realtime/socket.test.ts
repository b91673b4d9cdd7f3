/** Handshake origin rule and the per-socket token bucket. */
import { describe, expect, it } from "vitest";
import { originAllowed, TokenBucket } from "./socket";

describe("socket guards", () => {
  it("allows the server's own host and the configured site, refuses other origins", () => {
    expect(originAllowed("http://127.0.0.1:3000", "127.0.0.1:3000", [])).toBe(true);
    expect(originAllowed("https://whist.example", "10.0.0.5:3000", ["https://whist.example"])).toBe(true);
    expect(originAllowed("https://evil.example", "whist.example", ["https://whist.example"])).toBe(false);
    expect(originAllowed("not a url", "whist.example", [])).toBe(false);
    expect(originAllowed(undefined, "whist.example", [])).toBe(true); // not a browser
  });

  it("token bucket: a burst, then refills at the rate", () => {
    let now = 0;
    const b = new TokenBucket(2, 3, () => now);
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    now += 500; // one token back
    expect([b.take(), b.take()]).toEqual([true, false]);
  });
});
