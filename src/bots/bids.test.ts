/**
 * Bidding and contract set-up of the rule-based bots (normal level; strong
 * bids the same way), on constructed hands dealt through the real engine:
 * what each hand bids in every variant with an auction, trump, the called
 * ace, vip and halve; that every auction action a bot picks is legal; and
 * that reading an auction back (auctionEvidence) agrees with the rule that
 * made it.
 */
import { describe, expect, it } from "vitest";
import { type Card, JOKER, makeDeck } from "../engine/cards";
import { type MatchState, apply, createMatch, currentTurn, getVariant, view } from "../engine/index";
import type { Action, MatchView, Seat, VariantId } from "../engine/types";
import { auctionEvidence, bidKind, bidMargin } from "./bids";
import { avoidRisk, bestTrump, handProfile } from "./evaluate";
import { auctionSteps } from "./facts";
import { type BotLevel, decide } from "./index";


/**
 * A first hand (dealer 0, forhånd 1) with the given cards in the given seats;
 * the rest of the deck is dealt in order to the other seats, then the kat
 * (its first cards `kat`, in that order: vip turns them from the front).
 */
function deal(variant: VariantId, hands: Partial<Record<Seat, Card[]>>, kat: Card[] = []): MatchState {
  const rest = makeDeck(getVariant(variant)!.deckJokers(getVariant(variant)!.optionsSchema.parse({})));
  const take = (c: Card) => {
    const i = rest.indexOf(c);
    if (i < 0) throw new Error(`card ${c} dealt twice`);
    rest.splice(i, 1);
  };
  for (const cards of Object.values(hands)) (cards ?? []).forEach(take);
  kat.forEach(take);
  const all = ([0, 1, 2, 3] as Seat[]).map((s) => hands[s] ?? rest.splice(0, 13));
  const created = createMatch({ variant, deals: [{ hands: all, kat: [...kat, ...rest] }] });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Applies the given actions in turn order. */
function play(state: MatchState, actions: readonly Action[]): MatchState {
  for (const action of actions) {
    const step = apply(state, currentTurn(state)!, action);
    if (!step.ok) throw new Error(`${JSON.stringify(action)}: ${step.error.code}`);
    state = step.state;
  }
  return state;
}

/** The normal bot's choice for the seat to act. */
const botAction = (state: MatchState, level: BotLevel = "normal"): Action => decide(view(state, currentTurn(state)!), { level, seed: "bids" });

const bid = (id: string): Action => ({ type: "bid", bid: id });
const PASS: Action = { type: "pass" };

const HANDS = {
  /** Six solid spades, side aces and kings, two jokers: far more than 7. */
  powerhouse: ["AS", "KS", "QS", "JS", "TS", "9S", "AH", "KH", "AD", "KD", "3C", JOKER, JOKER],
  /** A good spade suit and little else: a 7- or 8-bid, no more. */
  seven: ["AS", "KS", "QS", "7S", "5S", "QH", "4H", "3H", "8D", "6D", "2D", "5C", "4C"],
  /** No aces or kings, no long suit. */
  weak: ["9S", "8S", "6H", "5H", "7H", "7D", "3D", "8D", "JC", "TC", "6C", "5C", "8C"],
  /** Only low cards (the ace counts low in sol): safe for taking no tricks. */
  sol: ["2S", "3S", "5S", "2H", "4H", "3D", "5D", "7D", "2C", "3C", "4C", "6C", "AC"],
  /** Low-ish but with a few dangerous middle cards: a pair can keep to six tricks, one player alone cannot keep to one. */
  nolo: ["2S", "6S", "9S", "3H", "7H", "TH", "4D", "8D", "JD", "2C", "5C", "9C", "QC"],
  /** Six quick tricks: with a partner, seven. */
  grand: ["AS", "KS", "QS", "AH", "5H", "3H", "AD", "7D", "4D", "KC", "8C", "3C", "2C"],
  /** Four quick tricks and a king: enough for a Danish grand (the partner's quarter), short of a Norwegian one. */
  thinGrand: ["AS", "KS", "4S", "AH", "5H", "3H", "AD", "7D", "4D", "KC", "8C", "3C", "2C"],
  /** Seven sure tricks on the lead. */
  grandi: ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "AD", "KD", "QD", "AC", "KC", "2C"],
} satisfies Record<string, Card[]>;

