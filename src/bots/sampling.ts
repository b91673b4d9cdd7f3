/**
 * Sampling the hidden cards: deals of the cards a bot cannot see that agree
 * with everything it has seen — its own hand, the cards played, the suits each
 * seat has shown out of, open hands (bordlægger), vip's turned cards (in the
 * declarer's hand after the compulsory exchange), the kat cards it laid away
 * itself, and the called card (never with a seat that showed out of its suit;
 * in the kat if its suit was led and it did not fall).
 */
import { type Card, type Suit, JOKER, makeDeck } from "../engine/cards";
import type { Rng } from "../engine/random";
import type { MatchView, Seat } from "../engine/types";
import { calledCard, playedCards, voidsShown } from "./facts";

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
