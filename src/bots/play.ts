/**
 * Heuristic card play. Three aims cover every contract: "win" (take tricks
 * for our side), "avoid" (our side must take few: sol, nolo, pass games) and
 * "push" (force the avoiding side to take tricks). With `memory` the player
 * counts the cards already played (top winners, voids, trumps left); without
 * it (the easy level) it looks only at its hand and the trick on the table.
 */
import { type Card, type Suit, JOKER, makeDeck, rankValue } from "../engine/cards";
import { type TrickRules, currentWinner } from "../engine/core/trick";
import type { MatchView, Seat, Trick } from "../engine/types";
import { ALL_SUITS, deckJokersOf, jokersPlayed, playedCards, type Sides, sidesOf, trickRulesOf, voidsShown } from "./facts";

export type Aim = "win" | "avoid" | "push";

export interface PlayContext {
  readonly me: Seat;
  readonly cards: readonly Card[];
  readonly legal: readonly Card[];
  readonly trick: Trick | null;
  readonly rules: TrickRules;
  readonly sides: Sides;
  readonly aim: Aim;
  /** Cards not in our hand and not yet played (jokers once per unseen joker). */
  readonly unseen: readonly Card[];
  readonly voids: readonly Set<Suit>[];
  readonly firstTrick: boolean;
  readonly memory: boolean;
}

export function playContext(view: MatchView, me: Seat, cards: readonly Card[], legal: readonly Card[], memory: boolean): PlayContext {
  const hand = view.hand!;
  const rules = trickRulesOf(view);
  const sides = sidesOf(view, me, cards);
  const aim: Aim = sides.declaringAvoids ? (sides.meDeclaring ? "avoid" : "push") : "win";
  const played = playedCards(hand);
  const jokerTotal = deckJokersOf(view);
  const deck = makeDeck(0);
  const unseen = deck.filter((c) => !played.has(c) && !cards.includes(c));
  const myJokers = cards.filter((c) => c === JOKER).length;
  for (let i = jokersPlayed(hand) + myJokers; i < jokerTotal; i++) unseen.push(JOKER);
  const trick = hand.trick && hand.trick.plays.length < 4 ? hand.trick : null;
  return { me, cards, legal, trick, rules, sides, aim, unseen, voids: voidsShown(hand), firstTrick: hand.tricks.length === 0, memory };
}

const rank = (c: Card, rules: TrickRules) => rankValue(c, rules.aceLow);
const suit = (c: Card) => (c === JOKER ? null : (c[1] as Suit));

/** Is `seat` on our side (for the aim of this hand)? */
function friendly(ctx: PlayContext, seat: Seat): boolean {
  if (seat === ctx.me) return true;
  if (ctx.sides.solo) return false;
  const inDeclaring = ctx.sides.declaring.includes(seat);
  if (ctx.sides.meDeclaring) return inDeclaring;
  // A defender: the declaring side is hostile; unknown seats are treated as hostile too.
  return ctx.sides.known && !inDeclaring;
}

/** Seat that would win the trick if `card` were played now by us. */
function winnerWith(ctx: PlayContext, card: Card): Seat {
  const t = ctx.trick!;
  return currentWinner({ leader: t.leader, plays: [...t.plays, { seat: ctx.me, card }] }, ctx.rules);
}

/** No unseen card of its suit outranks `card` (with memory), or it is an ace (without). */
function isTopCard(ctx: PlayContext, card: Card): boolean {
  const s = suit(card);
  if (s === null) return false;
  if (!ctx.memory) return rank(card, ctx.rules) === (ctx.rules.aceLow ? 13 : 14);
  const r = rank(card, ctx.rules);
  return !ctx.unseen.some((u) => u !== JOKER && u[1] === s && rank(u, ctx.rules) > r);
}

const lowest = (cards: readonly Card[], rules: TrickRules) => cards.reduce((a, b) => (rank(b, rules) < rank(a, rules) ? b : a));
const highest = (cards: readonly Card[], rules: TrickRules) => cards.reduce((a, b) => (rank(b, rules) > rank(a, rules) ? b : a));
const countSuit = (cards: readonly Card[], s: Suit) => cards.filter((c) => c !== JOKER && c[1] === s).length;

