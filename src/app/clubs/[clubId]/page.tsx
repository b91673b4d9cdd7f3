/** /clubs/<clubId>: one club (what a visitor sees depends on their role there). */
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ClubView } from "@/components/clubs/ClubView";
import type { Locale } from "@/i18n/config";
import { requireUser } from "../../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clubs");
  return { title: t("title") };
}

export default async function ClubPage({ params }: { params: Promise<{ clubId: string }> }) {
  const { clubId } = await params;
  const [user, locale] = await Promise.all([requireUser(`/clubs/${clubId}`), getLocale()]);
  return <ClubView clubId={clubId} userId={user.id} locale={locale as Locale} />;
}
