/**
 * The clubs section of a profile: each club with the player's role in it and
 * its size. Empty lists fall back to the section's "nothing yet" text.
 */
import Link from "next/link";
import { getTranslations } from "next-intl/server";

export type ProfileClub = { id: string; name: string; role: "owner" | "admin" | "member"; memberCount: number };

export async function ProfileClubs({ clubs }: { clubs: readonly ProfileClub[] }) {
  const t = await getTranslations("clubs");
  return (
    <ul className="item-list" data-testid="profile-club-list">
      {clubs.map((club) => (
        <li key={club.id} data-testid={`profile-club-${club.id}`}>
          <div className="item__main">
            <Link className="item__title" href={`/clubs/${club.id}`}>
              {club.name}
            </Link>
            <div className="item__meta">
              <span className={club.role === "member" ? "badge badge--muted" : "badge badge--gold"} data-testid="profile-club-role">
                {t(`roles.${club.role}`)}
              </span>
              <span>{t("memberCount", { count: club.memberCount })}</span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
