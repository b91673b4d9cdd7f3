/**
 * Accounts over tRPC: register, me, updateProfile, changePassword,
 * logoutEverywhere, profile, and the mailed-link flows (resendVerification,
 * verifyEmail, requestPasswordReset, checkResetToken, resetPassword). Thin:
 * validate, call the service, unwrap its result.
 */
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { unwrap } from "@/server/api/errors";
import {
  changePasswordInput,
  profileInput,
  registerInput,
  requestPasswordResetInput,
  resetPasswordInput,
  tokenInput,
  updateProfileInput,
} from "./schema";
import * as accounts from "./service";
import * as links from "./mail-links";
import { endAllSessions } from "@/server/auth/sessions";

export const accountsRouter = createTRPCRouter({
  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => unwrap(await accounts.register(ctx.db, input))),
  me: protectedProcedure.query(async ({ ctx }) => unwrap(await accounts.getMe(ctx.db, ctx.user.id))),
  updateProfile: protectedProcedure
    .input(updateProfileInput)
    .mutation(async ({ ctx, input }) => unwrap(await accounts.updateProfile(ctx.db, ctx.user.id, input))),
  /** Ends every other session of the caller; this one stays signed in. */
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .mutation(async ({ ctx, input }) => unwrap(await accounts.changePassword(ctx.db, ctx.user.id, ctx.sessionId ?? null, input))),
  /** Ends every session of the caller, this one included, and disconnects their sockets. */
  logoutEverywhere: protectedProcedure.mutation(async ({ ctx }) => ({ ended: await endAllSessions(ctx.db, ctx.user.id) })),
  profile: publicProcedure.input(profileInput).query(async ({ ctx, input }) => unwrap(await accounts.getPublicProfile(ctx.db, input.userId))),
  resendVerification: protectedProcedure.mutation(async ({ ctx }) => unwrap(await links.resendVerification(ctx.db, ctx.user.id))),
  verifyEmail: publicProcedure.input(tokenInput).mutation(async ({ ctx, input }) => unwrap(await links.verifyEmail(ctx.db, input.token))),
  /** The same answer whether or not an account has the address. */
  requestPasswordReset: publicProcedure.input(requestPasswordResetInput).mutation(async ({ ctx, input }) => {
    unwrap(await links.requestPasswordReset(ctx.db, input, ctx.ip));
    return { requested: true as const };
  }),
  checkResetToken: publicProcedure.input(tokenInput).query(async ({ ctx, input }) => links.checkPasswordResetToken(ctx.db, input.token)),
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => unwrap(await links.resetPassword(ctx.db, input))),
});
