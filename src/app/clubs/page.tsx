/** /clubs: my clubs, finding clubs and starting one (signed-in users). */
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ClubDirectory } from "@/components/clubs/ClubDirectory";
import type { Locale } from "@/i18n/config";
import { requireUser } from "../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clubs");
  return { title: t("title") };
}

export default async function ClubsPage() {
  await requireUser("/clubs");
  const [t, locale] = await Promise.all([getTranslations("clubs"), getLocale()]);
  return (
    <>
      <h1>{t("title")}</h1>
      <ClubDirectory locale={locale as Locale} />
    </>
  );
}
