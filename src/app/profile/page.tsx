/**
 * /profile: the signed-in user's own profile (name, email and whether it is
 * verified, language, member since), the forms to change name and language
 * and the password, sessions, and the sections later features fill: ratings,
 * games and the clubs the user belongs to, each with their role. Visitors
 * are sent to /login.
 */
import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getServerApi } from "@/server/api/server";
import { LOCALE_NAMES } from "@/i18n/config";
import { ProfileEditor } from "@/components/profile/ProfileEditor";
import { ProfileSections } from "@/components/profile/ProfileSections";
import { ProfileClubs } from "@/components/profile/ProfileClubs";
import { EmailStatus } from "@/components/profile/EmailStatus";
import { PasswordChangeForm } from "@/components/profile/PasswordChangeForm";
import { ProfileGames } from "@/app/_components/ProfileGames";
import { ProfileRatings } from "@/app/_components/ProfileRatings";
import { FormNotice } from "@/components/forms/FormNotice";
import { requireUser } from "../_lib/current-user";
import { logoutEverywhereAction } from "@/server/auth/actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("profile");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ProfilePage({ searchParams }: { searchParams: SearchParams }) {
  await requireUser("/profile");
  const [api, t, tAuth, params] = await Promise.all([
    getServerApi(),
    getTranslations("profile"),
    getTranslations("auth.login"),
    searchParams,
  ]);
  const [me, clubs] = await Promise.all([api.accounts.me(), api.clubs.mine()]);
  const clubList = clubs.length === 0 ? undefined : <ProfileClubs clubs={clubs} />;
  return (
    <>
      <h1>{t("title")}</h1>
      {params.welcome !== undefined && (
        <FormNotice tone="success" testId="welcome">
          {tAuth("registered")}
        </FormNotice>
      )}
      <div className="grid">
        <section className="card card--accent" aria-labelledby="profile-facts">
          <h2 id="profile-facts" data-testid="profile-display-name">
            {me.displayName}
          </h2>
          <dl className="facts">
            <dt>{t("email")}</dt>
            <dd>
              <span data-testid="profile-email">{me.email}</span>
              <EmailStatus verified={me.emailVerifiedAt !== null} />
            </dd>
            <dt>{t("locale")}</dt>
            <dd lang={me.locale}>{LOCALE_NAMES[me.locale]}</dd>
            <dt>{t("memberSince")}</dt>
            <dd data-testid="profile-member-since">
              <time dateTime={me.createdAt.toISOString()}>{t("memberSinceValue", { date: me.createdAt })}</time>
            </dd>
          </dl>
          <Link href={`/u/${me.id}`}>{t("viewPublic")}</Link>
        </section>
        <section className="card" aria-labelledby="profile-edit">
          <h2 id="profile-edit">{t("edit.title")}</h2>
          <ProfileEditor key={`${me.displayName}|${me.locale}`} displayName={me.displayName} locale={me.locale} />
        </section>
      </div>
      <div className="grid grid--wide">
        <section className="card" aria-labelledby="profile-password">
          <h2 id="profile-password">{t("password.title")}</h2>
          <p className="muted">{t("password.explain")}</p>
          <PasswordChangeForm />
        </section>
        <section className="card" aria-labelledby="profile-sessions">
          <h2 id="profile-sessions">{t("sessions.title")}</h2>
          <p className="muted">{t("sessions.explain")}</p>
          <form action={logoutEverywhereAction}>
            <button type="submit" className="button button--ghost" data-testid="logout-everywhere">
              {t("sessions.logoutEverywhere")}
            </button>
          </form>
        </section>
      </div>
      <ProfileSections own content={{ ratings: <ProfileRatings userId={me.id} />, games: <ProfileGames userId={me.id} own />, clubs: clubList }} />
    </>
  );
}
