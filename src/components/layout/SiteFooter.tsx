/** The site footer: what the platform is, and the way to the rules. */
import Link from "next/link";
import { getTranslations } from "next-intl/server";

export async function SiteFooter() {
  const t = await getTranslations("common");
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>{t("footer.about")}</p>
        <p>
          <Link href="/rules">{t("footer.rules")}</Link>
        </p>
        <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
