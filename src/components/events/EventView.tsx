/**
 * One event's page: its set-up, the players (sign up or withdraw while
 * sign-up is open; admins add members and computer players and start it),
 * the current round's tables and the standings, refreshed every few seconds
 * while it runs, with links to the results and the ledger. A signed-up
 * person is taken to their table when a round seats them (EventSeatWatcher).
 */
"use client";
import { useState } from "react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { FormNotice } from "@/components/forms/FormNotice";
import { useEventErrorText } from "./errors";
import { EventSeatWatcher } from "./EventSeatWatcher";
import { StandingsTable } from "./StandingsTable";
import { eventOccupant, useSeatName } from "@/components/table/useSeatName";

const REFRESH_MS = 2000;

export function EventView({ clubId, eventId }: { clubId: string; eventId: string }) {
  const t = useTranslations("events");
  const nameOf = useSeatName();
  const tg = useTranslations("game");
  const format = useFormatter();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const errorText = useEventErrorText();
  const club = useQuery(trpc.clubs.get.queryOptions({ clubId }));
  const admin = club.data?.myRole === "owner" || club.data?.myRole === "admin";
  const view = useQuery({ ...trpc.events.get.queryOptions({ clubId, eventId }), refetchInterval: (q) => (q.state.data?.event.status === "finished" ? false : REFRESH_MS) });
  const details = useQuery({ ...trpc.clubs.details.queryOptions({ clubId }), enabled: admin });
  const [adding, setAdding] = useState("");
  const [computers, setComputers] = useState(1);
  const refresh = { onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() }) };
  const signUp = useMutation(trpc.events.signUp.mutationOptions(refresh));
  const withdraw = useMutation(trpc.events.withdraw.mutationOptions(refresh));
  const addMember = useMutation(trpc.events.addMember.mutationOptions(refresh));
  const addComputers = useMutation(trpc.events.addComputers.mutationOptions(refresh));
  const removeMember = useMutation(trpc.events.removeMember.mutationOptions(refresh));
  const start = useMutation(trpc.events.start.mutationOptions(refresh));
  const failed = [signUp, withdraw, addMember, addComputers, removeMember, start].find((m) => m.error)?.error ?? view.error;

  const v = view.data;
  if (!v) return failed ? <FormNotice tone="error">{errorText(failed)}</FormNotice> : null;
  const e = v.event;
  const open = e.status === "open";
  const round = v.rounds.find((r) => r.round === e.currentRound);
  // Past the round clock, tables still playing are late (they play on under the turn clock and stand-in).
  const late = e.status === "running" && !!round && new Date(round.endsAt).getTime() < Date.now();
  const signedUpIds = new Set(v.players.map((p) => p.userId));
  const candidates = (details.data?.members ?? []).filter((m) => !signedUpIds.has(m.userId));

  return (
    <article data-testid="event-page" data-status={e.status}>
      <EventSeatWatcher />
      <p>
        <Link href={`/clubs/${clubId}/events`}>{t("clubEvents")}</Link>
      </p>
      <h1 data-testid="event-name">{e.name}</h1>
      <p>
        {t(`kinds.${e.kind as "evening"}`)} · <span data-testid="event-status">{t(`statuses.${e.status as "open"}`)}</span> ·{" "}
        {t("event.details", { variant: tg(`variants.${e.variant}`), deals: e.dealsPerRound, rounds: e.rounds, seating: t(`seatingRules.${e.seating as "random"}`) })}
        {e.duplicate && <> · {t("event.duplicate")}</>}
        {e.startAt && open && <> · {t("event.startsAt", { time: format.dateTime(e.startAt, { dateStyle: "medium", timeStyle: "short" }) })}</>}
      </p>
      {failed && <FormNotice tone="error">{errorText(failed)}</FormNotice>}

      {open && (
        <section>
          <h2>{t("event.players")}</h2>
          <ul data-testid="event-players">
            {v.players.map((p) => (
              <li key={p.key}>
                {nameOf(eventOccupant(p))}
                {p.isBot && <small> ({t("event.computer")})</small>}
                {admin && !p.isBot && p.userId && (
                  <button className="button button--ghost" onClick={() => removeMember.mutate({ clubId, eventId, userId: p.userId! })} disabled={removeMember.isPending}>
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
          {v.signedUp ? (
            <p>
              {t("event.signedUp")}{" "}
              <button className="button button--ghost" onClick={() => withdraw.mutate({ clubId, eventId })} disabled={withdraw.isPending} data-testid="event-withdraw">
                {t("event.withdraw")}
              </button>
            </p>
          ) : (
            <button className="button" onClick={() => signUp.mutate({ clubId, eventId })} disabled={signUp.isPending} data-testid="event-sign-up">
              {t("event.signUp")}
            </button>
          )}
          {admin && (
            <div className="form">
              {candidates.length > 0 && (
                <label>
                  {t("event.addMember")}
                  <select value={adding} onChange={(ev) => setAdding(ev.target.value)} data-testid="event-add-member-select">
                    <option value="" />
                    {candidates.map((m) => (
                      <option key={m.userId} value={m.userId}>
                        {m.displayName}
                      </option>
                    ))}
                  </select>
                  <button className="button button--ghost" disabled={!adding || addMember.isPending} onClick={() => (addMember.mutate({ clubId, eventId, userId: adding }), setAdding(""))} data-testid="event-add-member">
                    {t("event.addMember")}
                  </button>
                </label>
              )}
              {e.allowComputers && (
                <label>
                  {t("event.addComputers")}
                  <input type="number" min={1} max={400} value={computers} onChange={(ev) => setComputers(Math.max(1, Math.floor(Number(ev.target.value) || 1)))} data-testid="event-computers-count" />
                  <button className="button button--ghost" onClick={() => addComputers.mutate({ clubId, eventId, count: computers })} disabled={addComputers.isPending} data-testid="event-add-computers">
                    {t("event.addComputers")}
                  </button>
                </label>
              )}
              <button className="button" onClick={() => start.mutate({ clubId, eventId })} disabled={start.isPending} data-testid="event-start">
                {t("event.start")}
              </button>
            </div>
          )}
        </section>
      )}

      {!open && (
        <section>
          <h2 data-testid="event-round">{t("event.round", { round: e.currentRound, rounds: e.rounds })}</h2>
          {e.status === "finished" && <p data-testid="event-finished">{t("event.finished")}</p>}
          {round && e.status === "running" && <p>{t("event.roundEnds", { time: format.dateTime(round.endsAt, { timeStyle: "short" }) })}</p>}
          {v.myTable && (
            <p>
              <Link className="button" href={`/play/${v.myTable}`} data-testid="event-my-table">
                {t("event.goToTable")}
              </Link>
            </p>
          )}
          <h3>{t("event.tables")}</h3>
          <ul data-testid="event-tables">
            {v.tables.map((tb) => (
              <li key={tb.tableId} data-testid="event-table" data-status={tb.status}>
                {t("event.table", { number: tb.tableNo })}: {tb.players.map((p) => nameOf(eventOccupant(p))).join(", ")} · {t(`event.tableStatus.${tb.status as "playing"}`)} · <span data-testid="event-table-deals">{t("event.dealsDone", { done: tb.deals, total: e.dealsPerRound })}</span> ·{" "}
                {late && tb.status === "playing" && <strong data-testid="event-table-late">{t("event.late")} · </strong>}
                <Link href={`/play/${tb.tableId}`}>{tb.tableId === v.myTable ? t("event.yourTable") : t("event.watch")}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section>
        <h2>{t("event.standings")}</h2>
        <StandingsTable standings={v.standings} duplicate={e.duplicate} />
        <p>
          <Link href={`/clubs/${clubId}/events/${eventId}/results`} data-testid="event-results-link">
            {t("event.results")}
          </Link>{" "}
          ·{" "}
          <Link href={`/clubs/${clubId}/events/${eventId}/ledger`} data-testid="event-ledger-link">
            {t("event.ledger")}
          </Link>
        </p>
      </section>
    </article>
  );
}
