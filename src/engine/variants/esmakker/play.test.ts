import { describe, expect, it } from "vitest";
import { esmakker } from "./index";
import { D1, bid, call, ctxOf, exchange, opts, pass, play, refused, run, seat0Wins, start, trump } from "./testkit";

const cards = (h: Parameters<typeof esmakker.legalActions>[0], seat: 0 | 1 | 2 | 3, o = opts()) =>
  esmakker.legalActions(h, seat, o).map((a) => (a.type === "play" ? a.card : a.type));

/** Seat 0 declares 8 in spades calling AD, lays 2D 3D 4D away and takes the three jokers; seat 0 leads. */
const spadesWithJokers = (o = opts()) => run(seat0Wins("8", o), [trump("S"), call("AD"), exchange("2D 3D 4D")], o);

describe("es-makker play", () => {
  it("forhånd leads the first trick; out of turn and cards not held are refused", () => {
    const h = spadesWithJokers();
    expect(h.turn).toBe(0);
    expect(refused(h, 1, play("7S"))).toBe("action/not-your-turn");
    expect(refused(h, 0, play("2D"))).toBe("play/card-not-in-hand");
    expect(refused(h, 0, trump("H"))).toBe("action/wrong-phase");
  });

  it("a joker may not be led to the first trick; later a led joker wins, and others may play any card", () => {
    let h = spadesWithJokers();
    expect(refused(h, 0, play("JK"))).toBe("play/joker-lead-first-trick");
    expect(cards(h, 0)).not.toContain("JK");
    h = run(h, [play("AS")]);
    expect(refused(h, 1, play("JH"))).toBe("play/must-follow-suit");
    h = run(h, [play("4S"), play("2S"), play("2C")]);
    expect(h.tricks[0]!.winner).toBe(0);
    expect(h.tricksWon).toEqual([1, 0, 0, 0]);
    h = run(h, [play("JK")]);
    expect(cards(h, 1).sort()).toEqual([...h.hands[1]!].sort()); // anything goes after a led joker
    h = run(h, [play("5S"), play("3S"), play("3C")]);
    expect(h.tricks[1]!.winner).toBe(0); // a led joker beats trumps by default
  });

  it("jokerTrumpable: a trump beats a led joker", () => {
    const o = opts({ jokerTrumpable: true });
    let h = run(spadesWithJokers(o), [play("AS"), play("4S"), play("2S"), play("2C"), play("JK"), play("5S"), play("3S"), play("3C")], o);
    expect(h.tricks[1]!.winner).toBe(1);
    // A joker not led is worth nothing and may be played even when holding the led suit.
    h = run(h, [play("JH"), play("7H"), play("4C")], o);
    expect(cards(h, 0, o)).toContain("JK");
    h = run(h, [play("JK")], o);
    expect(h.tricks[2]!.winner).toBe(1);
  });

  it("the called ace must be played the first time its suit is led; the partnership is then public", () => {
    let h = run(seat0Wins("8"), [trump("S"), call("AD"), exchange()]);
    h = run(h, [play("2D")]);
    expect(cards(h, 1)).toEqual(["AD"]);
    expect(refused(h, 1, play("KD"))).toBe("play/must-play-called-ace");
    expect(h.partnerPublic).toBe(false);
    h = run(h, [play("AD")]);
    expect(h.partnerPublic).toBe(true);
    h = run(h, [play("9D"), play("6D")]);
    expect(h.tricks[0]!.winner).toBe(1);
    // Later diamond leads are free again.
    expect(cards(h, 1)).toContain("KD");
  });

  it("a holder leading the called suit for the first time must lead the ace", () => {
    // Dealer 0: forhånd is seat 1, the partner.
    const h = run(start(D1, opts(), 0), [pass, pass, pass, bid("8"), trump("S"), call("AD"), exchange("2D 3D 4D")]);
    expect(h.turn).toBe(1);
    expect(refused(h, 1, play("KD"))).toBe("play/must-play-called-ace");
    expect(cards(h, 1)).toEqual(["7S", "6S", "5S", "4S", "JH", "TH", "9H", "8H", "AD"]);
    // Trumping the called ace is allowed: the declarer is void in diamonds.
    const t = run(h, [play("AD"), play("9D"), play("6D")]);
    expect(cards(t, 0)).toContain("8S");
    expect(run(t, [play("8S")]).tricks[0]!.winner).toBe(0);
  });

  it("a selvmakker must play the called ace the same way", () => {
    const h = run(seat0Wins("8"), [trump("S"), call("AH"), exchange()]);
    expect(h.partner).toBeNull();
    expect(refused(h, 0, play("KH"))).toBe("play/must-play-called-ace");
    expect(cards(h, 0)).not.toContain("QH");
    expect(run(h, [play("AH")]).partnerPublic).toBe(true);
  });

  describe("sol contracts", () => {
    it("no trump, ace low; one trick too many ends the hand at once as lost", () => {
      let h = run(seat0Wins("sol"), [exchange()]);
      h = run(h, [play("AS"), play("7S"), play("3S"), play("2C")]);
      expect(h.tricks[0]!.winner).toBe(1); // the ace is the lowest spade
      h = run(h, [play("JH"), play("2H"), play("3C"), play("AH")]);
      expect(h.tricks[1]!.winner).toBe(1);
      h = run(h, [play("6S"), play("2S"), play("4C"), play("KS")]);
      expect(h.tricksWon[0]).toBe(1);
      expect(h.phase).toBe("play"); // one trick is allowed in sol
      h = run(h, [play("QS"), play("5S"), play("7H"), play("5C")]);
      expect(h).toMatchObject({ phase: "done", turn: null, endReason: "solLost" });
      expect(h.hands.map((x) => x.length)).toEqual([9, 9, 9, 9]); // unplayed cards stay in the hands
      const s = esmakker.scoreHand(h, ctxOf(opts()));
      expect(s).toMatchObject({ outcome: "lost", endReason: "solLost", margin: -1, points: [-300, 100, 100, 100] });
    });

    it("ren sol is lost with the first trick", () => {
      const h = run(seat0Wins("rensol"), [exchange(), play("KS"), play("7S"), play("3S"), play("2C")]);
      expect(h).toMatchObject({ phase: "done", endReason: "solLost" });
      expect(esmakker.scoreHand(h, ctxOf(opts())).points).toEqual([-600, 200, 200, 200]);
    });

    it("a joker the declarer discards onto another's lead never wins", () => {
      let h = run(seat0Wins("sol"), [exchange("2D 3D 4D"), play("AS"), play("7S"), play("3S"), play("2C")]);
      h = run(h, [play("4S"), play("2S"), play("3C"), play("JK")]);
      expect(h.tricks[1]!.winner).toBe(1);
      expect(h.tricksWon[0]).toBe(0);
    });

    it("gå med: the hand goes on while a joiner is still in it", () => {
      const o = opts({ gaaMed: true });
      let h = run(start(D1, o, 3), [bid("sol"), { type: "join" }, pass, pass, exchange(), exchange()], o);
      h = run(h, [play("KS"), play("7S"), play("3S"), play("2C"), play("QS"), play("6S"), play("2S"), play("3C")], o);
      expect(h.solLost).toEqual([0]);
      expect(h.phase).toBe("play");
    });
  });

  describe("fordækt kort", () => {
    const o = opts({ fordaektKort: true });
    it("the face-down card counts as the called suit, and the lowest of it", () => {
      let h = run(seat0Wins("8", o), [trump("S"), call("AD"), exchange("2D 3D 4D"), { type: "hide", card: "8S" }], o);
      h = run(h, [play("8S")], o); // led as a diamond
      expect(cards(h, 1, o)).toEqual(["AD"]);
      h = run(h, [play("AD")], o);
      expect(cards(h, 2, o)).toEqual(["9D", "8D", "7D"]);
      h = run(h, [play("7D"), play("5D")], o);
      expect(h.tricks[0]!.winner).toBe(1);
      expect(h.calledLedAt).toBe(0);
    });

    it("the declarer must follow the called suit with it, so cannot trump instead", () => {
      // Dealer 0: seat 1 (the partner) leads.
      const o2 = o;
      let h = run(start(D1, o2, 0), [pass, pass, pass, bid("8"), trump("S"), call("AD"), exchange("2D 3D 4D"), { type: "hide", card: "8S" }], o2);
      h = run(h, [play("AD"), play("9D"), play("6D")], o2);
      expect(cards(h, 0, o2)).toEqual(["8S", "JK"]); // jokers are listed once
      expect(refused(h, 0, play("KS"), o2)).toBe("play/must-follow-suit");
      h = run(h, [play("8S")], o2);
      expect(h.tricks[0]!.winner).toBe(1);
    });
  });
});
