/** /ranked: the ranked queue (signed-in players), opening a club's ranked table, and links to the leaderboards. */
import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RankedQueue } from "@/components/ratings/RankedQueue";
import { ClubRankedTable } from "@/components/ratings/ClubRankedTable";
import { requireUser } from "../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("ranked"))("title") };
}

export default async function RankedPage() {
  await requireUser("/ranked");
  const t = await getTranslations("ranked");
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <RankedQueue />
      <p>
        <Link href="/leaderboard">{t("leaderboard.link")}</Link>
      </p>
      <section className="card">
        <h2>{t("clubTable.title")}</h2>
        <p className="muted">{t("clubTable.intro")}</p>
        <ClubRankedTable />
      </section>
    </>
  );
}
