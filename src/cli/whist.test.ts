import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;
const cli = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "src/cli/whist.ts", ...args], { cwd: root }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe("whist CLI", () => {
  it("plays a deterministic match, verifies its record and rejects a tampered copy", async () => {
    const playArgs = ["play", "--variant", "norwegian", "--seed", "7", "--options", '{"target":5}'];
    const [a, b] = await Promise.all([cli(...playArgs), cli(...playArgs)]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const record = JSON.parse(a.stdout);
    expect(record.variant).toBe("norwegian");
    expect(record.over).toBe(true);
    expect(Math.max(record.finalScores[0], record.finalScores[1])).toBeGreaterThanOrEqual(5);

    const dir = mkdtempSync(join(tmpdir(), "whist-cli-"));
    const good = join(dir, "good.json");
    writeFileSync(good, a.stdout);
    const ok = await cli("verify", good);
    expect(ok.code).toBe(0);
    const summary = JSON.parse(ok.stdout);
    expect(summary.finalScores).toEqual(record.finalScores);
    expect(summary.hands).toHaveLength(record.hands.length);

    record.hands[0].result.points[0] += 1;
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify(record));
    const refused = await cli("verify", bad);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toContain("hand 0: stored points differs");

    const junk = join(dir, "junk.json");
    writeFileSync(junk, '{"format":"whist-record"}');
    const malformed = await cli("verify", junk);
    expect(malformed.code).not.toBe(0);
    expect(malformed.stderr).toMatch(/^invalid record: malformed record at version/);
  });

  it("refuses an unknown variant with a one-line message", async () => {
    const r = await cli("play", "--variant", "bridge", "--seed", "1");
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim()).toBe('cannot play: unknown variant "bridge"');
  });
});
