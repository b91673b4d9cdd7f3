/**
 * What a computer player can read off its MatchView: its own cards, the trick
 * rules in force, who plays with whom, what each side wants, the cards already
 * seen and the suits each seat has shown out of. Everything here is derived
 * from public information plus the bot's own hand; nothing else is available.
 */
import { type Card, type Suit, JOKER, rankValue } from "../engine/cards";
import { type TrickRules, currentWinner } from "../engine/core/trick";
import { apply, createMatch, getVariant, legalActions } from "../engine/index";
import { variantMeta } from "../engine/meta";
import type { Action, ContractSummary, HandView, MatchView, Seat, Trick, VariantMeta } from "../engine/types";
import { nextSeat } from "../engine/types";

export const ALL_SUITS: readonly Suit[] = ["S", "H", "D", "C"];

/** The hand view of a seated player, or null (spectator / no hand in progress). */
export function seatedHand(view: MatchView): { me: Seat; hand: HandView; cards: Card[] } | null {
  const me = view.seat;
  const hand = view.hand;
  if (me === null || hand === null) return null;
  const cards = hand.hands[me]?.cards;
  return { me, hand, cards: cards ? cards.slice() : [] };
}

/** True when the contract asks its declaring side to take few tricks (sol, nolo, ...): it sets a most. */
export const isAvoidContract = (c: ContractSummary | null): boolean => c?.need?.max !== undefined;

/** Jokers in the variant's deck under the table's options. */
export const deckJokersOf = (view: MatchView): number => getVariant(view.variant)?.deckJokers(view.options) ?? 0;

/** Whether the declarer's partner is whoever holds the called card (es-makker), unknown until it shows. */
export const partnerCalled = (variant: string): boolean => variantMeta(variant)?.teams.kind === "called";

/** The game the hand is when every seat passed (the variant says which, if any); null during the auction and with a contract. */
const passGameOf = (view: MatchView): VariantMeta["passGame"] =>
  view.hand !== null && view.hand.phase !== "auction" && view.hand.contract === null ? (variantMeta(view.variant)?.passGame ?? null) : null;

/** Every player for themself in every hand (the variant has no partners at all). */
export const noPartners = (variant: string): boolean => variantMeta(variant)?.teams.kind === "none";

/** Everyone for themself, fewest tricks win (Danish pasnolo). */
export const isPasnolo = (view: MatchView): boolean => passGameOf(view)?.teams === "solo";

/** A pass game of the fixed pairs: both pairs try to avoid tricks (Norwegian whist). */
export const isPairsPassGame = (view: MatchView): boolean => passGameOf(view)?.teams === "pairs";

/** The trick rules in force for the hand the view shows. */
export function trickRulesOf(view: MatchView): TrickRules {
  const info = view.hand?.info;
  const contract = view.hand?.contract ?? null;
  const trump = contract?.trump ?? info?.trump ?? null;
  const aceLow = typeof info?.aceLow === "boolean" ? info.aceLow : isAvoidContract(contract) || (contract === null && (variantMeta(view.variant)?.passGame?.aceLow ?? false));
  const jokers = deckJokersOf(view) > 0;
  const jokerTrumpable = view.options["jokerTrumpable"] === true;
  return { trump, aceLow, jokers, jokerTrumpable };
}

export interface Sides {
  /** Seats known to play on the declaring side (declarer first); for partnership games, the pair of `me`. */
  readonly declaring: readonly Seat[];
  /** True when the declaring side is fully known to this bot. */
  readonly known: boolean;
  /** Does the bot itself belong to the declaring side? (for no-contract hands: its own pair) */
  readonly meDeclaring: boolean;
  /** True when the declaring side wants to take as few tricks as possible. */
  readonly declaringAvoids: boolean;
  /** Everyone for themself (pasnolo). */
  readonly solo: boolean;
}

/** The called card (ace or king) of an es-makker contract, when there is one. */
export const calledCard = (view: MatchView): Card | null => view.hand?.contract?.called ?? null;

