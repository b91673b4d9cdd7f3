import { describe, expect, it } from "vitest";
import type { Action } from "../../types";
import { DEFAULT_OPTIONS, act, bidding, start } from "./fixtures";
import { danish } from "./index";

const bid = (b: string): Action => ({ type: "bid", bid: b });
const codeOf = (step: ReturnType<typeof danish.applyAction>) => (step.ok ? "ok" : step.error.code);

describe("Danish whist auction", () => {
  it("starts with forhånd, the seat left of the dealer, who may bid anything or pass", () => {
    const h = start(2);
    expect(h.phase).toBe("auction");
    expect(h.turn).toBe(3);
    expect(danish.legalActions(h, 3, DEFAULT_OPTIONS)).toEqual([bid("nolo"), bid("grand"), bid("sol"), bid("grandi"), { type: "pass" }]);
    expect(danish.legalActions(h, 0, DEFAULT_OPTIONS)).toEqual([]);
    expect(codeOf(danish.applyAction(h, 0, bid("nolo"), DEFAULT_OPTIONS))).toBe("action/not-your-turn");
  });

  it("lets an overbid player bid back (melde tilbage) before the next seat comes in", () => {
    let h = start(3); // forhånd is seat 0
    h = bidding(h, "nolo");
    expect(h.turn).toBe(1);
    expect(danish.legalActions(h, 1, DEFAULT_OPTIONS)).toEqual([bid("grand"), bid("sol"), bid("grandi"), { type: "pass" }]);
    h = bidding(h, "grand");
    expect(h.turn).toBe(0); // seat 0 answers the overbid at once
    h = bidding(h, "sol");
    expect(h.turn).toBe(1);
    h = bidding(h, "pass"); // seat 1 is out; seat 2 comes in
    expect(h.turn).toBe(2);
    h = bidding(h, "grandi");
    expect(h.turn).toBe(0);
    expect(danish.legalActions(h, 0, DEFAULT_OPTIONS)).toEqual([{ type: "pass" }]);
    h = bidding(h, "pass", "pass"); // seats 0 and 3
    expect(h.phase).toBe("play");
    expect(h.contract).toEqual({ bid: "grandi", declarer: 2 });
    expect(h.bids.map((b) => [b.seat, b.action.type === "bid" ? b.action.bid : "pass"])).toEqual([
      [0, "nolo"], [1, "grand"], [0, "sol"], [1, "pass"], [2, "grandi"], [0, "pass"], [3, "pass"],
    ]);
  });

  it("does not give a passed seat another turn", () => {
    let h = start(0); // forhånd 1
    h = bidding(h, "pass", "nolo", "grand"); // 1 out; 2 nolo; 3 grand
    expect(h.turn).toBe(2);
    h = bidding(h, "pass"); // 2 out; next comes 0 (the last unheard seat), never 1
    expect(h.turn).toBe(0);
    h = bidding(h, "pass");
    expect(h.phase).toBe("play");
    expect(h.contract).toEqual({ bid: "grand", declarer: 3 });
    expect(h.turn).toBe(1); // forhånd leads grand
  });

  it("ends when the last seat bids after three passes", () => {
    const h = bidding(start(3), "pass", "pass", "pass", "nolo");
    expect(h.phase).toBe("play");
    expect(h.contract).toEqual({ bid: "nolo", declarer: 3 });
    expect(h.turn).toBe(0);
  });

  it("refuses bids that do not beat the standing bid, unknown bids and baghånd", () => {
    const h = bidding(start(3), "grand");
    const tooLow = danish.applyAction(h, 1, bid("nolo"), DEFAULT_OPTIONS);
    expect(codeOf(tooLow)).toBe("bid/too-low");
    expect(codeOf(danish.applyAction(h, 1, bid("grand"), DEFAULT_OPTIONS))).toBe("bid/too-low");
    expect(codeOf(danish.applyAction(h, 1, bid("8vip"), DEFAULT_OPTIONS))).toBe("bid/unknown");
    expect(codeOf(danish.applyAction(h, 1, { type: "bid" } as unknown as Action, DEFAULT_OPTIONS))).toBe("action/malformed");
    expect(codeOf(danish.applyAction(h, 1, { type: "hold" }, DEFAULT_OPTIONS))).toBe("bid/cannot-hold");
    expect(codeOf(danish.applyAction(h, 1, { type: "trump", suit: "S" }, DEFAULT_OPTIONS))).toBe("action/wrong-phase");
    expect(codeOf(danish.applyAction(h, 1, { type: "play", card: "2H" }, DEFAULT_OPTIONS))).toBe("action/wrong-phase");
  });

  it("plays pasnolo with forhånd leading and the ace low when all four pass", () => {
    const h = bidding(start(1), "pass", "pass", "pass", "pass");
    expect(h.phase).toBe("play");
    expect(h.contract).toBeNull();
    expect(h.turn).toBe(2);
    expect(danish.viewHand(h, 2, DEFAULT_OPTIONS).info).toMatchObject({ pasnolo: true, aceLow: true });
  });

  it("gives the grandi declarer the opening lead and forhånd the lead otherwise", () => {
    expect(bidding(start(0), "pass", "pass", "grandi", "pass").turn).toBe(3);
    expect(bidding(start(0), "pass", "pass", "sol", "pass").turn).toBe(1);
    expect(act(bidding(start(0), "pass", "grandi", "pass"), { type: "pass" }).turn).toBe(2);
  });
});
