import { describe, expect, it } from "vitest";
import { esmakker } from "./index";
import { D1, bid, call, exchange, fixedDeal, opts, pass, play, run, seat0Wins, start, trump } from "./testkit";

const view = (h: Parameters<typeof esmakker.viewHand>[0], seat: 0 | 1 | 2 | 3 | null, o = opts()) => esmakker.viewHand(h, seat, o);

describe("es-makker views", () => {
  it("a seat sees its own hand, others' counts, the kat as a count; legal only on its turn", () => {
    const h = start(D1, opts(), 0);
    const v = view(h, 2);
    expect(v.hands[2]).toEqual({ count: 13, cards: D1.hands[2] });
    expect(v.hands[1]).toEqual({ count: 13, cards: null });
    expect(v.kat).toEqual({ count: 3, cards: [null, null, null] });
    expect(v.legal).toEqual([]);
    expect(view(h, 1).legal).toHaveLength(39 + 1); // every bid, and pass
    expect(view(h, null).legal).toEqual([]);
    expect(view(h, null).hands.every((x) => x.cards === null)).toBe(true);
    expect(v.contract).toBeNull();
  });

  it("vip's turned cards are public; face-down discards only to the discarder", () => {
    const deal = fixedDeal({ 0: "AS KS QS JS TS 9S 8S AH KH QH 2D 3D 4D", 1: "AD", kat: "5H JK 9C" });
    let h = run(seat0Wins("8vip", opts(), deal), [call("AD"), { type: "vipTurn" }]);
    expect(view(h, 2).kat!.cards).toEqual(["5H", null, null]);
    expect(view(h, null).info.vipTurned).toEqual(["5H"]);
    h = run(h, [{ type: "vipAccept" }, exchange("2D 3D 4D")]);
    expect(view(h, 0).kat!.cards).toEqual(["2D", "3D", "4D"]);
    expect(view(h, 1).kat!.cards).toEqual([null, null, null]);
  });

  it("the called card is public; the partner only to themself until the ace is played", () => {
    let h = run(seat0Wins("8"), [trump("S"), call("AD"), exchange()]);
    expect(view(h, 2).contract).toMatchObject({ bid: "8", declarer: 0, called: "AD", trump: "S", partners: [] });
    expect(view(h, 0).contract!.partners).toEqual([]);
    expect(view(h, 1).contract!.partners).toEqual([1]);
    h = run(h, [play("2D"), play("AD")]);
    expect(view(h, 2).contract!.partners).toEqual([1]);
    expect(view(h, null).contract!.partners).toEqual([1]);
  });

  it("halve: the holder's reveal makes the partnership public", () => {
    const h = run(seat0Wins("8halve"), [call("AD")]);
    expect(view(h, 3).contract!.partners).toEqual([1]);
  });

  it("a selvmakker is known to the declarer only, until the ace is played", () => {
    const h = run(seat0Wins("8"), [trump("S"), call("AH"), exchange()]);
    expect(view(h, 0).contract!.alone).toBe(true);
    expect(view(h, 2).contract!.alone).toBeUndefined();
    expect(view(run(h, [play("AH")]), 2).contract!.alone).toBe(true);
  });

  it("a bordlægger's hand is shown to all after the first trick", () => {
    let h = run(seat0Wins("bordlaegger"), [exchange(), play("AS"), play("7S"), play("3S")]);
    expect(view(h, 2).hands[0]!.cards).toBeNull();
    h = run(h, [play("2C")]);
    expect(view(h, 2).hands[0]!.cards).toEqual(h.hands[0]);
    expect(view(h, null).hands[0]!.cards).toEqual(h.hands[0]);
    expect(view(h, 2).hands[1]!.cards).toBeNull();
  });

  it("the fordækt card shows as a face-down card of the called suit to everyone but the declarer", () => {
    const o = opts({ fordaektKort: true });
    let h = run(seat0Wins("8", o), [trump("S"), call("AD"), exchange("2D 3D 4D"), { type: "hide", card: "8S" }], o);
    expect(view(h, 2, o).info.hiddenCard).toEqual({ seat: 0, suit: "D", code: "XD" });
    h = run(h, [play("8S")], o);
    expect(view(h, 2, o).trick!.plays[0]!.card).toBe("XD");
    expect(view(h, 0, o).trick!.plays[0]!.card).toBe("8S");
    h = run(h, [play("AD"), play("7D"), play("5D")], o);
    expect(view(h, null, o).tricks[0]!.plays[0]!.card).toBe("XD");
  });

  it("shows the auction and the standing bid", () => {
    const h = run(start(D1, opts(), 0), [bid("7"), pass]);
    const v = view(h, 3);
    expect(v.auction).toEqual([{ seat: 1, action: bid("7") }, { seat: 2, action: pass }]);
    expect(v.info).toMatchObject({ standingBid: "7", bidder: 1, forehand: 1 });
  });
});
