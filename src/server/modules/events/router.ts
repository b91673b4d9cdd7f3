/**
 * Club events over tRPC. Thin: inputs are zod-checked (schema.ts), roles by
 * the clubs procedures (members: view, sign up, withdraw; admins: create,
 * add or remove members, start, the club's rate, mark settlements paid),
 * the rest by the service and the runner.
 */
import { z } from "zod";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { unwrap } from "@/server/api/errors";
import { currentTableHub } from "@/server/realtime";
import { clubAdminProcedure, clubMemberProcedure } from "@/server/modules/clubs/procedures";
import { createEventInput, eventIdInput, eventMemberInput, ledgerSettingsInput, settlementInput } from "./schema";
import * as events from "./service";
import { startEvent } from "./runner";
import { currentEventRunner } from "./server";

export const eventsRouter = createTRPCRouter({
  /** Where the signed-in person is seated in a running event, if anywhere: their pages take them there. */
  mySeat: protectedProcedure.query(({ ctx }) => events.mySeat(ctx.db, ctx.user.id)),

  // Members
  list: clubMemberProcedure.query(({ ctx }) => events.listEvents(ctx.db, ctx.club.id)),
  get: clubMemberProcedure.input(eventIdInput).query(async ({ ctx, input }) => unwrap(await events.eventView(ctx.db, ctx.club.id, input.eventId, ctx.user.id))),
  results: clubMemberProcedure.input(eventIdInput).query(async ({ ctx, input }) => unwrap(await events.eventResults(ctx.db, ctx.club.id, input.eventId))),
  ledger: clubMemberProcedure.input(eventIdInput).query(async ({ ctx, input }) => unwrap(await events.eventLedger(ctx.db, ctx.club.id, input.eventId))),
  balances: clubMemberProcedure.query(({ ctx }) => events.clubBalances(ctx.db, ctx.club.id)),
  /** The balances as CSV (a mutation: the page downloads it on a click). */
  balancesCsv: clubMemberProcedure.mutation(({ ctx }) => events.clubBalancesCsv(ctx.db, ctx.club.id)),
  ledgerSettings: clubMemberProcedure.query(({ ctx }) => events.ledgerSettings(ctx.db, ctx.club.id)),
  signUp: clubMemberProcedure
    .input(eventIdInput)
    .mutation(async ({ ctx, input }) => unwrap(await events.signUp(ctx.db, ctx.club.id, input.eventId, ctx.user.id))),
  withdraw: clubMemberProcedure
    .input(eventIdInput)
    .mutation(async ({ ctx, input }) => unwrap(await events.removePlayer(ctx.db, ctx.club.id, input.eventId, ctx.user.id))),

  // Owner and admins
  create: clubAdminProcedure.input(createEventInput).mutation(async ({ ctx, input }) => unwrap(await events.createEvent(ctx.db, ctx.club.actor, ctx.club.id, input))),
  addMember: clubAdminProcedure
    .input(eventMemberInput)
    .mutation(async ({ ctx, input }) => unwrap(await events.addMember(ctx.db, ctx.club.id, input.eventId, input.userId))),
  removeMember: clubAdminProcedure
    .input(eventMemberInput)
    .mutation(async ({ ctx, input }) => unwrap(await events.removePlayer(ctx.db, ctx.club.id, input.eventId, input.userId))),
  addComputers: clubAdminProcedure
    .input(eventIdInput.extend({ count: z.number().int().min(1).max(400) }))
    .mutation(async ({ ctx, input }) => unwrap(await events.addComputers(ctx.db, ctx.club.id, input.eventId, input.count))),
  start: clubAdminProcedure.input(eventIdInput).mutation(async ({ ctx, input }) => {
    if (!(await events.findEvent(ctx.db, ctx.club.id, input.eventId))) unwrap(events.EVENT_ERRORS.notFound());
    const started = unwrap(await startEvent(ctx.db, input.eventId));
    const hub = currentTableHub();
    // The tables' computer players and clocks start here at once (the sweep would take them within seconds anyway).
    for (const id of started.tableIds) void hub?.room(id).catch(() => null);
    hub?.lobbyChanged();
    currentEventRunner()?.nudge();
    return { round: started.round, tables: started.tableIds.length };
  }),
  setLedgerSettings: clubAdminProcedure.input(ledgerSettingsInput).mutation(({ ctx, input }) => events.setLedgerSettings(ctx.db, ctx.club.id, input)),
  markPaid: clubAdminProcedure
    .input(settlementInput)
    .mutation(async ({ ctx, input }) => unwrap(await events.markSettlement(ctx.db, ctx.club.id, input.eventId, input.settlementId, input.paid, ctx.user.id))),
});
