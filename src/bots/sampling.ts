/**
 * Sampling the hidden cards: deals of the cards a bot cannot see that agree
 * with everything it has seen. Hard facts are never broken: its own hand, the
 * cards played, the suits each seat has shown out of, open hands
 * (bordlægger), vip's turned cards (in the declarer's hand after the
 * compulsory exchange), classic's turned trump card (the dealer's until
 * played), the kat cards it laid away itself, and the called card (never with
 * a seat that showed out of its suit; in the kat if its suit was led and it
 * did not fall). The auction is soft evidence (bids.auctionEvidence): deals
 * are drawn in proportion to how well each seat's hand agrees with what it
 * bid, passed, joined, named as trump and called.
 */
import { type Card, type Suit, JOKER, makeDeck } from "../engine/cards";
import type { Rng } from "../engine/random";
import type { MatchView, Seat } from "../engine/types";
import { type Evidence, auctionEvidence } from "./bids";
import { type HandProfile, handProfile } from "./evaluate";
import { auctionSteps, calledCard, playedCards, voidsShown } from "./facts";

export interface HiddenInfo {
  /** Known cards per seat (our own hand, open hands, cards known to be there). */
  readonly known: readonly Card[][];
  /** How many unknown cards each seat still holds. */
  readonly missing: readonly number[];
  /** Cards whose place is unknown (some may lie in the kat). */
  readonly pool: readonly Card[];
  readonly voids: readonly Set<Suit>[];
  /** The called card when it must lie in the kat. */
  readonly calledInKat: boolean;
}

/** What the bot at `me` knows and does not know about where the cards are. */
export function hiddenInfo(view: MatchView, me: Seat, myCards: readonly Card[]): HiddenInfo {
  const hand = view.hand!;
  const jokers = view.variant === "esmakker" ? 3 : 0;
  const known: Card[][] = [[], [], [], []];
  const placed: Card[] = [];
  hand.hands.forEach((h, s) => {
    if (h.cards) {
      known[s] = h.cards.slice();
      placed.push(...h.cards);
    }
  });
  known[me] = myCards.slice();
  // Classic: the turned trump card is the dealer's, in plain sight until the dealer plays it.
  const turnedTrump = hand.info["turnedCard"];
  if (typeof turnedTrump === "string" && hand.dealer !== me && !known[hand.dealer]!.includes(turnedTrump)) known[hand.dealer]!.push(turnedTrump);
  // Vip: the turned kat cards went into the declarer's hand with the exchange.
  const turned = (hand.info["vipTurned"] as Card[] | undefined) ?? [];
  const declarer = hand.contract?.declarer ?? null;
  const played = playedCards(hand);
  const exchanged = hand.phase === "play" || hand.tricks.length > 0;
  if (declarer !== null && declarer !== me && exchanged && hand.hands[declarer]!.cards === null) {
    // Jokers are identical: count how many turned ones are not yet accounted for by played jokers.
    for (const c of turned) if (c !== JOKER && !played.has(c)) known[declarer]!.push(c);
  }
  // Kat cards this seat may see (its own discards) are out of play.
  const katSeen = (hand.kat?.cards ?? []).filter((c): c is Card => c !== null);
  const gone = new Set<Card>([...played, ...katSeen.filter((c) => !turned.includes(c) || !exchanged)]);
  const deck = makeDeck(jokers);
  const pool: Card[] = [];
  // Remove every known or played card from the deck (jokers as a multiset).
  let jokersKnown = known.flat().filter((c) => c === JOKER).length;
  let jokersGone = 0;
  for (const t of [...hand.tricks, ...(hand.trick ? [hand.trick] : [])]) for (const p of t.plays) if (p.card === JOKER) jokersGone++;
  jokersGone += katSeen.filter((c) => c === JOKER).length;
  const knownSet = new Set(known.flat());
  for (const c of deck) {
    if (c === JOKER) {
      if (jokersKnown > 0) jokersKnown--;
      else if (jokersGone > 0) jokersGone--;
      else pool.push(c);
      continue;
    }
    if (!knownSet.has(c) && !gone.has(c)) pool.push(c);
  }
  const missing = hand.hands.map((h, s) => Math.max(0, h.count - known[s]!.length));
  const voids = voidsShown(hand);
  // The called card falls the first time its suit is led: if that happened without it, it is in the kat.
  const called = calledCard(view);
  let calledInKat = false;
  if (called && pool.includes(called)) {
    for (const t of hand.tricks) {
      const lead = t.plays[0]!.card;
      if (lead !== JOKER && lead[1] === called[1]) calledInKat = true;
    }
  }
  return { known, missing, pool, voids, calledInKat };
}

