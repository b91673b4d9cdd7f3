/**
 * The site header: platform name, main navigation (what a visitor or a
 * signed-in player can do; folded under a menu button on a phone) and the
 * language switcher.
 */
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { logoutAction } from "@/server/auth/actions";
import type { SessionUser } from "@/server/auth";
import { MainNav } from "./MainNav";
import { NavLink } from "./NavLink";
import { LanguageSwitcher } from "./LanguageSwitcher";

export async function SiteHeader({ user }: { user: SessionUser | null }) {
  const t = await getTranslations("common");
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href="/" className="brand" data-testid="brand">
          <span className="brand__mark" aria-hidden="true">
            ♠
          </span>
          {t("siteName")}
        </Link>
        <MainNav label={t("nav.label")} menuLabel={t("nav.menu")}>
          <ul>
            <li>
              <NavLink href="/play" also={["/tables"]} testId="nav-play">
                {t("nav.play")}
              </NavLink>
            </li>
            <li>
              <NavLink href="/clubs" testId="nav-clubs">
                {t("nav.clubs")}
              </NavLink>
            </li>
            <li>
              <NavLink href="/ranked" testId="nav-ranked">
                {t("nav.ranked")}
              </NavLink>
            </li>
            <li>
              <NavLink href="/leaderboard" testId="nav-leaderboard">
                {t("nav.leaderboard")}
              </NavLink>
            </li>
            <li>
              <NavLink href="/rules" testId="nav-rules">
                {t("nav.rules")}
              </NavLink>
            </li>
            {user ? (
              <>
                <li>
                  <NavLink href="/profile" testId="nav-profile">
                    {t("nav.profile")}
                  </NavLink>
                </li>
                <li>
                  <NavLink href="/history" testId="nav-history">
                    {t("nav.history")}
                  </NavLink>
                </li>
                <li>
                  <form action={logoutAction}>
                    <input type="hidden" name="redirectTo" value="/login?loggedOut=1" />
                    <button type="submit" className="nav-button" data-testid="nav-logout">
                      {t("nav.logout")}
                    </button>
                  </form>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink href="/login" testId="nav-login">
                    {t("nav.login")}
                  </NavLink>
                </li>
                <li>
                  <NavLink href="/register" testId="nav-register">
                    {t("nav.register")}
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </MainNav>
        <LanguageSwitcher signedIn={user !== null} />
      </div>
    </header>
  );
}
