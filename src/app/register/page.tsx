/** /register: creating an account. Signed-in users are sent to their profile. */
import Link from "next/link";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { RegisterForm } from "@/components/auth/RegisterForm";
import { getCurrentUser } from "../_lib/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.register");
  return { title: t("title") };
}

export default async function RegisterPage() {
  if (await getCurrentUser()) redirect("/profile");
  const t = await getTranslations("auth.register");
  return (
    <section className="narrow">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <div className="card">
        <RegisterForm />
      </div>
      <p className="form-footer">
        {t("haveAccount")} <Link href="/login">{t("loginLink")}</Link>
      </p>
    </section>
  );
}
