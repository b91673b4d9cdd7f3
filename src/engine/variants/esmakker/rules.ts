/**
 * The es-makker rules put together by phase: which refusal function decides
 * an action (refusalOf), what a seat may do (legalActions: what that refusal
 * accepts), and applyAction, which refuses with that refusal's code (worded
 * here for logs) or carries the action out on a fork of the hand.
 */
import { type Action, type EngineError, type EngineEvent, type ErrorCode, type HandStep, type Seat, err } from "../../types";
import { auctionActions, auctionRefusal, auctionStep } from "./auction";
import { exchangeActions, exchangeRefusal, exchangeStep } from "./exchange";
import { type EsmakkerHand, type Hand, NO_EVENTS, SUIT_LETTERS, asHand, fork, unpackTrick } from "./hand";
import type { EsmakkerOptions } from "./options";
import { heldPosition, ledSuitNumber, playActions, playCard, playRefusal, positionRefusal } from "./play";
import {
  callActions,
  callRefusal,
  callStep,
  hideActions,
  hideRefusal,
  hideStep,
  trumpActions,
  trumpRefusal,
  trumpStep,
  vipActions,
  vipRefusal,
  vipStep,
} from "./setup";

/** Why `seat` may not take `action` in the phase the hand is in: the error code, or null when it may. Whose turn it is is not asked. */
export function refusalOf(hand: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions): ErrorCode | null {
  const h = asHand(hand);
  switch (h.phase) {
    case "auction":
      return auctionRefusal(h, seat, action, o);
    case "trump":
      return trumpRefusal(h, action);
    case "call":
      return callRefusal(h, action);
    case "vip":
      return vipRefusal(h, action);
    case "exchange":
      return exchangeRefusal(h, seat, action, o);
    case "hide":
      return hideRefusal(h, seat, action);
    case "play":
      return playRefusal(h, seat, action);
    default:
      return "action/wrong-phase";
  }
}

/** The actions refusalOf accepts of `seat`, when it is its turn. */
export function legalActions(hand: EsmakkerHand, seat: Seat, o: EsmakkerOptions): Action[] {
  const h = asHand(hand);
  if (h.turn !== seat) return [];
  switch (h.phase) {
    case "auction":
      return auctionActions(h, seat, o);
    case "trump":
      return trumpActions(h);
    case "call":
      return callActions(h);
    case "vip":
      return vipActions(h);
    case "exchange":
      return exchangeActions(h, seat, o);
    case "hide":
      return hideActions(h, seat);
    case "play":
      return playActions(h, seat);
    default:
      return [];
  }
}

/**
 * Carries out the set-up action `action` of `seat`, which refusalOf accepts,
 * on the fork `d`; returns its events. For applyAction, and for playHandOut
 * on its one fork.
 */
export function setUpStep(d: Hand, seat: Seat, action: Action, o: EsmakkerOptions): readonly EngineEvent[] {
  switch (d.phase) {
    case "auction":
      auctionStep(d, seat, action, o);
      return NO_EVENTS;
    case "trump":
      return trumpStep(d, seat, (action as Extract<Action, { type: "trump" }>).suit);
    case "call":
      return callStep(d, (action as Extract<Action, { type: "call" }>).card, o);
    case "vip":
      return vipStep(d, action, o);
    case "exchange":
      exchangeStep(d, seat, (action as Extract<Action, { type: "exchange" }>).discard, o);
      return NO_EVENTS;
    case "hide":
      return hideStep(d, action);
    default:
      throw new Error(`not a set-up phase: ${d.phase}`);
  }
}

const step = (hand: EsmakkerHand, events: readonly EngineEvent[] = NO_EVENTS): HandStep<EsmakkerHand> => ({ ok: true, hand, events });
const refuse = (error: EngineError): HandStep<EsmakkerHand> => ({ ok: false, error });

