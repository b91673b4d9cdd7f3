/**
 * Property tests over every registered variant with option sets generated from
 * each variant's optionFields: seeded matches played with random legal actions
 * must conserve the deck, end every hand properly, accept every legal action,
 * refuse illegal ones without change, stay zero-sum where the rules say so,
 * round-trip through game records, and never show a seat a card it may not see;
 * and the fast playout plays exactly what stepping through apply plays.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Action,
  type BaseHand,
  type Card,
  type MatchState,
  type OptionField,
  type Seat,
  apply,
  buildRecord,
  createMatch,
  createRng,
  currentTurn,
  describeBid,
  getVariant,
  isCard,
  legalActions,
  makeDeck,
  parseOptions,
  parseRecord,
  playOut,
  playRandomMatch,
  randomLegalAction,
  replayRecord,
  variantIds,
  variantMeta,
  verifyRecord,
  view,
} from "./index";

/** Variants that keep points per seat sum them to zero every hand. */
const ZERO_SUM: ReadonlySet<string> = new Set(variantIds().filter((id) => getVariant(id)!.scoresBy === "seat"));

const fieldArb = (f: OptionField): fc.Arbitrary<unknown> => {
  switch (f.kind) {
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = f.min ?? 0, step = f.step ?? 1;
      const max = Math.min(f.max ?? min + 20 * step, min + 40 * step);
      return fc.integer({ min: 0, max: Math.floor((max - min) / step) }).map((k) => min + k * step);
    }
    case "enum":
      return fc.constantFrom(...(f.values ?? []).map((v) => v.value));
    default:
      return fc.constant(f.default);
  }
};

const optionsArb = (variant: string): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(Object.fromEntries(getVariant(variant)!.optionFields.map((f) => [f.key, fieldArb(f)])));

const count = (cards: Iterable<Card>): Map<Card, number> => {
  const m = new Map<Card, number>();
  for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
};

const playedCards = (hand: BaseHand): Card[] => [
  ...hand.tricks.flatMap((t) => t.plays.map((p) => p.card)),
  ...(hand.trick?.plays.map((p) => p.card) ?? []),
];

const deckCounts = new Map<string, Map<Card, number>>();

/** Hands + kat/discards + tricks hold exactly the deck (3 jokers in es-makker). */
function checkConservation(state: MatchState): void {
  const hand = state.hand!;
  const kat = (hand as BaseHand & { kat?: readonly Card[] }).kat ?? hand.deal.kat;
  let deck = deckCounts.get(state.variant + JSON.stringify(state.options));
  if (!deck) {
    deck = count(makeDeck(getVariant(state.variant)!.deckJokers(state.options)));
    deckCounts.set(state.variant + JSON.stringify(state.options), deck);
  }
  const left = new Map(deck);
  const take = (c: Card) => left.set(c, (left.get(c) ?? 0) - 1);
  for (const h of hand.hands) h.forEach(take);
  kat.forEach(take);
  playedCards(hand).forEach(take);
  const wrong = [...left].filter(([, n]) => n !== 0);
  if (wrong.length) expect({ variant: state.variant, phase: hand.phase, wrong }).toBeNull();
}

/** The same action; an exchange's discard is a set of cards, in any order (the engine accepts any order). */
const sameMembers = (a: Action, b: Action) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
const canonical = (a: Action): Action => (a.type === "exchange" ? { ...a, discard: [...a.discard].sort() } : a);

/** Every card string in a hand view, skipping what only names a card (a called ace) and the seat's own options. */
function visibleCards(x: unknown, out: Card[], key = ""): Card[] {
  if (key === "legal" || key === "called") return out;
  if (typeof x === "string") {
    if (isCard(x)) out.push(x);
  } else if (Array.isArray(x)) for (const v of x) visibleCards(v, out);
  else if (typeof x === "object" && x !== null) {
    if ((x as { type?: unknown }).type === "call") return out;
    for (const [k, v] of Object.entries(x)) visibleCards(v, out, k);
  }
  return out;
}

/** No view shows a card its seat may not know: others' hands, the kat, face-down cards, unless the rules make it public. */
function checkViews(state: MatchState): void {
  const hand = state.hand! as BaseHand & {
    hidden?: Card | null;
    declarer?: Seat | null;
    vipTurned?: number;
    turnedCard?: Card | null;
  };
  const played = playedCards(hand);
  for (const viewer of [...state.seats.keys(), null] as (Seat | null)[]) {
    const v = view(state, viewer);
    expect(v.seat).toBe(viewer);
    const allowed = new Set<Card>(played);
    if (hand.hidden && viewer !== hand.declarer) allowed.delete(hand.hidden);
    if (viewer !== null) for (const c of [...hand.deal.hands[viewer]!, ...hand.hands[viewer]!]) allowed.add(c);
    // Public by the rules: vip's turned kat cards, a bordlægger's open hand, a card turned for trump.
    for (const c of hand.deal.kat.slice(0, hand.vipTurned ?? 0)) allowed.add(c);
    if (v.hand!.info.tableOpen === true && hand.declarer != null) for (const c of hand.hands[hand.declarer]!) allowed.add(c);
    if (typeof v.hand!.info.turnedCard === "string") {
      expect(v.hand!.info.turnedCard).toBe(hand.turnedCard);
      allowed.add(hand.turnedCard!);
    }
    const leaks = visibleCards(v.hand, []).filter((c) => !allowed.has(c));
    expect(leaks, `seat ${viewer} sees ${leaks.join(" ")} in ${state.variant} phase ${hand.phase}`).toEqual([]);
    const legal = v.hand!.legal;
    if (viewer === null || viewer !== currentTurn(state)) expect(legal).toEqual([]);
    for (const a of legal) if (a.type === "play") expect(hand.hands[viewer!]).toContain(a.card);
  }
}

