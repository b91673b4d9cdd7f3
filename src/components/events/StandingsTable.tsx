/**
 * An event's standings: place, player, matchpoints (duplicate events), points and tables played;
 * a sentence instead while nobody is in them. Rows stack into labelled lines on a phone.
 */
"use client";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";
import { eventOccupant, useSeatName } from "@/components/table/useSeatName";

type StandingRow = inferRouterOutputs<AppRouter>["events"]["get"]["standings"][number];

export function StandingsTable({ standings, duplicate }: { standings: readonly StandingRow[]; duplicate: boolean }) {
  const t = useTranslations("events.event");
  const nameOf = useSeatName();
  if (standings.length === 0)
    return (
      <p className="empty" data-testid="event-standings-empty">
        {t("noStandings")}
      </p>
    );
  const cell = (label: string, value: ReactNode) => (
    <td className="num">
      <span className="data-table__label" aria-hidden="true">
        {label}
      </span>
      <span>{value}</span>
    </td>
  );
  return (
    <div className="table-wrap">
      <table className="data-table data-table--stack" data-testid="event-standings">
        <thead>
          <tr>
            <th scope="col" className="num">
              {t("place")}
            </th>
            <th scope="col">{t("name")}</th>
            {duplicate && (
              <th scope="col" className="num">
                {t("matchpoints")}
              </th>
            )}
            <th scope="col" className="num">
              {t("points")}
            </th>
            <th scope="col" className="num">
              {t("tablesPlayed")}
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => (
            <tr key={s.key} data-testid="standing-row">
              {cell(t("place"), <strong>{s.place}</strong>)}
              {/* Unlabelled when the rows stack: the name heads its row. */}
              <th scope="row">
                <span>
                  {nameOf(eventOccupant(s))}
                  {s.isBot && <span className="muted"> ({t("computer")})</span>}
                </span>
              </th>
              {duplicate && cell(t("matchpoints"), s.matchpoints)}
              {cell(t("points"), s.points)}
              {cell(t("tablesPlayed"), s.tables)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
