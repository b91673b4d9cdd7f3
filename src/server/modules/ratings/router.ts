/** Ratings over tRPC: leaderboards (global or a club's, per variant) and a player's ratings with their history. */
import { z } from "zod";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import * as ratings from "./service";

export const ratingsRouter = createTRPCRouter({
  leaderboard: publicProcedure
    .input(z.object({ variant: z.string().min(1).max(32), clubId: z.string().min(1).max(64).optional(), limit: z.number().int().min(1).max(200).default(50) }))
    .query(({ ctx, input }) => ratings.leaderboard(ctx.db, { variant: input.variant, scope: input.clubId ?? ratings.GLOBAL_SCOPE, limit: input.limit })),
  forUser: publicProcedure.input(z.object({ userId: z.string().min(1).max(64) })).query(({ ctx, input }) => ratings.playerRatings(ctx.db, input.userId, ctx.user?.id ?? null)),
});
