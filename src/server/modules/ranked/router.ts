/** Ranked play over tRPC: join a variant's queue, leave it, poll the status (which also runs matchmaking); open a club's ranked table. */
import { z } from "zod";
import { safeText } from "@/lib/safe-text";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { unwrap } from "@/server/api/errors";
import { currentTableHub } from "@/server/realtime";
import { clubMemberProcedure } from "@/server/modules/clubs/procedures";
import * as ranked from "./service";

/** Loads the new tables' rooms in this process so their turn timers run even before anyone opens them. */
const startRooms = (status: ranked.QueueStatus) => {
  if (status.state === "playing") void currentTableHub()?.room(status.tableId);
  return status;
};

export const rankedRouter = createTRPCRouter({
  join: protectedProcedure
    .input(z.object({ variant: safeText().min(1).max(32) }))
    .mutation(async ({ ctx, input }) => startRooms(unwrap(await ranked.joinQueue(ctx.db, ctx.user.id, input.variant)))),
  leave: protectedProcedure.mutation(async ({ ctx }) => {
    await ranked.leaveQueue(ctx.db, ctx.user.id);
    return { ok: true };
  }),
  /** Leaves the queue for an unrated table with three computer players (offered after a long wait). */
  playWithComputers: protectedProcedure.mutation(async ({ ctx }) => {
    const opened = unwrap(await ranked.playWithComputers(ctx.db, ctx.user.id));
    void currentTableHub()?.room(opened.tableId);
    return opened;
  }),
  /** A club member opens a ranked table for the club ladder with one of the club's presets. */
  openClubTable: clubMemberProcedure
    .input(z.object({ presetId: safeText().min(1).max(64), turnSeconds: z.number().int().min(10).max(600).default(45), seatCount: z.number().int().optional() }))
    .mutation(async ({ ctx, input }) => unwrap(await ranked.openClubRankedTable(ctx.db, ctx.club.actor, ctx.club.id, input))),
  status: protectedProcedure.query(async ({ ctx }) => startRooms(await ranked.queueStatus(ctx.db, ctx.user.id))),
});
