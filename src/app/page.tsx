/**
 * The front page: what the platform offers (the four variants, live tables,
 * clubs, ranked play, history) and where to start.
 */
import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SUIT_SYMBOL, isRedSuit } from "@/engine/cards";
import { VARIANT_IDS, VARIANT_META } from "@/engine/meta";
import { getCurrentUser } from "./_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("home");
  return { title: { absolute: t("metaTitle") } };
}

/** One suit per variant, for a touch of the card table. */
const FEATURES = ["live", "clubs", "ranked", "history"] as const;

export default async function HomePage() {
  const [t, tGame, user] = await Promise.all([getTranslations("home"), getTranslations("game"), getCurrentUser()]);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{t("heroTitle")}</h1>
        <p>{t("heroText")}</p>
        <div className="actions">
          <Link className="button button--gold" href="/play" data-testid="cta-play">
            {t("ctaPlay")}
          </Link>
          <Link className="button button--ghost" href="/clubs">
            {t("ctaClubs")}
          </Link>
          {user ? (
            <Link className="button button--ghost" href="/profile">
              {t("ctaProfile")}
            </Link>
          ) : (
            <Link className="button button--ghost" href="/register">
              {t("ctaRegister")}
            </Link>
          )}
        </div>
      </section>

      <section className="section" aria-labelledby="variants-title">
        <h2 id="variants-title">{t("variantsTitle")}</h2>
        <div className="grid">
          {VARIANT_IDS.map((id) => (
            <article key={id} className="card card--accent" data-testid={`variant-${id}`}>
              <h3>
                <span className={`suit${isRedSuit(VARIANT_META[id].emblem) ? " suit--red" : ""}`} aria-hidden="true">
                  {SUIT_SYMBOL[VARIANT_META[id].emblem]}
                </span>
                {tGame(`variants.${id}`)}
              </h3>
              <p>{t(`variants.${id}`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="features-title">
        <h2 id="features-title">{t("featuresTitle")}</h2>
        <div className="grid">
          {FEATURES.map((feature) => (
            <article key={feature} className="card">
              <h3>{t(`features.${feature}Title`)}</h3>
              <p>{t(`features.${feature}Text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="card section" aria-labelledby="rules-title">
        <h2 id="rules-title">{t("rulesTitle")}</h2>
        <p>{t("rulesText")}</p>
        <Link href="/rules">{t("rulesLink")}</Link>
      </section>
    </>
  );
}
