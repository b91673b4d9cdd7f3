/**
 * The role-checked procedures of ARCHITECTURE.md for everything about one
 * club: `clubMemberProcedure` (signed in and a member of `input.clubId`) and
 * `clubAdminProcedure` (the club's owner or an admin). Both put the actor's
 * role on `ctx.club`; a refusal is a translated FORBIDDEN (or NOT_FOUND for
 * an unknown club) before the handler runs.
 */
import { protectedProcedure } from "@/server/api/trpc";
import { unwrap } from "@/server/api/errors";
import { clubIdInput } from "./schema";
import { CLUB_ERRORS } from "./service";
import { findClub, findRole } from "./repository";

export const clubMemberProcedure = protectedProcedure.input(clubIdInput).use(async ({ ctx, input, next }) => {
  const role = await findRole(ctx.db, input.clubId, ctx.user.id);
  if (!role) {
    unwrap((await findClub(ctx.db, input.clubId)) ? CLUB_ERRORS.notMember() : CLUB_ERRORS.notFound());
    throw new Error("unreachable");
  }
  return next({ ctx: { ...ctx, club: { id: input.clubId, actor: { userId: ctx.user.id, role } } } });
});

export const clubAdminProcedure = clubMemberProcedure.use(({ ctx, next }) => {
  if (ctx.club.actor.role === "member") unwrap(CLUB_ERRORS.notAdmin());
  return next();
});
