/**
 * Action input checks. `actionSchema` (zod) validates wire and record input at
 * the edges; `isWellFormedAction` is the cheap structural check apply runs on
 * every call so that malformed input becomes an error value, never a throw.
 */
import { z } from "zod";
import { isCard } from "./cards";
import type { Action, Seat } from "./types";

export const cardSchema = z.string().regex(/^([2-9TJQKA][SHDC]|JK)$/, { error: "not a card code" });
export const suitSchema = z.enum(["S", "H", "D", "C"]);
export const seatSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const actionSchema: z.ZodType<Action> = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("bid"), bid: z.string().min(1).max(40) }),
  z.strictObject({ type: z.literal("pass") }),
  z.strictObject({ type: z.literal("hold") }),
  z.strictObject({ type: z.literal("redeal") }),
  z.strictObject({ type: z.literal("join") }),
  z.strictObject({ type: z.literal("decline") }),
  z.strictObject({ type: z.literal("trump"), suit: suitSchema }),
  z.strictObject({ type: z.literal("call"), card: cardSchema }),
  z.strictObject({ type: z.literal("vipTurn") }),
  z.strictObject({ type: z.literal("vipAccept") }),
  z.strictObject({ type: z.literal("exchange"), discard: z.array(cardSchema).max(3) }),
  z.strictObject({ type: z.literal("hide"), card: cardSchema }),
  z.strictObject({ type: z.literal("play"), card: cardSchema }),
]);

export const seatActionSchema = z.strictObject({ seat: seatSchema, action: actionSchema });

export const isSeat = (x: unknown): x is Seat => x === 0 || x === 1 || x === 2 || x === 3;

const isSuit = (x: unknown): boolean => x === "S" || x === "H" || x === "D" || x === "C";

/** Structural check without zod (apply's hot path). */
export function isWellFormedAction(a: unknown): a is Action {
  if (typeof a !== "object" || a === null) return false;
  const x = a as Record<string, unknown>;
  switch (x.type) {
    case "play":
    case "call":
    case "hide":
      return isCard(x.card);
    case "bid":
      return typeof x.bid === "string";
    case "trump":
      return isSuit(x.suit);
    case "exchange":
      return Array.isArray(x.discard) && x.discard.length <= 3 && x.discard.every(isCard);
    case "pass":
    case "hold":
    case "redeal":
    case "join":
    case "decline":
    case "vipTurn":
    case "vipAccept":
      return true;
    default:
      return false;
  }
}
