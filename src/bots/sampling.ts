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
 * bid, passed, joined, named as trump and called. The play is soft evidence
 * too, where both sides want tricks (playEvidence): a seat that followed
 * suit under the trick's winning card played its lowest card of the suit,
 * and one that took the lead third or fourth in the trick (or by ruffing)
 * took it as cheaply as it could. Tables of four only (its
 * places are four seats and the kat): the strong level, its one user, plays
 * by the normal rules at other seat counts.
 */
import { type Card, type Suit, JOKER, makeDeck, rankValue } from "../engine/cards";
import type { Rng } from "../engine/random";
import type { MatchView, Seat } from "../engine/types";
import { type Evidence, auctionEvidence } from "./bids";
import { type HandProfile, handProfile } from "./evaluate";
import { auctionSteps, calledCard, deckJokersOf, jokersPlayed, playedCards, sidesOf, trickRulesOf, trickWinner, tricksSoFar, voidsShown } from "./facts";

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
  const jokers = deckJokersOf(view);
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
  const turned = hand.info.vipTurned ?? [];
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
  let jokersGone = jokersPlayed(hand) + katSeen.filter((c) => c === JOKER).length;
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
 * Per seat, the cards its play says it did not hold (so does not hold now),
 * where both sides want tricks: a seat that followed suit without taking the
 * lead held no lower card of that suit, and one that took the lead third or
 * fourth in the trick with a card of the suit led, or by ruffing anywhere,
 * held no cheaper card that would have taken it. Those are the normal level's
 * choices, and the strong level's among equal cards; a person may signal
 * instead (a high card to ask for the suit), so a seat whose later play
 * contradicts any of these readings is not read at all. Cards played by
 * obligation (the called card) say nothing. Our own seat is never read.
 */
export function playEvidence(view: MatchView, me: Seat, myCards: readonly Card[]): Set<Card>[] {
  const hand = view.hand!;
  const out = [0, 1, 2, 3].map(() => new Set<Card>());
  if (sidesOf(view, me, myCards).declaringAvoids) return out;
  const rules = trickRulesOf(view);
  const rank = (c: Card) => rankValue(c, rules.aceLow);
  const called = calledCard(view);
  const deck = makeDeck(0);
  // Per seat, each reading: the cards it rules out, and where in the hand's play it was made.
  const readings: { seat: Seat; cards: Card[]; at: number }[] = [];
  const playedAt: { seat: Seat; card: Card; at: number }[] = [];
  let at = 0;
  for (const t of tricksSoFar(hand)) {
    // The seat winning the trick after each of its cards.
    const winners = t.plays.map((_, i) => trickWinner({ leader: t.leader, plays: t.plays.slice(0, i + 1) }, rules));
    t.plays.forEach((p, i) => {
      const n = at++;
      playedAt.push({ seat: p.seat, card: p.card, at: n });
      const led = t.plays[0]!.card;
      if (i === 0 || p.seat === me || p.card === JOKER || p.card === called || led === JOKER) return;
      const before = t.plays.find((q) => q.seat === winners[i - 1])!.card;
      const takes = winners[i] === p.seat;
      const s = p.card[1]!;
      const r = rank(p.card);
      const floor = before !== JOKER && before[1] === s ? rank(before) : 0;
      let cards: Card[] = [];
      if (s === led[1] && !takes) cards = deck.filter((c) => c[1] === s && rank(c) < r);
      else if (takes && ((s === led[1] && i >= 2) || (s === rules.trump && s !== led[1]))) cards = deck.filter((c) => c[1] === s && rank(c) > floor && rank(c) < r);
      if (cards.length > 0) readings.push({ seat: p.seat, cards, at: n });
    });
  }
  const contradicted = new Set<Seat>();
  for (const r of readings) if (playedAt.some((p) => p.seat === r.seat && p.at > r.at && r.cards.includes(p.card))) contradicted.add(r.seat);
  for (const r of readings) if (!contradicted.has(r.seat)) for (const c of r.cards) out[r.seat]!.add(c);
  return out;
}

/** The kat's slot after the four seats. */
const KAT = 4;

/** Per pool card, the places (bits 0-3 seats, bit 4 the kat) it may go to; cached per info and called card. */
const placeMasks = new WeakMap<HiddenInfo, { called: Card | null; masks: Uint8Array }>();
function placesAllowed(info: HiddenInfo, called: Card | null): Uint8Array {
  const cached = placeMasks.get(info);
  if (cached && cached.called === called) return cached.masks;
  const masks = new Uint8Array(info.pool.length);
  info.pool.forEach((c, i) => {
    let m = 1 << KAT;
    if (!(c === called && info.calledInKat))
      for (let s = 0; s < 4; s++) if (c === JOKER || !info.voids[s]!.has(c[1] as Suit)) m |= 1 << s;
    masks[i] = m;
  });
  placeMasks.set(info, { called, masks });
  return masks;
}

