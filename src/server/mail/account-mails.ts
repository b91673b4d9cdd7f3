/**
 * The account mails (password reset, email verification), composed in the
 * recipient's language from messages/<locale>/mail.json, with absolute links
 * built from the public base URL (publicBaseUrl in src/env.ts).
 */
import { createTranslator } from "next-intl";
import { publicBaseUrl } from "@/env";
import type { Locale } from "@/i18n/config";
import { MAIL_MESSAGES } from "@/i18n/messages/mail";
import type { MailKind, OutgoingMail } from "./mailer";

export type MailRecipient = { readonly email: string; readonly displayName: string; readonly locale: Locale };

const CONTENT = {
  "password-reset": { key: "passwordReset", path: "/reset-password" },
  "email-verification": { key: "emailVerification", path: "/verify-email" },
} as const satisfies Record<MailKind, { key: string; path: string }>;

/** The absolute link a mail of `kind` carries for `token`. */
export function accountLink(kind: MailKind, token: string, base = publicBaseUrl()): string {
  return `${base}${CONTENT[kind].path}?token=${encodeURIComponent(token)}`;
}

export function accountMail(kind: MailKind, to: MailRecipient, token: string, validHours: number, base = publicBaseUrl()): OutgoingMail {
  const t = createTranslator({ locale: to.locale, messages: { mail: MAIL_MESSAGES[to.locale] }, namespace: "mail" });
  const link = accountLink(kind, token, base);
  const { key } = CONTENT[kind];
  return {
    kind,
    to: to.email,
    subject: t(`${key}.subject`),
    text: `${t(`${key}.body`, { name: to.displayName, link, hours: validHours })}\n\n${t("signature")}\n`,
    link,
  };
}
