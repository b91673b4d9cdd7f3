/**
 * Contract set-up choices outside bidding and card play: trump, the called
 * ace, vip turns, the kat exchange, gå med, fordækt kort and jernhånd.
 * Each picks from the legal actions with simple hand-strength rules. The
 * margins beside the trump, call and join rules state the same rules as
 * numbers (>= 0: a bot would have chosen so), for reading other seats'
 * choices back (bids.auctionEvidence).
 */
import { type Card, type Suit, JOKER, rankValue } from "../engine/cards";
import type { Action, MatchView } from "../engine/types";
import { type HandProfile, avoidRisk, bestTrump, bestTrumpOf, handProfile, playingTricks, profileHolds, profileLength, profileTricks } from "./evaluate";
import { ALL_SUITS, calledCard, isAvoidContract } from "./facts";

const suitLength = (cards: readonly Card[], s: Suit) => cards.filter((c) => c !== JOKER && c[1] === s).length;

/**
 * Naming trump: the suit that gives the hand the most tricks (the longer on
 * a tie). Where playing without trump is allowed too, a flat hand (no suit
 * much longer than a quarter of it) of high cards (winners for at least half
 * its cards without trump) that does as well without trump plays without:
 * its long suit would only help the others ruff its winners.
 */
export function chooseTrump(cards: readonly Card[], legal: readonly Action[]): Action {
  const options = legal.filter((a): a is Extract<Action, { type: "trump" }> => a.type === "trump");
  const best = bestTrump(cards, options.map((o) => o.suit));
  const noTrump = legal.find((a) => a.type === "noTrump");
  if (noTrump && cards.length > 0) {
    const p = handProfile(cards);
    const flat = Math.max(...p.lengths) * 4 <= cards.length + 4;
    const high = p.noTrump >= cards.length / 2;
    if (flat && high && p.noTrump >= best.tricks - 0.25) return noTrump;
  }
  return options.find((o) => o.suit === best.suit) ?? legal[0]!;
}

/**
 * How much to trust a hand's margin for its trump: a bot names its best suit
 * (margin 0.5); each trick a suit falls short of the best costs 2.
 */
export function trumpChoiceMargin(p: HandProfile, trump: Suit, allowed: readonly Suit[] = ALL_SUITS): number {
  const best = bestTrumpOf(p, allowed).tricks;
  return 2 * (profileTricks(p, trump) + profileLength(p, trump) * 0.01 - best) + 0.5;
}

/** How much we like calling `card`: a side suit we are long in and hold the king of, never our own ace when avoidable. */
function callScore(p: HandProfile, card: Card, trump: Suit | null): number {
  const s = card[1] as Suit;
  let score = profileLength(p, s) * 2;
  if (profileHolds(p, card)) score -= 50; // selvmakker: playing alone
  if (profileHolds(p, "K" + s)) score += 3;
  if (s === trump) score -= 1;
  return score;
}

