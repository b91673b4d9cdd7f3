import { describe, expect, it } from "vitest";
import { DEFAULT_OPTIONS, bidding, playCards, start, suitDeal } from "./fixtures";
import { danish } from "./index";

describe("Danish whist views", () => {
  const h = playCards(bidding(start(3, suitDeal(["2S", "2H"])), "pass", "nolo", "pass", "pass"), "AS");

  it("shows a seat its own cards only and the others' counts", () => {
    const v = danish.viewHand(h, 1, DEFAULT_OPTIONS);
    expect(v.hands.map((x) => x.count)).toEqual([12, 13, 13, 13]);
    expect(v.hands[1]!.cards).toEqual(h.hands[1]);
    expect([0, 2, 3].map((s) => v.hands[s]!.cards)).toEqual([null, null, null]);
    expect(v.kat).toBeNull();
    const spectator = danish.viewHand(h, null, DEFAULT_OPTIONS);
    expect(spectator.hands.every((x) => x.cards === null)).toBe(true);
    expect(spectator.legal).toEqual([]);
  });

  it("shows the auction, contract and trick to everyone", () => {
    for (const seat of [0, 1, 2, 3, null] as const) {
      const v = danish.viewHand(h, seat, DEFAULT_OPTIONS);
      expect(v.auction).toEqual(h.bids);
      expect(v.contract).toMatchObject({ bid: "nolo", declarer: 1, partners: [3], alone: false });
      expect(v.trick).toEqual({ leader: 0, plays: [{ seat: 0, card: "AS" }] });
      expect(v.info).toMatchObject({ forehand: 0, standingBid: "nolo", bidder: 1, pasnolo: false, aceLow: true, endReason: null });
      expect(v.info.passed).toEqual([true, false, true, true]);
    }
  });

  it("lists legal actions for the viewing seat only, when it is their turn", () => {
    expect(danish.viewHand(h, 1, DEFAULT_OPTIONS).legal).toEqual([{ type: "play", card: "2S" }]);
    expect(danish.viewHand(h, 2, DEFAULT_OPTIONS).legal).toEqual([]);
  });

  it("shows no contract during the auction and in pasnolo", () => {
    const auction = bidding(start(0), "nolo");
    expect(danish.viewHand(auction, 0, DEFAULT_OPTIONS)).toMatchObject({ phase: "auction", contract: null, turn: 2 });
    expect(danish.viewHand(auction, 0, DEFAULT_OPTIONS).info).toMatchObject({ aceLow: null, standingBid: "nolo", bidder: 1 });
    const pasnolo = bidding(start(0), "pass", "pass", "pass", "pass");
    expect(danish.viewHand(pasnolo, 0, DEFAULT_OPTIONS)).toMatchObject({ phase: "play", contract: null, info: { pasnolo: true } });
  });
});
