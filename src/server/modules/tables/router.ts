/**
 * Live tables over tRPC: create a table (signed-in users) and list the open
 * public ones. Live play itself runs over socket.io (src/server/realtime).
 */
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { unwrap } from "@/server/api/errors";
import { currentTableHub } from "@/server/realtime";
import { createTableInput } from "./schema";
import * as tables from "./service";

export const tablesRouter = createTRPCRouter({
  create: protectedProcedure.input(createTableInput).mutation(async ({ ctx, input }) => {
    const created = unwrap(await tables.createTable(ctx.db, ctx.user.id, input));
    currentTableHub()?.lobbyChanged(); // live lobby watchers see the new table
    return created;
  }),
  list: publicProcedure.query(({ ctx }) => tables.listOpenTables(ctx.db)),
});
