/**
 * An event's results: per round, each table's players, points per deal (each
 * deal linked to its replay at that hand) and totals; in duplicate events the
 * matchpoints per deal and each deal's frequency table; then the standings.
 * A card per round; on a phone each deal's row stacks into a line per player.
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
  const tc = useTranslations("common");
  const nameOf = useSeatName();
  const trpc = useTRPC();
  const errorText = useEventErrorText();
  const results = useQuery(trpc.events.results.queryOptions({ clubId, eventId }));
  if (results.error) return <FormNotice tone="error">{errorText(results.error)}</FormNotice>;
  const r = results.data;
  if (!r)
    return (
      <p className="muted" role="status">
        {tc("loading")}
      </p>
    );
  return (
    <article data-testid="event-results">
      <p>
        <Link href={`/clubs/${clubId}/events/${eventId}`}>{r.event.name}</Link>
      </p>
      <h1>{tr("heading", { name: r.event.name })}</h1>
      <div className="stack">
        {r.rounds.map((round) => (
          <section key={round.round} className="card" data-testid="results-round">
            <h2>{tr("round", { round: round.round })}</h2>
            {round.tables.map((tb) => (
              <div key={tb.tableId} className="results-table">
                <h3>{t("event.table", { number: tb.tableNo })}</h3>
                {tb.status === "abandoned" && <p className="muted">{tr("noResult")}</p>}
                <div className="table-wrap">
                  <table className="data-table data-table--stack" data-testid="results-table">
                    <thead>
                      <tr>
                        <td />
                        {tb.players.map((p) => (
                          <th key={p.key} scope="col" className="num">
                            {nameOf(eventOccupant(p))}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {tb.points.map((deal, d) => (
                        <tr key={d}>
                          <th scope="row">
                            {tb.matchId ? (
                              <Link href={`/games/${tb.matchId}?hand=${d + 1}`} data-testid="deal-replay-link">
                                {tr("deal", { deal: d + 1 })}
                              </Link>
                            ) : (
                              tr("deal", { deal: d + 1 })
                            )}
                          </th>
                          {deal.map((x, s) => (
                            <td key={s} className="num">
                              <span className="data-table__label" aria-hidden="true">
                                {tb.players[s] ? nameOf(eventOccupant(tb.players[s])) : ""}
                              </span>
                              <span>
                                {x}
                                {tb.matchpoints && <small> ({tb.matchpoints[d]?.[s]} {tr("mp")})</small>}
                              </span>
                            </td>
                          ))}
                        </tr>
                      ))}
                      <tr>
                        <th scope="row">{tr("total")}</th>
                        {tb.scores.map((x, s) => (
                          <td key={s} className="num">
                            <span className="data-table__label" aria-hidden="true">
                              {tb.players[s] ? nameOf(eventOccupant(tb.players[s])) : ""}
                            </span>
                            <strong>{x}</strong>
                          </td>
                        ))}
                      </tr>
                    </tbody>
                  </table>
                </div>
              </div>
            ))}
            {round.frequencies?.map((f) => (
              <details key={f.deal} className="results-frequencies" data-testid="frequency-table">
                <summary>{tr("frequencies", { deal: f.deal + 1 })}</summary>
                <div className="table-wrap">
                  <table className="data-table">
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
                </div>
              </details>
            ))}
          </section>
        ))}
        <section className="card" aria-labelledby="results-standings-title">
          <h2 id="results-standings-title">{t("event.standings")}</h2>
          <StandingsTable standings={r.standings} duplicate={r.event.duplicate} />
        </section>
      </div>
    </article>
  );
}
