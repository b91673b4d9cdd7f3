/** /clubs/<clubId>/events/<eventId>/results: every round's tables and deals, linked to their replays (see EventResults). */
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EventResults } from "@/components/events/EventResults";
import { requireUser } from "../../../../../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("events.event");
  return { title: t("results") };
}

export default async function EventResultsPage({ params }: { params: Promise<{ clubId: string; eventId: string }> }) {
  const { clubId, eventId } = await params;
  await requireUser(`/clubs/${clubId}/events/${eventId}/results`);
  return <EventResults clubId={clubId} eventId={eventId} />;
}
