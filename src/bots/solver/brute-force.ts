/**
 * A plain minimax over card strings, written independently of the bitmask
 * search: the reference the solver is tested against on small positions.
 * Exponential; only for a few cards per hand. A fordækt card is played as the
 * engine scores it: a pseudo card "0" + the called suit, below every rank.
 */
import { type Card, JOKER, makeDeck, type Suit } from "../../engine/cards";
import type { TrickRules } from "../../engine/core/trick";
import { createRng, shuffle } from "../../engine/random";
import { currentWinner } from "../../engine/core/trick";
import type { Seat, Trick } from "../../engine/types";
import { nextSeat } from "../../engine/types";
import type { SolveInput } from "./index";

/** Legal cards for `seat` under the solver's rules (follow suit, jokers, first-trick joker lead, called card). */
export function bruteLegal(hand: readonly Card[], trick: Trick | null, firstTrick: boolean, called: Card | null): Card[] {
  const holdsCalled = called !== null && hand.includes(called);
  if (!trick || trick.plays.length === 0) {
    return hand.filter((c) => {
      if (c === JOKER) return !firstTrick;
      if (holdsCalled && c[1] === called![1] && c !== called) return false;
      return true;
    });
  }
  const lead = trick.plays[0]!.card;
  if (lead === JOKER) return hand.slice();
  const suit = lead[1];
  const following = hand.filter((c) => c !== JOKER && c[1] === suit);
  if (following.length === 0) return hand.slice();
  if (holdsCalled && called![1] === suit) return [called!];
  return [...following, ...hand.filter((c) => c === JOKER)];
}

/** The fordækt card as the lowest card of the called suit: "0" + that suit. */
const pseudoOf = (input: SolveInput): Card | null =>
  input.hidden && input.hidden !== JOKER && input.called && input.called !== JOKER ? "0" + input.called[1] : null;

/** Tricks the side takes with best play; per legal card of the player to move as well. */
export function bruteForce(input: SolveInput): { tricks: number; cards: Map<Card, number> } {
  const pseudo = pseudoOf(input);
  if (pseudo) {
    const swap = (c: Card) => (c === input.hidden ? pseudo : c);
    const res = bruteForce({
      ...input,
      hidden: null,
      hands: input.hands.map((h) => h.map(swap)),
      trick: input.trick && { leader: input.trick.leader, plays: input.trick.plays.map((p) => ({ seat: p.seat, card: swap(p.card) })) },
    });
    return { tricks: res.tricks, cards: new Map([...res.cards].map(([c, v]) => [c === pseudo ? input.hidden! : c, v])) };
  }
  const side = new Set(input.side);
  const sideMax = input.sideMaximises ?? true;
  const stopSide = input.stopSide ?? 99, stopOthers = input.stopOthers ?? 99;
  const called = input.called ?? null;

  // Values of trick-boundary positions already solved (keyed by every card's place), so a few more cards stay cheap.
  const memo = new Map<string, number>();
  const go = (hands: Card[][], trick: Trick | null, leader: Seat, first: boolean, ts: number, to: number): number => {
    if (ts >= stopSide || to >= stopOthers) return 0;
    if (!trick) {
      const key = `${hands.map((h) => h.slice().sort().join(",")).join("|")}|${leader}|${first}|${ts}|${to}`;
      let v = memo.get(key);
      if (v === undefined) {
        v = search(hands, trick, leader, first, ts, to);
        memo.set(key, v);
      }
      return v;
    }
    return search(hands, trick, leader, first, ts, to);
  };

  const search = (hands: Card[][], trick: Trick | null, leader: Seat, first: boolean, ts: number, to: number): number => {
    const seat = trick ? nextSeat(trick.leader, trick.plays.length) : leader;
    if (hands[seat]!.length === 0) return 0;
    const maximiser = side.has(seat) === sideMax;
    let best = maximiser ? -1 : 99;
    const seen = new Set<Card>();
    for (const card of bruteLegal(hands[seat]!, trick, first, called)) {
      if (seen.has(card)) continue;
      seen.add(card);
      best = maximiser ? Math.max(best, step(hands, trick, seat, card, first, ts, to)) : Math.min(best, step(hands, trick, seat, card, first, ts, to));
    }
    return best;
  };

  const step = (hands: Card[][], trick: Trick | null, seat: Seat, card: Card, first: boolean, ts: number, to: number): number => {
    const nextHands = hands.map((h, s) => {
      if (s !== seat) return h;
      const i = h.indexOf(card);
      return [...h.slice(0, i), ...h.slice(i + 1)];
    });
    const t: Trick = trick ? { leader: trick.leader, plays: [...trick.plays, { seat, card }] } : { leader: seat, plays: [{ seat, card }] };
    if (t.plays.length < 4) return go(nextHands, t, seat, first, ts, to);
    const winner = currentWinner(t, input.rules);
    const won = side.has(winner) ? 1 : 0;
    return won + go(nextHands, null, winner, false, ts + won, to + 1 - won);
  };

  const hands = input.hands.map((h) => h.slice());
  const trick = input.trick && input.trick.plays.length > 0 ? input.trick : null;
  const leader = trick ? trick.leader : (input.leader ?? 0);
  const first = input.firstTrick ?? false;
  const ts = input.takenSide ?? 0, to = input.takenOthers ?? 0;
  const tricks = go(hands, trick, leader, first, ts, to);
  const seat = trick ? nextSeat(trick.leader, trick.plays.length) : leader;
  const cards = new Map<Card, number>();
  if (ts < stopSide && to < stopOthers)
    for (const card of bruteLegal(hands[seat]!, trick, first, called)) cards.set(card, step(hands, trick, seat, card, first, ts, to));
  return { tricks, cards };
}

