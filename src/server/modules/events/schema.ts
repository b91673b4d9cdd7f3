/** Input shapes of the events router. */
import { z } from "zod";
import { safeText } from "@/lib/safe-text";
import { TRICK_PAUSE_MS } from "@/protocol";
import { SEATING_RULES } from "./seating";

const id = safeText().min(1).max(64);

export const eventIdInput = z.object({ eventId: id });

export const createEventInput = z.object({
  name: safeText().trim().min(1).max(80),
  kind: z.enum(["evening", "tournament"]).default("evening"),
  presetId: id,
  rounds: z.number().int().min(1).max(30),
  /** The match length of each round's tables; the variant decides which lengths it allows. */
  dealsPerRound: z.number().int().min(1).max(400),
  seating: z.enum(SEATING_RULES).default("random"),
  duplicate: z.boolean().default(false),
  roundMinutes: z.number().int().min(1).max(600).default(60),
  turnSeconds: z.number().int().min(10).max(600).default(45),
  trickPauseMs: z.number().int().min(TRICK_PAUSE_MS.min).max(TRICK_PAUSE_MS.max).default(TRICK_PAUSE_MS.default),
  startAt: z.coerce.date().nullable().default(null),
  allowComputers: z.boolean().default(true),
  ranked: z.boolean().default(false),
});
export type CreateEventInput = z.infer<typeof createEventInput>;

export const eventMemberInput = eventIdInput.extend({ userId: id });

export const ledgerSettingsInput = z.object({
  rateOre: z.number().int().min(0).max(100_000),
  /** Amounts are multiples of this many øre. */
  roundingOre: z.union([z.literal(1), z.literal(10), z.literal(25), z.literal(50), z.literal(100)]),
});

export const settlementInput = eventIdInput.extend({ settlementId: id, paid: z.boolean().default(true) });
