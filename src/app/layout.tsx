/**
 * The root layout every page shares: html lang from the request's locale,
 * translations for client components, header and footer. (The tRPC hooks
 * come with the layouts of the pages that use them: see src/trpc/react.tsx.)
 */
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { SiteHeader } from "@/components/layout/SiteHeader";
import { SiteFooter } from "@/components/layout/SiteFooter";
import { TimeZoneSync } from "@/components/layout/TimeZoneSync";
import { getCurrentUser } from "./_lib/current-user";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return {
    title: { default: t("siteName"), template: `%s · ${t("siteName")}` },
    description: t("tagline"),
    icons: { icon: "/favicon.svg" },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#14532d" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, user, t] = await Promise.all([getLocale(), getCurrentUser(), getTranslations("common")]);
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>
          <a className="skip-link" href="#main">
            {t("skipToContent")}
          </a>
          <SiteHeader user={user} />
          <main id="main" tabIndex={-1}>
            <div className="container">{children}</div>
          </main>
          <SiteFooter />
          <TimeZoneSync />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