describe("bid ids", () => {
  it("reads every ladder's ids through the variant's descriptions", () => {
    expect(bidKind("esmakker", "8")).toMatchObject({ kind: "tricks", tricks: 8, addOn: null });
    expect(bidKind("esmakker", "9gode")).toMatchObject({ kind: "tricks", tricks: 9, addOn: "gode" });
    expect(bidKind("esmakker", "7staerke")).toMatchObject({ kind: "tricks", tricks: 7, addOn: "staerke" });
    expect(bidKind("esmakker", "sol")).toMatchObject({ kind: "avoid", maxTricks: 1, open: false });
    expect(bidKind("esmakker", "rensol")).toMatchObject({ kind: "avoid", maxTricks: 0, open: false });
    expect(bidKind("esmakker", "renbordlaegger")).toMatchObject({ kind: "avoid", maxTricks: 0, open: true });
    expect(bidKind("danish", "nolo")).toMatchObject({ kind: "avoid", maxTricks: 6, open: false });
    expect(bidKind("danish", "grandi")).toMatchObject({ kind: "grandi" });
    expect(bidKind("norwegian", "grand")).toMatchObject({ kind: "grand", minTricks: 7, penalty: 2 });
    expect(bidKind("danish", "grand")).toMatchObject({ kind: "grand", minTricks: 7, penalty: 1 });
    // An id the variant does not use means nothing, whatever it looks like.
    expect(bidKind("danish", "8vip")).toEqual({ kind: "unknown" });
    expect(bidKind("esmakker", "nolo")).toEqual({ kind: "unknown" });
  });
});

describe("hand strength", () => {
  it("a long strong suit makes the best trump and supports a high bid; a weak hand bids nothing", () => {
    expect(bestTrump(HANDS.powerhouse).suit).toBe("S");
    expect(bidMargin(HANDS.powerhouse, bidKind("esmakker", "10"), 0)).toBeGreaterThan(0);
    expect(bidMargin(HANDS.weak, bidKind("esmakker", "7"), 0)).toBeLessThan(0);
    expect(bidMargin(HANDS.weak, bidKind("danish", "grand"), 0)).toBeLessThan(0);
  });
  it("low cards are safe for sol, high ones are not", () => {
    expect(avoidRisk(HANDS.sol)).toBeLessThan(avoidRisk(HANDS.nolo));
    expect(avoidRisk(HANDS.nolo)).toBeLessThan(avoidRisk(HANDS.powerhouse));
    expect(bidMargin(HANDS.powerhouse, bidKind("esmakker", "sol"), 0)).toBeLessThan(0);
  });
});

describe("es-makker bidding", () => {
  it("opens with the cheapest bid its hand supports: 7 with a strong hand, sol with a low one; a weak hand passes", () => {
    expect(botAction(deal("esmakker", { 1: HANDS.powerhouse }))).toEqual(bid("7"));
    expect(botAction(deal("esmakker", { 1: HANDS.seven }))).toEqual(bid("7"));
    expect(botAction(deal("esmakker", { 1: HANDS.sol }))).toEqual(bid("sol"));
    expect(botAction(deal("esmakker", { 1: HANDS.weak }))).toEqual(PASS);
  });

  it("a very strong hand bids on over a standing 9, where a 7-hand passes", () => {
    const over9 = botAction(play(deal("esmakker", { 2: HANDS.powerhouse }), [bid("9")]));
    expect(over9.type).toBe("bid");
    const kind = bidKind("esmakker", (over9 as { bid: string }).bid);
    expect(kind.kind === "tricks" && kind.tricks >= 9).toBe(true);
    expect(botAction(play(deal("esmakker", { 2: HANDS.seven }), [bid("9")]))).toEqual(PASS);
  });

  it("the strong level bids like the normal one", () => {
    const state = deal("esmakker", { 1: HANDS.powerhouse });
    expect(botAction(state, "strong")).toEqual(botAction(state, "normal"));
  });

  it("names its longest strong suit as trump and calls the ace of a long side suit it lacks", () => {
    // Hearts are long and strong; diamonds long with the king, the diamond ace is elsewhere.
    const declarer: Card[] = ["AH", "KH", "QH", "JH", "9H", "7H", "KD", "QD", "8D", "4D", "AS", "3C", JOKER];
    let state = play(deal("esmakker", { 1: declarer }), [bid("8"), PASS, PASS, PASS]);
    expect(state.hand!.phase).toBe("trump");
    const trump = botAction(state);
    expect(trump).toEqual({ type: "trump", suit: "H" });
    state = play(state, [trump]);
    expect(botAction(state)).toEqual({ type: "call", card: "AD" });
  });

  it("vip: accepts a turned card of its strong suit and turns away one of a suit it lacks", () => {
    const declarer: Card[] = ["AS", "KS", "QS", "JS", "9S", "7S", "AH", "KH", "AD", "QD", "8D", "4D", JOKER];
    // Clubs (void) are turned first, then a spade.
    let state = play(deal("esmakker", { 1: declarer }, ["5C", "2S", "3H"]), [bid("7vip"), PASS, PASS, PASS]);
    while (state.hand!.phase === "call") state = play(state, [botAction(state)]);
    expect(state.hand!.phase).toBe("vip");
    state = play(state, [botAction(state)]); // the first turn is compulsory
    expect(botAction(state)).toEqual({ type: "vipTurn" });
    state = play(state, [{ type: "vipTurn" }]);
    expect(botAction(state)).toEqual({ type: "vipAccept" });
  });

  it("halve: the called ace's holder names its own best suit, never the called suit", () => {
    // Seat 2 holds the diamond ace the declarer will call, and long strong clubs.
    const partner: Card[] = ["AD", "AC", "KC", "QC", "JC", "9C", "8C", "2H", "3H", "4S", "5S", "6S", "2D"];
    const declarer: Card[] = ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "KD", "QD", "JD", "TD", "3C", JOKER];
    let state = play(deal("esmakker", { 1: declarer, 2: partner }), [bid("7halve"), PASS, PASS, PASS]);
    expect(state.hand!.phase).toBe("call");
    state = play(state, [botAction(state)]);
    expect(state.hand!.phase).toBe("trump");
    expect(currentTurn(state)).toBe(2);
    expect(botAction(state)).toEqual({ type: "trump", suit: "C" });
  });
});

