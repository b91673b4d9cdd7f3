/**
 * The parts of a profile that later features fill: games, ratings and clubs.
 * Until a feature supplies its items, each section says there is nothing yet.
 * Games (with its statistics table) takes the whole row; the others share one.
 */
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";

export type ProfileSectionContent = Partial<Record<"games" | "ratings" | "clubs", ReactNode>>;

export async function ProfileSections({ own, content = {} }: { own: boolean; content?: ProfileSectionContent }) {
  const t = await getTranslations("profile");
  return (
    <div className="grid grid--halves">
      {(["games", "ratings", "clubs"] as const).map((section) => (
        <section key={section} className={section === "games" ? "card card--full" : "card"} aria-labelledby={`profile-${section}`} data-testid={`profile-${section}`}>
          <h2 id={`profile-${section}`}>{t(`${section}.title`)}</h2>
          {content[section] ?? <p className="empty">{t(own ? `${section}.empty` : `${section}.emptyPublic`)}</p>}
        </section>
      ))}
    </div>
  );
}
