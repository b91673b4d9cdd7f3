/** A profile's games section: statistics per variant and the latest finished games with links to their replays.
 * A server component (it reads through the server's API), so it lives beside the pages, not in src/components.
 * The statistics table stacks into labelled lines in a narrow card (see .data-table--stack).
 */
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { getServerApi } from "@/server/api/server";
import { bidLabel, type Translator } from "@/components/table/format";
import { TimeZoneNote } from "@/components/layout/TimeZoneNote";

const COLUMNS = ["matches", "wins", "deals", "pointsPerDeal", "declarer", "partner", "defender"] as const;

export async function ProfileGames({ userId, own }: { userId: string; own: boolean }) {
  const [api, t, tg, te, format] = await Promise.all([getServerApi(), getTranslations("history"), getTranslations("game"), getTranslations("engine"), getFormatter()]);
  const stats = await api.history.stats({ userId });
  const recent = own ? await api.history.list({ limit: 5 }) : null;
  if (stats.length === 0) return <p className="empty">{t("stats.none")}</p>;
  return (
    <div data-testid="profile-stats">
      <div className="table-wrap">
        <table className="data-table data-table--stack stats-table">
          <thead>
            <tr>
              <th scope="col">{t("filters.variant")}</th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="num">
                  {t(`stats.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {stats.map((s) => {
              const values = [s.matches, s.wins, s.deals, format.number(s.pointsPerDeal, { maximumFractionDigits: 2 }), s.asDeclarer, s.asPartner, s.asDefender];
              return (
                <tr key={s.variant} data-testid={`stats-${s.variant}`}>
                  <th scope="row">{tg(`variants.${s.variant}`)}</th>
                  {COLUMNS.map((c, i) => (
                    <td key={c} className="num">
                      {/* The column's name beside its value once the row is stacked; the table header names it for screen readers. */}
                      <span className="data-table__label" aria-hidden="true">
                        {t(`stats.${c}`)}
                      </span>
                      <span data-testid={`stats-${c}`}>{values[i]}</span>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {stats.some((s) => Object.keys(s.contracts).length > 0) && (
        <>
          <h3 className="card__subhead">{t("stats.contracts")}</h3>
          <ul className="item-list">
            {stats.map((s) =>
              Object.entries(s.contracts).map(([bid, [n, made]]) => (
                <li key={`${s.variant}:${bid}`}>
                  <span className="item__main">
                    {tg(`variants.${s.variant}`)}: {bidLabel(te as unknown as Translator, s.variant, bid)}
                  </span>
                  <span className="badge">
                    {made} / {n}
                  </span>
                </li>
              )),
            )}
          </ul>
        </>
      )}
      {recent && recent.items.length > 0 && (
        <>
          <h3 className="card__subhead">{t("recent")}</h3>
          <TimeZoneNote />
          <ul className="item-list" data-testid="profile-recent-games">
            {recent.items.map((g) => (
              <li key={g.matchId}>
                <Link href={`/games/${g.matchId}`} data-testid="profile-game-link">
                  {tg(`variants.${g.variant}`)} · {format.dateTime(g.finishedAt, { dateStyle: "medium", timeStyle: "short" })}
                </Link>
                <span className="item__meta">
                  {t("place")} {g.place}
                  {g.ranked && <span className="badge badge--gold">{t("ranked")}</span>}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {own && (
        <p className="card__subhead">
          <Link className="button button--ghost button--small" href="/history">
            {t("link")}
          </Link>
        </p>
      )}
    </div>
  );
}
