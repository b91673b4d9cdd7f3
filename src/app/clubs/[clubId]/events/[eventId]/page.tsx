/** /clubs/<clubId>/events/<eventId>: sign-up, the live tables and the standings (see EventView). */
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EventView } from "@/components/events/EventView";
import { requireUser } from "../../../../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("events");
  return { title: t("title") };
}

export default async function EventPage({ params }: { params: Promise<{ clubId: string; eventId: string }> }) {
  const { clubId, eventId } = await params;
  await requireUser(`/clubs/${clubId}/events/${eventId}`);
  return <EventView clubId={clubId} eventId={eventId} />;
}