/**
 * One random deal of the unknown cards consistent with `info`; null when the
 * constraints could not be met in a few tries.
 */
export function sampleHands(info: HiddenInfo, rng: Rng, calledCardId: Card | null): Card[][] | null {
  const KAT = 4;
  for (let attempt = 0; attempt < 20; attempt++) {
    const hands = info.known.map((k) => k.slice());
    // Room per seat, and the kat (slot 4) takes whatever the seats do not.
    const room = [...info.missing, 0];
    room[KAT] = info.pool.length - info.missing.reduce((a, b) => a + b, 0);
    if (room[KAT]! < 0) return null;
    const pool = info.pool.slice();
    for (let i = pool.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = pool[i]!;
      pool[i] = pool[j]!;
      pool[j] = t;
    }
    let failed = false;
    for (const c of pool) {
      const allowed = (s: number) =>
        room[s]! > 0 &&
        (s === KAT || ((c === JOKER || !info.voids[s]!.has(c[1] as Suit)) && !(c === calledCardId && info.calledInKat)));
      // Weighted by room, so every consistent deal is about equally likely.
      let total = 0;
      for (let s = 0; s <= KAT; s++) if (allowed(s)) total += room[s]!;
      if (total === 0) {
        failed = true;
        break;
      }
      let pick = rng.int(total);
      let seat = 0;
      for (let s = 0; s <= KAT; s++) {
        if (!allowed(s)) continue;
        if (pick < room[s]!) {
          seat = s;
          break;
        }
        pick -= room[s]!;
      }
      room[seat]!--;
      if (seat !== KAT) hands[seat]!.push(c);
    }
    if (!failed) return hands;
  }
  return null;
}

/** A source of deals for one decision. */
export interface DealSampler {
  /** The next deal: every seat's cards (known ones included); null when the hard facts could not be met. */
  next(): Card[][] | null;
  /** Hands evaluated against the evidence so far (the caller counts them as search work). */
  readonly evaluations: number;
  /** The evidence the deals are weighed by (empty: plain uniform deals). */
  readonly evidence: readonly Evidence[];
}

/**
 * How sure the reading of one piece of evidence is, in margin units (about a
 * trick): a hand one trick short of what its bid promised is still e^(−1/0.75)
 * ≈ a quarter as likely as one that fits, since people (and the rough
 * evaluation) are not exact.
 */
const EVIDENCE_SCALE = 0.75;
/** No single action rules a hand out: a seat may bid oddly (a person, a bluff, a bot with another rule). */
const EVIDENCE_FLOOR = 0.001;
/** Proposals per hidden card before the first deal, and between deals. */
const BURN_IN_SWEEPS = 4;
const SWEEPS_PER_DEAL = 2;

/** Log-likelihood that a hand with profile `p` acted as `evidence` says. */
function logLikelihood(evidence: readonly Evidence[], p: HandProfile): number {
  let ll = 0;
  for (const e of evidence) {
    const fit = 1 / (1 + Math.exp(-e.margin(p) / EVIDENCE_SCALE));
    ll += Math.log(EVIDENCE_FLOOR + (1 - EVIDENCE_FLOOR) * fit);
  }
  return ll;
}

/**
 * Deals for the bot at `me`, drawn in proportion to how well they fit the
 * auction evidence (by default read from the view). Without evidence on any
 * hidden hand, each deal is an independent uniform draw (sampleHands).
 * Otherwise a Markov chain over deals: start from a uniform deal, propose
 * swapping two unknown cards between two places (seats or the kat) when both
 * may go there, and accept with the ratio of the new to the old likelihood
 * (Metropolis). Swaps are symmetric, so the chain's deals follow uniform ×
 * likelihood: exactly the deals consistent with the hard facts, weighted by
 * the evidence, however rare the evidence makes them (a rejection sampler
 * would need thousands of draws after a 10-bid). Consecutive deals are one
 * sweep of proposals apart.
 */
