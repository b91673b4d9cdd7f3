import { describe, expect, it } from "vitest";
import { canonicalAction, isWellFormedAction } from "./actions";
import {
  type Action,
  type MatchState,
  type SeatAction,
  apply,
  buildRecord,
  createMatch,
  createRng,
  currentTurn,
  legalActions,
  randomLegalAction,
  view,
} from "./index";
import type { EsmakkerHand } from "./variants/esmakker";

const started = (variant: string, seed: string, options: Record<string, unknown> = {}): MatchState => {
  const r = createMatch({ variant, seed, options });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe("canonicalAction", () => {
  it("keeps only the fields of the action's type", () => {
    expect(canonicalAction({ type: "bid", bid: "7", note: "hi" })).toStrictEqual({ type: "bid", bid: "7" });
    expect(canonicalAction({ type: "play", card: "AS", seat: 3 })).toStrictEqual({ type: "play", card: "AS" });
    expect(canonicalAction({ type: "pass", bid: "7" })).toStrictEqual({ type: "pass" });
    expect(canonicalAction({ type: "trump", suit: "H", card: "AS" })).toStrictEqual({ type: "trump", suit: "H" });
    expect(canonicalAction({ type: "exchange", discard: ["2S", "JK", "3D"], x: 1 })).toStrictEqual({
      type: "exchange",
      discard: ["2S", "JK", "3D"],
    });
  });

  it("does not share the caller's arrays", () => {
    const discard = ["2S", "3S", "4S"];
    const c = canonicalAction({ type: "exchange", discard }) as Extract<Action, { type: "exchange" }>;
    discard[0] = "AS";
    expect(c.discard).toEqual(["2S", "3S", "4S"]);
  });

  it("returns null for malformed input", () => {
    for (const bad of [null, 7, "play", {}, { type: "dance" }, { type: "play", card: "1S" }, { type: "play" }, { type: "bid", bid: 7 },
      { type: "trump", suit: "X" }, { type: "exchange", discard: ["2S", "3S", "4S", "5S"] }, { type: "exchange", discard: "2S" },
      { type: "hide", card: "AS " }, { type: "call", card: "ÅS" }]) {
      expect(canonicalAction(bad), JSON.stringify(bad)).toBeNull();
      expect(isWellFormedAction(bad)).toBe(false);
    }
  });
});

describe("apply passes the variant canonical actions", () => {
  it("extra fields never reach the es-makker auction log, views or records", () => {
    const setup = { variant: "esmakker", seed: "extra-fields", options: {} };
    let s = started(setup.variant, setup.seed);
    const log: SeatAction[] = [];
    const seat = currentTurn(s)!;
    const sent = { type: "bid", bid: "7", secret: "do not store" } as unknown as Action;
    const r = apply(s, seat, sent);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    log.push({ seat, action: sent });
    s = r.state;
    const bidding = (s.hand as EsmakkerHand).bidding;
    expect(bidding.at(-1)).toStrictEqual({ seat, action: { type: "bid", bid: "7" } });
    for (const v of [null, 0, 1, 2, 3] as const) expect(JSON.stringify(view(s, v))).not.toContain("do not store");
    const record = buildRecord(setup, log, s);
    expect(record.ok).toBe(true);
    expect(JSON.stringify(record)).not.toContain("do not store");
  });

  it("extra fields never reach the Norwegian auction or a trick", () => {
    let s = started("norwegian", "extra-norwegian");
    const seat = currentTurn(s)!;
    const r = apply(s, seat, { type: "pass", why: "x".repeat(5) } as unknown as Action);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
    expect(JSON.stringify(s.hand)).not.toContain("xxxxx");
    while (s.hand!.phase === "auction") {
      const next = apply(s, currentTurn(s)!, { type: "pass" });
      if (!next.ok) throw new Error(next.error.message);
      s = next.state;
    }
    const leader = currentTurn(s)!;
    const card = (legalActions(s, leader)[0] as Extract<Action, { type: "play" }>).card;
    const played = apply(s, leader, { type: "play", card, extra: "yyyyy" } as unknown as Action);
    if (!played.ok) throw new Error(played.error.message);
    expect(JSON.stringify(played.state)).not.toContain("yyyyy");
    expect(played.state.hand!.trick!.plays).toStrictEqual([{ seat: leader, card }]);
  });
});

/** The exchange discards listed are every distinct three cards of the hand but the called card, each once (jokers are alike). */
function expectEveryDistinctDiscardOnce(hand: readonly string[], called: string | null, legal: readonly Action[]) {
  const layable = hand.filter((c) => c !== called);
  const expected = new Set<string>();
  for (let i = 0; i < layable.length; i++)
    for (let j = i + 1; j < layable.length; j++)
      for (let k = j + 1; k < layable.length; k++) expected.add([layable[i], layable[j], layable[k]].sort().join(" "));
  const listed = legal.flatMap((a) => (a.type === "exchange" && a.discard.length === 3 ? [[...a.discard].sort().join(" ")] : []));
  expect(listed.length).toBe(expected.size);
  expect(new Set(listed)).toEqual(expected);
}

describe("randomLegalAction", () => {
  it("makes the same choice with the same draws as picking from legalActions, exchanges included", () => {
    const options = [{}, { gaaMed: true, fordaektKort: true, jernhaand: true, baghaand: true, deals: 8 }];
    let exchanges = 0, jokerPairs = 0;
    for (const [i, o] of options.entries()) {
      for (let m = 0; m < 3; m++) {
        let s = started("esmakker", `sample-${i}-${m}`, o);
        const a = createRng(`draws-${i}-${m}`), b = createRng(`draws-${i}-${m}`);
        while (!s.over) {
          const seat = currentTurn(s)!;
          const legal = legalActions(s, seat);
          const expected = legal[b.int(legal.length)]!;
          expect(randomLegalAction(s, seat, a)).toStrictEqual(expected);
          if (s.hand!.phase === "exchange") {
            exchanges++;
            if (s.hand!.hands[seat]!.filter((c) => c === "JK").length >= 2) jokerPairs++;
            expectEveryDistinctDiscardOnce(s.hand!.hands[seat]!, (s.hand as { called?: string | null }).called ?? null, legal);
          }
          const r = apply(s, seat, expected);
          if (!r.ok) throw new Error(r.error.message);
          s = r.state;
        }
        expect(randomLegalAction(s, 0, a)).toBeNull();
      }
    }
    expect(exchanges).toBeGreaterThan(20);
    expect(jokerPairs).toBeGreaterThan(0);
  });

  it("falls back to the full list for variants without a fast path", () => {
    const s = started("danish", "sample-danish");
    const seat = currentTurn(s)!;
    const a = createRng("d"), b = createRng("d");
    const legal = legalActions(s, seat);
    expect(randomLegalAction(s, seat, a)).toStrictEqual(legal[b.int(legal.length)]);
    expect(randomLegalAction(s, ((seat + 1) % 4) as 0 | 1 | 2 | 3, a)).toBeNull();
  });
});

describe("card tables", () => {
  it("STANDARD_DECK lists every rank of every suit once, in cardIndex order", async () => {
    const { STANDARD_DECK, RANK_CHARS, cardIndex, canonicalCard } = await import("./cards");
    expect(STANDARD_DECK).toEqual(["S", "H", "D", "C"].flatMap((s) => RANK_CHARS.map((r) => r + s)));
    STANDARD_DECK.forEach((c, i) => expect(cardIndex(c)).toBe(i));
    expect(cardIndex("JK")).toBe(52);
    const built = ["A", "S"].join("");
    expect(canonicalCard(built)).toBe("AS");
  });
});
