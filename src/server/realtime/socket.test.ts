/** Handshake origin rule and the per-user rate-limit key. */
import { describe, expect, it } from "vitest";
import { originAllowed, rateKey } from "./socket";

describe("socket guards", () => {
  it("allows the server's own host and the configured site, refuses other origins", () => {
    expect(originAllowed("http://127.0.0.1:3000", "127.0.0.1:3000", [])).toBe(true);
    expect(originAllowed("https://whist.example", "10.0.0.5:3000", ["https://whist.example"])).toBe(true);
    expect(originAllowed("https://evil.example", "whist.example", ["https://whist.example"])).toBe(false);
    expect(originAllowed("not a url", "whist.example", [])).toBe(false);
    expect(originAllowed(undefined, "whist.example", [])).toBe(true); // not a browser
  });

  it("limits a signed-in person across all their sockets, a visitor by address", () => {
    const user = { id: "u1", name: "A" };
    expect(rateKey(user, "10.0.0.1")).toBe(rateKey(user, "10.0.0.2"));
    expect(rateKey(null, "10.0.0.1")).not.toBe(rateKey(null, "10.0.0.2"));
    expect(rateKey(user, "10.0.0.1")).not.toBe(rateKey({ id: "u2", name: "B" }, "10.0.0.1"));
  });
});
