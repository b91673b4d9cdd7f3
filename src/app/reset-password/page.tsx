/**
 * /reset-password?token=…: the page a reset mail links to. Shows the form for
 * a new password while the link is usable (looking does not use it up), else
 * says it expired or was used. The token never leaves in a Referer header.
 */
import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getServerApi } from "@/server/api/server";
import { ResetPasswordForm } from "@/components/auth/ResetPasswordForm";
import { FormNotice } from "@/components/forms/FormNotice";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.reset");
  return { title: t("title"), referrer: "no-referrer", robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const [{ token: raw }, t, api] = await Promise.all([searchParams, getTranslations("auth.reset"), getServerApi()]);
  const token = typeof raw === "string" ? raw : "";
  const { usable } = token ? await api.accounts.checkResetToken({ token: token.slice(0, 200) }) : { usable: false };
  return (
    <section className="narrow">
      <h1>{t("title")}</h1>
      {usable ? (
        <>
          <p className="muted">{t("intro")}</p>
          <div className="card">
            <ResetPasswordForm token={token} />
          </div>
        </>
      ) : (
        <FormNotice tone="error" testId="reset-link-invalid">
          {t("invalid")} <Link href="/forgot-password">{t("askAgain")}</Link>
        </FormNotice>
      )}
    </section>
  );
}
