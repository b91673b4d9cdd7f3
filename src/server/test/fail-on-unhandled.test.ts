/**
 * The set-up file fail-on-unhandled.ts at work: a test that drops a rejected
 * promise fails. Runs Vitest on a small fixture in a child process (the
 * fixture's file name is outside the suite's include pattern).
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("the Vitest suites fail on an unhandled rejection", () => {
  it("a test that leaves a rejected promise unhandled fails, and the one beside it passes", () => {
    const run = spawnSync(
      process.execPath,
      ["node_modules/vitest/vitest.mjs", "run", "--config", "src/server/test/fixtures/vitest.fixture.config.ts", "--reporter", "verbose"],
      { encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" }, timeout: 50_000 },
    );
    const out = `${run.stdout}\n${run.stderr}`;
    expect(run.status, out).not.toBe(0);
    expect(out).toMatch(/×.*drops a rejected promise/);
    expect(out).toMatch(/unhandled promise rejection during this test/);
    expect(out).toMatch(/✓.*handles its rejection/);
  }, 60_000);
});
