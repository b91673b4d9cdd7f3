/**
 * Account mails: composed in each language with an absolute link, and sent
 * into the local outbox (no SMTP_URL) as .eml files a developer can open. A
 * send to a real SMTP server that is down is tried again until it is up; one
 * the server refuses (5xx) is not.
 * Sending over SMTP is tested with a real server in
 * src/server/modules/accounts/mail-links.test.ts.
 */
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { parseMail, startSmtpSink } from "@/server/test/smtp-sink";
import { LOCALES } from "@/i18n/config";
import { accountLink, accountMail } from "./account-mails";
import { createMailer, type Mailer, type OutgoingMail, sendInBackground } from "./mailer";

const dir = mkdtempSync(path.join(tmpdir(), "whist-outbox-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const token = "A".repeat(43);
const recipient = (locale: (typeof LOCALES)[number]) => ({ email: "ærlig@example.test", displayName: "Søs Ærø", locale });

describe("accountMail", () => {
  it("builds the links from the public base URL", () => {
    expect(accountLink("password-reset", token, "https://whist.example")).toBe(`https://whist.example/reset-password?token=${token}`);
    expect(accountLink("email-verification", token, "https://whist.example")).toBe(`https://whist.example/verify-email?token=${token}`);
  });

  it("writes each mail in the recipient's language, with the name, the link and how long it works", () => {
    const subjects = new Set<string>();
    for (const locale of LOCALES) {
      for (const kind of ["password-reset", "email-verification"] as const) {
        const mail = accountMail(kind, recipient(locale), token, 24, "https://whist.example");
        subjects.add(mail.subject);
        expect(mail).toMatchObject({ kind, to: "ærlig@example.test", link: accountLink(kind, token, "https://whist.example") });
        expect(mail.text).toContain("Søs Ærø");
        expect(mail.text).toContain(`\n${mail.link}\n`);
        expect(mail.text).toMatch(locale === "en" ? /24 hours/ : /24 timer/);
      }
    }
    expect(subjects.size).toBe(LOCALES.length * 2);
    expect(accountMail("password-reset", recipient("da"), token, 1, "https://x.example").text).toContain("1 time ");
  });
});

describe("the local outbox", () => {
  it("writes the whole message to a file in the outbox folder", async () => {
    const mailer = createMailer({ from: "Whist <no-reply@localhost>", outboxDir: dir });
    expect(mailer.via).toBe("outbox");
    const mail = accountMail("password-reset", recipient("da"), token, 1, "http://localhost:3000");
    await sendInBackground(mailer, mail);
    const files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const parsed = parseMail(readFileSync(path.join(dir, files[0]!), "utf8"));
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.headers.get("to")).toContain("example.test");
    expect(parsed.headers.get("from")).toBe("Whist <no-reply@localhost>");
    expect(parsed.kind).toBe("password-reset");
    expect(parsed.text).toBe(mail.text);
    expect(parsed.link).toBe(mail.link);
  });

  it("logs a failed send instead of throwing it, after its retries", async () => {
    // Port 1 on the loopback refuses at once.
    const mailer = counted(createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "w@localhost", outboxDir: dir }));
    await expect(sendInBackground(mailer, accountMail("email-verification", recipient("en"), token, 24, "http://x"), [10, 10])).resolves.toBeUndefined();
    expect(mailer.attempts).toEqual({ tried: 3, failed: 3 });
    mailer.close();
  });
});

/** A mailer that counts its attempts and failures (and otherwise is the real one). */
function counted(inner: Mailer) {
  const attempts = { tried: 0, failed: 0 };
  return {
    via: inner.via,
    attempts,
    async send(mail: OutgoingMail) {
      attempts.tried++;
      try {
        await inner.send(mail);
      } catch (err) {
        attempts.failed++;
        throw err;
      }
    },
    close: () => inner.close(),
  };
}

describe("a send over SMTP that fails", () => {
  const mail = () => accountMail("password-reset", recipient("da"), token, 1, "http://localhost:3000");

  it("is tried again while the mail server is down, and arrives once it is up", async () => {
    // A free port with nothing listening yet.
    const probe = net.createServer().listen(0, "127.0.0.1");
    await once(probe, "listening");
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const mailer = counted(createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "w@localhost", outboxDir: dir }));
    const sent = sendInBackground(mailer, mail(), [300, 300, 300]);
    await expect.poll(() => mailer.attempts.failed).toBe(1);
    const sink = await startSmtpSink(port);
    try {
      await sent;
      expect(sink.received.map((m) => m.kind)).toEqual(["password-reset"]);
      expect(mailer.attempts.tried).toBeGreaterThanOrEqual(2);
      expect(mailer.attempts.tried - mailer.attempts.failed).toBe(1);
    } finally {
      mailer.close();
      await sink.close();
    }
  });

  it("is not tried again when the server refuses the address (a 5xx reply)", async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error("no such mailbox"), { responseCode: 550 })),
    });
    const listener = server.listen(0, "127.0.0.1");
    await once(listener, "listening");
    const mailer = counted(createMailer({ smtpUrl: `smtp://127.0.0.1:${(listener.address() as AddressInfo).port}`, from: "w@localhost", outboxDir: dir }));
    try {
      await sendInBackground(mailer, mail(), [10, 10, 10]);
      expect(mailer.attempts).toEqual({ tried: 1, failed: 1 });
    } finally {
      mailer.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
