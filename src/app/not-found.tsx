/** The page shown for unknown addresses (and for notFound() in any page). */
import Link from "next/link";
import { getTranslations } from "next-intl/server";

export default async function NotFound() {
  const t = await getTranslations("common.notFound");
  return (
    <section className="narrow" data-testid="not-found">
      <h1>{t("title")}</h1>
      <p>{t("text")}</p>
      <Link className="button" href="/">
        {t("home")}
      </Link>
    </section>
  );
}
