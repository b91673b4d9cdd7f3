/**
 * Action input checks and canonical action objects. `actionSchema` (zod)
 * validates wire and record input at the edges; `canonicalAction` is the cheap
 * structural check apply runs on every call: malformed input becomes an error
 * value, never a throw, and what reaches a variant holds only the fields of its
 * type, so extra fields a client sends never reach logs, views or records.
 */
import { z } from "zod";
import { type Card, type Suit, CARD_BY_INDEX, cardIndex } from "./cards";
import { MAX_SEATS, type Action, type Seat } from "./types";

export const cardSchema = z.string().regex(/^([2-9TJQKA][SHDC]|JK)$/, { error: "not a card code" });
export const suitSchema = z.enum(["S", "H", "D", "C"]);
export const seatSchema = z.number().int().min(0).max(MAX_SEATS - 1);

export const actionSchema: z.ZodType<Action> = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("bid"), bid: z.string().min(1).max(40) }),
  z.strictObject({ type: z.literal("pass") }),
  z.strictObject({ type: z.literal("hold") }),
  z.strictObject({ type: z.literal("redeal") }),
  z.strictObject({ type: z.literal("join") }),
  z.strictObject({ type: z.literal("decline") }),
  z.strictObject({ type: z.literal("trump"), suit: suitSchema }),
  z.strictObject({ type: z.literal("noTrump") }),
  z.strictObject({ type: z.literal("call"), card: cardSchema }),
  z.strictObject({ type: z.literal("vipTurn") }),
  z.strictObject({ type: z.literal("vipAccept") }),
  z.strictObject({ type: z.literal("exchange"), discard: z.array(cardSchema).max(3) }),
  z.strictObject({ type: z.literal("hide"), card: cardSchema }),
  z.strictObject({ type: z.literal("play"), card: cardSchema }),
]);

export const seatActionSchema = z.strictObject({ seat: seatSchema, action: actionSchema });

/** A seat number any variant could have; the match checks it against its own seat count. */
export const isSeat = (x: unknown): x is Seat => typeof x === "number" && Number.isInteger(x) && x >= 0 && x < MAX_SEATS;

// Shared frozen action objects: the hot path hands these out instead of allocating.
const frozen = <A extends Action>(a: A): A => Object.freeze(a);
const cardActions = <T extends "play" | "call" | "hide">(type: T): readonly Extract<Action, { type: T }>[] =>
  CARD_BY_INDEX.map((card) => frozen({ type, card }) as Extract<Action, { type: T }>);

/** `{ type: "play", card }` by cardIndex(card). */
export const PLAY_ACTIONS = cardActions("play");
/** `{ type: "call", card }` by cardIndex(card). */
export const CALL_ACTIONS = cardActions("call");
/** `{ type: "hide", card }` by cardIndex(card). */
export const HIDE_ACTIONS = cardActions("hide");

export const PASS: Action = frozen({ type: "pass" });
export const HOLD: Action = frozen({ type: "hold" });
export const REDEAL: Action = frozen({ type: "redeal" });
export const JOIN: Action = frozen({ type: "join" });
export const DECLINE: Action = frozen({ type: "decline" });
export const VIP_TURN: Action = frozen({ type: "vipTurn" });
export const VIP_ACCEPT: Action = frozen({ type: "vipAccept" });
export const NO_TRUMP: Action = frozen({ type: "noTrump" });
export const TRUMP_ACTIONS: Readonly<Record<Suit, Action>> = {
  S: frozen({ type: "trump", suit: "S" }),
  H: frozen({ type: "trump", suit: "H" }),
  D: frozen({ type: "trump", suit: "D" }),
  C: frozen({ type: "trump", suit: "C" }),
};

/** The shared play action for a card. */
export const playAction = (card: Card): Action => PLAY_ACTIONS[cardIndex(card)]!;

const isSuit = (x: unknown): x is Suit => x === "S" || x === "H" || x === "D" || x === "C";

/** A card's index, or -1 when `x` is not a card code. */
const indexOf = (x: unknown): number => (typeof x === "string" ? cardIndex(x) : -1);

/**
 * The canonical copy of a well-formed action (only the fields of its type;
 * shared frozen objects where the action has no free text), or null when it
 * is malformed. Cheap enough for every apply call: no zod.
 */
export function canonicalAction(a: unknown): Action | null {
  if (typeof a !== "object" || a === null) return null;
  const x = a as Record<string, unknown>;
  switch (x.type) {
    case "play": {
      const i = indexOf(x.card);
      return i < 0 ? null : PLAY_ACTIONS[i]!;
    }
    case "call": {
      const i = indexOf(x.card);
      return i < 0 ? null : CALL_ACTIONS[i]!;
    }
    case "hide": {
      const i = indexOf(x.card);
      return i < 0 ? null : HIDE_ACTIONS[i]!;
    }
    case "bid":
      return typeof x.bid === "string" ? { type: "bid", bid: x.bid } : null;
    case "trump":
      return isSuit(x.suit) ? TRUMP_ACTIONS[x.suit] : null;
    case "exchange": {
      const d = x.discard;
      if (!Array.isArray(d) || d.length > 3) return null;
      const discard: Card[] = [];
      for (const c of d) {
        const i = indexOf(c);
        if (i < 0) return null;
        discard.push(CARD_BY_INDEX[i]!);
      }
      return { type: "exchange", discard };
    }
    case "pass":
      return PASS;
    case "hold":
      return HOLD;
    case "redeal":
      return REDEAL;
    case "join":
      return JOIN;
    case "decline":
      return DECLINE;
    case "vipTurn":
      return VIP_TURN;
    case "vipAccept":
      return VIP_ACCEPT;
    case "noTrump":
      return NO_TRUMP;
    default:
      return null;
  }
}

/** Structural check without zod (same rules as canonicalAction). */
export const isWellFormedAction = (a: unknown): a is Action => canonicalAction(a) !== null;
