/** Input shapes of the tables router. */
import { z } from "zod";
import { safeText } from "@/lib/safe-text";
import { TRICK_PAUSE_MS } from "@/protocol";

export const createTableInput = z.object({
  variant: safeText().min(1).max(32),
  /** Partial rule options; the engine fills in defaults and checks them. */
  options: z.record(z.string(), z.unknown()).default({}),
  isPrivate: z.boolean().default(false),
  turnSeconds: z.number().int().min(10).max(600).default(45),
  /** How long a completed trick stays on the table (ms); absent: the default (1500). */
  trickPauseMs: z.number().int().min(TRICK_PAUSE_MS.min).max(TRICK_PAUSE_MS.max).multipleOf(TRICK_PAUSE_MS.step).optional(),
});
export type CreateTableInput = z.infer<typeof createTableInput>;