/**
 * One random deal of the unknown cards consistent with `info`: every seat's cards (known ones included); null
 * when the constraints could not be met in a few tries.
 */
export function sampleHands(info: HiddenInfo, rng: Rng, calledCardId: Card | null): Card[][] | null {
  const places = dealUnknown(info, rng, calledCardId);
  return places && info.known.map((k, s) => [...k, ...places[s]!]);
}

/**
 * The unknown cards dealt to their places: seats 0-3, then the kat. Cards
 * are placed one by one in random order, each to a place it may go to with
 * chances in proportion to the room left there, so every consistent deal is
 * about equally likely.
 */
function dealUnknown(info: HiddenInfo, rng: Rng, calledCardId: Card | null): Card[][] | null {
  const masks = placesAllowed(info, calledCardId);
  const katRoom = info.pool.length - info.missing.reduce((a, b) => a + b, 0);
  if (katRoom < 0) return null;
  const order = Array.from({ length: info.pool.length }, (_, i) => i);
  const room = [0, 0, 0, 0, 0];
  for (let attempt = 0; attempt < 20; attempt++) {
    const places: Card[][] = [[], [], [], [], []];
    for (let s = 0; s < 4; s++) room[s] = info.missing[s]!;
    room[KAT] = katRoom;
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    let failed = false;
    for (const i of order) {
      const m = masks[i]!;
      let total = 0;
      for (let s = 0; s <= KAT; s++) if (m & (1 << s)) total += room[s]!;
      if (total === 0) {
        failed = true;
        break;
      }
      let pick = rng.int(total);
      let place = 0;
      for (; place < KAT; place++) {
        if (!(m & (1 << place))) continue;
        if (pick < room[place]!) break;
        pick -= room[place]!;
      }
      room[place]!--;
      places[place]!.push(info.pool[i]!);
    }
    if (!failed) return places;
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
/**
 * A card the play says a seat does not hold makes a deal a tenth as likely per
 * such card: the readings are conventions, not rules (a card that mattered
 * double dummy, an unblock, a person's signal).
 */
const LOG_PLAY_FLOOR = Math.log(0.1);
/** No single action rules a hand out: a seat may bid oddly (a person, a bluff, a bot with another rule). */
const EVIDENCE_FLOOR = 0.001;
/**
 * Uniform deals that probe how much the evidence says, and the share of new
 * deals a settled chain would take from which new deals alone are the cheaper
 * way to nearly independent draws (a few evaluations each, against about a
 * hundred for two sweeps of swaps); with them, the chance a deal repeats the
 * one before.
 */
const PROBE_DEALS = 16;
const WEAK_EVIDENCE_ACCEPTANCE = 0.3;
const REPEAT_CHANCE = 0.03;
/** What dealing one uniform deal costs, in hand evaluations (measured: about 6 µs against 2.6 µs). */
const FRESH_DEAL_EVALUATIONS = 2;
/** Where it says much: swap proposals per hidden card before the first deal and between deals, plus a few new-deal proposals. */
const BURN_IN_SWEEPS = 4;
const SWEEPS_PER_DEAL = 2;
const FRESH_PROPOSALS_STRONG = 3;

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
 * Otherwise a Markov chain over deals consistent with the hard facts, whose
 * deals follow uniform × likelihood (Metropolis), with two kinds of move:
 * a whole new uniform deal, taken with the ratio of its likelihood to the
 * current one's; and a swap of two unknown cards between two places (seats or
 * the kat) when both may go there, taken the same way. A probe of a few
 * uniform deals decides once, before the first deal, which the chain relies
 * on: where the evidence says little (pass games, a grand), new deals are
 * usually taken and give nearly independent draws for a few evaluations;
 * where it says much (a 10-bid, a sol), swaps walk into the rare deals that fit,
 * where a rejection sampler would need thousands of draws.
 */
export function createDealSampler(
  view: MatchView,
  me: Seat,
  myCards: readonly Card[],
  rng: Rng,
  evidence: readonly Evidence[] = auctionEvidence(view, auctionSteps(view)),
  readPlay = false,
): DealSampler {
  const info = hiddenInfo(view, me, myCards);
  const called = calledCard(view);
  const hand = view.hand!;
  // Only hands with unknown cards can be weighed; each against its own evidence.
  const bySeat: Evidence[][] = [[], [], [], []];
  for (const e of evidence) if (e.seat !== me && info.missing[e.seat]! > 0) bySeat[e.seat]!.push(e);
  const used = bySeat.flat();
  // The unknown cards the play says each seat does not hold (playEvidence never reads our own seat).
  const inPool = new Set(info.pool);
  const ruledOut = (readPlay ? playEvidence(view, me, myCards) : [0, 1, 2, 3].map(() => new Set<Card>())).map(
    (cards) => new Set([...cards].filter((c) => inPool.has(c))),
  );
  let evaluations = 0;
  if (used.length === 0 && ruledOut.every((r) => r.size === 0))
    return {
      next: () => sampleHands(info, rng, called),
      get evaluations() {
        return evaluations;
      },
      evidence: used,
    };

  // The auction speaks of the hand as dealt: today's cards plus those already played.
  const playedBy: Card[][] = [[], [], [], []];
  for (const t of tricksSoFar(hand)) for (const p of t.plays) playedBy[p.seat]!.push(p.card);
  const evaluate = (seat: number, unknown: readonly Card[]): number => {
    if (seat === KAT) return 0;
    let ll = 0;
    if (bySeat[seat]!.length > 0) {
      evaluations++;
      ll = logLikelihood(bySeat[seat]!, handProfile([...info.known[seat]!, ...unknown, ...playedBy[seat]!]));
    }
    const out = ruledOut[seat]!;
    if (out.size > 0) for (const c of unknown) if (out.has(c)) ll += LOG_PLAY_FLOOR;
    return ll;
  };
  // The same hard facts as the uniform deals: where each unknown card may go.
  const masks = placesAllowed(info, called);
  const placesOf = new Map(info.pool.map((c, i) => [c, masks[i]!]));
  const allowed = (c: Card, place: number): boolean => ((placesOf.get(c)! >> place) & 1) === 1;

  // Unknown cards per place (seats 0-3, kat 4); the places' sizes never change.
  let places: Card[][] | null = null;
  let ll = [0, 0, 0, 0, 0];
  let total = 0;
  /** A uniform deal as unknown cards per place, with its log-likelihood per place; null when the hard facts could not be met. */
  const fresh = (): { places: Card[][]; ll: number[] } | null => {
    evaluations += FRESH_DEAL_EVALUATIONS;
    const unknown = dealUnknown(info, rng, called);
    return unknown && { places: unknown, ll: unknown.map((u, s) => evaluate(s, u)) };
  };
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const uniform = () => rng.nextU32() / 0x100000000;
  // The schedule per deal, fixed once the probe in start() has run (a fixed schedule keeps every deal weighted right).
  let freshPerDeal = FRESH_PROPOSALS_STRONG;
  let sweepsPerDeal = SWEEPS_PER_DEAL;
  const start = (): boolean => {
    // Probe: a few uniform deals and their likelihoods. The chain starts from one of them drawn by likelihood, and
    // the share of new-deal proposals it would take once settled, sum over pairs of min(L_i, L_j) / (n sum L_i),
    // says how much the evidence says.
    const probe: { places: Card[][]; ll: number[] }[] = [];
    for (let k = 0; k < PROBE_DEALS; k++) {
      const deal = fresh();
      if (deal) probe.push(deal);
    }
    if (probe.length === 0) return false;
    const lls = probe.map((d) => sum(d.ll));
    const top = Math.max(...lls);
    const weights = lls.map((l) => Math.exp(l - top));
    const totalWeight = sum(weights);
    let pick = uniform() * totalWeight;
    let chosen = 0;
    while (chosen < probe.length - 1 && pick >= weights[chosen]!) pick -= weights[chosen++]!;
    places = probe[chosen]!.places;
    ll = probe[chosen]!.ll;
    total = places.reduce((n, p) => n + p.length, 0);
    let overlap = 0;
    for (const a of weights) for (const b of weights) overlap += Math.min(a, b);
    const acceptance = overlap / (probe.length * totalWeight);
    if (acceptance >= WEAK_EVIDENCE_ACCEPTANCE) {
      // Enough new-deal proposals that a deal rarely repeats the one before.
      freshPerDeal = Math.ceil(Math.log(REPEAT_CHANCE) / Math.log(1 - Math.min(acceptance, 0.99)));
      sweepsPerDeal = 0;
    } else swaps(BURN_IN_SWEEPS * total);
    return true;
  };
  // Independence proposals: a whole new uniform deal, taken with the ratio of its likelihood to the current one's.
  // Where the evidence says little they are nearly always taken, so deals come out as independent as plain draws.
  const jump = (): boolean => {
    const next = fresh();
    if (!next) return false;
    const delta = sum(next.ll) - sum(ll);
    if (delta < 0 && uniform() >= Math.exp(delta)) return false;
    places = next.places;
    ll = next.ll;
    return true;
  };
  const locate = (i: number): [number, number] => {
    let place = 0;
    while (i >= places![place]!.length) i -= places![place++]!.length;
    return [place, i];
  };
  // Swap proposals: two unknown cards change places when both may go there. Where the evidence is strong (a 10-bid)
  // a new deal is rarely taken, and the swaps walk into the rare deals that fit it.
  const swaps = (proposals: number): void => {
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
      if (delta >= 0 || uniform() < Math.exp(delta)) {
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
      } else {
        for (let k = 0; k < freshPerDeal; k++) jump();
        swaps(sweepsPerDeal * total);
      }
      return info.known.map((k, s) => [...k, ...places![s]!]);
    },
    get evaluations() {
      return evaluations;
    },
    evidence: used,
  };
}
