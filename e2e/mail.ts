/**
 * Mail in the browser journeys: the e2e server sends over SMTP to
 * 127.0.0.1:E2E_SMTP_PORT (playwright.config.ts sets its SMTP_URL), where
 * scripts/e2e-server.ts runs a real SMTP server for the whole run and writes
 * each message it receives into E2E_MAIL_DIR (one file each, numbered in
 * arrival order). A journey that reads mail reads that folder: the test
 * workers are other processes than the server's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseMail, type ReceivedMail } from "../src/server/test/smtp-sink";

export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1000);
export const E2E_MAIL_DIR = process.env.E2E_MAIL_DIR ?? join(tmpdir(), `whist-e2e-mail-${E2E_SMTP_PORT}`);

/** A received message as the e2e server stores it. */
export type StoredMail = { readonly envelopeTo: string[]; readonly raw: string };

/** The file name of the `n`th message (from 1): zero-padded, so names sort in arrival order. */
export const mailFileName = (n: number): string => `${String(n).padStart(8, "0")}.json`;

const parsed = new Map<string, ReceivedMail>();

/** Every message the run's SMTP server has received so far, in arrival order. */
export function receivedMails(): ReceivedMail[] {
  let names: string[];
  try {
    names = readdirSync(E2E_MAIL_DIR).filter((n) => /^\d+\.json$/.test(n));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    let mail = parsed.get(name);
    if (!mail) {
      const stored = JSON.parse(readFileSync(join(E2E_MAIL_DIR, name), "utf8")) as StoredMail;
      mail = parseMail(stored.raw, stored.envelopeTo);
      parsed.set(name, mail);
    }
    return mail;
  });
}

/** The first message (already received or still to come) that `match` accepts, given all received so far; fails after `timeoutMs`. */
export async function waitForMail(match: (mail: ReceivedMail, received: ReceivedMail[]) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const received = receivedMails();
    const found = received.find((m) => match(m, received));
    if (found) return found;
    if (Date.now() > end) throw new Error(`no matching mail within ${timeoutMs} ms (received ${received.length}, in ${E2E_MAIL_DIR})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
