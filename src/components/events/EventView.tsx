/**
 * One event's page: its set-up, the players (sign up or withdraw while
 * sign-up is open; admins add members and computer players and start it),
 * the current round's tables and the standings, each in a card, refreshed
 * every few seconds while it runs, with links to the results and the ledger.
 * A signed-up person is taken to their table when a round seats them
 * (EventSeatWatcher).
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
  const tc = useTranslations("common");
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
  if (!v)
    return failed ? (
      <FormNotice tone="error">{errorText(failed)}</FormNotice>
    ) : (
      <p className="muted" role="status">
        {tc("loading")}
      </p>
    );
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
      <div className="stack">
        <header className="card card--accent">
          <h1 data-testid="event-name">{e.name}</h1>
          <div className="meta">
            <span className={open ? "badge badge--gold" : e.status === "running" ? "badge" : "badge badge--muted"} data-testid="event-status">
              {t(`statuses.${e.status as "open"}`)}
            </span>
            <span>{t(`kinds.${e.kind as "evening"}`)}</span>
            <span>{t("event.details", { variant: tg(`variants.${e.variant}`), deals: e.dealsPerRound, rounds: e.rounds, seating: t(`seatingRules.${e.seating as "random"}`) })}</span>
            {e.duplicate && <span>{t("event.duplicate")}</span>}
            {e.startAt && open && <span>{t("event.startsAt", { time: format.dateTime(e.startAt, { dateStyle: "medium", timeStyle: "short" }) })}</span>}
          </div>
        </header>
        {failed && <FormNotice tone="error">{errorText(failed)}</FormNotice>}

        {open && (
          <section className="card" aria-labelledby="event-players-title">
            <h2 id="event-players-title">{t("event.players")}</h2>
            {v.players.length === 0 && <p className="empty">{t("event.noPlayers")}</p>}
            <ul className="item-list" data-testid="event-players">
              {v.players.map((p) => (
                <li key={p.key}>
                  <span className="item__main">
                    {nameOf(eventOccupant(p))}
                    {p.isBot && <span className="muted"> ({t("event.computer")})</span>}
                  </span>
                  {admin && !p.isBot && p.userId && (
                    <button
                      className="button button--ghost button--small"
                      onClick={() => removeMember.mutate({ clubId, eventId, userId: p.userId! })}
                      disabled={removeMember.isPending}
                      aria-label={t("event.remove", { name: nameOf(eventOccupant(p)) })}
                    >
                      ×
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <div className="button-row event-signup">
              {v.signedUp ? (
                <>
                  <span>{t("event.signedUp")}</span>
                  <button className="button button--ghost button--small" onClick={() => withdraw.mutate({ clubId, eventId })} disabled={withdraw.isPending} data-testid="event-withdraw">
                    {t("event.withdraw")}
                  </button>
                </>
              ) : (
                <button className="button" onClick={() => signUp.mutate({ clubId, eventId })} disabled={signUp.isPending} data-testid="event-sign-up">
                  {t("event.signUp")}
                </button>
              )}
            </div>
            {admin && (
              <div className="event-admin">
                {candidates.length > 0 && (
                  <div className="event-add">
                    <div className="field">
                      <label htmlFor="event-add-member">{t("event.memberToAdd")}</label>
                      <select id="event-add-member" value={adding} onChange={(ev) => setAdding(ev.target.value)} data-testid="event-add-member-select">
                        <option value="" />
                        {candidates.map((m) => (
                          <option key={m.userId} value={m.userId}>
                            {m.displayName}
                          </option>
                        ))}
                      </select>
                    </div>
                    <button className="button button--ghost" disabled={!adding || addMember.isPending} onClick={() => (addMember.mutate({ clubId, eventId, userId: adding }), setAdding(""))} data-testid="event-add-member">
                      {t("event.addMember")}
                    </button>
                  </div>
                )}
                {e.allowComputers && (
                  <div className="event-add">
                    <div className="field">
                      <label htmlFor="event-computers-count">{t("event.computerCount")}</label>
                      <input
                        id="event-computers-count"
                        type="number"
                        min={1}
                        max={400}
                        value={computers}
                        onChange={(ev) => setComputers(Math.max(1, Math.floor(Number(ev.target.value) || 1)))}
                        data-testid="event-computers-count"
                      />
                    </div>
                    <button className="button button--ghost" onClick={() => addComputers.mutate({ clubId, eventId, count: computers })} disabled={addComputers.isPending} data-testid="event-add-computers">
                      {t("event.addComputers")}
                    </button>
                  </div>
                )}
                <div className="button-row">
                  <button className="button" onClick={() => start.mutate({ clubId, eventId })} disabled={start.isPending} data-testid="event-start">
                    {t("event.start")}
                  </button>
                </div>
              </div>
            )}
          </section>
        )}

        {!open && (
          <section className="card" aria-labelledby="event-round-title">
            <h2 id="event-round-title" data-testid="event-round">
              {t("event.round", { round: e.currentRound, rounds: e.rounds })}
            </h2>
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
            <ul className="item-list" data-testid="event-tables">
              {v.tables.map((tb) => (
                <li key={tb.tableId} data-testid="event-table" data-status={tb.status}>
                  <div className="item__main">
                    <span className="item__title">{t("event.table", { number: tb.tableNo })}</span>
                    <div className="item__meta">
                      <span>{tb.players.map((p) => nameOf(eventOccupant(p))).join(", ")}</span>
                      <span className={tb.status === "playing" ? "badge" : "badge badge--muted"}>{t(`event.tableStatus.${tb.status as "playing"}`)}</span>
                      <span data-testid="event-table-deals">{t("event.dealsDone", { done: tb.deals, total: e.dealsPerRound })}</span>
                      {late && tb.status === "playing" && <strong data-testid="event-table-late">{t("event.late")}</strong>}
                    </div>
                  </div>
                  <div className="item__actions">
                    <Link className="button button--ghost button--small" href={`/play/${tb.tableId}`}>
                      {tb.tableId === v.myTable ? t("event.yourTable") : t("event.watch")}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section className="card" aria-labelledby="event-standings-title">
          <h2 id="event-standings-title">{t("event.standings")}</h2>
          <StandingsTable standings={v.standings} duplicate={e.duplicate} />
          <div className="button-row event-links">
            <Link className="button button--ghost button--small" href={`/clubs/${clubId}/events/${eventId}/results`} data-testid="event-results-link">
              {t("event.results")}
            </Link>
            <Link className="button button--ghost button--small" href={`/clubs/${clubId}/events/${eventId}/ledger`} data-testid="event-ledger-link">
              {t("event.ledger")}
            </Link>
          </div>
        </section>
      </div>
    </article>
  );
}
