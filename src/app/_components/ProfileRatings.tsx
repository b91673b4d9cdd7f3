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
    <ul className="rating-list" data-testid="profile-rating-list">
      {ratings.map((r) => (
        <li key={`${r.variant}:${r.scope}`} data-testid={`rating-${r.variant}-${r.scope === "global" ? "global" : "club"}`}>
          <strong>{tg(`variants.${r.variant}`)}</strong> <span className="muted">({r.scope === "global" ? t("ratings.scopeGlobal") : t("ratings.scopeClub")})</span>{" "}
          <span data-testid="rating-value" data-rating={r.rating}>
            {t("ratings.value", { rating: r.rating, uncertainty: r.uncertainty })}
          </span>{" "}
          {r.provisional && <em data-testid="rating-provisional">{t("ratings.provisional")}</em>} · {t("ratings.games", { count: r.games })}
          <RatingChart points={r.history} label={t("ratings.chart", { variant: tg(`variants.${r.variant}`) })} testId={`rating-chart-${r.variant}`} />
        </li>
      ))}
      <li>
        <Link href="/leaderboard">{t("leaderboard.link")}</Link>
      </li>
    </ul>
  );
}
