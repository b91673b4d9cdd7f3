/**
 * The house-rule option exchangeUpTo3 (RULES.md §1 "Exchange with the kat"):
 * off by default; when on, the exchanging player lays away and takes 0, 1, 2
 * or 3 cards, taking that many of the kat unseen in its order; the untaken
 * rest stays unseen by everyone until the hand is over; vip stays 3 cards.
 */
import { describe, expect, it } from "vitest";
import { buildRecord, playRandomMatch, verifyRecord } from "../../index";
import type { Action } from "../../types";
import { esmakker } from "./index";
import { D1, bid, call, exchange, fixedDeal, opts, pass, play, playOut, refused, run, seat0Wins, start, trump } from "./testkit";

const on = opts({ exchangeUpTo3: true });
/** Seat 0 declares 8 with spades, calls AD (seat 1's): its exchange is next. The kat: 5H 9C 7C. */
const DEAL = fixedDeal({
  0: "AS KS QS JS TS 9S 8S AH KH QH 2D 3D 4D",
  1: "7S 6S 5S 4S JH TH 9H 8H AD KD QD JD TD",
  kat: "5H 9C 7C",
});
const ready = (o = on) => run(seat0Wins("8", o, DEAL), [trump("S"), call("AD")], o);
const sizes = (legal: readonly Action[]) =>
  legal.map((a) => (a.type === "exchange" ? a.discard.length : -1)).reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<number, number>());

