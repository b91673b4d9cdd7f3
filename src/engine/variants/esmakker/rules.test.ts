/**
 * Each phase's refusal function is the one statement of its rules: over
 * random positions (fast-check: random options, deals and play), legalActions
 * lists exactly the actions refusalOf accepts among every action that could
 * be tried, applyAction accepts each of them and refuses a sample of the
 * others with refusalOf's code; seats whose turn it is not have none.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CARD_BY_INDEX, type Card, makeDeck, sortHand } from "../../cards";
import { dealFromSeed } from "../../random";
import type { Action, OptionField, Seat } from "../../types";
import type { EsmakkerHand } from "./hand";
import { esmakker } from "./index";
import { ladderFor } from "./ladder";
import type { EsmakkerOptions } from "./options";
import { refusalOf } from "./rules";
import { call, ctxOf, opts, run, seat0Wins, trump } from "./testkit";

const fieldArb = (f: OptionField): fc.Arbitrary<unknown> =>
  f.kind === "boolean" ? fc.boolean() : f.kind === "enum" ? fc.constantFrom(...(f.values ?? []).map((v) => v.value)) : fc.constant(f.default);
const optionsArb = fc.record(Object.fromEntries(esmakker.optionFields.map((f) => [f.key, fieldArb(f)])));

/** An action as a set: an exchange's discard in any order is the same action. */
const keyOf = (a: Action): string =>
  JSON.stringify(a.type === "exchange" && Array.isArray(a.discard) ? { ...a, discard: [...a.discard].sort() } : a);

/** The distinct sets of up to three of `cards` (jokers are alike). */
function subsetsUpTo3(cards: readonly Card[]): Card[][] {
  const out = new Map<string, Card[]>();
  const n = cards.length;
  out.set("", []);
  for (let i = 0; i < n; i++) {
    out.set(keyOf({ type: "exchange", discard: [cards[i]!] }), [cards[i]!]);
    for (let j = i + 1; j < n; j++) {
      out.set(keyOf({ type: "exchange", discard: [cards[i]!, cards[j]!] }), [cards[i]!, cards[j]!]);
      for (let k = j + 1; k < n; k++) out.set(keyOf({ type: "exchange", discard: [cards[i]!, cards[j]!, cards[k]!] }), [cards[i]!, cards[j]!, cards[k]!]);
    }
  }
  return [...out.values()];
}

/**
 * Every action `seat` could try now: each of its kinds with every bid, suit
 * and card, every discard of up to three of its cards, and some malformed,
 * unknown or impossible ones.
 */
function candidates(h: EsmakkerHand, seat: Seat, o: EsmakkerOptions): Action[] {
  const own = h.hands[seat]!;
  const other = h.hands[(seat + 1) % 4]!;
  const out: Action[] = [
    ...ladderFor(o).bids.map((b): Action => ({ type: "bid", bid: b.id })),
    { type: "bid", bid: "14" },
    { type: "bid", bid: 8 } as unknown as Action,
    ...(["pass", "hold", "join", "redeal", "decline", "vipTurn", "vipAccept"] as const).map((type) => ({ type }) as Action),
    ...(["S", "H", "D", "C", "X"] as const).map((suit) => ({ type: "trump", suit }) as Action),
    ...CARD_BY_INDEX.flatMap((card): Action[] => [
      { type: "call", card },
      { type: "hide", card },
      { type: "play", card },
    ]),
    ...subsetsUpTo3(own).map((discard): Action => ({ type: "exchange", discard })),
    { type: "exchange", discard: own.slice(0, 4) },
    { type: "exchange", discard: [own[0]!, own[0]!, own[0]!] },
    { type: "exchange", discard: [own[0]!, own[1]!, other[0]!] },
    { type: "exchange", discard: [...h.kat] },
    { type: "exchange" } as unknown as Action,
  ];
  return out;
}

/**
 * The checks at one position: see the header. `sample` picks which refused
 * actions applyAction is asked about. Returns what failed (plain checks: an
 * expect per action made the test several times slower).
 */
