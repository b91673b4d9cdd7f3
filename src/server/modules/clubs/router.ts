/**
 * Clubs over tRPC. Thin: inputs are zod-checked (schema.ts), roles by the
 * procedure each handler is built on (procedures.ts), the rest by the service.
 */
import { z } from "zod";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { unwrap } from "@/server/api/errors";
import { currentTableHub } from "@/server/realtime";
import { clubAdminProcedure, clubMemberProcedure } from "./procedures";
import {
  clubIdInput,
  createClubInput,
  createPresetInput,
  decideRequestInput,
  inviteCodeInput,
  leaveInput,
  listClubsInput,
  memberInput,
  openTableInput,
  presetIdInput,
  setRoleInput,
  updatePresetInput,
} from "./schema";
import * as clubs from "./service";


export const clubsRouter = createTRPCRouter({
  // Anyone, signed in or not: a player's clubs as their public profile shows them.
  ofPlayer: publicProcedure.input(memberInput).query(({ ctx, input }) => clubs.clubsOfPlayer(ctx.db, ctx.user?.id ?? null, input.userId)),

  // Anyone signed in
  create: protectedProcedure.input(createClubInput).mutation(async ({ ctx, input }) => unwrap(await clubs.createClub(ctx.db, ctx.user.id, input))),
  list: protectedProcedure.input(listClubsInput).query(({ ctx, input }) => clubs.listClubs(ctx.db, input)),
  mine: protectedProcedure.query(({ ctx }) => clubs.myClubs(ctx.db, ctx.user.id)),
  get: protectedProcedure.input(clubIdInput).query(async ({ ctx, input }) => unwrap(await clubs.getClub(ctx.db, ctx.user.id, input.clubId))),
  join: protectedProcedure.input(clubIdInput).mutation(async ({ ctx, input }) => unwrap(await clubs.join(ctx.db, ctx.user.id, input.clubId))),
  cancelRequest: protectedProcedure
    .input(clubIdInput)
    .mutation(async ({ ctx, input }) => unwrap(await clubs.cancelRequest(ctx.db, ctx.user.id, input.clubId))),
  /** What an invitation link leads to: the club's name, description and size, before joining. */
  invitePreview: protectedProcedure
    .input(inviteCodeInput)
    .query(async ({ ctx, input }) => unwrap(await clubs.invitePreview(ctx.db, ctx.user.id, input.code))),
  joinWithInvite: protectedProcedure
    .input(inviteCodeInput)
    .mutation(async ({ ctx, input }) => unwrap(await clubs.joinWithInvite(ctx.db, ctx.user.id, input.code))),

  // Members
  details: clubMemberProcedure.query(({ ctx }) => clubs.clubDetails(ctx.db, ctx.club.actor, ctx.club.id)),
  leave: clubMemberProcedure
    .input(leaveInput)
    .mutation(async ({ ctx, input }) => unwrap(await clubs.leave(ctx.db, ctx.club.actor, ctx.club.id, input.confirmName))),
  presetVersions: clubMemberProcedure
    .input(presetIdInput)
    .query(async ({ ctx, input }) => unwrap(await clubs.presetVersions(ctx.db, ctx.club.id, input.presetId))),
  openTable: clubMemberProcedure.input(openTableInput).mutation(async ({ ctx, input }) => {
    const opened = unwrap(await clubs.openTable(ctx.db, ctx.club.actor, ctx.club.id, input));
    currentTableHub()?.lobbyChanged();
    return opened;
  }),

  // Owner and admins
  decideRequest: clubAdminProcedure
    .input(decideRequestInput)
    .mutation(async ({ ctx, input }) => unwrap(await clubs.decideRequest(ctx.db, ctx.club.id, input.userId, input.accept))),
  inviteCode: clubAdminProcedure
    .input(z.object({ renew: z.boolean().default(false) }))
    .mutation(async ({ ctx, input }) => unwrap(await clubs.inviteCode(ctx.db, ctx.club.id, input.renew))),
  removeMember: clubAdminProcedure
    .input(memberInput)
    .mutation(async ({ ctx, input }) => unwrap(await clubs.removeMember(ctx.db, ctx.club.actor, ctx.club.id, input.userId))),
  setRole: clubAdminProcedure
    .input(setRoleInput)
    .mutation(async ({ ctx, input }) => unwrap(await clubs.setRole(ctx.db, ctx.club.actor, ctx.club.id, input.userId, input.role))),
  transferOwnership: clubAdminProcedure
    .input(memberInput)
    .mutation(async ({ ctx, input }) => unwrap(await clubs.transferOwnership(ctx.db, ctx.club.actor, ctx.club.id, input.userId))),
  createPreset: clubAdminProcedure
    .input(createPresetInput)
    .mutation(async ({ ctx, input }) => unwrap(await clubs.createPreset(ctx.db, ctx.club.actor, ctx.club.id, input))),
  updatePreset: clubAdminProcedure
    .input(updatePresetInput)
    .mutation(async ({ ctx, input }) => unwrap(await clubs.updatePreset(ctx.db, ctx.club.actor, ctx.club.id, input))),
  setDefaultPreset: clubAdminProcedure
    .input(presetIdInput)
    .mutation(async ({ ctx, input }) => unwrap(await clubs.setDefaultPreset(ctx.db, ctx.club.id, input.presetId))),
});
