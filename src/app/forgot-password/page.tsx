/** /forgot-password: asks for an email address and mails a link to choose a new password (docs/accounts.md). */
import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/ForgotPasswordForm";
import { TOKEN_LIFETIME_S } from "@/server/auth/account-tokens";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.forgot");
  return { title: t("title") };
}

export default async function ForgotPasswordPage() {
  const t = await getTranslations("auth.forgot");
  return (
    <section className="narrow">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <div className="card">
        <ForgotPasswordForm validHours={Math.round(TOKEN_LIFETIME_S.passwordReset / 3600)} />
      </div>
      <p className="form-footer">
        <Link href="/login">{t("backToLogin")}</Link>
      </p>
    </section>
  );
}
