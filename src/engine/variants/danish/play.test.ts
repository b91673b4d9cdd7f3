import { describe, expect, it } from "vitest";
import { DEFAULT_OPTIONS, act, bidding, playCards, playOut, score, start, suitDeal } from "./fixtures";
import { danish } from "./index";

const codeOf = (step: ReturnType<typeof danish.applyAction>) => (step.ok ? "ok" : step.error.code);
const cardsLeft = (h: { hands: readonly (readonly string[])[] }) => h.hands.map((c) => c.length);

// In suitDeal() each seat holds one suit, so the leader wins every trick.
describe("Danish whist play and contracts", () => {
  it("refuses cards out of turn, cards not held, revokes and bids during play", () => {
    const h = bidding(start(3, suitDeal(["2S", "2H"])), "grand", "pass", "pass", "pass"); // seat 0 leads
    expect(codeOf(danish.applyAction(h, 1, { type: "play", card: "3H" }, DEFAULT_OPTIONS))).toBe("action/not-your-turn");
    expect(codeOf(danish.applyAction(h, 0, { type: "play", card: "3H" }, DEFAULT_OPTIONS))).toBe("play/card-not-in-hand");
    expect(codeOf(danish.applyAction(h, 0, { type: "bid", bid: "grandi" }, DEFAULT_OPTIONS))).toBe("action/wrong-phase");
    const led = act(h, { type: "play", card: "AS" });
    // Seat 1 holds 2S and must follow spades.
    expect(danish.legalActions(led, 1, DEFAULT_OPTIONS)).toEqual([{ type: "play", card: "2S" }]);
    const revoke = danish.applyAction(led, 1, { type: "play", card: "AH" }, DEFAULT_OPTIONS);
    expect(codeOf(revoke)).toBe("play/must-follow-suit");
    expect(codeOf(danish.applyAction(led, 1, { type: "play", card: "2S" }, DEFAULT_OPTIONS))).toBe("ok");
    // A player void in the led suit may play anything.
    expect(danish.legalActions(act(led, { type: "play", card: "2S" }), 2, DEFAULT_OPTIONS)).toHaveLength(13);
  });

  it("refuses every action once the hand is over", () => {
    const h = playOut(bidding(start(3), "grand", "pass", "pass", "pass"));
    expect(h.phase).toBe("done");
    expect(h.turn).toBeNull();
    expect(danish.legalActions(h, 0, DEFAULT_OPTIONS)).toEqual([]);
    expect(codeOf(danish.applyAction(h, 0, { type: "play", card: "2S" }, DEFAULT_OPTIONS))).toBe("action/wrong-phase");
  });

  it("grand made: the declaring pair takes 7 or more", () => {
    const h = playOut(bidding(start(3), "grand", "pass", "pass", "pass"));
    expect(h.tricksWon).toEqual([13, 0, 0, 0]);
    const s = score(h);
    expect(s).toMatchObject({ outcome: "made", margin: 6, endReason: "allTricks", points: [2, -2, 2, -2] });
    expect(s.contract).toMatchObject({ bid: "grand", declarer: 0, partners: [2], alone: false, trump: null, need: { min: 7 } });
  });

  it("grand lost: the opponents take everything, and the declaring pair pays", () => {
    const h = playOut(bidding(start(3), "pass", "grand", "pass", "pass"));
    expect(h.tricksWon).toEqual([13, 0, 0, 0]);
    expect(score(h)).toMatchObject({ outcome: "lost", margin: -7, points: [2, -2, 2, -2] });
  });

  it("nolo made and lost", () => {
    const made = playOut(bidding(start(3), "pass", "nolo", "pass", "pass"));
    expect(score(made)).toMatchObject({ outcome: "made", margin: 6, points: [-1, 1, -1, 1] });
    const lost = playOut(bidding(start(3), "nolo", "pass", "pass", "pass"));
    expect(score(lost)).toMatchObject({ outcome: "lost", margin: -7, points: [-1, 1, -1, 1] });
  });

  it("ranks the ace low in nolo and high in grand", () => {
    // Seat 0 holds 2H, seat 1 holds the spade ace; seat 1 leads after winning a heart.
    const deal = suitDeal(["2H", "AS"]);
    const lead = (bid: string) => bidding(start(3, deal), bid, "pass", "pass", "pass");
    // Trick 1: seat 0 leads KS, seat 1 follows with AS.
    const nolo = playCards(lead("nolo"), "KS", "AS", "2D", "2C");
    expect(nolo.tricks[0]!.winner).toBe(0);
    const grand = playCards(lead("grand"), "KS", "AS", "2D", "2C");
    expect(grand.tricks[0]!.winner).toBe(1);
  });

  it("keeps playing nolo and grand after the result is certain", () => {
    const h = bidding(start(3), "grand", "pass", "pass", "pass");
    const sevenIn = playCards(h, "2S", "2H", "2D", "2C", "3S", "3H", "3D", "3C", "4S", "4H", "4D", "4C", "5S", "5H", "5D", "5C",
      "6S", "6H", "6D", "6C", "7S", "7H", "7D", "7C", "8S", "8H", "8D", "8C");
    expect(sevenIn.tricksWon).toEqual([7, 0, 0, 0]);
    expect(sevenIn.phase).toBe("play");
  });

  it("sol made with exactly one trick", () => {
    // Seat 1 (the sol declarer) gets 2S for 2H; seat 0 gets 2H.
    const h0 = bidding(start(3, suitDeal(["2S", "2H"])), "pass", "sol", "pass", "pass");
    expect(h0.turn).toBe(0);
    // Seat 0 leads 2H; seat 1 must follow and wins with 3H (only heart).
    let h = playCards(h0, "2H", "3H", "2D", "2C");
    expect(h.tricksWon).toEqual([0, 1, 0, 0]);
    // Seat 1 leads 2S; seat 0's QS wins it.
    h = playCards(h, "2S", "3D", "3C", "QS");
    expect(h.tricks[1]!.winner).toBe(0);
    h = playOut(h);
    expect(h.tricksWon).toEqual([12, 1, 0, 0]);
    const s = score(h);
    expect(s).toMatchObject({ outcome: "made", margin: 0, endReason: "allTricks", points: [-3, 9, -3, -3] });
    expect(s.contract).toMatchObject({ bid: "sol", declarer: 1, partners: [], alone: true, need: { max: 1 } });
  });

  it("sol made with no trick", () => {
    const h = playOut(bidding(start(3), "pass", "pass", "pass", "sol"));
    expect(h.tricksWon).toEqual([13, 0, 0, 0]);
    expect(score(h)).toMatchObject({ outcome: "made", margin: 1, points: [-3, -3, -3, 9] });
  });

  it("sol ends as lost at the declarer's second trick, leaving the other cards in hand", () => {
    let h = bidding(start(3), "sol", "pass", "pass", "pass"); // seat 0 leads and wins every trick
    h = playCards(h, "AS", "2H", "2D", "2C");
    expect(h.phase).toBe("play");
    const step = danish.applyAction(playCards(h, "KS", "3H", "3D"), 3, { type: "play", card: "3C" }, DEFAULT_OPTIONS);
    expect(step.ok).toBe(true);
    if (!step.ok) return;
    h = step.hand;
    expect(step.events.map((e) => e.type)).toEqual(["trickWon"]);
    expect(h.phase).toBe("done");
    expect(h.endReason).toBe("solLost");
    expect(cardsLeft(h)).toEqual([11, 11, 11, 11]);
    expect(score(h)).toMatchObject({ outcome: "lost", margin: -1, endReason: "solLost", points: [-9, 3, 3, 3] });
  });

  it("grandi made after the seventh trick, the declarer leading", () => {
    const h0 = bidding(start(0), "pass", "grandi", "pass", "pass"); // forhånd 1 passes; seat 2 bids grandi
    expect(h0.turn).toBe(2);
    let h = h0;
    for (let i = 0; i < 6; i++) h = playOut1Trick(h);
    expect(h.phase).toBe("play");
    h = playOut1Trick(h);
    expect(h.phase).toBe("done");
    expect(h.endReason).toBe("grandiMade");
    expect(h.tricksWon).toEqual([0, 0, 7, 0]);
    expect(cardsLeft(h)).toEqual([6, 6, 6, 6]);
    const s = score(h);
    expect(s).toMatchObject({ outcome: "made", margin: 0, endReason: "grandiMade", points: [-4, -4, 12, -4] });
    expect(s.contract).toMatchObject({ bid: "grandi", declarer: 2, partners: [], alone: true });
  });

  it("grandi ends as lost when the declarer loses one of the first seven tricks", () => {
    // Seat 2 (declarer) holds 2S instead of 2D; seat 0 holds 2D.
    let h = bidding(start(0, suitDeal(["2S", "2D"])), "pass", "grandi", "pass", "pass");
    h = playCards(h, "AD", "2C", "2D", "2H"); // seat 0 must follow with 2D
    h = playCards(h, "KD", "3C", "3S", "3H");
    expect(h.tricksWon).toEqual([0, 0, 2, 0]);
    h = playCards(h, "2S", "4C", "4S"); // seat 0 follows spades and wins
    const last = danish.applyAction(h, 1, { type: "play", card: "4H" }, DEFAULT_OPTIONS);
    expect(last.ok).toBe(true);
    if (!last.ok) return;
    h = last.hand;
    expect(h.phase).toBe("done");
    expect(h.endReason).toBe("grandiLost");
    expect(h.tricksWon).toEqual([1, 0, 2, 0]);
    expect(cardsLeft(h)).toEqual([10, 10, 10, 10]);
    expect(score(h)).toMatchObject({ outcome: "lost", margin: -1, endReason: "grandiLost", points: [4, 4, -12, 4] });
  });

  it("grandi lost at the very first trick", () => {
    // Seat 0 holds AD; declarer seat 2 leads KD and loses at once.
    let h = bidding(start(0, suitDeal(["AD", "2S"])), "pass", "grandi", "pass", "pass");
    h = playCards(h, "KD", "2C", "AD", "2H");
    expect(h.endReason).toBe("grandiLost");
    expect(h.tricks).toHaveLength(1);
    expect(score(h).points).toEqual([4, 4, -12, 4]);
  });

  it("pasnolo: three players tie on the fewest tricks and the fourth pays each of them", () => {
    const h = playOut(bidding(start(3), "pass", "pass", "pass", "pass"));
    expect(h.tricksWon).toEqual([13, 0, 0, 0]);
    const s = score(h);
    expect(s).toMatchObject({ contract: null, outcome: "played", margin: 0, endReason: "allTricks", points: [-3, 1, 1, 1] });
  });
});

/** Plays one whole trick with first legal cards. */
function playOut1Trick(hand: ReturnType<typeof start>): ReturnType<typeof start> {
  let h = hand;
  const n = h.tricks.length;
  while (h.tricks.length === n && !danish.isOver(h)) h = act(h, danish.legalActions(h, h.turn!, DEFAULT_OPTIONS)[0]!);
  return h;
}
