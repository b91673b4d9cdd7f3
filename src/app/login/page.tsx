/**
 * /login: the login form, with a notice saying why the visitor is here
 * (a protected page sent them, they just logged out, they just reset their
 * password) and the way to a forgotten password. Signed-in users go on.
 */
import Link from "next/link";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/LoginForm";
import { FormNotice } from "@/components/forms/FormNotice";
import { getCurrentUser } from "../_lib/current-user";
import { safeNextPath } from "../_lib/paths";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.login");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeNextPath(params.next, "/profile");
  if (await getCurrentUser()) redirect(next);
  const t = await getTranslations("auth.login");
  return (
    <section className="narrow">
      <h1>{t("title")}</h1>
      {params.reason === "signin" && (
        <FormNotice tone="info" testId="signin-required">
          {t("signInRequired")}
        </FormNotice>
      )}
      {params.loggedOut !== undefined && (
        <FormNotice tone="success" testId="logged-out">
          {params.loggedOut === "everywhere" ? t("loggedOutEverywhere") : t("loggedOut")}
        </FormNotice>
      )}
      {params.reset === "done" && (
        <FormNotice tone="success" testId="password-reset-done">
          {t("passwordReset")}
        </FormNotice>
      )}
      <p className="muted">{t("intro")}</p>
      <div className="card">
        <LoginForm redirectTo={next} />
        <p className="form-footer">
          <Link href="/forgot-password" data-testid="forgot-password-link">
            {t("forgotLink")}
          </Link>
        </p>
      </div>
      <p className="form-footer">
        {t("noAccount")} <Link href="/register">{t("registerLink")}</Link>
      </p>
    </section>
  );
}
