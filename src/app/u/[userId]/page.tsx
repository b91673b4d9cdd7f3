/**
 * /u/[userId]: a player's public profile (display name, member since,
 * ratings, games and the clubs the viewer may know of). Unknown ids get the
 * 404 page.
 */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getTranslations } from "next-intl/server";
import { TRPCError } from "@trpc/server";
import { getServerApi } from "@/server/api/server";
import { ProfileSections } from "@/components/profile/ProfileSections";
import { ProfileClubs } from "@/components/profile/ProfileClubs";
import { ProfileGames } from "@/app/_components/ProfileGames";
import { ProfileRatings } from "@/app/_components/ProfileRatings";

type Params = Promise<{ userId: string }>;

/** The profile, or null when there is no such player (the metadata and the page share one lookup). */
const loadProfile = cache(async (userId: string) => {
  const api = await getServerApi();
  try {
    return await api.accounts.profile({ userId });
  } catch (error) {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) return null;
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const profile = await loadProfile((await params).userId);
  const t = await getTranslations("profile");
  return { title: profile ? profile.displayName : t("publicTitle") };
}

export default async function PublicProfilePage({ params }: { params: Params }) {
  const profile = await loadProfile((await params).userId);
  if (!profile) notFound();
  const t = await getTranslations("profile");
  const clubs = await (await getServerApi()).clubs.ofPlayer({ userId: profile.id });
  return (
    <>
      <header className="card card--accent public-head">
        <p className="muted">{t("publicTitle")}</p>
        <h1 data-testid="public-display-name">{profile.displayName}</h1>
        <dl className="facts">
          <dt>{t("memberSince")}</dt>
          <dd data-testid="public-member-since">
            <time dateTime={profile.memberSince.toISOString()}>{t("memberSinceValue", { date: profile.memberSince })}</time>
          </dd>
        </dl>
      </header>
      <ProfileSections
        own={false}
        content={{
          ratings: <ProfileRatings userId={profile.id} />, games: <ProfileGames userId={profile.id} own={false} />,
          clubs: clubs.length === 0 ? undefined : <ProfileClubs clubs={clubs} />,
        }} />
    </>
  );
}
