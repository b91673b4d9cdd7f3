/**
 * Heuristic card play. Three aims cover every contract: "win" (take tricks
 * for our side), "avoid" (our side must take few: sol, nolo, pass games) and
 * "push" (force the avoiding side to take tricks). With `memory` the player
 * counts the cards already played (top winners, voids, trumps left); without
 * it (the easy level) it looks only at its hand and the trick on the table.
 */
import { type Card, type Suit, JOKER, makeDeck, rankValue } from "../engine/cards";
import type { TrickRules } from "../engine/core/trick";
import type { MatchView, Seat, Trick } from "../engine/types";
import { ALL_SUITS, deckJokersOf, jokersPlayed, playedCards, type Sides, seatsToPlay, sidesOf, trickInProgress, trickRulesOf, trickWinner, voidsShown } from "./facts";

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
  /** Seats still to play to this trick after us, in no particular order (three minus the cards played at a table of four). */
  readonly after: readonly Seat[];
  /** Cards each seat holds now. */
  readonly held: readonly number[];
  /** Tricks we took in this hand so far. */
  readonly tricksTaken: number;
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
  const trick = trickInProgress(hand);
  const after = seatsToPlay(hand).filter((s) => s !== me);
  const held = hand.hands.map((h) => h.count);
  return { me, cards, legal, trick, rules, sides, aim, unseen, voids: voidsShown(hand), firstTrick: hand.tricks.length === 0, memory, after, held, tricksTaken: hand.tricksWon[me] ?? 0 };
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
  return trickWinner({ leader: t.leader, plays: [...t.plays, { seat: ctx.me, card }] }, ctx.rules);
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
  const winner = trickWinner(t, rules);
  const last = ctx.after.length === 0;
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
  const last = ctx.after.length === 0;
  const plain = legal.filter((c) => c !== JOKER);
  const winner = trickWinner(t, rules);
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
  const winner = trickWinner(t, rules);
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

/**
 * Every player for themself, each wanting tricks (no partners: knock-out
 * whist). Following: the cheapest card that wins the trick and will likely
 * hold against the seats after us, a long shot only while we have no trick
 * yet; otherwise a discard. Leading: the card likeliest to hold against
 * everyone (in 800 seeded matches each against easy bots, leading it even
 * when that is unlikely did better than leading low: 39 % wins at three
 * seats against 35-37 %, 22 % at five against 21 %).
 */
function followSolo(ctx: PlayContext, tricksTaken: number): Card {
  const plain = ctx.legal.filter((c) => c !== JOKER);
  const winning = plain.filter((c) => winnerWith(ctx, c) === ctx.me);
  if (winning.length === 0) return discard(ctx, plain.length ? plain : ctx.legal);
  const cost = (c: Card) => rank(c, ctx.rules) / 100 + (c[1] === ctx.rules.trump ? 0.15 : 0);
  const best = winning.reduce((a, b) => (holdChance(ctx, b) - cost(b) > holdChance(ctx, a) - cost(a) ? b : a));
  if (holdChance(ctx, best) >= 0.35 || tricksTaken === 0) return best;
  return discard(ctx, plain);
}

function leadSolo(ctx: PlayContext): Card {
  const plain = ctx.legal.filter((c) => c !== JOKER);
  if (plain.length === 0) return ctx.legal[0]!;
  return plain.reduce((a, b) => (holdChance(ctx, b) > holdChance(ctx, a) + 1e-9 ? b : a));
}

/** The heuristic card choice for the player to move. */
export function chooseCard(ctx: PlayContext): Card {
  if (ctx.legal.length === 1) return ctx.legal[0]!;
  const leading = ctx.trick === null || ctx.trick.plays.length === 0;
  switch (ctx.aim) {
    case "win":
      if (ctx.sides.solo && ctx.memory) return leading ? leadSolo(ctx) : followSolo(ctx, ctx.tricksTaken);
      return leading ? leadToWin(ctx) : followToWin(ctx);
    case "avoid":
      return leading ? leadToAvoid(ctx) : followToAvoid(ctx);
    case "push":
      return leading ? leadToPush(ctx) : followToPush(ctx);
  }
}

/**
 * How likely `card`, winning the trick as it stands, is to hold against the
 * seats still to play: every unseen card is as likely as any other to sit
 * with them (cards out of play included, as in knock-out whist's short
 * deals), a higher card of its suit beats it, and an unseen trump may ruff a
 * plain card (about half the time: its holder must be out of the suit).
 */
function holdChance(ctx: PlayContext, card: Card): number {
  if (ctx.after.length === 0) return 1;
  const heldAfter = ctx.after.reduce((n, s) => n + (ctx.held[s] ?? 0), 0);
  const pool = Math.max(ctx.unseen.length, heldAfter, 1);
  const withThem = Math.min(1, heldAfter / pool);
  const s = suit(card);
  const r = rank(card, ctx.rules);
  const higher = ctx.unseen.filter((u) => u !== JOKER && u[1] === s && rank(u, ctx.rules) > r).length;
  const trumps = s === ctx.rules.trump || ctx.rules.trump === null ? 0 : ctx.unseen.filter((u) => u !== JOKER && u[1] === ctx.rules.trump).length;
  const noHigher = (1 - withThem) ** higher;
  const noRuff = 1 - (1 - (1 - withThem) ** trumps) * 0.5;
  return noHigher * noRuff;
}

/**
 * For a seat that may pass this trick and play its card in a later one (the
 * dog's life of knock-out whist: one card, and one trick to win to stay in):
 * the card to play now, or null to wait. Only a card that wins the trick as
 * it stands is worth playing; it is played when it is likely enough to
 * hold, the bar lowering as the tricks left run out (in the last one the
 * rules allow no passing, so this is not asked). The bars (one in two with
 * three tricks or more to go, else three in ten) did as well as any tried
 * in 1600 seeded matches against easy bots.
 */
export function playNowOrWait(ctx: PlayContext, tricksLeft: number): Card | null {
  if (ctx.trick === null || ctx.trick.plays.length === 0) return ctx.legal[0] ?? null;
  const winning = ctx.legal.filter((c) => winnerWith(ctx, c) === ctx.me);
  if (winning.length === 0) return null;
  const best = winning.reduce((a, b) => (holdChance(ctx, b) > holdChance(ctx, a) ? b : a));
  const bar = tricksLeft >= 3 ? 0.5 : 0.3;
  return holdChance(ctx, best) >= bar ? best : null;
}
