/** Game history over tRPC: list (keyset-paged, filtered), filter autocomplete and labels, one match with its record, one hand's double-dummy analysis, a player's statistics. */
import { z } from "zod";
import { safeText } from "@/lib/safe-text";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { unwrap } from "@/server/api/errors";
import { historyLabelsInput, historyListInput, historySuggestInput } from "./schema";
import * as history from "./service";
import { handAnalysis } from "./analysis";

const matchId = safeText().min(1).max(64);

export const historyRouter = createTRPCRouter({
  list: protectedProcedure.input(historyListInput).query(({ ctx, input }) => {
    const { userId, ...rest } = input;
    // Someone else's history leaves out club matches the caller may not see.
    return history.listHistory(ctx.db, userId ?? ctx.user.id, rest, ctx.user.id);
  }),
  // Autocomplete for the club and opponent filters: the caller's own clubs and opponents only.
  suggest: protectedProcedure.input(historySuggestInput).query(({ ctx, input }) => history.suggestNames(ctx.db, ctx.user.id, input.kind, input.text)),
  // The names behind filter ids restored from a link (null when the caller does not know them).
  filterLabels: protectedProcedure.input(historyLabelsInput).query(({ ctx, input }) => history.filterLabels(ctx.db, ctx.user.id, input)),
  // Public, except club matches (members only unless the club let guests watch): see history.matchRefusal.
  match: publicProcedure.input(z.object({ matchId })).query(async ({ ctx, input }) => unwrap(await history.getMatch(ctx.db, input.matchId, ctx.user?.id ?? null))),
  // Whoever may see the match sees its analysis; asking moves a hand not done yet ahead of the queue (poll until done).
  handAnalysis: publicProcedure
    .input(z.object({ matchId, handIndex: z.number().int().min(0).max(1000) }))
    .query(async ({ ctx, input }) => unwrap(await handAnalysis(ctx.db, ctx.user?.id ?? null, input.matchId, input.handIndex))),
  stats: publicProcedure.input(z.object({ userId: safeText().min(1).max(64) })).query(({ ctx, input }) => history.playerStats(ctx.db, input.userId, ctx.user?.id ?? null)),
});
