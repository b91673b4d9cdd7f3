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
 *                            not depend on, or reveal, what the mail server did),
 *                            and tried again a few times over some minutes
 *                            when it may pass (no connection, a timeout, a 4xx
 *                            reply), not when the server refused it (5xx)
 *
 * The retries live in this process only: a mail carries a one-time link, which
 * is never stored in the clear, so a restart drops a mail still waiting (the
 * person asks again, as the pages say).
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

/** The waits before each new attempt of a send that failed for a reason that may pass. */
const MAIL_RETRY_DELAYS_MS: readonly number[] = [10_000, 60_000, 300_000];

/** Whether a failed send may succeed later: anything but a 5xx reply (the server refused the mail or its address). */
function mayPass(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return !(typeof code === "number" && code >= 500 && code < 600);
}

/**
 * Starts sending; returns at once. The returned promise settles once the mail has gone or the
 * last attempt failed, and never rejects (tests may await it).
 */
export async function sendInBackground(mailer: Mailer, mail: OutgoingMail, retryDelaysMs: readonly number[] = MAIL_RETRY_DELAYS_MS): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await mailer.send(mail);
      if (attempt > 0) log.info({ kind: mail.kind, via: mailer.via, attempt: attempt + 1 }, "mail sent after a retry");
      return;
    } catch (err) {
      const wait = mayPass(err) ? retryDelaysMs[attempt] : undefined;
      if (wait === undefined) {
        log.error({ err, kind: mail.kind, via: mailer.via, attempts: attempt + 1 }, "mail could not be sent");
        return;
      }
      log.warn({ err, kind: mail.kind, via: mailer.via, attempt: attempt + 1, retryInMs: wait }, "mail could not be sent yet; trying again");
      // Unreferenced: a mail waiting for its next attempt does not keep a stopping process up.
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
    }
  }
}
