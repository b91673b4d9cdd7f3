/**
 * What the stand-in may do for an absent person: it only keeps the game
 * moving. The seat's legal actions (from the engine's view) say what kind of
 * decision is due: card play (the computer player plays the card, or passes
 * the trick where the rules let a player wait), an auction (it passes: it
 * never bids, holds, joins or demands a redeal for anyone), naming trump (or
 * no trump: the computer player names the best for the hand, since no suit
 * is safer than another), or another set-up choice the variant needs in
 * order to continue (calling an ace, turning the kat, the exchange, a card
 * face down), where it takes the safest legal choice. The table is told of
 * each set-up choice in the chat.
 */
import { rankValue, type Card } from "@/engine/cards";
import type { Action, ActionType, MatchView } from "@/engine/types";
import { trickRulesOf } from "@/bots/facts";

/** Actions that bid for a contract (or join or refuse one): the stand-in's answer to them is to pass. */
const AUCTION_TYPES: ReadonlySet<ActionType> = new Set(["bid", "pass", "hold", "join", "redeal"]);

export type StandInMove =
  /** Card play: the computer player chooses the card. */
  | { readonly kind: "cards" }
  /** An auction: pass. */
  | { readonly kind: "auction"; readonly action: Action }
  /** A set-up choice: the safest legal one, announced at the table. */
  | { readonly kind: "setup"; readonly action: Action }
  /** Naming trump: the computer player chooses, announced at the table. */
  | { readonly kind: "trump" };

/** Actions that name trump (or no trump). */
const TRUMP_TYPES: ReadonlySet<ActionType> = new Set(["trump", "noTrump"]);

/** The stand-in's move for the seat the view belongs to; null when the seat has nothing to do. */
export function standInMove(view: MatchView): StandInMove | null {
  const legal = view.hand?.legal ?? [];
  if (legal.length === 0) return null;
  if (legal.some((a) => a.type === "play")) return { kind: "cards" };
  if (legal.every((a) => TRUMP_TYPES.has(a.type))) return { kind: "trump" };
  if (legal.some((a) => AUCTION_TYPES.has(a.type))) {
    const pass = legal.find((a) => a.type === "pass");
    if (pass) return { kind: "auction", action: pass };
  }
  return { kind: "setup", action: safestChoice(view, legal) };
}

/**
 * The safest legal set-up choice: declining (no joining, no card face down),
 * keeping the hand in an exchange that allows it, else laying away the
 * lowest cards (a joker last); otherwise the first choice the engine lists
 * (its first trump, its first callable ace, turning the kat's next card).
 */
export function safestChoice(view: MatchView, legal: readonly Action[]): Action {
  const decline = legal.find((a) => a.type === "decline");
  if (decline) return decline;
  const exchanges = legal.flatMap((a) => (a.type === "exchange" ? [a] : []));
  if (exchanges.length > 0) {
    const keep = exchanges.find((a) => a.discard.length === 0);
    if (keep) return keep;
    const { aceLow } = trickRulesOf(view);
    // A joker is the strongest card a hand can hold: worth more than any rank.
    const worth = (c: Card) => (c === "JK" ? 100 : rankValue(c, aceLow));
    const cost = (a: { discard: readonly Card[] }) => a.discard.reduce((sum, c) => sum + worth(c), 0);
    const fewest = Math.min(...exchanges.map((a) => a.discard.length));
    return exchanges.filter((a) => a.discard.length === fewest).reduce((best, a) => (cost(a) < cost(best) ? a : best));
  }
  return legal[0]!;
}

/** What the chat says about a set-up choice, as a translation key and its parameters, with an English text. */
export function standInNotice(name: string, action: Action): { key: string; params: Record<string, string>; text: string } {
  const params: Record<string, string> = { name };
  switch (action.type) {
    case "trump":
      params.suit = action.suit;
      return { key: "trump", params, text: `${name} is away: the computer named trump ${action.suit} for them.` };
    case "noTrump":
      return { key: "noTrump", params, text: `${name} is away: the computer chose to play without trump for them.` };
    case "call":
      params.card = action.card;
      return { key: "call", params, text: `${name} is away: the computer called ${action.card} for them.` };
    case "exchange":
      if (action.discard.length === 0) return { key: "keep", params, text: `${name} is away: the computer kept their hand (no exchange).` };
      // How many, never which: the laid-away cards are secret.
      params.count = String(action.discard.length);
      return { key: "exchange", params, text: `${name} is away: the computer exchanged their lowest cards.` };
    case "decline":
      return { key: "decline", params, text: `${name} is away: the computer declined for them.` };
    case "vipTurn":
      return { key: "vipTurn", params, text: `${name} is away: the computer turned the next kat card for them.` };
    case "vipAccept":
      return { key: "vipAccept", params, text: `${name} is away: the computer accepted the turned card's suit for them.` };
    default:
      params.action = action.type;
      return { key: "other", params, text: `${name} is away: the computer made the ${action.type} choice for them.` };
  }
}
