/** /tables: the live lobby of open tables, and the way to create one. */
import Link from "next/link";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { LobbyClient } from "@/components/table/LobbyClient";
import { getServerApi } from "@/server/api/server";
import { getCurrentUser } from "../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("table");
  return { title: t("lobby.title") };
}

export default async function TablesPage() {
  const [t, locale, user] = await Promise.all([getTranslations("table"), getLocale(), getCurrentUser()]);
  // The club filter offers the viewer's own clubs (their tables are listed only to members anyway).
  const clubs = user ? (await (await getServerApi()).clubs.mine()).map((c) => ({ id: c.id, name: c.name })) : [];
  return (
    <>
      <h1>{t("lobby.title")}</h1>
      {user ? (
        <p>
          <Link href="/tables/new" className="button" data-testid="create-table-link">
            {t("lobby.create")}
          </Link>
        </p>
      ) : (
        <p>{t("lobby.loginToPlay")}</p>
      )}
      <LobbyClient locale={locale as "da" | "nb" | "en"} clubs={clubs} />
    </>
  );
}
