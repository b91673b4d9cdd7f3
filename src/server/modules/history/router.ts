/** Game history over tRPC: list (keyset-paged, filtered), one match with its record, one hand's double-dummy analysis, a player's statistics. */
import { z } from "zod";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { unwrap } from "@/server/api/errors";
import { historyListInput } from "./schema";
import * as history from "./service";
import { analyzeMatchHand } from "./analysis";

export const historyRouter = createTRPCRouter({
  list: protectedProcedure.input(historyListInput).query(({ ctx, input }) => {
    const { userId, ...rest } = input;
    return history.listHistory(ctx.db, userId ?? ctx.user.id, rest);
  }),
  match: publicProcedure.input(z.object({ matchId: z.string().min(1).max(64) })).query(async ({ ctx, input }) => unwrap(await history.getMatch(ctx.db, input.matchId))),
  // Public like `match`: the replay already shows every hand of a finished match.
  analyzeHand: publicProcedure
    .input(z.object({ matchId: z.string().min(1).max(64), handIndex: z.number().int().min(0).max(1000) }))
    .query(async ({ ctx, input }) => unwrap(await analyzeMatchHand(ctx.db, input.matchId, input.handIndex))),
  stats: publicProcedure.input(z.object({ userId: z.string().min(1).max(64) })).query(({ ctx, input }) => history.playerStats(ctx.db, input.userId)),
});
