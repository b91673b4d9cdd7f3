/** The viewer's time zone from the cookie: known IANA zones pass, anything else falls back. */
import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, resolveTimeZone } from "./time-zone";

describe("resolveTimeZone", () => {
  it("keeps zones the runtime knows", () => {
    expect(resolveTimeZone("America/New_York")).toBe("America/New_York");
    expect(resolveTimeZone("Pacific/Kiritimati")).toBe("Pacific/Kiritimati");
    expect(resolveTimeZone("UTC")).toBe("UTC");
  });

  it("falls back to Danish/Norwegian time for missing, unknown or malformed values", () => {
    for (const bad of [undefined, null, "", "Mars/Olympus_Mons", "Europe/Copenhagen; path=/", "x".repeat(65), "../../etc"]) {
      expect(resolveTimeZone(bad)).toBe(DEFAULT_TIME_ZONE);
    }
  });
});