/** The card to throw away when it should not matter: low, from a short side suit, never a joker or a top card if avoidable. */
function discard(ctx: PlayContext, options: readonly Card[]): Card {
  const plain = options.filter((c) => c !== JOKER);
  if (plain.length === 0) return options[0]!;
  const nonTrump = plain.filter((c) => c[1] !== ctx.rules.trump);
  const pool = nonTrump.length > 0 ? nonTrump : plain;
  const notTop = pool.filter((c) => !isTopCard(ctx, c));
  const use = notTop.length > 0 ? notTop : pool;
  return use.reduce((a, b) => {
    const la = countSuit(ctx.cards, a[1] as Suit), lb = countSuit(ctx.cards, b[1] as Suit);
    const sa = rank(a, ctx.rules) + la * 0.5, sb = rank(b, ctx.rules) + lb * 0.5;
    return sb < sa ? b : a;
  });
}

function leadToWin(ctx: PlayContext): Card {
  const { legal, rules } = ctx;
  const plain = legal.filter((c) => c !== JOKER);
  const opponentsMayRuff = (s: Suit) =>
    rules.trump !== null && s !== rules.trump && ctx.memory && ctx.voids.some((v, seat) => !friendly(ctx, seat as Seat) && v.has(s));
  const trumpsOut = rules.trump !== null && ctx.unseen.some((c) => c !== JOKER && c[1] === rules.trump);
  // Draw trumps when we hold the top one and the declaring side owns the hand.
  if (ctx.memory && rules.trump !== null && trumpsOut && ctx.sides.meDeclaring) {
    const topTrump = plain.find((c) => c[1] === rules.trump && isTopCard(ctx, c));
    if (topTrump) return topTrump;
  }
  const winners = plain.filter((c) => isTopCard(ctx, c) && !opponentsMayRuff(c[1] as Suit) && (c[1] === rules.trump || !trumpsOut || !ctx.memory || countSuit(ctx.cards, c[1] as Suit) <= 4));
  if (winners.length > 0) return winners.reduce((a, b) => (rank(b, rules) > rank(a, rules) ? b : a));
  if (legal.includes(JOKER) && !(rules.jokerTrumpable && trumpsOut)) return JOKER;
  if (plain.length === 0) return legal[0]!;
  // Low from the longest side suit.
  let best: Suit | null = null;
  for (const s of ALL_SUITS) {
    if (s === rules.trump && ctx.sides.meDeclaring === false) continue;
    if (!plain.some((c) => c[1] === s)) continue;
    if (best === null || countSuit(ctx.cards, s) > countSuit(ctx.cards, best)) best = s;
  }
  const pool = best ? plain.filter((c) => c[1] === best) : plain;
  return lowest(pool, rules);
}

function followToWin(ctx: PlayContext): Card {
  const { legal, rules, trick } = ctx;
  const t = trick!;
  const winner = currentWinner(t, rules);
  const last = t.plays.length === 3;
  const plain = legal.filter((c) => c !== JOKER);
  const winning = plain.filter((c) => winnerWith(ctx, c) === ctx.me);
  if (friendly(ctx, winner)) {
    // Partner holds the trick; in second-to-last seat, help only when partner's card may be beaten.
    const partnerCard = t.plays.find((p) => p.seat === winner)!.card;
    const safe = last || partnerCard === JOKER || (ctx.memory && isTopCard(ctx, partnerCard));
    if (safe || winning.length === 0 || !ctx.memory) return discard(ctx, plain.length ? plain : legal);
    return winning.reduce((a, b) => (rank(b, rules) < rank(a, rules) ? b : a));
  }
  if (winning.length === 0) return discard(ctx, plain.length ? plain : legal);
  // Second hand low unless we can win with a card that surely holds.
  if (t.plays.length === 1 && ctx.memory) {
    const sure = winning.filter((c) => isTopCard(ctx, c) && (rules.trump === null || c[1] === rules.trump || !ctx.unseen.some((u) => u[1] === rules.trump)));
    if (sure.length > 0) return lowest(sure, rules);
    const led = suit(t.plays[0]!.card);
    const followers = plain.filter((c) => c[1] === led);
    if (followers.length > 0 && winning.every((c) => c[1] === led)) return lowest(followers, rules);
  }
  // Win as cheaply as possible: lowest trump when ruffing, otherwise the lowest winner.
  return winning.reduce((a, b) => {
    const ta = a[1] === rules.trump, tb = b[1] === rules.trump;
    if (ta !== tb) return ta ? b : a;
    return rank(b, rules) < rank(a, rules) ? b : a;
  });
}

