/**
 * /play/<tableId>: the live table. Anyone may watch a public table; a private
 * one needs its invite link (?invite=…) and a signed-in user.
 */
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { TableClient } from "@/components/table/TableClient";
import type { Locale } from "@/i18n/config";
import { getCurrentUser } from "../../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("table");
  return { title: t("title") };
}

type Params = Promise<{ tableId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function TablePage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const [{ tableId }, query, user, locale] = await Promise.all([params, searchParams, getCurrentUser(), getLocale()]);
  const invite = typeof query.invite === "string" ? query.invite : undefined;
  return <TableClient tableId={tableId} invite={invite} userId={user?.id ?? null} locale={locale as Locale} />;
}
