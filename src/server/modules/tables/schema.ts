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
  /** How long a completed trick stays on the table before a computer player leads (ms). */
  trickPauseMs: z
    .number()
    .int("The trick pause is a whole number of milliseconds.")
    .min(TRICK_PAUSE_MS.min, `The trick pause is at least ${TRICK_PAUSE_MS.min} ms.`)
    .max(TRICK_PAUSE_MS.max, `The trick pause is at most ${TRICK_PAUSE_MS.max} ms.`)
    .default(TRICK_PAUSE_MS.default),
  /** How many seats; default the variant's. The service checks it against the variant's range (a translated refusal). */
  seatCount: z.number().int().optional(),
});
export type CreateTableInput = z.infer<typeof createTableInput>;
