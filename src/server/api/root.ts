/**
 * The app's tRPC router: one line per module router.
 */
import { createCallerFactory, createTRPCRouter } from "./trpc";
import { accountsRouter } from "@/server/modules/accounts/router";
import { tablesRouter } from "@/server/modules/tables/router";
import { clubsRouter } from "@/server/modules/clubs/router";
import { rankedRouters } from "@/server/modules/ranked/routers";
import { eventsRouter } from "@/server/modules/events/router";

export const appRouter = createTRPCRouter({
  accounts: accountsRouter,
  tables: tablesRouter,
  clubs: clubsRouter,
  events: eventsRouter,
  ...rankedRouters,
});

export type AppRouter = typeof appRouter;

/** Server-side caller factory: `createCaller(context)` (tests, RSC via ./server.ts). */
export const createCaller = createCallerFactory(appRouter);