export function createDealSampler(
  view: MatchView,
  me: Seat,
  myCards: readonly Card[],
  rng: Rng,
  evidence: readonly Evidence[] = auctionEvidence(view, auctionSteps(view)),
): DealSampler {
  const info = hiddenInfo(view, me, myCards);
  const called = calledCard(view);
  const hand = view.hand!;
  // Only hands with unknown cards can be weighed; each against its own evidence.
  const bySeat: Evidence[][] = [[], [], [], []];
  for (const e of evidence) if (e.seat !== me && info.missing[e.seat]! > 0) bySeat[e.seat]!.push(e);
  const used = bySeat.flat();
  let evaluations = 0;
  if (used.length === 0)
    return {
      next: () => sampleHands(info, rng, called),
      get evaluations() {
        return evaluations;
      },
      evidence: used,
    };

  // The auction speaks of the hand as dealt: today's cards plus those already played.
  const playedBy: Card[][] = [[], [], [], []];
  for (const t of [...hand.tricks, ...(hand.trick ? [hand.trick] : [])]) for (const p of t.plays) playedBy[p.seat]!.push(p.card);
  const KAT = 4;
  const evaluate = (seat: number, unknown: readonly Card[]): number => {
    if (seat === KAT || bySeat[seat]!.length === 0) return 0;
    evaluations++;
    return logLikelihood(bySeat[seat]!, handProfile([...info.known[seat]!, ...unknown, ...playedBy[seat]!]));
  };
  // The same hard facts as sampleHands: the kat takes anything; a seat no card of a suit it showed out of, nor a called card known to lie in the kat.
  const allowed = (c: Card, place: number): boolean =>
    place === KAT || ((c === JOKER || !info.voids[place]!.has(c[1] as Suit)) && !(c === called && info.calledInKat));

  // Unknown cards per place (seats 0-3, kat 4); the places' sizes never change.
  let places: Card[][] | null = null;
  const ll = [0, 0, 0, 0, 0];
  let total = 0;
  const start = (): boolean => {
    const hands = sampleHands(info, rng, called);
    if (!hands) return false;
    places = hands.map((h, s) => h.slice(info.known[s]!.length));
    // The kat holds the pool's cards no seat took (jokers counted, not named).
    const rest = info.pool.slice();
    for (const c of places.flat()) rest.splice(rest.indexOf(c), 1);
    places.push(rest);
    total = places.reduce((n, p) => n + p.length, 0);
    for (let s = 0; s < 4; s++) ll[s] = evaluate(s, places[s]!);
    run(BURN_IN_SWEEPS * total);
    return true;
  };
  const locate = (i: number): [number, number] => {
    let place = 0;
    while (i >= places![place]!.length) i -= places![place++]!.length;
    return [place, i];
  };
  const run = (proposals: number): void => {
    const p = places!;
    for (let n = 0; n < proposals; n++) {
      const [a, i] = locate(rng.int(total));
      const [b, j] = locate(rng.int(total));
      const x = p[a]![i]!, y = p[b]![j]!;
      if (a === b || x === y || !allowed(x, b) || !allowed(y, a)) continue;
      p[a]![i] = y;
      p[b]![j] = x;
      const la = evaluate(a, p[a]!), lb = evaluate(b, p[b]!);
      const delta = la + lb - ll[a]! - ll[b]!;
      if (delta >= 0 || rng.nextU32() / 0x100000000 < Math.exp(delta)) {
        ll[a] = la;
        ll[b] = lb;
      } else {
        p[a]![i] = x;
        p[b]![j] = y;
      }
    }
  };
  return {
    next: () => {
      if (places === null) {
        if (!start()) return null;
      } else run(SWEEPS_PER_DEAL * total);
      return info.known.map((k, s) => [...k, ...places![s]!]);
    },
    get evaluations() {
      return evaluations;
    },
    evidence: used,
  };
}
