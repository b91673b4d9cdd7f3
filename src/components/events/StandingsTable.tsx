/** An event's standings: place, player, matchpoints (duplicate events), points and tables played. */
"use client";
import { useTranslations } from "next-intl";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";
import { eventOccupant, useSeatName } from "@/components/table/useSeatName";

type StandingRow = inferRouterOutputs<AppRouter>["events"]["get"]["standings"][number];

export function StandingsTable({ standings, duplicate }: { standings: readonly StandingRow[]; duplicate: boolean }) {
  const t = useTranslations("events.event");
  const nameOf = useSeatName();
  return (
    <table data-testid="event-standings">
      <thead>
        <tr>
          <th>{t("place")}</th>
          <th>{t("name")}</th>
          {duplicate && <th>{t("matchpoints")}</th>}
          <th>{t("points")}</th>
          <th>{t("tablesPlayed")}</th>
        </tr>
      </thead>
      <tbody>
        {standings.map((s) => (
          <tr key={s.key} data-testid="standing-row">
            <td>{s.place}</td>
            <td>
              {nameOf(eventOccupant(s))}
              {s.isBot && <small> ({t("computer")})</small>}
            </td>
            {duplicate && <td>{s.matchpoints}</td>}
            <td>{s.points}</td>
            <td>{s.tables}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
