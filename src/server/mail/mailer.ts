/**
 * Sending mail. With SMTP_URL set, over SMTP (nodemailer); without it (the
 * zero-configuration mode) into the local outbox: each message is written as
 * an .eml file under MAIL_OUTBOX_DIR (default .data/outbox/) and logged with
 * the one link it carries, so a developer can follow it.
 *
 *   getMailer()              the process's mailer, configured from the environment
 *   createMailer(options)    a mailer for explicit settings (tests)
 *   sendInBackground(m, mail)  sends without making the caller wait; a failure
 *                            is logged, never thrown (a request's answer must
 *                            not depend on, or reveal, what the mail server did)
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { getEnv, mailFrom, mailOutboxDir } from "@/env";
import { childLog } from "@/server/log";

const log = childLog({ component: "mail" });

export type MailKind = "password-reset" | "email-verification";

export type OutgoingMail = {
  readonly kind: MailKind;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The link the mail exists for (logged with outbox mails). */
  readonly link: string;
};

export interface Mailer {
  /** "smtp" or "outbox". */
  readonly via: "smtp" | "outbox";
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export type MailerOptions = { readonly smtpUrl?: string; readonly from: string; readonly outboxDir: string };

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options.outboxDir, options.from);
}

function message(from: string, mail: OutgoingMail) {
  return { from, to: mail.to, subject: mail.subject, text: mail.text, headers: { "X-Whist-Mail": mail.kind } };
}

function smtpMailer(url: string, from: string): Mailer {
  // Bounded waits: a mail server that does not answer must not hold sends for minutes.
  const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    via: "smtp",
    async send(mail) {
      const info = (await transport.sendMail(message(from, mail))) as { messageId?: string };
      log.info({ kind: mail.kind, messageId: info.messageId }, "mail sent");
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string, from: string): Mailer {
  // nodemailer builds the whole RFC 5322 message; it is written instead of sent.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    via: "outbox",
    async send(mail) {
      const info = (await transport.sendMail(message(from, mail))) as { message: Buffer };
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.kind}-${randomBytes(3).toString("hex")}.eml`);
      await writeFile(file, info.message, { mode: 0o600 });
      log.info({ kind: mail.kind, to: mail.to, subject: mail.subject, link: mail.link, file }, "mail written to the local outbox (SMTP_URL not set)");
    },
    close: () => transport.close(),
  };
}

// One mailer per process, shared by the custom server and the Next.js bundle.
const mailerKey = Symbol.for("whist.mailer");
type WithMailer = typeof globalThis & { [mailerKey]?: Mailer };

export function getMailer(): Mailer {
  const g = globalThis as WithMailer;
  if (!g[mailerKey]) {
    const env = getEnv();
    g[mailerKey] = createMailer({ smtpUrl: env.SMTP_URL, from: mailFrom(env), outboxDir: mailOutboxDir(env) });
  }
  return g[mailerKey];
}

/** Starts sending; returns at once. The returned promise never rejects (tests may await it). */
export function sendInBackground(mailer: Mailer, mail: OutgoingMail): Promise<void> {
  return mailer.send(mail).catch((err: unknown) => log.error({ err, kind: mail.kind, via: mailer.via }, "mail could not be sent"));
}