function leadToAvoid(ctx: PlayContext): Card {
  const plain = ctx.legal.filter((c) => c !== JOKER);
  if (plain.length === 0) return ctx.legal[0]!;
  // The lead most likely to be beaten: many unseen cards above it in its suit.
  return plain.reduce((a, b) => (above(ctx, b) - rank(b, ctx.rules) * 0.01 > above(ctx, a) - rank(a, ctx.rules) * 0.01 ? b : a));
}

function above(ctx: PlayContext, card: Card): number {
  const r = rank(card, ctx.rules);
  if (!ctx.memory) return 14 - r;
  return ctx.unseen.filter((u) => u !== JOKER && u[1] === card[1] && rank(u, ctx.rules) > r).length;
}

function followToAvoid(ctx: PlayContext): Card {
  const { legal, rules, trick } = ctx;
  const t = trick!;
  const last = t.plays.length === 3;
  const plain = legal.filter((c) => c !== JOKER);
  const winner = currentWinner(t, rules);
  const ourTrickAlready = friendly(ctx, winner) && winner !== ctx.me;
  if (ourTrickAlready && last && plain.length > 0) return highest(plain, rules);
  const under = plain.filter((c) => winnerWith(ctx, c) !== ctx.me);
  if (under.length > 0) {
    // Shed the highest card that still loses; off-suit discards shed our most dangerous card.
    return under.reduce((a, b) => (danger(ctx, b) > danger(ctx, a) ? b : a));
  }
  if (legal.includes(JOKER)) return JOKER; // a joker that is not led never wins
  return last ? highest(plain, rules) : lowest(plain, rules);
}

/** How likely a card is to win a trick later: high rank in a short suit. */
function danger(ctx: PlayContext, card: Card): number {
  return rank(card, ctx.rules) * 2 - countSuit(ctx.cards, card[1] as Suit) * 0.3;
}

function followToPush(ctx: PlayContext): Card {
  const { legal, rules, trick } = ctx;
  const t = trick!;
  const plain = legal.filter((c) => c !== JOKER);
  if (plain.length === 0) return legal[0]!;
  const avoiders = ctx.sides.declaring;
  const winner = currentWinner(t, rules);
  const avoiderStillToPlay = avoiders.some((a) => !t.plays.some((p) => p.seat === a));
  if (avoiders.includes(winner)) {
    // Keep the avoider on top: play our highest card below it.
    const under = plain.filter((c) => winnerWith(ctx, c) === winner);
    if (under.length > 0) return highest(under, rules);
    return highest(plain, rules);
  }
  if (avoiderStillToPlay) return lowest(plain, rules);
  return highest(plain, rules);
}

function leadToPush(ctx: PlayContext): Card {
  const plain = ctx.legal.filter((c) => c !== JOKER);
  if (plain.length === 0) return ctx.legal[0]!;
  // Lead low in a suit the avoiders still hold.
  const holds = (c: Card) => !ctx.sides.declaring.some((a) => ctx.voids[a]!.has(c[1] as Suit));
  const pool = plain.filter(holds);
  return lowest(pool.length > 0 ? pool : plain, ctx.rules);
}

/** The heuristic card choice for the player to move. */
export function chooseCard(ctx: PlayContext): Card {
  if (ctx.legal.length === 1) return ctx.legal[0]!;
  const leading = ctx.trick === null || ctx.trick.plays.length === 0;
  switch (ctx.aim) {
    case "win":
      return leading ? leadToWin(ctx) : followToWin(ctx);
    case "avoid":
      return leading ? leadToAvoid(ctx) : followToAvoid(ctx);
    case "push":
      return leading ? leadToPush(ctx) : followToPush(ctx);
  }
}
