/**
 * An event's results: per round, each table's players, points per deal (each
 * deal linked to its replay at that hand) and totals; in duplicate events the
 * matchpoints per deal and each deal's frequency table; then the standings.
 */
"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { FormNotice } from "@/components/forms/FormNotice";
import { useEventErrorText } from "./errors";
import { StandingsTable } from "./StandingsTable";
import { eventOccupant, useSeatName } from "@/components/table/useSeatName";

export function EventResults({ clubId, eventId }: { clubId: string; eventId: string }) {
  const t = useTranslations("events");
  const tr = useTranslations("events.results");
  const nameOf = useSeatName();
  const trpc = useTRPC();
  const errorText = useEventErrorText();
  const results = useQuery(trpc.events.results.queryOptions({ clubId, eventId }));
  if (results.error) return <FormNotice tone="error">{errorText(results.error)}</FormNotice>;
  const r = results.data;
  if (!r) return null;
  return (
    <article data-testid="event-results">
      <p>
        <Link href={`/clubs/${clubId}/events/${eventId}`}>{r.event.name}</Link>
      </p>
      <h1>{tr("heading", { name: r.event.name })}</h1>
      {r.rounds.map((round) => (
        <section key={round.round} data-testid="results-round">
          <h2>{tr("round", { round: round.round })}</h2>
          {round.tables.map((tb) => (
            <div key={tb.tableId}>
              <h3>{t("event.table", { number: tb.tableNo })}</h3>
              {tb.status === "abandoned" && <p>{tr("noResult")}</p>}
              <table data-testid="results-table">
                <thead>
                  <tr>
                    <th />
                    {tb.players.map((p) => (
                      <th key={p.key}>{nameOf(eventOccupant(p))}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {tb.points.map((deal, d) => (
                    <tr key={d}>
                      <td>
                        {tb.matchId ? (
                          <Link href={`/games/${tb.matchId}?hand=${d + 1}`} data-testid="deal-replay-link">
                            {tr("deal", { deal: d + 1 })}
                          </Link>
                        ) : (
                          tr("deal", { deal: d + 1 })
                        )}
                      </td>
                      {deal.map((x, s) => (
                        <td key={s}>
                          {x}
                          {tb.matchpoints && <small> ({tb.matchpoints[d]?.[s]} {tr("mp")})</small>}
                        </td>
                      ))}
                    </tr>
                  ))}
                  <tr>
                    <th>{tr("total")}</th>
                    {tb.scores.map((x, s) => (
                      <th key={s}>{x}</th>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
          ))}
          {round.frequencies?.map((f) => (
            <details key={f.deal} data-testid="frequency-table">
              <summary>{tr("frequencies", { deal: f.deal + 1 })}</summary>
              <table>
                <thead>
                  <tr>
                    <th />
                    <th>{tr("score")}</th>
                    <th>{tr("count")}</th>
                    <th>{tr("mp")}</th>
                  </tr>
                </thead>
                <tbody>
                  {f.seats.flatMap((rows, s) =>
                    rows.map((row, i) => (
                      <tr key={`${s}-${i}`}>
                        <td>{i === 0 ? tr("seat", { seat: s + 1 }) : ""}</td>
                        <td>{row.score}</td>
                        <td>{row.count}</td>
                        <td>{row.matchpoints}</td>
                      </tr>
                    )),
                  )}
                </tbody>
              </table>
            </details>
          ))}
        </section>
      ))}
      <section>
        <h2>{t("event.standings")}</h2>
        <StandingsTable standings={r.standings} duplicate={r.event.duplicate} />
      </section>
    </article>
  );
}
