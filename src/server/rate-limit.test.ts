/**
 * The shared rate limiter against the run's PostgreSQL database: the storage
 * chosen without Redis, and that concurrent consumers cannot all slip under
 * the limit (each consume is one atomic upsert).
 */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { closeRateLimiters, rateLimiter, rateLimitStorage } from "./rate-limit";
import { closeTestDb, testDb } from "@/server/test/helpers";

afterAll(async () => {
  await closeRateLimiters();
  await closeTestDb();
});

describe("rateLimiter (PostgreSQL storage)", () => {
  it("uses PostgreSQL when REDIS_URL is unset and a database is configured", () => {
    expect(process.env.REDIS_URL ?? "").toBe("");
    expect(rateLimitStorage()).toBe("postgres");
  });

  it("lets exactly `points` of 12 concurrent consumes through and stores the count", async () => {
    const limiter = rateLimiter("test-concurrent", { points: 5, duration: 60 });
    const key = randomBytes(6).toString("hex");
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => limiter.consume(key)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(7);
    const row = await testDb().rateLimit.findUniqueOrThrow({ where: { key: `test-concurrent:${key}` }, select: { points: true } });
    expect(row.points).toBe(12);
  });

  it("keeps keys and limiter names apart, and returns the same limiter for the same options", async () => {
    const a = rateLimiter("test-a", { points: 1, duration: 60 });
    expect(rateLimiter("test-a", { points: 1, duration: 60 })).toBe(a);
    const b = rateLimiter("test-b", { points: 1, duration: 60 });
    await a.consume("k");
    await expect(a.consume("k")).rejects.toMatchObject({ remainingPoints: 0 });
    await expect(a.consume("other")).resolves.toMatchObject({ remainingPoints: 0 });
    await expect(b.consume("k")).resolves.toMatchObject({ remainingPoints: 0 });
  });
});