describe("Danish whist bidding: the most valuable contract the hand supports", () => {
  const cases: [keyof typeof HANDS, Action][] = [
    ["sol", bid("sol")],
    ["nolo", bid("nolo")],
    ["grand", bid("grand")],
    ["grandi", bid("grandi")],
    ["weak", PASS],
  ];
  for (const [hand, expected] of cases)
    it(`${hand} hand: ${JSON.stringify(expected)}`, () => {
      expect(botAction(deal("danish", { 1: HANDS[hand] }))).toEqual(expected);
    });

  it("a sol hand also supports nolo, and still bids sol", () => {
    expect(bidMargin(HANDS.sol, bidKind("danish", "nolo"), 0)).toBeGreaterThanOrEqual(0);
  });

  it("over a standing grand, a nolo hand passes and a sol hand bids sol", () => {
    expect(botAction(play(deal("danish", { 2: HANDS.nolo }), [bid("grand")]))).toEqual(PASS);
    expect(botAction(play(deal("danish", { 2: HANDS.sol }), [bid("grand")]))).toEqual(bid("sol"));
  });
});

describe("Norwegian whist bidding", () => {
  it("grand with a strong hand, pass with a weak one or a thin one", () => {
    expect(botAction(deal("norwegian", { 1: HANDS.grand }))).toEqual(bid("grand"));
    expect(botAction(deal("norwegian", { 1: HANDS.thinGrand }))).toEqual(PASS);
    expect(botAction(deal("danish", { 1: HANDS.thinGrand }))).toEqual(bid("grand"));
    expect(botAction(deal("norwegian", { 1: HANDS.powerhouse.filter((c) => c !== JOKER).concat(["2C", "4C"]) }))).toEqual(bid("grand"));
    expect(botAction(deal("norwegian", { 1: HANDS.weak }))).toEqual(PASS);
    expect(botAction(deal("norwegian", { 1: HANDS.nolo }))).toEqual(PASS);
  });
});

describe("every auction action a bot picks is legal, and reads back as it was meant", () => {
  const VARIANTS: VariantId[] = ["esmakker", "norwegian", "danish"];
  for (const variant of VARIANTS)
    it(`${variant}: 60 random deals, every level`, () => {
      let checked = 0;
      for (let d = 0; d < 60; d++) {
        const created = createMatch({ variant, seed: `legal-bids-${variant}-${d}`, options: variant === "esmakker" ? { baghaand: d % 2 === 0, gaaMed: true } : {} });
        if (!created.ok) throw new Error(created.error.message);
        let state = created.value;
        const levels: BotLevel[] = ["easy", "normal", "strong", "normal"];
        while (state.hand !== null && state.hand.phase === "auction") {
          const seat = currentTurn(state)!;
          const v = view(state, seat);
          const action = decide(v, { level: levels[seat]!, seed: `${d}` });
          expect(v.hand!.legal).toContainEqual(action);
          const step = apply(state, seat, action);
          expect(step.ok).toBe(true);
          if (!step.ok) break;
          // The normal rule's own choice must read back as consistent with the hand that made it.
          if (levels[seat] === "normal" && action.type !== "redeal") {
            const after = view(step.state, seat);
            const steps = auctionSteps(after);
            const last = auctionEvidence({ ...after, hand: { ...after.hand!, contract: null } } as MatchView, steps).filter((e) => e.seat === seat).pop();
            if (last) {
              expect(last.margin(handProfile(v.hand!.hands[seat]!.cards!)), `${variant} deal ${d}: ${last.what}`).toBeGreaterThanOrEqual(0);
              checked++;
            }
          }
          state = step.state;
        }
      }
      expect(checked).toBeGreaterThan(60);
    });
});
