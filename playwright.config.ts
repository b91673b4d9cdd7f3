/**
 * Browser tests (e2e/*.spec.ts) in Debian's Chromium against the production
 * server, started once for the whole run on its own port with a fresh
 * PostgreSQL database (scripts/e2e-server.ts). Its mail goes over SMTP to
 * E2E_SMTP_PORT, where that script keeps it for the whole run (e2e/mail.ts).
 * Tests, not files, are shared out between the two workers: no journey
 * depends on another, and the long ones (e2e/events.spec.ts) would otherwise
 * hold a worker for their whole file while the other runs out of work.
 */
import { defineConfig, devices } from "@playwright/test";
import { E2E_SMTP_PORT } from "./e2e/mail";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? "test-results",
  testMatch: "**/*.spec.ts",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: "list",
  use: {
    baseURL,
    ...devices["Desktop Chrome"],
    // The app's fallback zone, so pages need no time-zone re-render; a journey that tests the viewer's zone sets its own.
    timezoneId: "Europe/Copenhagen",
    // No trace: recording one for every test (to keep it for a failure) took the suite from 7.2 to 10.1 min on two
    // cores, 8.3 with DOM snapshots only. A failure still prints its error and call log and leaves a screenshot;
    // `npx playwright test FILE --trace on` records the trace when reproducing it.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "node --import tsx scripts/e2e-server.ts",
    url: `${baseURL}/api/auth/csrf`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      AUTH_URL: baseURL,
      AUTH_SECRET: process.env.E2E_AUTH_SECRET ?? "e2e-secret-e2e-secret-e2e-secret-0123456789",
      AUTH_TRUST_HOST: "true",
      NEXT_TELEMETRY_DISABLED: "1",
      REDIS_URL: "",
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // The ranked queue offers computer players after this wait (60 s in production).
      RANKED_COMPUTER_OFFER_SECONDS: "3",
      // Computer players act after this pause (700 ms in production): each table of the club evening (e2e/events.spec.ts)
      // waits on some 350 of their moves in a row. A journey looks at a passing state only while the table waits on a
      // person (the test), so the shorter pause changes how long the journeys wait, not what they check.
      BOT_DELAY_MS: "100",
    },
  },
});
