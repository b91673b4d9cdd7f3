import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("hashes with argon2id (m=19456, t=2, p=1) and a random salt", async () => {
    const a = await hashPassword("hunter2-hunter2");
    const b = await hashPassword("hunter2-hunter2");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("Rødgrød med fløde");
    expect(await verifyPassword(stored, "Rødgrød med fløde")).toBe(true);
    expect(await verifyPassword(stored, "rødgrød med fløde")).toBe(false);
    expect(await verifyPassword(stored, "")).toBe(false);
  });

  it("returns false for a malformed stored hash instead of throwing", async () => {
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });
});
