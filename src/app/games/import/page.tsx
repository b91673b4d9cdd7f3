/** /games/import: open a game record file and replay it (checked by the engine in the browser). */
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ImportRecord } from "@/components/replay/ImportRecord";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("history"))("replay.import") };
}

export default async function ImportPage() {
  const t = await getTranslations("history");
  return (
    <>
      <h1>{t("replay.import")}</h1>
      <ImportRecord />
    </>
  );
}