function checkPosition(h: EsmakkerHand, o: EsmakkerOptions, sample: (n: number) => number): string[] {
  const seat = h.turn!;
  const failed: string[] = [];
  const where = `in ${h.phase} (seat ${seat})`;
  for (const s of [0, 1, 2, 3] as Seat[]) {
    if (s === seat) continue;
    if (esmakker.legalActions(h, s, o).length > 0) failed.push(`seat ${s} has legal actions out of turn ${where}`);
    const r = esmakker.applyAction(h, s, { type: "pass" }, o);
    if (r.ok || r.error.code !== "action/not-your-turn") failed.push(`seat ${s} acted out of turn ${where}`);
  }
  const legal = esmakker.legalActions(h, seat, o);
  const legalKeys = new Set(legal.map(keyOf));
  if (legalKeys.size !== legal.length) failed.push(`duplicate legal actions ${where}`);
  for (const a of legal) {
    const code = refusalOf(h, seat, a, o);
    if (code !== null) failed.push(`legal ${JSON.stringify(a)} refused by refusalOf with ${code} ${where}`);
    const r = esmakker.applyAction(h, seat, a, o);
    if (!r.ok) failed.push(`legal ${JSON.stringify(a)} refused by applyAction with ${r.error.code} ${where}`);
  }
  const refused: Action[] = [];
  for (const a of candidates(h, seat, o)) {
    const accepted = refusalOf(h, seat, a, o) === null;
    if (accepted !== legalKeys.has(keyOf(a))) failed.push(`${JSON.stringify(a)} ${accepted ? "accepted but not legal" : "legal but refused"} ${where}`);
    if (!accepted) refused.push(a);
  }
  for (let i = 0; i < 8 && refused.length > 0; i++) {
    const a = refused[sample(refused.length)]!;
    const code = refusalOf(h, seat, a, o);
    const r = esmakker.applyAction(h, seat, a, o);
    if (r.ok || r.error.code !== code) failed.push(`${JSON.stringify(a)}: applyAction ${r.ok ? "accepted it" : r.error.code}, refusalOf ${code} ${where}`);
  }
  return failed;
}

/**
 * Plays `h` to its end with the actions `choices` pick among the legal ones,
 * checking every position on the way (as read back from JSON when
 * `viaJson`); adds the phases it went through to `phases`.
 */
function checkedWalk(h: EsmakkerHand, o: EsmakkerOptions, choices: readonly number[], viaJson: boolean, phases: Set<string>): void {
  let c = 0;
  const next = (n: number): number => choices[c++ % choices.length]! % n;
  while (!esmakker.isOver(h)) {
    // A hand read back from JSON (plain objects, as stored) is checked the same.
    const position = viaJson ? (JSON.parse(JSON.stringify(h)) as EsmakkerHand) : h;
    expect(checkPosition(position, o, next)).toEqual([]);
    phases.add(h.phase);
    positions++;
    const legal = esmakker.legalActions(h, h.turn!, o);
    const r = esmakker.applyAction(h, h.turn!, legal[next(legal.length)]!, o);
    if (!r.ok) throw new Error(r.error.message);
    h = r.hand;
  }
}

let positions = 0;
const choicesArb = fc.array(fc.nat(), { minLength: 90, maxLength: 90 });

describe("es-makker rules: legalActions and applyAction's refusals come from the same checks", () => {
  it("at random positions of random hands, the legal actions are exactly what the checks accept, and applyAction refuses with their codes", () => {
    const deck = sortHand(makeDeck(3));
    const phases = new Set<string>();
    positions = 0;
    fc.assert(
      fc.property(optionsArb, fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom<Seat>(0, 1, 2, 3), choicesArb, fc.boolean(), (raw, seed, dealer, choices, viaJson) => {
        const o = opts(raw as Partial<EsmakkerOptions>);
        checkedWalk(esmakker.startHand(ctxOf(o, dealer), dealFromSeed(seed, deck, dealer)), o, choices, viaJson, phases);
      }),
      { numRuns: 30 },
    );
    console.log(`rule checks at ${positions} positions, phases ${[...phases].join(" ")}`);
    expect([...phases]).toEqual(expect.arrayContaining(["auction", "trump", "call", "exchange", "play"]));
  });

  // Contracts whose set-up random bidding seldom reaches, each played on to the end of the hand, with the phases it must go through.
  const SET_UPS: readonly [string, (o: EsmakkerOptions) => EsmakkerHand, readonly string[]][] = [
    ["vip", (o) => seat0Wins("8vip", o), ["call", "vip", "exchange", "play"]],
    ["halve", (o) => seat0Wins("8halve", o), ["call", "trump", "exchange", "play"]],
    ["sol", (o) => seat0Wins("sol", o), ["exchange", "play"]],
    // Seat 0 holds no clubs in D1 and calls the club ace: with fordækt kort it may hide a card.
    ["fordækt kort", (o) => run(seat0Wins("8", o), [trump("S"), call("AC")], o), ["exchange", "hide", "play"]],
  ];
  it.each(SET_UPS)("the same through the set-up of %s to the end of the hand", (_, setUp, expected) => {
    const phases = new Set<string>();
    fc.assert(
      fc.property(optionsArb, choicesArb, fc.boolean(), (raw, choices, viaJson) => {
        const o = opts({ ...(raw as Partial<EsmakkerOptions>), fordaektKort: true });
        checkedWalk(setUp(o), o, choices, viaJson, phases);
      }),
      { numRuns: 4 },
    );
    expect([...phases]).toEqual(expect.arrayContaining([...expected]));
  });
});
