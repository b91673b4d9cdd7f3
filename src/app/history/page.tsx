/** /history: the signed-in player's finished games, filtered and paged; each opens its replay. */
import Link from "next/link";
import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HistoryList } from "@/components/history/HistoryList";
import { requireUser } from "../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("history"))("title") };
}

export default async function HistoryPage() {
  await requireUser("/history");
  const t = await getTranslations("history");
  return (
    <>
      <div className="page-head">
        <h1>{t("title")}</h1>
        <Link className="button button--ghost button--small" href="/games/import">
          {t("replay.import")}
        </Link>
      </div>
      {/* The filters are read from the URL's search params on the client. */}
      <Suspense>
        <HistoryList />
      </Suspense>
    </>
  );
}
