/** Input shapes of the tables router. */
import { z } from "zod";
import { safeText } from "@/lib/safe-text";

export const createTableInput = z.object({
  variant: safeText().min(1).max(32),
  /** Partial rule options; the engine fills in defaults and checks them. */
  options: z.record(z.string(), z.unknown()).default({}),
  isPrivate: z.boolean().default(false),
  turnSeconds: z.number().int().min(10).max(600).default(45),
});
export type CreateTableInput = z.infer<typeof createTableInput>;
