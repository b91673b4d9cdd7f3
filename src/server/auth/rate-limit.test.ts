import { describe, expect, it } from "vitest";
import { decide, retryAfterMinutes, LOGIN_LIMITS } from "./rate-limit";

const MIN = 60_000;
const now = 100 * MIN;

describe("decide", () => {
  it("allows while fewer failures than the limit are inside the window", () => {
    expect(decide([], now, 5)).toEqual({ allowed: true });
    expect(decide([now - 1, now - 2, now - 3, now - 4], now, 5)).toEqual({ allowed: true });
  });

  it("ignores failures older than the window", () => {
    const old = Array.from({ length: 10 }, (_, i) => now - LOGIN_LIMITS.windowMs - i * MIN);
    expect(decide(old, now, 5)).toEqual({ allowed: true });
  });

  it("blocks at the limit until the oldest counted failure leaves the window", () => {
    const failures = [now - 10 * MIN, now - 8 * MIN, now - 6 * MIN, now - 4 * MIN, now - 2 * MIN];
    expect(decide(failures, now, 5)).toEqual({ allowed: false, retryAfterMs: 5 * MIN });
    expect(decide(failures, now + 5 * MIN, 5)).toEqual({ allowed: true });
  });

  it("with more failures than the limit, waits for the limit-th most recent one", () => {
    const failures = [now - 14 * MIN, now - 13 * MIN, now - 5 * MIN, now - 4 * MIN, now - 3 * MIN, now - 2 * MIN, now - MIN];
    expect(decide(failures, now, 5)).toEqual({ allowed: false, retryAfterMs: 10 * MIN });
  });
});

describe("retryAfterMinutes", () => {
  it("rounds up to whole minutes, at least one", () => {
    expect(retryAfterMinutes(1)).toBe(1);
    expect(retryAfterMinutes(MIN)).toBe(1);
    expect(retryAfterMinutes(MIN + 1)).toBe(2);
    expect(retryAfterMinutes(14.2 * MIN)).toBe(15);
  });
});
