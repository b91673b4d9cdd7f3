import { describe, expect, it } from "vitest";
import { safeNextPath } from "./paths";

describe("safeNextPath", () => {
  it("keeps same-site paths", () => {
    expect(safeNextPath("/profile", "/")).toBe("/profile");
    expect(safeNextPath(["/tables/abc?x=1", "/other"], "/")).toBe("/tables/abc?x=1");
  });
  it("refuses other origins and junk", () => {
    for (const bad of ["//evil.example", "/\\evil.example", "https://evil.example", "profile", "", undefined]) {
      expect(safeNextPath(bad, "/fallback")).toBe("/fallback");
    }
  });
});
