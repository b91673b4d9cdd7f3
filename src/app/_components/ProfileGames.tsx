/** A profile's games section: statistics per variant and the latest finished games with links to their replays.
 * A server component (it reads through the server's API), so it lives beside the pages, not in src/components.
 */
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { getServerApi } from "@/server/api/server";
import { bidLabel, type Translator } from "@/components/table/format";

export async function ProfileGames({ userId, own }: { userId: string; own: boolean }) {
  const [api, t, tg, te, format] = await Promise.all([getServerApi(), getTranslations("history"), getTranslations("game"), getTranslations("engine"), getFormatter()]);
  const stats = await api.history.stats({ userId });
  const recent = own ? await api.history.list({ limit: 5 }) : null;
  if (stats.length === 0) return <p className="empty">{t("stats.none")}</p>;
  return (
    <div data-testid="profile-stats">
      <table className="stats-table">
        <thead>
          <tr>
            <th />
            <th>{t("stats.matches")}</th>
            <th>{t("stats.wins")}</th>
            <th>{t("stats.deals")}</th>
            <th>{t("stats.pointsPerDeal")}</th>
            <th>{t("stats.declarer")}</th>
            <th>{t("stats.partner")}</th>
            <th>{t("stats.defender")}</th>
          </tr>
        </thead>
        <tbody>
          {stats.map((s) => (
            <tr key={s.variant} data-testid={`stats-${s.variant}`}>
              <th>{tg(`variants.${s.variant}`)}</th>
              <td data-testid="stats-matches">{s.matches}</td>
              <td>{s.wins}</td>
              <td>{s.deals}</td>
              <td>{format.number(s.pointsPerDeal, { maximumFractionDigits: 2 })}</td>
              <td>{s.asDeclarer}</td>
              <td>{s.asPartner}</td>
              <td>{s.asDefender}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {stats.some((s) => Object.keys(s.contracts).length > 0) && (
        <>
          <h3>{t("stats.contracts")}</h3>
          <ul>
            {stats.map((s) =>
              Object.entries(s.contracts).map(([bid, [n, made]]) => (
                <li key={`${s.variant}:${bid}`}>
                  {tg(`variants.${s.variant}`)}: {bidLabel(te as unknown as Translator, s.variant, bid)} {made} / {n}
                </li>
              )),
            )}
          </ul>
        </>
      )}
      {recent && (
        <ul data-testid="profile-recent-games">
          {recent.items.map((g) => (
            <li key={g.matchId}>
              <Link href={`/games/${g.matchId}`} data-testid="profile-game-link">
                {tg(`variants.${g.variant}`)} · {format.dateTime(g.finishedAt, { dateStyle: "medium", timeStyle: "short" })} · {t("place")} {g.place}
                {g.ranked ? ` · ${t("ranked")}` : ""}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {own && <Link href="/history">{t("link")}</Link>}
    </div>
  );
}
