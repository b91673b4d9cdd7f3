/**
 * Mail in the browser journeys: the e2e server sends over SMTP to
 * 127.0.0.1:E2E_SMTP_PORT (playwright.config.ts sets its SMTP_URL), where a
 * spec that reads mail runs a real SMTP server of its own (startSmtpSink).
 * While no spec listens, the server's sends fail and are only logged.
 */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1000);
