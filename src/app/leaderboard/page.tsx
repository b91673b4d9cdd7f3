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
      <h1>
        {t("leaderboard.title")}: {tg(`variants.${variant}`)} <span className="muted">({clubId ? t("leaderboard.club") : t("leaderboard.global")})</span>
      </h1>
      <nav className="actions" aria-label={t("variant")}>
        {VARIANT_IDS.map((v) => (
          <Link key={v} href={q(v)} aria-current={v === variant ? "page" : undefined} data-testid={`leaderboard-${v}`}>
            {tg(`variants.${v}`)}
          </Link>
        ))}
      </nav>
      <p className="muted">{t("leaderboard.explain")}</p>
      {rows.length === 0 ? (
        <p className="empty">{t("leaderboard.empty")}</p>
      ) : (
        <table className="stats-table" data-testid="leaderboard">
          <thead>
            <tr>
              <th>{t("leaderboard.place")}</th>
              <th>{t("leaderboard.player")}</th>
              <th>{t("leaderboard.rating")}</th>
              <th>{t("leaderboard.games")}</th>
              <th className="muted">{t("leaderboard.conservative")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.userId} data-testid="leaderboard-row">
                <td>{r.place}</td>
                <td>
                  <Link href={`/u/${r.userId}`}>{r.displayName}</Link>
                </td>
                <td data-testid="leaderboard-rating">
                  <strong>{t("ratings.value", { rating: r.rating, uncertainty: r.uncertainty })}</strong>{" "}
                  {r.provisional && <em data-testid="leaderboard-provisional">{t("ratings.provisional")}</em>}
                </td>
                <td>{r.games}</td>
                <td className="muted">{r.conservative}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
