/**
 * The es-makker contract set-up after the auction (RULES.md §1), but for the
 * exchange (exchange.ts): naming trump, calling the partner's ace (or king),
 * vip's turned kat cards and the fordækt kort; and the moves between the
 * set-up phases, from the won auction to the start of the play.
 * For each phase one refusal function states what is allowed: legalActions
 * lists what it accepts and applyAction refuses with its code; the phase's
 * step carries an accepted action out on a fork.
 */
import { CALL_ACTIONS, DECLINE, HIDE_ACTIONS, TRUMP_ACTIONS, VIP_ACCEPT, VIP_TURN } from "../../actions";
import { type Card, type Suit, JOKER, SUITS, cardIndex, indexOfCard } from "../../cards";
import type { Action, EngineEvent, ErrorCode, Seat } from "../../types";
import { type EsmakkerHand, type Hand, NO_EVENTS, bidDef, edit, moveTo } from "./hand";
import type { BidDef } from "./ladder";
import type { EsmakkerOptions } from "./options";

const JK: Card = JOKER;

// ---------------------------------------------------------------------------
// From the auction to the play

/** The auction is won: the fork `d` goes to the contract's first set-up step. */
export function setUpContract(d: Hand, declarer: Seat, def: BidDef, o: EsmakkerOptions): void {
  const s = edit(d);
  s.declarer = declarer;
  if (def.sol) {
    // Sol players exchange in turn, clockwise from the declarer; each joiner may take the previous one's discards.
    const players = [declarer, ...s.joiners].sort((x, y) => ((x - declarer + 4) % 4) - ((y - declarer + 4) % 4));
    s.joiners = players.slice(1);
    s.exchangers = players;
    s.rules = { trump: null, aceLow: true, jokers: true, jokerTrumpable: o.jokerTrumpable };
    return moveTo(d, "exchange", declarer);
  }
  // Gode and stærke fix the trump; sans, halve and vip name it later or never.
  if (def.addOn === "gode") s.trump = "C";
  else if (def.addOn === "staerke") s.trump = "S";
  moveTo(d, def.addOn === null ? "trump" : "call", declarer);
}

/** The exchange by `exchanger` next, on the fork `d`. */
function toExchange(d: Hand, exchanger: Seat): void {
  edit(d).exchangers = [exchanger];
  moveTo(d, "exchange", exchanger);
}

/** The fork `d` starts the play. Sol contracts got their rules (no trump, ace low) at set-up; the others play with the trump now named. */
export function startPlay(d: Hand, held?: readonly (readonly Card[])[]): void {
  const s = edit(d);
  if (s.called !== null) s.rules = { trump: s.trump, aceLow: s.rules.aceLow, jokers: s.rules.jokers, jokerTrumpable: s.rules.jokerTrumpable };
  moveTo(d, "play", s.forehand, held);
}

// ---------------------------------------------------------------------------
// Trump

/** Why `action` may not name trump now: the error code, or null when it may. */
export function trumpRefusal(h: EsmakkerHand, action: Action): ErrorCode | null {
  if (action.type !== "trump") return "action/wrong-phase";
  if (!SUITS.includes(action.suit)) return "action/malformed";
  // Halve: the partner (or a selvmakker declarer) names trump, not the called ace's suit.
  if (h.called !== null && action.suit === h.called[1]) return "trump/not-allowed";
  return null;
}

const TRUMP_CANDIDATES: readonly Action[] = SUITS.map((s) => TRUMP_ACTIONS[s]);

export const trumpActions = (h: EsmakkerHand): Action[] => TRUMP_CANDIDATES.filter((a) => trumpRefusal(h, a) === null);

export function trumpStep(d: Hand, seat: Seat, suit: Suit): readonly EngineEvent[] {
  edit(d).trump = suit;
  // Plain contracts: trump first, then the call. Halve: the partner names trump after the call, then exchanges.
  if (d.called === null) moveTo(d, "call", d.turn);
  else toExchange(d, seat);
  return NO_EVENTS;
}

// ---------------------------------------------------------------------------
// The call

// The aces and kings in SUITS order. Literals, so they are the interned strings of the deck (compared by pointer).
const ACES: readonly Card[] = ["AS", "AH", "AC", "AD"];
const KINGS: readonly Card[] = ["KS", "KH", "KC", "KD"];

/** Whether the declarer holds the ace of every suit but trump. */
function holdsEveryAce(h: EsmakkerHand): boolean {
  const own = h.hands[h.declarer!]!;
  for (let i = 0; i < 4; i++) if (SUITS[i] !== h.trump && indexOfCard(own, ACES[i]!) < 0) return false;
  return true;
}

/**
 * Why `action` may not call a card now: the error code, or null when it may.
 * `everyAce`: whether the declarer holds the ace of every suit but trump.
 */