export function applyAction(hand: EsmakkerHand, seat: Seat, action: Action, o: EsmakkerOptions): HandStep<EsmakkerHand> {
  const h = asHand(hand);
  if (h.phase === "done") return refuse(err("action/wrong-phase", "The hand is over"));
  if (h.turn !== seat) return refuse(err("action/not-your-turn", `It is seat ${h.turn}'s turn, not seat ${seat}'s`, { turn: h.turn }));
  if (typeof action !== "object" || action === null || typeof action.type !== "string")
    return refuse(err("action/malformed", "An action needs a type"));
  if (h.phase === "play" && action.type === "play") {
    // playRefusal, with the card's position kept for the play.
    const pos = heldPosition(h, seat, action.card);
    const refused = pos < 0 ? "play/card-not-in-hand" : positionRefusal(h, seat, pos);
    if (refused !== null) return refuse(refusalError(h, action, refused));
    const next = fork(h, h.setup); // the set-up is fixed in the play: shared
    if (!playCard(next, seat, pos, o, false)) return step(next);
    return step(next, [{ type: "trickWon", trick: unpackTrick(next.trickLog[next.trickLog.length - 1]!) }]);
  }
  const refused = refusalOf(h, seat, action, o);
  if (refused !== null) return refuse(refusalError(h, action, refused));
  const d = fork(h);
  return step(d, setUpStep(d, seat, action, o));
}

/** The error applyAction returns for a refusal's code: its English message, for logs, and details (code and details are what clients use). */
function refusalError(h: Hand, action: Action, code: ErrorCode): EngineError {
  const a = action as { readonly bid?: unknown; readonly suit?: unknown; readonly card?: unknown; readonly discard?: unknown };
  switch (code) {
    case "action/wrong-phase":
      if (h.phase === "vip" && action.type === "vipAccept") return err(code, "Turn a kat card before accepting");
      return err(code, `Action "${action.type}" is not possible in phase "${h.phase}"`, { phase: h.phase });
    case "action/malformed":
      if (action.type === "bid") return err(code, "A bid needs a bid id");
      if (action.type === "trump") return err(code, "Trump must be one of S, H, D, C");
      return err(code, "An exchange needs a discard list");
    case "bid/unknown":
      return err(code, `Unknown bid "${a.bid}"`, { bid: a.bid });
    case "bid/too-low":
      return err(code, `Bid "${a.bid}" does not beat the standing bid "${h.bid}"`, { bid: a.bid, standing: h.bid });
    case "bid/cannot-hold":
      return err(code, "Only the earlier bidder may hold, and only with baghånd");
    case "join/not-allowed":
      return err(code, "Joining is possible only in a standing sol or ren sol, with gå med");
    case "redeal/not-allowed":
      return err(code, "A redeal needs jernhånd: no ace, picture card or joker, before your first bid");
    case "trump/not-allowed":
      return err(code, "In halve, trump cannot be the called ace's suit", { suit: a.suit });
    case "call/not-allowed":
      return err(code, `Cannot call ${a.card}: call an ace of a suit other than trump (a king only when holding every such ace)`, { card: a.card });
    case "vip/cannot-refuse":
      return err(code, "The third turned card cannot be refused: accept it");
    case "exchange/compulsory":
      return err(code, "In vip the exchange is compulsory");
    case "exchange/vip-three":
    case "exchange/too-many":
    case "exchange/wrong-count": {
      const count = (action as Extract<Action, { type: "exchange" }>).discard.length;
      const message =
        code === "exchange/vip-three"
          ? "In vip the exchange is exactly three cards"
          : code === "exchange/too-many"
            ? "Lay away at most three cards"
            : "Exchange all three cards or none";
      return err(code, message, { count });
    }
    case "exchange/card-not-in-hand":
      return err(code, "You can only lay away cards you hold", { discard: a.discard });
    case "exchange/called-ace":
      return err(code, `The called card ${h.called} may not be laid away`, { card: h.called });
    case "hide/not-allowed":
      return err(code, "Set one of your own cards (not a joker) face down", { card: a.card });
    case "play/card-not-in-hand":
      return err(code, `You do not hold ${a.card}`, { card: a.card });
    case "play/joker-lead-first-trick":
      return err(code, "A joker may not be led to the first trick");
    case "play/must-play-called-ace":
      if (h.trickLeader < 0) return err(code, `Leading ${h.called![1]} for the first time, you must lead ${h.called}`, { card: h.called });
      return err(code, `The called ${h.called} must be played the first time its suit is led`, { card: h.called });
    case "play/must-follow-suit": {
      const suit = SUIT_LETTERS[ledSuitNumber(h)];
      return err(code, `You must follow suit (${suit})`, { suit });
    }
    default:
      return err(code, `Action "${action.type}" refused`);
  }
}
