/**
 * The es-makker play (RULES.md §1): follow suit, no joker led to the first
 * trick, the called ace played the first time its suit is led, the fordækt
 * card counting as the lowest card of the called suit; sol contracts end
 * once every sol player has taken a trick too many.
 * playMask is the one statement of the play's rules, as bit masks of the
 * positions of a seat's held cards (see hand.ts) each rule forbids: the
 * legal cards and the code refusing a card (positionRefusal) are both read
 * from it. playCard is the one place the play moves on.
 */
import { PLAY_ACTIONS } from "../../actions";
import { type Card, JOKER_INDEX } from "../../cards";
import { JOKER_SUIT, trickKey, winningPosition } from "../../core/trick";
import type { Action, ErrorCode, Seat } from "../../types";
import { type Hand, type Holding, NO_SUIT, appended, bidDef, goneOf, packTrick, suitNumber } from "./hand";
import type { EsmakkerOptions } from "./options";

/** The suit number of the card with index `index` played by `seat`: the fordækt card counts as the called suit. */
const playedSuit = (hold: Holding, index: number, seat: number): number =>
  index === hold.hiddenIndex && seat === hold.hiddenSeat ? hold.calledSuit : suitNumber(index);

/** The suit number others must follow in the trick in progress (NO_SUIT for a led joker). Needs a trick. */
export function ledSuitNumber(h: Hand): number {
  return playedSuit(h.holding, h.trickCards & 63, h.trickLeader);
}

// ---------------------------------------------------------------------------
// The rules

/** The play's rules by their index in playMask's `forbidden`, in the order a refusal names them. */
const PLAY_RULES: readonly ErrorCode[] = ["play/joker-lead-first-trick", "play/must-play-called-ace", "play/must-follow-suit"];

/**
 * The positions of `seat`'s held cards it may play now, as a bit mask (a
 * joker only at its first position: jokers are alike); with `forbidden`, it
 * also writes there the positions each of PLAY_RULES forbids. The one
 * statement of the play's rules, and the hottest function of a playout.
 */
export function playMask(h: Hand, seat: Seat, forbidden?: Int32Array): number {
  const hold = h.holding;
  const gone = goneOf(h, seat);
  const at = seat * 6;
  const avail = hold.suitPos[at + 5]! & ~gone;
  const jokers = hold.suitPos[at + NO_SUIT]! & avail;
  const holdsCalled = hold.calledSeat === seat && ((gone >>> hold.calledPos) & 1) === 0;
  let jokerLead = 0, calledAce = 0, followSuit = 0;
  if (h.trickLeader < 0) {
    // No joker led to the first trick.
    if (h.trickLog.length === 0) jokerLead = jokers;
    // Leading the called suit for the first time means leading the called card.
    if (holdsCalled && h.calledLedAt < 0) calledAce = hold.suitPos[at + hold.calledSuit]! & ~(1 << hold.calledPos);
  } else {
    const led = ledSuitNumber(h);
    // The called card must be played the first time its suit is led, even by a holder who would rather play a joker.
    if (holdsCalled && led === hold.calledSuit && h.calledLedAt === h.trickLog.length) calledAce = ~(1 << hold.calledPos);
    // Follow the led suit when able (after a led joker anything goes); a joker may always be played.
    const follow = led === NO_SUIT ? 0 : hold.suitPos[at + led]!;
    if ((follow & avail) !== 0) followSuit = ~(follow | jokers);
  }
  if (forbidden !== undefined) {
    forbidden[0] = jokerLead;
    forbidden[1] = calledAce;
    forbidden[2] = followSuit;
  }
  const allowed = avail & ~(jokerLead | calledAce | followSuit);
  const allowedJokers = allowed & jokers;
  return (allowed & ~allowedJokers) | (allowedJokers & -allowedJokers);
}

/** What each of PLAY_RULES forbids, filled by positionRefusal's call of playMask and read right after it. */
const forbiddenBy = new Int32Array(PLAY_RULES.length);

/** Why `seat` may not play the card at position `pos` of its held cards, which it still holds: the error code, or null. */
export function positionRefusal(h: Hand, seat: Seat, pos: number): ErrorCode | null {
  playMask(h, seat, forbiddenBy);
  const bit = 1 << pos;
  for (let rule = 0; rule < PLAY_RULES.length; rule++) if ((forbiddenBy[rule]! & bit) !== 0) return PLAY_RULES[rule]!;
  return null;
}

