"use client";
/** Shown when a page fails unexpectedly: a translated apology and a way to try again. */
import { useTranslations } from "next-intl";

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("errors");
  return (
    <section className="narrow" data-testid="error-page">
      <h1>{t("generic")}</h1>
      <button type="button" className="button" onClick={reset}>
        {t("retry")}
      </button>
    </section>
  );
}
