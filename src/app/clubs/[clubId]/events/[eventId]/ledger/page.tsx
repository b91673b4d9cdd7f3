/** /clubs/<clubId>/events/<eventId>/ledger: the event's amounts and who pays whom (see EventLedger). */
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { EventLedger } from "@/components/events/EventLedger";
import { requireUser } from "../../../../../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("events.event");
  return { title: t("ledger") };
}

export default async function EventLedgerPage({ params }: { params: Promise<{ clubId: string; eventId: string }> }) {
  const { clubId, eventId } = await params;
  const [, locale] = await Promise.all([requireUser(`/clubs/${clubId}/events/${eventId}/ledger`), getLocale()]);
  return <EventLedger clubId={clubId} eventId={eventId} locale={locale} />;
}
