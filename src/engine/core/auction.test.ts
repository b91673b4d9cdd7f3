import { describe, expect, it } from "vitest";
import { auctionBid, auctionOver, auctionPass, canHold, minimumRank, startAuction } from "./auction";

describe("melde tilbage auction", () => {
  it("lets the overbid player answer before the next seat comes in", () => {
    let a = startAuction(1);
    a = auctionBid(a, 0); // seat 1 bids
    expect(a.responder).toBe(2);
    a = auctionBid(a, 3); // seat 2 overbids
    expect(a.responder).toBe(1); // seat 1 may bid back
    a = auctionBid(a, 4);
    expect(a.responder).toBe(2);
    a = auctionPass(a); // seat 2 out
    expect(a.responder).toBe(3);
    expect(a.holder).toBe(1);
    a = auctionPass(a);
    a = auctionPass(a);
    expect(auctionOver(a)).toBe(true);
    expect(a.holder).toBe(1);
    expect(a.rank).toBe(4);
  });

  it("ends with no holder when all four pass", () => {
    let a = startAuction(0);
    for (let i = 0; i < 4; i++) a = auctionPass(a);
    expect(auctionOver(a)).toBe(true);
    expect(a.holder).toBeNull();
  });

  it("allows baghånd only to the earlier seat", () => {
    let a = startAuction(1);
    a = auctionBid(a, 2);
    expect(canHold(a, true)).toBe(false); // seat 2 is later than seat 1
    a = auctionBid(a, 5);
    expect(a.responder).toBe(1);
    expect(canHold(a, true)).toBe(true);
    expect(canHold(a, false)).toBe(false);
    expect(minimumRank(a)).toBe(6);
  });
});
