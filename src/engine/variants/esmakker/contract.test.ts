import { describe, expect, it } from "vitest";
import { esmakker } from "./index";
import { D1, call, exchange, fixedDeal, opts, refused, run, seat0Wins, trump } from "./testkit";

// D1 with two kat jokers swapped into hands, so vip turns 5H, JK, 9C.
const D_VIP = fixedDeal({
  0: "AS KS QS JS TS 9S 8S AH KH QH 2D 3D 4D",
  1: "7S 6S 5S 4S JH TH 9H 8H AD KD QD JD TD",
  2: "3S 2S 7H 6H JK 4H 3H 2H 9D 8D 7D AC KC",
  3: "6D 5D QC JC TC JK 8C 7C 6C 5C 4C 3C 2C",
  kat: "5H JK 9C",
});

// Seat 0's two jokers with other cards, and the ace it will call, between them.
const D_SPLIT_JOKERS = fixedDeal({
  0: "JK 2D AH JK 3D 4D 5D 6D 7D 8D 9D TD JD",
  1: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
  2: "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD",
  3: "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
  kat: "JK QD KD",
});

describe("contract set-up", () => {
  it("plain: the declarer names trump, then calls an ace of another suit; its holder is the partner", () => {
    let h = seat0Wins("8");
    expect(h.phase).toBe("trump");
    expect(esmakker.legalActions(h, 0, opts())).toHaveLength(4);
    h = run(h, [trump("S")]);
    expect(h.phase).toBe("call");
    expect(esmakker.legalActions(h, 0, opts())).toEqual([call("AH"), call("AC"), call("AD")]);
    expect(refused(h, 0, call("AS"))).toBe("call/not-allowed");
    expect(refused(h, 0, call("KD"))).toBe("call/not-allowed");
    h = run(h, [call("AD")]);
    expect(h).toMatchObject({ phase: "exchange", turn: 0, partner: 1, called: "AD", trump: "S", partnerPublic: false });
  });

  it("plain: a king may be called when the declarer holds every callable ace", () => {
    const deal = fixedDeal({ 0: "AS AH AD AC KS QS JS TS 9S 8S 7S 6S 5S", 2: "KH KD KC", kat: "JK JK JK" });
    const h = run(seat0Wins("7", opts(), deal), [trump("S")]);
    const calls = esmakker.legalActions(h, 0, opts()).map((a) => (a.type === "call" ? a.card : ""));
    expect(calls.sort()).toEqual(["AC", "AD", "AH", "KC", "KD", "KH"]);
    expect(run(h, [call("KH")]).partner).toBe(2);
  });

  it("calling an own ace (or one in the kat) makes the declarer selvmakker", () => {
    expect(run(seat0Wins("8"), [trump("S"), call("AH")]).partner).toBeNull();
    const katAce = fixedDeal({ 0: "AS KS QS JS TS 9S 8S AH KH QH 2D 3D 4D", kat: "AC JK JK" });
    expect(run(seat0Wins("8", opts(), katAce), [trump("S"), call("AC")]).partner).toBeNull();
  });

  it("gode: clubs trump; stærke: spades; sans: no trump and any ace", () => {
    const g = seat0Wins("8gode");
    expect(g).toMatchObject({ phase: "call", trump: "C" });
    expect(refused(g, 0, call("AC"))).toBe("call/not-allowed");
    const o = opts({ staerke: true });
    const s = seat0Wins("8staerke", o);
    expect(s).toMatchObject({ phase: "call", trump: "S" });
    expect(esmakker.legalActions(s, 0, o)).not.toContainEqual(call("AS"));
    const sans = seat0Wins("8sans");
    expect(sans.trump).toBeNull();
    expect(esmakker.legalActions(sans, 0, opts())).toHaveLength(4);
    expect(run(sans, [call("AC"), exchange()]).rules.trump).toBeNull();
  });

  it("halve: the called ace's holder reveals themself, names trump (not that suit) and exchanges", () => {
    let h = run(seat0Wins("8halve"), [call("AD")]);
    expect(h).toMatchObject({ phase: "trump", turn: 1, partner: 1, partnerPublic: true });
    expect(refused(h, 1, trump("D"))).toBe("trump/not-allowed");
    expect(esmakker.legalActions(h, 1, opts())).toEqual([trump("S"), trump("H"), trump("C")]);
    h = run(h, [trump("H")]);
    expect(h).toMatchObject({ phase: "exchange", turn: 1, trump: "H" });
    expect(refused(h, 1, exchange("AD KD QD"))).toBe("exchange/called-ace");
    h = run(h, [exchange("JH TH 9H")]);
    expect(h.hands[1]).toContain("JK");
    expect(h).toMatchObject({ phase: "play", turn: 0 });
  });

  it("halve with an own ace (selvmakker): the declarer names trump and exchanges", () => {
    const h = run(seat0Wins("8halve"), [call("AH")]);
    expect(h).toMatchObject({ phase: "trump", turn: 0, partner: null, partnerPublic: false });
    expect(run(h, [trump("S")])).toMatchObject({ phase: "exchange", turn: 0 });
  });

  describe("vip", () => {
    it("calls first, turns kat cards one at a time, accepts the turned suit; trump may be the called suit", () => {
      let h = run(seat0Wins("8vip", opts(), D_VIP), [call("AH")]);
      expect(h.phase).toBe("vip");
      expect(esmakker.legalActions(h, 0, opts())).toEqual([{ type: "vipTurn" }]);
      h = run(h, [{ type: "vipTurn" }]);
      expect(h.vipTurned).toBe(1);
      expect(esmakker.legalActions(h, 0, opts())).toEqual([{ type: "vipTurn" }, { type: "vipAccept" }]);
      h = run(h, [{ type: "vipAccept" }]);
      expect(h).toMatchObject({ phase: "exchange", trump: "H", called: "AH" });
    });

    it("a turned joker means no trump; the third card cannot be refused", () => {
      const joker = run(seat0Wins("8vip", opts(), D_VIP), [call("AD"), { type: "vipTurn" }, { type: "vipTurn" }, { type: "vipAccept" }]);
      expect(joker.trump).toBeNull();
      const third = run(seat0Wins("8vip", opts(), D_VIP), [call("AD"), { type: "vipTurn" }, { type: "vipTurn" }, { type: "vipTurn" }]);
      expect(esmakker.legalActions(third, 0, opts())).toEqual([{ type: "vipAccept" }]);
      expect(refused(third, 0, { type: "vipTurn" })).toBe("vip/cannot-refuse");
      expect(run(third, [{ type: "vipAccept" }]).trump).toBe("C");
    });

    it("vipJokerPrevious: a turned joker means the previous card's suit (turned first: no trump)", () => {
      const o = opts({ vipJokerPrevious: true });
      const h = run(seat0Wins("8vip", o, D_VIP), [call("AD"), { type: "vipTurn" }, { type: "vipTurn" }, { type: "vipAccept" }], o);
      expect(h.trump).toBe("H");
      const first = run(seat0Wins("8vip", o), [call("AD"), { type: "vipTurn" }, { type: "vipAccept" }], o); // D1: kat JK JK JK
      expect(first.trump).toBeNull();
    });

    it("the exchange is compulsory", () => {
      const h = run(seat0Wins("8vip", opts(), D_VIP), [call("AD"), { type: "vipTurn" }, { type: "vipAccept" }]);
      expect(refused(h, 0, exchange())).toBe("exchange/compulsory");
      expect(esmakker.legalActions(h, 0, opts())).not.toContainEqual(exchange());
      expect(run(h, [exchange("2D 3D 4D")]).hands[0]).toEqual(expect.arrayContaining(["5H", "JK", "9C"]));
    });
  });

  describe("exchange", () => {
    const ready = () => run(seat0Wins("8"), [trump("S"), call("AD")]);
    it("lays three cards face down, then takes the kat's three; or keeps the hand", () => {
      const h = run(ready(), [exchange("2D 3D 4D")]);
      expect(h.hands[0]).toEqual(["AS", "KS", "QS", "JS", "TS", "9S", "8S", "AH", "KH", "QH", "JK", "JK", "JK"]);
      expect(h.kat).toEqual(["2D", "3D", "4D"]);
      expect(h.katOwner).toBe(0);
      const kept = run(ready(), [exchange()]);
      expect(kept.hands[0]).toEqual(D1.hands[0]);
      expect(kept.phase).toBe("play");
    });

    it("is all three or none, of own cards, never the called ace", () => {
      const h = ready();
      expect(refused(h, 0, exchange("2D 3D"))).toBe("exchange/wrong-count");
      expect(refused(h, 0, exchange("2D 3D AD"))).toBe("exchange/card-not-in-hand");
      expect(refused(h, 0, exchange("2D 2D 3D"))).toBe("exchange/card-not-in-hand");
      const own = run(seat0Wins("8"), [trump("S"), call("AH")]);
      expect(refused(own, 0, exchange("AH 2D 3D"))).toBe("exchange/called-ace");
      expect(esmakker.legalActions(own, 0, opts()).every((a) => a.type === "exchange" && !a.discard.includes("AH"))).toBe(true);
      // 12 other cards: C(12,3) discards plus keeping.
      expect(esmakker.legalActions(own, 0, opts())).toHaveLength(221);
    });

    it("lists each discard once, the jokers alike, whatever lies between them", () => {
      const h = run(seat0Wins("8", opts(), D_SPLIT_JOKERS), [trump("S"), call("AH")]);
      const legal = esmakker.legalActions(h, 0, opts());
      // Ten other layable cards: no joker C(10,3), one C(10,2), both C(10,1); plus keeping.
      expect(legal).toHaveLength(1 + 120 + 45 + 10);
      const discards = legal.map((a) => (a.type === "exchange" ? [...a.discard].sort().join(" ") : ""));
      expect(new Set(discards).size).toBe(legal.length);
    });

    it("sol contracts may exchange too, and start play with no trump and ace low", () => {
      const h = seat0Wins("rensol");
      expect(h).toMatchObject({ phase: "exchange", turn: 0, called: null });
      const p = run(h, [exchange("2D 3D 4D")]);
      expect(p.phase).toBe("play");
      expect(p.rules).toMatchObject({ trump: null, aceLow: true, jokers: true });
    });
  });

  describe("fordækt kort", () => {
    const o = opts({ fordaektKort: true });
    it("a declarer void in the called suit after the exchange may hide a card, or decline", () => {
      const h = run(seat0Wins("8", o), [trump("S"), call("AD"), exchange("2D 3D 4D")], o);
      expect(h).toMatchObject({ phase: "hide", turn: 0 });
      const legal = esmakker.legalActions(h, 0, o);
      expect(legal).toContainEqual({ type: "decline" });
      expect(legal).toContainEqual({ type: "hide", card: "8S" });
      expect(legal).not.toContainEqual({ type: "hide", card: "JK" });
      expect(refused(h, 0, { type: "hide", card: "AD" }, o)).toBe("hide/not-allowed");
      expect(run(h, [{ type: "decline" }], o)).toMatchObject({ phase: "play", hidden: null });
      expect(run(h, [{ type: "hide", card: "8S" }], o)).toMatchObject({ phase: "play", hidden: "8S" });
    });

    it("is not offered when the declarer holds the suit or without the option", () => {
      expect(run(seat0Wins("8", o), [trump("S"), call("AD"), exchange()], o).phase).toBe("play");
      expect(run(seat0Wins("8"), [trump("S"), call("AD"), exchange("2D 3D 4D")]).phase).toBe("play");
    });
  });
});