const SUITS: Suit[] = ["S", "H", "D", "C"];

/**
 * A random small position (1-4 cards per hand, or `cards` when given; any rules, maybe a trick in
 * progress) for property tests.
 */
export function randomSmallPosition(seed: string, cards?: number): SolveInput {
  const rng = createRng(seed);
  const perHand = cards ?? (rng.int(5) === 0 ? 4 : 1 + rng.int(3)); // mostly 1..3 cards, sometimes 4
  const withJokers = rng.int(2) === 1;
  const deck = shuffle(makeDeck(withJokers ? 2 : 0), rng);
  const hands: Card[][] = [0, 1, 2, 3].map((s) => deck.slice(s * perHand, (s + 1) * perHand));
  const r: TrickRules = {
    trump: rng.int(3) === 0 ? null : SUITS[rng.int(4)]!,
    aceLow: rng.int(4) === 0,
    jokers: true,
    jokerTrumpable: rng.int(3) === 0,
  };
  const leader = rng.int(4) as Seat;
  // A first trick needs a lead that is not a joker.
  const firstTrick = rng.int(4) === 0 && hands[leader]!.some((c) => c !== JOKER);
  const aces = hands.flat().filter((c) => c[0] === "A");
  const called = aces.length > 0 && rng.int(2) === 0 ? aces[rng.int(aces.length)]! : null;
  // Sometimes a fordækt card: one of another suit that counts as the lowest of the called suit.
  const hideable = called ? hands.flat().filter((c) => c !== JOKER && c[1] !== called[1]) : [];
  const hidden = hideable.length > 0 && rng.int(2) === 0 ? hideable[rng.int(hideable.length)]! : null;
  const pseudo = hidden ? "0" + called![1] : null;
  // Play 0..3 cards of the first trick (legal as the hidden card counts).
  let trick = null as Trick | null;
  const k = rng.int(4);
  for (let i = 0; i < k; i++) {
    const seat = nextSeat(leader, i);
    const asPlayed = trick && { leader, plays: trick.plays.map((p) => (p.card === hidden ? { seat: p.seat, card: pseudo! } : p)) };
    const legal = bruteLegal(hands[seat]!.map((c) => (c === hidden ? pseudo! : c)), asPlayed, firstTrick, called).map((c) => (c === pseudo ? hidden! : c));
    const card = legal[rng.int(legal.length)]!;
    hands[seat]!.splice(hands[seat]!.indexOf(card), 1);
    trick = { leader, plays: [...(trick?.plays ?? []), { seat, card }] };
  }
  const sides: Seat[][] = [[0, 2], [1, 3], [0], [1, 2, 3], [2, 3]];
  const side = sides[rng.int(sides.length)]!;
  const sideMaximises = rng.int(3) !== 0;
  const stop = rng.int(3) === 0;
  return {
    hands,
    trick,
    leader,
    rules: r,
    side,
    sideMaximises,
    firstTrick,
    called,
    hidden,
    stopSide: stop ? 1 + rng.int(2) : undefined,
    stopOthers: stop && rng.int(2) === 0 ? 1 + rng.int(3) : undefined,
  };
}

