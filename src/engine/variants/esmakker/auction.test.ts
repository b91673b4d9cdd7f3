import { describe, expect, it } from "vitest";
import { esmakker } from "./index";
import { D1, bid, ctxOf, fixedDeal, opts, pass, refused, run, start } from "./testkit";

describe("es-makker auction", () => {
  it("starts with forhånd (left of the dealer) and uses melde tilbage", () => {
    let h = start(D1, opts(), 0);
    expect(h.turn).toBe(1);
    expect(refused(h, 2, bid("7"))).toBe("action/not-your-turn");
    h = run(h, [bid("7"), bid("8")]); // 1 bids, 2 overbids
    expect(h.turn).toBe(1); // the overbid player answers first
    h = run(h, [bid("8vip"), pass]); // 2 out
    expect(h.turn).toBe(3);
    h = run(h, [pass, pass]);
    expect(h.phase).toBe("call");
    expect(h.declarer).toBe(1);
    expect(h.bid).toBe("8vip");
  });

  it("refuses a bid that does not beat the standing bid, and unknown bids", () => {
    const h = run(start(D1, opts(), 0), [bid("8gode")]);
    expect(refused(h, 2, bid("8gode"))).toBe("bid/too-low");
    expect(refused(h, 2, bid("8vip"))).toBe("bid/too-low");
    expect(refused(h, 2, bid("14"))).toBe("bid/unknown");
    expect(refused(h, 2, bid("8staerke"))).toBe("bid/unknown"); // stærke is off by default
    expect(esmakker.legalActions(h, 2, opts())[0]).toEqual(bid("8sans"));
  });

  it("all four passing ends the hand passed out, with no score", () => {
    const o = opts();
    const h = run(start(D1, o, 0), [pass, pass, pass, pass]);
    expect(esmakker.isOver(h)).toBe(true);
    const s = esmakker.scoreHand(h, ctxOf(o));
    expect(s).toMatchObject({ outcome: "passedOut", endReason: "allPassed", contract: null, points: [0, 0, 0, 0] });
  });

  it("baghånd: the earlier bidder may hold an equal bid, only with the option", () => {
    const o = opts({ baghaand: true });
    let h = run(start(D1, o, 0), [bid("7"), bid("9")], o);
    expect(esmakker.legalActions(h, 1, o)).toContainEqual({ type: "hold" });
    expect(refused(h, 1, { type: "hold" })).toBe("bid/cannot-hold");
    h = run(h, [{ type: "hold" }], o);
    expect(h.auction.holder).toBe(1);
    expect(h.turn).toBe(2);
    // The later bidder may not hold; it must overbid or pass.
    expect(esmakker.legalActions(h, 2, o)).not.toContainEqual({ type: "hold" });
    expect(refused(h, 2, { type: "hold" }, o)).toBe("bid/cannot-hold");
    h = run(h, [pass, pass, pass], o);
    expect(h.declarer).toBe(1);
    expect(h.bid).toBe("9");
  });

  describe("jernhånd", () => {
    // Seat 1 (forhånd) holds no ace, no picture card and no joker.
    const iron = fixedDeal({
      1: "2S 3S 4S 5S 6S 7S 2H 3H 4H 5H 2D 3D 4D",
      0: "AS KS QS JS AH KH QH JH AD KD QD JD AC",
      2: "KC",
      kat: "JK JK JK",
    });
    const o = opts({ jernhaand: true });

    it("lets an iron hand demand a redeal at its first turn", () => {
      const h = start(iron, o, 0);
      expect(esmakker.legalActions(h, 1, o)).toContainEqual({ type: "redeal" });
      const done = run(h, [{ type: "redeal" }], o);
      expect(done.phase).toBe("done");
      expect(esmakker.scoreHand(done, ctxOf(o))).toMatchObject({ outcome: "redeal", endReason: "redeal", points: [0, 0, 0, 0] });
    });

    it("is refused without the option, for other hands, and after the first bid", () => {
      expect(refused(start(iron, opts(), 0), 1, { type: "redeal" })).toBe("redeal/not-allowed");
      const h = run(start(iron, o, 0), [pass], o);
      expect(refused(h, 2, { type: "redeal" }, o)).toBe("redeal/not-allowed"); // seat 2 is not iron
      const spoken = run(start(iron, o, 0), [bid("7"), bid("8")], o);
      expect(spoken.turn).toBe(1);
      expect(refused(spoken, 1, { type: "redeal" }, o)).toBe("redeal/not-allowed");
    });
  });

  describe("gå med", () => {
    const o = opts({ gaaMed: true });
    it("players not yet passed may join a sol; the declarer and joiners exchange in turn", () => {
      let h = run(start(D1, o, 3), [bid("sol")], o); // seat 0 bids sol
      expect(esmakker.legalActions(h, 1, o)).toContainEqual({ type: "join" });
      h = run(h, [{ type: "join" }, pass, { type: "join" }], o);
      expect(h.phase).toBe("exchange");
      expect(h.declarer).toBe(0);
      expect(h.joiners).toEqual([1, 3]);
      expect(h.exchangers).toEqual([0, 1, 3]);
      // Declarer lays 2D 3D 4D and takes the jokers; seat 1 then takes the declarer's discards.
      h = run(h, [{ type: "exchange", discard: ["2D", "3D", "4D"] }], o);
      expect(h.turn).toBe(1);
      h = run(h, [{ type: "exchange", discard: ["JH", "TH", "9H"] }], o);
      expect(h.hands[1]).toEqual(expect.arrayContaining(["2D", "3D", "4D"]));
      expect(h.kat).toEqual(["JH", "TH", "9H"]);
      h = run(h, [{ type: "exchange", discard: [] }], o);
      expect(h.phase).toBe("play");
      expect(h.turn).toBe(0);
    });

    it("is not offered without the option or for other bids, and a higher bid cancels joins", () => {
      expect(esmakker.legalActions(run(start(D1, opts(), 3), [bid("sol")]), 1, opts())).not.toContainEqual({ type: "join" });
      expect(refused(run(start(D1, opts(), 3), [bid("sol")]), 1, { type: "join" })).toBe("join/not-allowed");
      expect(refused(run(start(D1, o, 3), [bid("9")], o), 1, { type: "join" }, o)).toBe("join/not-allowed");
      expect(refused(run(start(D1, o, 3), [bid("bordlaegger")], o), 1, { type: "join" }, o)).toBe("join/not-allowed");
      const h = run(start(D1, o, 3), [bid("sol"), { type: "join" }, bid("rensol"), pass, pass], o);
      expect(h.declarer).toBe(2);
      expect(h.joiners).toEqual([]);
    });
  });
});