/** Who plays with whom, as far as `me` can tell. */
export function sidesOf(view: MatchView, me: Seat, myCards: readonly Card[]): Sides {
  const hand = view.hand!;
  const contract = hand.contract;
  if (isPasnolo(view)) return { declaring: [me], known: true, meDeclaring: true, declaringAvoids: true, solo: true };
  // No partners: each player takes tricks for themself, whoever chose trump.
  if (noPartners(view.variant)) return { declaring: [me], known: true, meDeclaring: true, declaringAvoids: false, solo: true };
  if (contract === null || contract.declarer === null) {
    // Classic whist or a pass game: fixed pairs, seats 0+2 against 1+3.
    const avoids = isPairsPassGame(view);
    return { declaring: [me, nextSeat(me, 2)], known: true, meDeclaring: true, declaringAvoids: avoids, solo: false };
  }
  const declarer = contract.declarer;
  const avoids = isAvoidContract(contract);
  if (!partnerCalled(view.variant)) {
    const alone = contract.alone === true;
    const declaring: Seat[] = alone ? [declarer] : [declarer, nextSeat(declarer, 2)];
    return { declaring, known: true, meDeclaring: declaring.includes(me), declaringAvoids: avoids, solo: false };
  }
  // Es-makker: the partner is whoever holds the called card.
  if (contract.alone || avoids) return { declaring: [declarer], known: true, meDeclaring: me === declarer, declaringAvoids: avoids, solo: false };
  if (contract.partners.length > 0) {
    const declaring = [declarer, ...contract.partners];
    return { declaring, known: true, meDeclaring: declaring.includes(me), declaringAvoids: avoids, solo: false };
  }
  const called = calledCard(view);
  const played = playedCards(hand);
  if (called && me !== declarer && myCards.includes(called)) return { declaring: [declarer, me], known: true, meDeclaring: true, declaringAvoids: avoids, solo: false };
  if (called && played.has(called)) {
    // The called card was played: its player is the partner.
    for (const t of tricksSoFar(hand))
      for (const p of t.plays)
        if (p.card === called) {
          const declaring = p.seat === declarer ? [declarer] : [declarer, p.seat];
          return { declaring, known: true, meDeclaring: declaring.includes(me), declaringAvoids: avoids, solo: false };
        }
  }
  // The declarer knows if it holds the called card itself (selvmakker) or whether the kat held it.
  if (me === declarer && called && myCards.includes(called)) return { declaring: [declarer], known: true, meDeclaring: true, declaringAvoids: avoids, solo: false };
  return { declaring: [declarer], known: false, meDeclaring: me === declarer, declaringAvoids: avoids, solo: false };
}

/** Every card already played in this hand (completed tricks and the trick in progress). */
export function playedCards(hand: HandView): Set<Card> {
  const out = new Set<Card>();
  for (const t of tricksSoFar(hand)) for (const p of t.plays) out.add(p.card);
  return out;
}

/** The hand's tricks so far, the one in progress last (when there is one). */
export function tricksSoFar(hand: { readonly tricks: readonly Trick[]; readonly trick: Trick | null }): readonly Trick[] {
  return hand.trick ? [...hand.tricks, hand.trick] : hand.tricks;
}

/** Jokers played so far (jokers are identical, so a set cannot count them). */
export function jokersPlayed(hand: HandView): number {
  let n = 0;
  for (const t of tricksSoFar(hand)) for (const p of t.plays) if (p.card === JOKER) n++;
  return n;
}

/** Suits each seat has shown out of (failed to follow). A joker played to a suit lead proves nothing. */
export function voidsShown(hand: HandView): Set<Suit>[] {
  const voids = hand.hands.map(() => new Set<Suit>());
  const scan = (plays: readonly { seat: Seat; card: Card }[]) => {
    const lead = plays[0];
    if (!lead || lead.card === JOKER) return;
    const suit = lead.card[1] as Suit;
    for (let i = 1; i < plays.length; i++) {
      const p = plays[i]!;
      if (p.card !== JOKER && p.card[1] !== suit) voids[p.seat]!.add(suit);
    }
  };
  for (const t of hand.tricks) scan(t.plays);
  if (hand.trick) scan(hand.trick.plays);
  return voids;
}