/** The position of `card` among `seat`'s held cards not yet played (the first, for a joker); -1 when it has none. */
export function heldPosition(h: Hand, seat: Seat, card: Card): number {
  const cards = h.holding.held[seat]!;
  const gone = goneOf(h, seat);
  for (let i = 0; i < cards.length; i++) if (cards[i] === card && ((gone >>> i) & 1) === 0) return i;
  return -1;
}

/** Why `seat` may not take `action` in the play: the error code, or null when it may. */
export function playRefusal(h: Hand, seat: Seat, action: Action): ErrorCode | null {
  if (action.type !== "play") return "action/wrong-phase";
  const pos = heldPosition(h, seat, action.card);
  return pos < 0 ? "play/card-not-in-hand" : positionRefusal(h, seat, pos);
}

export const lowestBit = (mask: number): number => 31 - Math.clz32(mask & -mask);
export function bitCount(mask: number): number {
  const m = mask - ((mask >>> 1) & 0x55555555);
  const q = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return Math.imul((q + (q >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The play actions `seat` may take now, in the order of its cards (a joker listed once). */
export function playActions(h: Hand, seat: Seat): Action[] {
  const index = h.holding.index;
  let mask = playMask(h, seat);
  const out = new Array<Action>(bitCount(mask));
  for (let n = 0; mask !== 0; mask &= mask - 1) out[n++] = PLAY_ACTIONS[index[(seat << 4) + lowestBit(mask)]!]!;
  return out;
}

// ---------------------------------------------------------------------------
// Playing a card

/**
 * Plays the legal card at position `pos` of `seat`'s held cards, in place on
 * the fork `d`: the one place where the play moves on, for applyAction after
 * its checks and for playHandOut. `ownLists`: d's trickLog and
 * tricksWon are its own (not shared with an earlier hand) and may be
 * extended in place. Returns whether it completed a trick.
 */
export function playCard(d: Hand, seat: Seat, pos: number, o: EsmakkerOptions, ownLists: boolean): boolean {
  const hold = d.holding;
  const index = hold.index[(seat << 4) + pos]!;
  const count = d.trickCount;
  if (count === 0 && d.calledLedAt < 0 && playedSuit(hold, index, seat) === hold.calledSuit) d.calledLedAt = d.trickLog.length;
  const bit = 1 << (pos + ((seat & 1) << 4));
  if (seat < 2) d.gone01 |= bit;
  else d.gone23 |= bit;
  if (index === hold.calledIndex) d.partnerPublic = true;
  if (count < 3) {
    if (count === 0) d.trickLeader = seat;
    d.trickCount = count + 1;
    d.trickCards |= index << (6 * count);
    d.turn = ((seat + 1) & 3) as Seat;
    return false;
  }
  const leader = d.trickLeader as Seat;
  const cards = d.trickCards | (index << 18);
  let keys = 0;
  for (let i = 0; i < 4; i++) keys |= keyOf(hold, (cards >>> (6 * i)) & 63, (leader + i) & 3) << (8 * i);
  const winner = ((leader + winningPosition(keys, 4, hold.trumpSuit, hold.jokerTrumpable)) & 3) as Seat;
  const tricksWon = ownLists ? (d.tricksWon as number[]) : (d.tricksWon = d.tricksWon.slice());
  tricksWon[winner] = tricksWon[winner]! + 1;
  const packed = packTrick(leader, winner, cards);
  if (ownLists) (d.trickLog as number[]).push(packed);
  else d.trickLog = appended(d.trickLog, packed);
  let over: string | null = d.trickLog.length === 13 ? "allTricks" : null;
  if (d.called === null && d.declarer !== null) {
    // Sol contracts: a player over the limit has lost; the hand ends once every sol player has.
    const max = bidDef(d, o)!.maxTricks;
    if (tricksWon[winner]! > max && !d.solLost.includes(winner) && (winner === d.declarer || d.joiners.includes(winner))) {
      d.solLost = appended(d.solLost, winner);
      if (d.solLost.length === 1 + d.joiners.length) over = "solLost";
    }
  }
  d.phase = over === null ? "play" : "done";
  d.turn = over === null ? winner : null;
  d.endReason = over;
  d.trickLeader = -1;
  d.trickCount = 0;
  d.trickCards = 0;
  return true;
}

/** The trickKey of the card with index `index` played by `seat`: the fordækt card is the lowest card of the called suit. */
function keyOf(hold: Holding, index: number, seat: number): number {
  if (index === JOKER_INDEX) return trickKey(JOKER_SUIT, 0);
  if (index === hold.hiddenIndex && seat === hold.hiddenSeat) return trickKey(hold.calledSuit, 0);
  const rank = (index % 13) + 2;
  return trickKey((index / 13) | 0, hold.aceLow && rank === 14 ? 1 : rank);
}
