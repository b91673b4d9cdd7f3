/** /tables/new: create a live table (signed-in users). */
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { CreateTableForm } from "@/components/table/CreateTableForm";
import { requireUser } from "../../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("table");
  return { title: t("create.title") };
}

export default async function NewTablePage() {
  await requireUser("/tables/new");
  const [t, locale] = await Promise.all([getTranslations("table"), getLocale()]);
  return (
    <>
      <h1>{t("create.title")}</h1>
      <CreateTableForm locale={locale as "da" | "nb" | "en"} />
    </>
  );
}
