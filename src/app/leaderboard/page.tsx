/**
 * /leaderboard?variant=…&club=…: the global leaderboard of a variant, or a
 * club's ladder. The headline figure is the rating with its ± and a
 * "provisional" mark; the cautious ranking score it is sorted by comes last.
 */
import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VARIANT_IDS } from "@/engine/meta";
import { getServerApi } from "@/server/api/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("ranked"))("leaderboard.title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function LeaderboardPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const variant = typeof params.variant === "string" && (VARIANT_IDS as readonly string[]).includes(params.variant) ? params.variant : VARIANT_IDS[0]!;
  const clubId = typeof params.club === "string" && params.club ? params.club : undefined;
  const [api, t, tg] = await Promise.all([getServerApi(), getTranslations("ranked"), getTranslations("game")]);
  const rows = await api.ratings.leaderboard({ variant, clubId });
  const q = (v: string) => `/leaderboard?variant=${v}${clubId ? `&club=${encodeURIComponent(clubId)}` : ""}`;
  return (
    <>
      <div className="page-head page-head--start">
        <h1>
          {t("leaderboard.title")}: {tg(`variants.${variant}`)}
        </h1>
        <span className="badge">{clubId ? t("leaderboard.club") : t("leaderboard.global")}</span>
        <p className="page-head__lead">{t("leaderboard.explain")}</p>
      </div>
      <nav aria-label={t("variant")}>
        <ul className="pills">
          {VARIANT_IDS.map((v) => (
            <li key={v}>
              <Link href={q(v)} aria-current={v === variant ? "page" : undefined} data-testid={`leaderboard-${v}`}>
                {tg(`variants.${v}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="card" aria-labelledby="leaderboard-title">
        <h2 id="leaderboard-title">{tg(`variants.${variant}`)}</h2>
        {rows.length === 0 ? (
          <p className="empty">{t("leaderboard.empty")}</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table data-table--stack" data-testid="leaderboard">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    {t("leaderboard.place")}
                  </th>
                  <th scope="col">{t("leaderboard.player")}</th>
                  <th scope="col">{t("leaderboard.rating")}</th>
                  <th scope="col" className="num">
                    {t("leaderboard.games")}
                  </th>
                  <th scope="col" className="num">
                    {t("leaderboard.conservative")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.userId} data-testid="leaderboard-row">
                    <td className="num">
                      <span className="data-table__label" aria-hidden="true">
                        {t("leaderboard.place")}
                      </span>
                      <strong>{r.place}</strong>
                    </td>
                    <th scope="row">
                      <span className="data-table__label" aria-hidden="true">
                        {t("leaderboard.player")}
                      </span>
                      <Link href={`/u/${r.userId}`}>{r.displayName}</Link>
                    </th>
                    <td data-testid="leaderboard-rating">
                      <span className="data-table__label" aria-hidden="true">
                        {t("leaderboard.rating")}
                      </span>
                      <span>
                        <strong>{t("ratings.value", { rating: r.rating, uncertainty: r.uncertainty })}</strong>{" "}
                        {r.provisional && (
                          <em className="badge badge--gold" data-testid="leaderboard-provisional">
                            {t("ratings.provisional")}
                          </em>
                        )}
                      </span>
                    </td>
                    <td className="num">
                      <span className="data-table__label" aria-hidden="true">
                        {t("leaderboard.games")}
                      </span>
                      <span>{r.games}</span>
                    </td>
                    <td className="num muted">
                      <span className="data-table__label" aria-hidden="true">
                        {t("leaderboard.conservative")}
                      </span>
                      <span>{r.conservative}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
