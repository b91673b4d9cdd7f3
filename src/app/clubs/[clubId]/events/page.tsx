/** /clubs/<clubId>/events: the club's events, the create form and the club's money (see EventsPage). */
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { EventsPage } from "@/components/events/EventsPage";
import { requireUser } from "../../../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("events");
  return { title: t("title") };
}

export default async function ClubEventsPage({ params }: { params: Promise<{ clubId: string }> }) {
  const { clubId } = await params;
  const [, locale] = await Promise.all([requireUser(`/clubs/${clubId}/events`), getLocale()]);
  return <EventsPage clubId={clubId} locale={locale} />;
}