export function chooseCall(cards: readonly Card[], legal: readonly Action[], trump: Suit | null): Action {
  const calls = legal.filter((a): a is Extract<Action, { type: "call" }> => a.type === "call");
  const p = handProfile(cards);
  let best = calls[0]!;
  let bestScore = -Infinity;
  for (const c of calls) {
    const score = callScore(p, c.card, trump);
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

/** Call-score points that weigh like one trick of bid margin (a suit two cards longer is worth about 2/3 of a trick). */
const CALL_SCORE_PER_TRICK = 6;

/**
 * The call rule as a margin: how far `called` beats the best other card of its
 * rank (the trump suit is not callable when trump was named first), capped so
 * one call never outweighs the auction.
 */
export function callMargin(p: HandProfile, called: Card, trump: Suit | null): number {
  const rank = called[0]!;
  let other = -Infinity;
  for (const s of ALL_SUITS) if (s !== called[1] && s !== trump) other = Math.max(other, callScore(p, rank + s, trump));
  const diff = other === -Infinity ? 1 : (callScore(p, called, trump) - other) / CALL_SCORE_PER_TRICK;
  return Math.max(-3, Math.min(1, diff + 0.5));
}

/** Vip: accept the turned card's suit when it is close to our best trump; otherwise turn the next. */
export function chooseVip(view: MatchView, cards: readonly Card[], legal: readonly Action[]): Action {
  const accept = legal.find((a) => a.type === "vipAccept");
  const turn = legal.find((a) => a.type === "vipTurn");
  if (!accept || !turn) return accept ?? turn ?? legal[0]!;
  const turned = (view.hand?.kat?.cards ?? []).filter((c): c is Card => c !== null);
  const last = turned[turned.length - 1];
  if (!last) return turn;
  const best = bestTrump(cards).tricks;
  const offered = last === JOKER ? playingTricks(cards, null) : playingTricks(cards, last[1] as Suit);
  return offered >= best - 0.8 ? accept : turn;
}

/** How much we want to keep a card (higher = keep). */
function keepScore(cards: readonly Card[], card: Card, trump: Suit | null, avoid: boolean, called: Card | null): number {
  if (card === called) return 1000;
  if (card === JOKER) return avoid ? 60 : 90;
  const s = card[1] as Suit;
  if (avoid) return 20 - rankValue(card, true) - suitLength(cards, s) * 0.1; // shed high cards, shortest suits first
  const r = rankValue(card, false);
  let score = r + (s === trump ? 20 : 0);
  if (r === 14) score += 30;
  if (r === 13 && suitLength(cards, s) >= 2) score += 10;
  // Cards of a short side suit go first: a void lets trumps ruff.
  if (s !== trump) score += suitLength(cards, s) * 1.5;
  return score;
}

export function chooseDiscard(cards: readonly Card[], trump: Suit | null, avoid: boolean, called: Card | null): Card[] {
  return cards
    .slice()
    .sort((a, b) => keepScore(cards, a, trump, avoid, called) - keepScore(cards, b, trump, avoid, called))
    .slice(0, 3);
}

const sameCards = (a: readonly Card[], b: readonly Card[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function chooseExchange(view: MatchView, cards: readonly Card[], legal: readonly Action[]): Action {
  const options = legal.filter((a): a is Extract<Action, { type: "exchange" }> => a.type === "exchange");
  const contract = view.hand?.contract ?? null;
  const avoid = isAvoidContract(contract);
  const keep = options.find((o) => o.discard.length === 0);
  // A sol hand that is already safe keeps its cards.
  if (avoid && keep && avoidRisk(cards) < 0.05) return keep;
  const discard = chooseDiscard(cards, contract?.trump ?? null, avoid, calledCard(view));
  if (options.some((o) => o.discard.length === 1)) {
    // exchangeUpTo3: lay away only the cards worth less than an unseen kat card is likely to be
    // (a middle card: rank 8 in a trump contract, under a ten when avoiding tricks).
    const worse = discard.filter((c) => keepScore(cards, c, contract?.trump ?? null, avoid, calledCard(view)) < UNSEEN_CARD_SCORE(avoid));
    const partial = options.find((o) => sameCards(o.discard, worse));
    if (partial) return partial;
  }
  const listed = options.find((o) => sameCards(o.discard, discard));
  if (listed) return listed;
  const threes = options.filter((o) => o.discard.length === 3);
  if (threes.length > 0 && threes.length >= choose3(cards.length)) {
    // Every discard is listed: take the one that keeps the most.
    let best = threes[0]!;
    let bestLoss = Infinity;
    for (const o of threes) {
      const loss = o.discard.reduce((sum, c) => sum + keepScore(cards, c, contract?.trump ?? null, avoid, calledCard(view)), 0);
      if (loss < bestLoss) {
        bestLoss = loss;
        best = o;
      }
    }
    return best;
  }
  return { type: "exchange", discard };
}

/** The keepScore of the card an unseen kat card is worth on average, for exchangeUpTo3. */
const UNSEEN_CARD_SCORE = (avoid: boolean): number => (avoid ? 10 : 12);

const choose3 = (n: number) => (n * (n - 1) * (n - 2)) / 6;

/** Gå med as a margin: only a hand that is safe for avoiding tricks joins a sol. */
export const joinMargin = (p: HandProfile): number => 0.3 - p.avoidRisk;

export function chooseJoin(cards: readonly Card[], legal: readonly Action[]): Action {
  const join = legal.find((a) => a.type === "join");
  const decline = legal.find((a) => a.type === "decline");
  if (join && joinMargin(handProfile(cards)) > 0) return join;
  return decline ?? join ?? legal[0]!;
}

/** Fordækt kort: hide our lowest card of the longest suit when offered, else decline. */
export function chooseHide(cards: readonly Card[], legal: readonly Action[]): Action {
  const hides = legal.filter((a): a is Extract<Action, { type: "hide" }> => a.type === "hide");
  const decline = legal.find((a) => a.type === "decline");
  if (hides.length === 0) return decline ?? legal[0]!;
  const lowest = hides.slice().sort((a, b) => rankValue(a.card, false) - rankValue(b.card, false))[0]!;
  return lowest;
}

/** Jernhånd: a hand without honours or jokers is worth a redeal. */
export const chooseRedeal = (legal: readonly Action[]): Action | null => legal.find((a) => a.type === "redeal") ?? null;
