/**
 * Texts of the mails the server sends (messages/<locale>/mail.json). Kept out
 * of MESSAGES (./index.ts), which every page hands to the browser: only the
 * server composes mails (src/server/mail/account-mails.ts).
 */
import type { Locale } from "../config";
import da from "./da/mail.json";
import nb from "./nb/mail.json";
import en from "./en/mail.json";

export type MailMessages = typeof en;

export const MAIL_MESSAGES: Record<Locale, MailMessages> = { da, nb, en };
