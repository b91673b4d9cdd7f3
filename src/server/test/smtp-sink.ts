/**
 * A real SMTP server for tests (smtp-server, in the test's own process) that
 * keeps every message it receives: Vitest tests point a mailer at it; the
 * e2e server runs one for the whole Playwright run (SMTP_URL, see
 * e2e/mail.ts). Messages are decoded just enough for tests: headers, subject
 * (RFC 2047 words), the text body (quoted-printable or base64) and the first
 * link in it. No imports through "@/": Playwright loads this file too.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  readonly envelopeTo: string[];
  readonly headers: Map<string, string>;
  readonly subject: string;
  readonly text: string;
  /** The first http(s) link in the text. */
  readonly link: string | null;
  /** X-Whist-Mail: password-reset | email-verification. */
  readonly kind: string | null;
};

export type SmtpSink = {
  readonly port: number;
  readonly url: string;
  readonly received: ReceivedMail[];
  /** The first message (already received or still to come) that `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

function decodeQuotedPrintable(body: string): Buffer {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=). */
function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text.
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")).toString("utf8"),
    );
}

export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body).toString("utf8")
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return {
    envelopeTo,
    headers,
    subject: decodeWords(headers.get("subject") ?? ""),
    text: text.replace(/\r\n/g, "\n"),
    link: /https?:\/\/\S+/.exec(text)?.[0] ?? null,
    kind: headers.get("x-whist-mail") ?? null,
  };
}

/**
 * Starts the sink on 127.0.0.1:`port` (0: any free port). No TLS, no authentication.
 * `onMessage` also gets each message as received (the e2e server keeps them in files for the journeys).
 */
export async function startSmtpSink(port = 0, onMessage?: (raw: string, envelopeTo: string[]) => void): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        onMessage?.(raw, envelopeTo);
        const mail = parseMail(raw, envelopeTo);
        received.push(mail);
        for (const w of waiters) {
          if (w.match(mail)) {
            waiters.delete(w);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  const listener = server.listen(port, "127.0.0.1");
  await once(listener, "listening");
  const actualPort = (listener.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    waitFor(match, timeoutMs = 15_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`no matching mail within ${timeoutMs} ms (received ${received.length})`));
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
