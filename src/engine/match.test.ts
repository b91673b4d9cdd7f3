import { describe, expect, it } from "vitest";
import { STANDARD_DECK, makeDeck } from "./cards";
import { type MatchState, apply, createMatch, currentTurn, legalActions, view } from "./index";
import { dealFromSeed, handSeed } from "./random";
import type { Action, Seat } from "./types";

const created = (setup: Parameters<typeof createMatch>[0]): MatchState => {
  const r = createMatch(setup);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** Each seat holds one whole suit: 0 spades, 1 hearts, 2 diamonds, 3 clubs. */
const suitDeal = () => ({ hands: ["S", "H", "D", "C"].map((s) => STANDARD_DECK.filter((c) => c[1] === s)), kat: [] });

function deepFreeze<T>(x: T): T {
  if (typeof x === "object" && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

const firstLegal = (s: MatchState): { seat: Seat; action: Action } => {
  const seat = currentTurn(s)!;
  return { seat, action: legalActions(s, seat)[0]! };
};

function playHand(s: MatchState): MatchState {
  const start = s.dealIndex;
  while (s.dealIndex === start && !s.over) {
    const { seat, action } = firstLegal(s);
    const r = apply(s, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

describe("createMatch", () => {
  it("rejects unknown variants, bad options, seeds, seats and deals with typed errors", () => {
    const code = (setup: unknown) => {
      const r = createMatch(setup as Parameters<typeof createMatch>[0]);
      return r.ok ? "ok" : r.error.code;
    };
    expect(code({ variant: "bridge", seed: "x" })).toBe("setup/unknown-variant");
    expect(code({ variant: "toString", seed: "x" })).toBe("setup/unknown-variant");
    expect(code({ variant: "classic", seed: "x", options: { target: 0 } })).toBe("setup/invalid-options");
    expect(code({ variant: "classic", seed: "x", options: { targte: 5 } })).toBe("setup/invalid-options");
    expect(code({ variant: "classic", seed: "" })).toBe("setup/invalid-seed");
    expect(code({ variant: "classic" })).toBe("setup/invalid-seed");
    expect(code({ variant: "classic", seed: "x", seats: [{ name: "A" }] })).toBe("setup/invalid-seats");
    expect(code({ variant: "classic", seed: "x", seats: [{ name: "A" }, { name: "" }, { name: "C" }, { name: "D" }] })).toBe(
      "setup/invalid-seats",
    );
    const dup = suitDeal();
    (dup.hands[0] as string[])[0] = "AH";
    expect(code({ variant: "classic", deals: [dup] })).toBe("setup/invalid-deal");
    expect(code({ variant: "classic", deals: [{ hands: suitDeal().hands.slice(0, 3), kat: [] }] })).toBe("setup/invalid-deal");
    expect(code({ variant: "classic", deals: [{ ...suitDeal(), kat: ["JK"] }] })).toBe("setup/invalid-deal");
    expect(code({ variant: "esmakker", deals: [suitDeal()] })).toBe("setup/invalid-deal"); // es-makker needs a 3-card kat
    expect(code({ variant: "classic", deals: [suitDeal()] })).toBe("ok");
  });

  it("fills in RULES.md defaults, default seat names and deals hand 0 from the match seed", () => {
    const s = created({ variant: "norwegian", seed: "abc" });
    expect(s.options).toEqual({ target: 10 });
    expect(s.seats.map((x) => x.name)).toEqual(["South", "West", "North", "East"]);
    expect(s.dealer).toBe(0);
    expect(s.handSeed).toBe(handSeed("abc", 0));
    expect(s.hand!.deal).toEqual(dealFromSeed(handSeed("abc", 0), makeDeck(0), 0));
    expect(currentTurn(s)).toBe(1); // forehand
    const es = created({ variant: "esmakker", seed: "abc" });
    expect(es.hand!.deal.kat).toHaveLength(3);
    expect(es.hand!.deal.hands.flat().filter((c) => c === "JK").length + es.hand!.deal.kat.filter((c) => c === "JK").length).toBe(3);
  });

  it("rotates the dealer clockwise after every hand and seeds hand i with handSeed(seed, i)", () => {
    let s = created({ variant: "classic", seed: "rot", options: { target: 100 } });
    for (let i = 1; i <= 5; i++) {
      s = playHand(s);
      expect(s.dealIndex).toBe(i);
      expect(s.dealer).toBe(i % 4);
      expect(s.handSeed).toBe(handSeed("rot", i));
      expect(s.hand!.deal).toEqual(dealFromSeed(handSeed("rot", i), makeDeck(0), i % 4));
      expect(s.results[i - 1]!.seed).toBe(handSeed("rot", i - 1));
      expect(s.results[i - 1]!.dealer).toBe((i - 1) % 4);
    }
  });

  it("stops with match/out-of-deals when explicit deals run out", () => {
    let s = created({ variant: "classic", deals: [suitDeal()], options: { target: 100 } });
    s = playHand(s);
    expect(s.hand).toBeNull();
    expect(s.over).toBe(false);
    expect(currentTurn(s)).toBeNull();
    const r = apply(s, 0, { type: "play", card: "AS" });
    expect(!r.ok && r.error.code).toBe("match/out-of-deals");
  });
});

describe("apply", () => {
  const start = () => deepFreeze(created({ variant: "classic", deals: [suitDeal()], options: { target: 1 } }));

  it("refuses bad input with typed errors, never throws and leaves the state unchanged", () => {
    const s = start();
    const before = JSON.stringify(s);
    const code = (seat: unknown, action: unknown) => {
      const r = apply(s, seat as Seat, action as Action);
      return r.ok ? "ok" : r.error.code;
    };
    expect(code(1, { type: "dance" })).toBe("action/malformed");
    expect(code(1, { type: "play" })).toBe("action/malformed");
    expect(code(1, { type: "play", card: "ZZ" })).toBe("action/malformed");
    expect(code(1, null)).toBe("action/malformed");
    expect(code(1, "play AH")).toBe("action/malformed");
    expect(code(7, { type: "play", card: "AH" })).toBe("action/malformed");
    expect(code(-1, { type: "play", card: "AH" })).toBe("action/malformed");
    expect(code("1", { type: "play", card: "AH" })).toBe("action/malformed");
    expect(code(2, { type: "play", card: "AD" })).toBe("action/not-your-turn");
    expect(code(1, { type: "play", card: "AS" })).toBe("play/card-not-in-hand");
    expect(code(1, { type: "bid", bid: "grand" })).toBe("action/wrong-phase");
    expect(JSON.stringify(s)).toBe(before);
  });

  it("refuses a revoke with play/must-follow-suit", () => {
    // Seat 1 leads a heart; seat 2 holds one heart (swapped in) and must play it.
    const deal = suitDeal();
    (deal.hands[1] as string[])[0] = "2D";
    (deal.hands[2] as string[])[0] = "2H";
    let s = created({ variant: "classic", deals: [deal] });
    const led = apply(s, 1, { type: "play", card: "AH" });
    expect(led.ok).toBe(true);
    s = deepFreeze((led as { state: MatchState }).state);
    const revoke = apply(s, 2, { type: "play", card: "AD" });
    expect(!revoke.ok && revoke.error.code).toBe("play/must-follow-suit");
    expect(legalActions(s, 2)).toEqual([{ type: "play", card: "2H" }]);
    expect(apply(s, 2, { type: "play", card: "2H" }).ok).toBe(true);
  });

  it("accepts legal actions without mutating the old state, scores the hand and ends the match at the target", () => {
    let s = start();
    const snapshots: string[] = [];
    let events = 0;
    while (!s.over) {
      snapshots.push(JSON.stringify(s));
      const { seat, action } = firstLegal(s);
      const r = apply(s, seat, action);
      if (!r.ok) throw new Error(r.error.message);
      expect(JSON.stringify(s)).toBe(snapshots.at(-1));
      events += r.events.filter((e) => e.type === "trickWon").length;
      s = deepFreeze(r.state);
    }
    expect(events).toBe(13);
    expect(s.results).toHaveLength(1);
    // Seat 0 holds every spade (trump: the dealer's last card is a spade) and wins all 13 tricks.
    expect(s.results[0]!.tricksWon).toEqual([13, 0, 0, 0]);
    expect(s.scores).toEqual([7, 0, 7, 0]);
    const r = apply(s, 1, { type: "play", card: "AH" });
    expect(!r.ok && r.error.code).toBe("match/over");
    expect(legalActions(s, 1)).toEqual([]);
  });
});

describe("view", () => {
  it("shows a seat its own cards only, never the hand's seed, and spectators no cards", () => {
    const s = created({ variant: "classic", seed: "secret-seed" });
    for (const seat of [0, 1, 2, 3] as Seat[]) {
      const v = view(s, seat);
      expect(v.hand!.hands.map((h) => h.cards !== null)).toEqual([0, 1, 2, 3].map((x) => x === seat));
      expect(v.hand!.hands.every((h) => h.count === 13)).toBe(true);
      expect(JSON.stringify(v)).not.toContain(s.handSeed!);
      expect(v.hand!.legal.length > 0).toBe(seat === 1);
    }
    const spectator = view(s, null);
    expect(spectator.seat).toBeNull();
    expect(spectator.hand!.hands.every((h) => h.cards === null)).toBe(true);
    expect(spectator.hand!.legal).toEqual([]);
  });
});