/** The bids offered are on the variant's ladder under the table's options, cheapest first, and described; so is the contract shown. */
function checkBids(state: MatchState, legal: readonly Action[]): void {
  const ladder = variantMeta(state.variant)!.ladder(state.options);
  const ranks = legal.flatMap((a) => (a.type === "bid" ? [ladder.indexOf(a.bid)] : []));
  expect(ranks, `${state.variant}: bids off the ladder`).not.toContain(-1);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  for (const a of legal) if (a.type === "bid") expect(describeBid(state.variant, a.bid), `${state.variant} ${a.bid}`).toBeDefined();
  const contract = view(state, null).hand?.contract;
  if (contract) expect(describeBid(state.variant, contract.bid), `${state.variant} contract ${contract.bid}`).toBeDefined();
}

/** Actions that are not legal for the seat to act must be refused with a typed error and no change. */
function checkRefusals(state: MatchState, seat: Seat, legal: readonly Action[], rng: ReturnType<typeof createRng>): void {
  const snapshot = () => JSON.stringify([state.hand, state.scores, state.dealIndex, state.results.length]);
  const before = snapshot();
  const others = [...state.seats.keys()].filter((s) => s !== seat);
  const other = others[rng.int(others.length)]!;
  const theirs = state.hand!.hands[other]!;
  const probes: Action[] = [
    { type: "bid", bid: ["grand", "7", "8vip", "sol", "nolo", "13halve", "x"][rng.int(7)]! },
    { type: "hide", card: "AS" },
    { type: "exchange", discard: ["2C", "3C"] },
  ];
  if (theirs.length) probes.push({ type: "play", card: theirs[rng.int(theirs.length)]! });
  for (const action of probes) {
    if (legal.some((l) => sameMembers(l, action))) continue;
    const r = apply(state, seat, action);
    expect(r.ok, `${state.variant}: ${JSON.stringify(action)} accepted but not legal`).toBe(false);
    if (!r.ok) expect(r.error.code).toMatch(/^[a-z]+\/[a-z-]+$/);
  }
  const outOfTurn = legalActions(state, seat)[0];
  if (outOfTurn) {
    const r = apply(state, other, outOfTurn);
    expect(!r.ok && r.error.code).toBe("action/not-your-turn");
  }
  expect(snapshot()).toBe(before);
}

interface Run {
  variant: string;
  options: Record<string, unknown>;
  /** How many seats, within the variant's range. */
  seatCount: number;
  seed: string;
  hands: number;
  thorough: boolean;
}

const seatsOf = (seatCount: number) => Array.from({ length: seatCount }, (_, i) => ({ name: `Seat ${i}` }));

function playRun({ variant, options, seatCount, seed, hands, thorough }: Run): number {
  const setup = { variant, options, seats: seatsOf(seatCount), seed };
  const created = createMatch(setup);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const rng = createRng(`actions:${seed}`);
  const actions: { seat: Seat; action: Action }[] = [];
  let steps = 0;
  while (!state.over && state.results.length < hands) {
    checkConservation(state);
    const seat = currentTurn(state);
    expect(seat).not.toBeNull();
    const legal = legalActions(state, seat!);
    expect(legal.length).toBeGreaterThan(0);
    if (thorough) {
      for (const a of legal) {
        const r = apply(state, seat!, a);
        expect(r.ok, `${variant}: legal ${JSON.stringify(a)} refused: ${r.ok ? "" : r.error.message}`).toBe(true);
      }
      checkRefusals(state, seat!, legal, rng);
      checkBids(state, legal);
      if (steps % 3 === 0) checkViews(state);
    }
    const action = legal[rng.int(legal.length)]!;
    const r = apply(state, seat!, action);
    if (!r.ok) throw new Error(`${variant}: legal action refused: ${r.error.code} ${r.error.message}`);
    actions.push({ seat: seat!, action });
    state = r.state;
    steps++;
  }
  // Every run plays at least one whole hand (a match never ends before its first result).
  expect(state.results.length).toBeGreaterThan(0);
  for (const r of state.results) {
    const tricks = r.tricksWon.reduce((a, b) => a + b, 0);
    expect(r.endReason).toMatch(/^[A-Za-z]+$/);
    // A rule's early end may also fall on the last trick, so only "allTricks" fixes the count: the largest hand dealt.
    const dealtMost = Math.max(...r.deal.hands.map((h) => h.length));
    if (r.endReason === "allTricks") expect(tricks).toBe(dealtMost);
    else expect(tricks).toBeLessThanOrEqual(dealtMost);
    expect(r.points).toHaveLength(seatCount);
    if (r.contract) expect(describeBid(variant, r.contract.bid), `${variant} contract ${r.contract.bid}`).toBeDefined();
    if (ZERO_SUM.has(variant)) expect(r.points.reduce((a, b) => a + b, 0)).toBe(0);
  }
  if (ZERO_SUM.has(variant)) expect(state.scores.reduce((a, b) => a + b, 0)).toBe(0);
  state.results.forEach((r, i) => {
    expect(r.handIndex).toBe(i);
    expect(r.totals).toEqual(r.points.map((p, s) => p + (i > 0 ? state.results[i - 1]!.totals[s]! : 0)));
  });
  if (thorough) {
    const record = buildRecord(setup, actions, state);
    if (!record.ok) throw new Error(record.error.message);
    const parsed = parseRecord(JSON.parse(JSON.stringify(record.value)));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const replay = replayRecord(parsed.value);
    if (!replay.ok) throw new Error(replay.error.message);
    expect(replay.value.results).toEqual(state.results);
    expect(replay.value.hand).toEqual(state.hand);
    const verified = verifyRecord(parsed.value);
    expect(verified.ok && verified.value.mismatches).toEqual([]);
  }
  return state.results.length;
}

