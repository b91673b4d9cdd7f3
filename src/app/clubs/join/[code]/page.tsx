/** /clubs/join/<code>: an invitation link to a club. */
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { JoinWithInvite } from "@/components/clubs/JoinWithInvite";
import { requireUser } from "../../../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clubs.joinInvite");
  return { title: t("title") };
}

export default async function JoinClubPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  await requireUser(`/clubs/join/${code}`);
  return <JoinWithInvite code={code} />;
}
