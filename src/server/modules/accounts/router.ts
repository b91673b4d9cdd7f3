/**
 * Accounts over tRPC: register, me, updateProfile, profile. Thin: validate,
 * call the service, unwrap its result.
 */
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { unwrap } from "@/server/api/errors";
import { profileInput, registerInput, updateProfileInput } from "./schema";
import * as accounts from "./service";

export const accountsRouter = createTRPCRouter({
  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => unwrap(await accounts.register(ctx.db, input))),
  me: protectedProcedure.query(async ({ ctx }) => unwrap(await accounts.getMe(ctx.db, ctx.user.id))),
  updateProfile: protectedProcedure
    .input(updateProfileInput)
    .mutation(async ({ ctx, input }) => unwrap(await accounts.updateProfile(ctx.db, ctx.user.id, input))),
  profile: publicProcedure.input(profileInput).query(async ({ ctx, input }) => unwrap(await accounts.getPublicProfile(ctx.db, input.userId))),
});
