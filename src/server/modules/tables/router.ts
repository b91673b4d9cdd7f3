/**
 * Live tables over tRPC: create a table (signed-in users, within their
 * quotas) and list a lobby page (filtered, paged; club tables only for those
 * who may see them). Live play itself runs over socket.io (src/server/realtime).
 */
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { unwrap } from "@/server/api/errors";
import { currentTableHub } from "@/server/realtime";
import { lobbyFilterSchema } from "@/protocol";
import { createTableInput } from "./schema";
import * as tables from "./service";

export const tablesRouter = createTRPCRouter({
  create: protectedProcedure.input(createTableInput).mutation(async ({ ctx, input }) => {
    const created = unwrap(await tables.createTable(ctx.db, ctx.user.id, input));
    currentTableHub()?.lobbyChanged(); // live lobby watchers see the new table
    return created;
  }),
  list: publicProcedure.input(lobbyFilterSchema.default({ limit: 30 })).query(({ ctx, input }) => tables.listLobby(ctx.db, ctx.user?.id ?? null, input)),
});
