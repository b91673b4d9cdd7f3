/**
 * /verify-email?token=…: the page a verification mail links to. Opening it
 * uses the link (one-time) and marks the address verified.
 */
import Link from "next/link";
import type { Metadata } from "next";
import { TRPCError } from "@trpc/server";
import { getTranslations } from "next-intl/server";
import { getServerApi } from "@/server/api/server";
import { FormNotice } from "@/components/forms/FormNotice";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.verify");
  return { title: t("title"), referrer: "no-referrer", robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function verify(token: string): Promise<boolean> {
  if (!token) return false;
  const api = await getServerApi();
  // An unusable link is an expected outcome (INVALID_TOKEN), shown as such.
  return api.accounts.verifyEmail({ token: token.slice(0, 200) }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof TRPCError && error.code === "BAD_REQUEST") return false;
      throw error;
    },
  );
}

export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const [{ token }, t] = await Promise.all([searchParams, getTranslations("auth.verify")]);
  const verified = await verify(typeof token === "string" ? token : "");
  return (
    <section className="narrow">
      <h1>{t("title")}</h1>
      {verified ? (
        <FormNotice tone="success" testId="email-verified">
          {t("done")}
        </FormNotice>
      ) : (
        <FormNotice tone="error" testId="verify-link-invalid">
          {t("invalid")}
        </FormNotice>
      )}
      <p className="form-footer">
        <Link href="/profile">{t("toProfile")}</Link>
      </p>
    </section>
  );
}