describe("es-makker exchangeUpTo3", () => {
  it("is off by default: all three or none", () => {
    expect(opts().exchangeUpTo3).toBe(false);
    const h = ready(opts());
    expect(refused(h, 0, exchange("2D"), opts())).toBe("exchange/wrong-count");
    expect(refused(h, 0, exchange("2D 3D"), opts())).toBe("exchange/wrong-count");
    expect(sizes(esmakker.legalActions(h, 0, opts()))).toEqual(new Map([[0, 1], [3, 286]]));
  });

  it("offers keeping the hand and every distinct discard of 1, 2 or 3 cards", () => {
    expect(sizes(esmakker.legalActions(ready(), 0, on))).toEqual(new Map([[0, 1], [1, 13], [2, 78], [3, 286]]));
  });

  it("lists a joker once among the singles and pairs (jokers are alike)", () => {
    const deal = fixedDeal({ 0: "AS KS QS JS TS 9S 8S AH KH JK JK 3D 4D", 1: "AD", kat: "5H 9C 7C" });
    const h = run(seat0Wins("8", on, deal), [trump("S"), call("AD")], on);
    const legal = esmakker.legalActions(h, 0, on).filter((a) => a.type === "exchange");
    const keys = legal.map((a) => (a.type === "exchange" ? [...a.discard].sort().join(" ") : ""));
    expect(new Set(keys).size).toBe(keys.length);
    // 12 distinct cards as singles; pairs: C(11,2) plain + 11 with one joker + JK JK.
    expect(sizes(legal)).toEqual(new Map([[0, 1], [1, 12], [2, 55 + 11 + 1], [3, 165 + 55 + 11]]));
    expect(keys).toContain("JK JK");
  });

  it("takes as many of the kat's first cards as it lays away; the untaken rest stays in the kat", () => {
    const one = run(ready(), [exchange("2D")], on);
    expect(one.hands[0]).toHaveLength(13);
    expect(one.hands[0]).toContain("5H");
    expect(one.hands[0]).not.toContain("2D");
    expect(one.kat).toEqual(["2D", "9C", "7C"]);
    expect(one.phase).toBe("play");

    const two = run(ready(), [exchange("2D 3D")], on);
    expect(two.hands[0]).toEqual(expect.arrayContaining(["5H", "9C", "4D"]));
    expect(two.hands[0]).not.toContain("7C");
    expect(two.kat).toEqual(["2D", "3D", "7C"]);

    const three = run(ready(), [exchange("2D 3D 4D")], on);
    expect(three.hands[0]).toEqual(expect.arrayContaining(["5H", "9C", "7C"]));
    expect(three.kat).toEqual(["2D", "3D", "4D"]);

    const none = run(ready(), [exchange()], on);
    expect(none.hands[0]).toEqual(DEAL.hands[0]);
    expect(none.kat).toEqual(["5H", "9C", "7C"]);
  });

  it("shows nobody the untaken kat cards before the hand is over; the exchanger sees only its own discards", () => {
    const h = run(ready(), [exchange("2D")], on);
    expect(esmakker.viewHand(h, 0, on).kat!.cards).toEqual(["2D", null, null]);
    for (const seat of [1, 2, 3, null] as const) expect(esmakker.viewHand(h, seat, on).kat!.cards).toEqual([null, null, null]);
    // Nor does any view mention them anywhere (the hands, the tricks, the info).
    for (const seat of [0, 1, 2, 3, null] as const) {
      const text = JSON.stringify(esmakker.viewHand(h, seat, on));
      expect(text).not.toContain('"9C"');
      expect(text).not.toContain('"7C"');
    }
    const two = run(ready(), [exchange("2D 3D")], on);
    expect(esmakker.viewHand(two, 0, on).kat!.cards).toEqual(["2D", "3D", null]);
    // After the last trick the whole kat is shown.
    const done = playOut(h, on);
    expect(done.phase).toBe("done");
    expect(esmakker.viewHand(done, 2, on).kat!.cards).toEqual(["2D", "9C", "7C"]);
  });

  it("in vip the exchange stays three cards and compulsory", () => {
    const deal = fixedDeal({ 0: "AS KS QS JS TS 9S 8S AH KH QH 2D 3D 4D", 1: "AD", kat: "5H 9C 7C" });
    const h = run(seat0Wins("8vip", on, deal), [call("AD"), { type: "vipTurn" }, { type: "vipAccept" }], on);
    expect(h.phase).toBe("exchange");
    expect(sizes(esmakker.legalActions(h, 0, on))).toEqual(new Map([[3, 286]]));
    expect(refused(h, 0, exchange("2D"), on)).toBe("exchange/vip-three");
    expect(refused(h, 0, exchange("2D 3D"), on)).toBe("exchange/vip-three");
    expect(refused(h, 0, exchange(), on)).toBe("exchange/compulsory");
    const after = run(h, [exchange("2D 3D 4D")], on);
    expect(after.hands[0]).toEqual(expect.arrayContaining(["5H", "9C", "7C"]));
  });

  it("refuses more than three cards, cards not held and the called ace", () => {
    const h = ready();
    expect(refused(h, 0, exchange("2D 3D 4D QH"), on)).toBe("exchange/too-many");
    expect(refused(h, 0, exchange("5C"), on)).toBe("exchange/card-not-in-hand");
    const own = run(seat0Wins("8", on, DEAL), [trump("S"), call("AH")], on); // seat 0 holds AH: selvmakker
    expect(refused(own, 0, exchange("AH"), on)).toBe("exchange/called-ace");
  });

  it("gå med: the next exchanger takes the front of the kat the previous one left", () => {
    const o = opts({ exchangeUpTo3: true, gaaMed: true });
    let h = run(start(D1, o, 3), [bid("sol"), { type: "join" }, pass, pass], o); // seat 1 joins seat 0's sol
    expect(h.exchangers).toEqual([0, 1]);
    h = run(h, [exchange("2D")], o); // takes one joker; the kat is 2D JK JK
    expect(h.kat).toEqual(["2D", "JK", "JK"]);
    h = run(h, [exchange("JH TH")], o); // takes 2D and a joker
    expect(h.hands[1]).toEqual(expect.arrayContaining(["2D", "JK"]));
    expect(h.kat).toEqual(["JH", "TH", "JK"]);
    expect(esmakker.viewHand(h, 1, o).kat!.cards).toEqual(["JH", "TH", null]);
    expect(esmakker.viewHand(h, 0, o).kat!.cards).toEqual([null, null, null]);
    expect(h.phase).toBe("play");
  });

  it("plays, records and verifies whole random matches with the option", () => {
    let partial = 0;
    for (let i = 0; i < 12; i++) {
      const setup = { variant: "esmakker", options: { exchangeUpTo3: true, deals: 4 }, seed: `upto3-${i}` };
      const played = playRandomMatch(setup, `rng-${i}`);
      if (!played.ok) throw new Error(played.error.message);
      for (const a of played.value.actions) if (a.action.type === "exchange" && a.action.discard.length % 3 !== 0) partial++;
      const record = buildRecord(setup, played.value.actions, played.value.state);
      if (!record.ok) throw new Error(record.error.message);
      const verified = verifyRecord(JSON.parse(JSON.stringify(record.value)));
      expect(verified.ok, verified.ok ? "" : verified.error.message).toBe(true);
    }
    expect(partial).toBeGreaterThan(0);
  });

  it("a first card played after a partial exchange follows the usual rules", () => {
    const h = run(ready(), [exchange("2D")], on);
    expect(run(h, [play("AS")], on).trick!.plays).toEqual([{ seat: 0, card: "AS" }]);
  });
});
