/**
 * Accounts over tRPC: register, me, updateProfile, logoutEverywhere, profile. Thin: validate,
 * call the service, unwrap its result.
 */
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { unwrap } from "@/server/api/errors";
import { profileInput, registerInput, updateProfileInput } from "./schema";
import * as accounts from "./service";
import { endAllSessions } from "@/server/auth/sessions";

export const accountsRouter = createTRPCRouter({
  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => unwrap(await accounts.register(ctx.db, input))),
  me: protectedProcedure.query(async ({ ctx }) => unwrap(await accounts.getMe(ctx.db, ctx.user.id))),
  updateProfile: protectedProcedure
    .input(updateProfileInput)
    .mutation(async ({ ctx, input }) => unwrap(await accounts.updateProfile(ctx.db, ctx.user.id, input))),
  /** Ends every session of the caller, this one included, and disconnects their sockets. */
  logoutEverywhere: protectedProcedure.mutation(async ({ ctx }) => ({ ended: await endAllSessions(ctx.db, ctx.user.id) })),
  profile: publicProcedure.input(profileInput).query(async ({ ctx, input }) => unwrap(await accounts.getPublicProfile(ctx.db, input.userId))),
});