const runArb = (thorough: boolean, hands: number) =>
  fc
    .constantFrom(...variantIds())
    .chain((variant) =>
      fc.record({
        variant: fc.constant(variant),
        options: optionsArb(variant),
        seatCount: fc.integer(getVariant(variant)!.seats),
        seed: fc.string({ minLength: 1, maxLength: 12 }),
        hands: fc.constant(hands),
        thorough: fc.constant(thorough),
      }),
    )
    .filter((r) => parseOptions(r.variant, r.options).ok);

describe("engine properties over every registered variant", () => {
  it("generated option sets are accepted by each variant's schema", () => {
    for (const id of variantIds()) {
      fc.assert(
        fc.property(optionsArb(id), (o) => {
          expect(parseOptions(id, o).ok).toBe(true);
        }),
        { numRuns: 50 },
      );
    }
  });

  it("random matches conserve the deck, end hands properly and keep zero-sum totals", () => {
    let hands = 0;
    fc.assert(
      fc.property(runArb(false, 12), (run) => {
        hands += playRun(run);
      }),
      { numRuns: 120 },
    );
    console.log(`deck, hand-end and zero-sum properties: ${hands} hands`);
    // Matches may end before 12 hands (a target reached), so only a floor well under the usual count.
    expect(hands).toBeGreaterThan(600);
  });

  it("legal actions are accepted, illegal ones refused unchanged, views leak nothing, records replay", () => {
    let hands = 0;
    fc.assert(
      fc.property(runArb(true, 3), (run) => {
        hands += playRun(run);
      }),
      { numRuns: 40 },
    );
    console.log(`legality, refusal, view and record properties: ${hands} hands`);
    // 40 runs of up to 3 hands; a match may end sooner, and each run asserts it played a hand.
    expect(hands).toBeGreaterThanOrEqual(40);
  });

  it("a playout plays exactly the actions and results of stepping through apply, from any point of a match", () => {
    let hands = 0;
    fc.assert(
      fc.property(
        runArb(false, 0),
        fc.nat({ max: 400 }),
        fc.boolean(),
        ({ variant, options, seatCount, seed }, split, viaJson) => {
          const setup = { variant, options, seats: seatsOf(seatCount), seed };
          const stepped = playRandomMatch(setup, `playout:${seed}`);
          if (!stepped.ok) throw new Error(stepped.error.message);
          // The same rng: `split` actions through apply (randomLegalAction), then the playout.
          const created = createMatch(setup);
          if (!created.ok) throw new Error(created.error.message);
          let state = created.value;
          const rng = createRng(`playout:${seed}`);
          const actions: { seat: Seat; action: Action }[] = [];
          for (let i = 0; i < split && !state.over; i++) {
            const seat = currentTurn(state)!;
            const action = randomLegalAction(state, seat, rng)!;
            const r = apply(state, seat, action);
            if (!r.ok) throw new Error(r.error.message);
            actions.push({ seat, action });
            state = r.state;
          }
          // A hand read back from JSON (plain objects, as stored) plays on the same.
          if (viaJson && state.hand) state = { ...state, hand: JSON.parse(JSON.stringify(state.hand)) as BaseHand };
          const out = playOut(state, rng, (seat, action) => actions.push({ seat, action }));
          if (!out.ok) throw new Error(out.error.message);
          expect(actions).toEqual(stepped.value.actions);
          expect(out.value.results).toEqual(stepped.value.state.results);
          expect(out.value.scores).toEqual(stepped.value.state.scores);
          expect(out.value.over).toBe(true);
          expect(out.value.results.length).toBeGreaterThan(0);
          hands += out.value.results.length;
        },
      ),
      { numRuns: 60 },
    );
    console.log(`playout properties: ${hands} hands`);
    expect(hands).toBeGreaterThanOrEqual(60);
  });
});
