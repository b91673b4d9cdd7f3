/** A profile's ratings section: each variant's rating (± uncertainty, provisional or not) and its history chart. 
 * A server component (it reads through the server's API), so it lives beside the pages, not in src/components.
 */
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getServerApi } from "@/server/api/server";
import { RatingChart } from "@/components/ratings/RatingChart";

export async function ProfileRatings({ userId }: { userId: string }) {
  const [api, t, tg] = await Promise.all([getServerApi(), getTranslations("ranked"), getTranslations("game")]);
  const ratings = await api.ratings.forUser({ userId });
  if (ratings.length === 0) return <p className="empty">{t("ratings.none")}</p>;
  return (
    <>
      <ul className="item-list rating-list" data-testid="profile-rating-list">
        {ratings.map((r) => (
          <li key={`${r.variant}:${r.scope}`} data-testid={`rating-${r.variant}-${r.scope === "global" ? "global" : "club"}`}>
            <div className="item__main">
              <span className="item__title">{tg(`variants.${r.variant}`)}</span>{" "}
              <span className="muted">({r.scope === "global" ? t("ratings.scopeGlobal") : t("ratings.scopeClub")})</span>
              <div className="item__meta">
                <strong data-testid="rating-value" data-rating={r.rating}>
                  {t("ratings.value", { rating: r.rating, uncertainty: r.uncertainty })}
                </strong>
                {r.provisional && (
                  <em className="badge badge--gold" data-testid="rating-provisional">
                    {t("ratings.provisional")}
                  </em>
                )}
                <span>{t("ratings.games", { count: r.games })}</span>
              </div>
              <div className="rating-chart">
                <RatingChart points={r.history} label={t("ratings.chart", { variant: tg(`variants.${r.variant}`) })} testId={`rating-chart-${r.variant}`} />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <p className="card__subhead">
        <Link className="button button--ghost button--small" href="/leaderboard">
          {t("leaderboard.link")}
        </Link>
      </p>
    </>
  );
}
