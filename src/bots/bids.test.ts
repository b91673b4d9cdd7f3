import { describe, expect, it } from "vitest";
import { bidMargin, parseBid } from "./bids";
import { avoidRisk, bestTrump } from "./evaluate";

describe("bid ids", () => {
  it("parses every ladder's ids", () => {
    expect(parseBid("8", "esmakker")).toEqual({ kind: "tricks", tricks: 8, addOn: "" });
    expect(parseBid("9gode", "esmakker")).toEqual({ kind: "tricks", tricks: 9, addOn: "gode" });
    expect(parseBid("7staerke", "esmakker")).toEqual({ kind: "tricks", tricks: 7, addOn: "staerke" });
    expect(parseBid("sol", "esmakker")).toEqual({ kind: "avoid", maxTricks: 1, open: false });
    expect(parseBid("rensol", "esmakker")).toEqual({ kind: "avoid", maxTricks: 0, open: false });
    expect(parseBid("renbordlaegger", "esmakker")).toEqual({ kind: "avoid", maxTricks: 0, open: true });
    expect(parseBid("nolo", "danish")).toEqual({ kind: "avoid", maxTricks: 6, open: false });
    expect(parseBid("grandi", "danish")).toEqual({ kind: "grandi" });
    expect(parseBid("grand", "norwegian")).toEqual({ kind: "grand" });
  });
});

describe("hand strength", () => {
  const strong = ["AS", "KS", "QS", "JS", "TS", "9S", "AH", "KH", "AD", "2D", "3C", "4C", "JK"];
  const weak = ["2S", "3S", "4H", "5H", "6H", "2D", "3D", "7D", "2C", "3C", "4C", "5C", "8C"];
  it("a long strong suit makes the best trump and supports a high bid; a weak hand bids nothing", () => {
    expect(bestTrump(strong).suit).toBe("S");
    expect(bidMargin(strong, parseBid("9", "esmakker"), "esmakker", 0)).toBeGreaterThan(0);
    expect(bidMargin(weak, parseBid("7", "esmakker"), "esmakker", 0)).toBeLessThan(0);
    expect(bidMargin(weak, parseBid("grand", "danish"), "danish", 0)).toBeLessThan(0);
  });
  it("low cards are safe for sol, high ones are not", () => {
    expect(avoidRisk(weak)).toBeLessThan(avoidRisk(strong));
    expect(bidMargin(strong, parseBid("sol", "esmakker"), "esmakker", 0)).toBeLessThan(0);
  });
});