/** Seats that passed the trick in progress (they may play in a later trick instead), as the variant reports them. */
const passedSeats = (hand: HandView): readonly Seat[] => (Array.isArray(hand.info["passed"]) ? (hand.info["passed"] as Seat[]) : []);

/**
 * Seats still to play to the trick in progress (the seat to move included):
 * those holding cards that have neither played to it nor passed it. At a
 * table of four that is everyone who has not played; where players are out
 * of the game (no cards) or may pass, fewer.
 */
export function seatsToPlay(hand: HandView): Seat[] {
  const played = hand.trick?.plays ?? [];
  const passed = passedSeats(hand);
  const out: Seat[] = [];
  hand.hands.forEach((h, s) => {
    if (h.count > 0 && !played.some((p) => p.seat === s) && !passed.includes(s)) out.push(s);
  });
  return out;
}

/** The trick in progress, or null when there is none or everyone in it has played (a completed trick still shown). */
export const trickInProgress = (hand: HandView): Trick | null => (hand.trick && seatsToPlay(hand).length > 0 ? hand.trick : null);

/**
 * The seat winning the (possibly incomplete) trick so far, for any number of
 * plays: the engine's packed comparison reaches four cards; longer tricks
 * (tables of more than four, which have no jokers) compare card by card.
 */
export function trickWinner(trick: Trick, rules: TrickRules): Seat {
  const plays = trick.plays;
  if (plays.length <= 4) return currentWinner(trick, rules);
  let best = plays[0]!;
  for (const p of plays.slice(1)) {
    const sameSuit = p.card[1] === best.card[1];
    if (sameSuit ? rankValue(p.card, rules.aceLow) > rankValue(best.card, rules.aceLow) : rules.trump !== null && p.card[1] === rules.trump) best = p;
  }
  return best.seat;
}

/** Cards of `suit` in `cards`, strongest first. */
export const suitCards = (cards: readonly Card[], suit: Suit, aceLow: boolean): Card[] =>
  cards.filter((c) => c !== JOKER && c[1] === suit).sort((a, b) => rankValue(b, aceLow) - rankValue(a, aceLow));

/** Strongest first by rank (jokers last). */
export const byRankDesc = (aceLow: boolean) => (a: Card, b: Card): number => rankValue(b, aceLow) - rankValue(a, aceLow);

/** One auction action as it was made: by whom, what, and the actions that seat could choose from then. */
export interface AuctionStep {
  readonly seat: Seat;
  readonly action: Action;
  readonly legal: readonly Action[];
}

/** Any seed: the stand-in deal's cards never matter to what may be bid. */
const STAND_IN_SEED = "auction-replay";

/**
 * The hand's auction with what was legal at each action. The view lists the
 * actions only; the choices at each one come from replaying them through the
 * engine on a stand-in deal (the legal bids depend on the ladder, the options
 * and the actions so far, never on the cards; jernhånd's redeal, which does,
 * is left out). The stand-in's first hand is dealt by seat 0, so seats are
 * turned to put this hand's dealer there. Stops at the first action the
 * replay refuses (none should be).
 */
export function auctionSteps(view: MatchView): AuctionStep[] {
  const hand = view.hand;
  if (!hand || hand.auction.length === 0) return [];
  const created = createMatch({ variant: view.variant, options: view.options, seed: STAND_IN_SEED });
  if (!created.ok) return [];
  let state = created.value;
  const turned = (s: Seat): Seat => nextSeat(s, view.seatCount - hand.dealer, view.seatCount);
  const steps: AuctionStep[] = [];
  for (const { seat, action } of hand.auction) {
    const legal = legalActions(state, turned(seat)).filter((a) => a.type !== "redeal");
    const step = apply(state, turned(seat), action);
    if (!step.ok) break;
    steps.push({ seat, action, legal });
    state = step.state;
  }
  return steps;
}
