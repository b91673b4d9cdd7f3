/** Input shapes of the history router. */
import { z } from "zod";
import { safeText } from "@/lib/safe-text";

export const historyFilter = z.object({
  variant: safeText().min(1).max(32).optional(),
  clubId: safeText().min(1).max(64).optional(),
  /** Finished on or after. */
  from: z.date().optional(),
  /** Finished before. */
  to: z.date().optional(),
  opponentId: safeText().min(1).max(64).optional(),
});
export type HistoryFilter = z.infer<typeof historyFilter>;

export const historyListInput = historyFilter.extend({
  /** Whose history; the caller's own when left out. */
  userId: safeText().min(1).max(64).optional(),
  cursor: safeText().max(200).nullish(),
  limit: z.number().int().min(1).max(100).default(20),
});

/** Autocomplete for the history filters: names among the caller's clubs or the people they played with. */
export const SUGGESTION_LIMIT = 8;
export const historySuggestInput = z.object({
  kind: z.enum(["club", "opponent"]),
  text: safeText().trim().min(2).max(60),
});
export const historyLabelsInput = z.object({
  clubId: safeText().min(1).max(64).optional(),
  opponentId: safeText().min(1).max(64).optional(),
});
