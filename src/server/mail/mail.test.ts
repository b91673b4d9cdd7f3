/**
 * Account mails: composed in each language with an absolute link, and sent
 * into the local outbox (no SMTP_URL) as .eml files a developer can open.
 * Sending over SMTP is tested with a real server in
 * src/server/modules/accounts/mail-links.test.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseMail } from "@/server/test/smtp-sink";
import { LOCALES } from "@/i18n/config";
import { accountLink, accountMail } from "./account-mails";
import { createMailer, sendInBackground } from "./mailer";

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

  it("logs a failed send instead of throwing it", async () => {
    // Port 1 on the loopback refuses at once.
    const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "w@localhost", outboxDir: dir });
    await expect(sendInBackground(mailer, accountMail("email-verification", recipient("en"), token, 24, "http://x"))).resolves.toBeUndefined();
    mailer.close();
  });
});