export function callRefusal(h: EsmakkerHand, action: Action, everyAce = holdsEveryAce(h)): ErrorCode | null {
  if (action.type !== "call") return "action/wrong-phase";
  // An ace of a suit other than trump; a king (not of trump) only when the declarer holds every such ace.
  const ace = indexOfCard(ACES, action.card);
  const suit = ace >= 0 ? ace : everyAce ? indexOfCard(KINGS, action.card) : -1;
  return suit < 0 || SUITS[suit] === h.trump ? "call/not-allowed" : null;
}

const CALL_CANDIDATES: readonly Action[] = [...ACES, ...KINGS].map((c) => CALL_ACTIONS[cardIndex(c)]!);

/** The calls callRefusal accepts: the aces, then the kings. */
export function callActions(h: EsmakkerHand): Action[] {
  const everyAce = holdsEveryAce(h);
  const out: Action[] = [];
  for (let i = 0; i < CALL_CANDIDATES.length; i++) if (callRefusal(h, CALL_CANDIDATES[i]!, everyAce) === null) out.push(CALL_CANDIDATES[i]!);
  return out;
}

/** Where a card is now: a seat, or "kat", or null when played. */
const holderOf = (h: EsmakkerHand, card: Card): Seat | "kat" | null => {
  for (let s = 0; s < 4; s++) if (h.hands[s]!.includes(card)) return s as Seat;
  return h.kat.includes(card) ? "kat" : null;
};

export function callStep(d: Hand, card: Card, o: EsmakkerOptions): readonly EngineEvent[] {
  const s = edit(d);
  const where = holderOf(d, card);
  const declarer = s.declarer!;
  const partner = typeof where === "number" && where !== declarer ? where : null;
  s.called = card;
  s.partner = partner;
  const addOn = bidDef(d, o)!.addOn;
  if (addOn === "halve") {
    moveTo(d, "trump", partner ?? declarer);
    d.partnerPublic = partner !== null;
    return partner !== null ? [{ type: "info", key: "esmakker.partnerRevealed", data: { seat: partner, card } }] : NO_EVENTS;
  }
  if (addOn === "vip") moveTo(d, "vip", d.turn);
  else toExchange(d, declarer);
  return NO_EVENTS;
}

// ---------------------------------------------------------------------------
// Vip

/** Why `action` may not turn or accept a kat card now: the error code, or null when it may. */
export function vipRefusal(h: EsmakkerHand, action: Action): ErrorCode | null {
  switch (action.type) {
    case "vipTurn":
      return h.vipTurned < 3 ? null : "vip/cannot-refuse";
    case "vipAccept":
      return h.vipTurned > 0 ? null : "action/wrong-phase"; // nothing turned to accept yet
    default:
      return "action/wrong-phase";
  }
}

const VIP_CANDIDATES: readonly Action[] = [VIP_TURN, VIP_ACCEPT];

export const vipActions = (h: EsmakkerHand): Action[] => VIP_CANDIDATES.filter((a) => vipRefusal(h, a) === null);

/** The trump a vip acceptance gives after `n` turned cards (null = no trump). */
export function vipTrump(kat: readonly Card[], n: number, jokerPrevious: boolean): Suit | null {
  const c = kat[n - 1]!;
  if (c !== JK) return c[1] as Suit;
  return jokerPrevious && n > 1 ? vipTrump(kat, n - 1, jokerPrevious) : null;
}

export function vipStep(d: Hand, action: Action, o: EsmakkerOptions): readonly EngineEvent[] {
  const s = edit(d);
  if (action.type === "vipTurn") {
    s.vipTurned += 1;
    return [{ type: "info", key: "esmakker.vipTurned", data: { card: s.kat[s.vipTurned - 1]! } }];
  }
  s.trump = vipTrump(s.kat, s.vipTurned, o.vipJokerPrevious);
  toExchange(d, s.declarer!);
  return NO_EVENTS;
}

// ---------------------------------------------------------------------------
// Fordækt kort

/** Why `seat` may not set `action`'s card face down (or decline) now: the error code, or null when it may. */
export function hideRefusal(h: EsmakkerHand, seat: Seat, action: Action): ErrorCode | null {
  if (action.type === "decline") return null;
  if (action.type !== "hide") return "action/wrong-phase";
  // One of the declarer's own cards, not a joker.
  return action.card === JK || !h.hands[seat]!.includes(action.card) ? "hide/not-allowed" : null;
}

/** Declining, then hiding each card hideRefusal accepts, in the order of the hand. */
export function hideActions(h: EsmakkerHand, seat: Seat): Action[] {
  const candidates = [DECLINE, ...h.hands[seat]!.map((c) => HIDE_ACTIONS[cardIndex(c)]!)];
  return candidates.filter((a) => hideRefusal(h, seat, a) === null);
}

export function hideStep(d: Hand, action: Action): readonly EngineEvent[] {
  if (action.type === "hide") edit(d).hidden = action.card;
  startPlay(d);
  return NO_EVENTS;
}
