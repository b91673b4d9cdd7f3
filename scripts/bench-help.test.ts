/**
 * Every bench:* script of package.json explains its arguments with --help
 * (exit 0, before any work: no database, no server) and refuses an unknown
 * option with exit 2. The sizes themselves are exercised by the tiny-size
 * commands the docs show (documented-commands.test.ts).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = new URL("..", import.meta.url).pathname;
const scripts = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).scripts as Record<string, string>;
const benches = Object.entries(scripts)
  .filter(([name]) => name.startsWith("bench:"))
  .map(([name, command]) => ({ name, file: /^tsx (\S+\.ts)$/.exec(command)?.[1] ?? null, command }));

const run = (file: string, ...args: string[]) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", file, ...args], { cwd: root }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe("bench scripts", () => {
  it("are all `tsx scripts/<file>.ts`", () => {
    expect(benches.length).toBeGreaterThan(0);
    expect(benches.filter((b) => b.file === null).map((b) => `${b.name}: ${b.command}`)).toEqual([]);
  });

  // Each script loads its whole import graph first (the server's, for tables, load and history): slow on a busy machine.
  it.each(benches.map((b) => [b.name, b.file!] as const))("%s --help explains the arguments; an unknown option exits 2", { timeout: 300_000 }, async (name, file) => {
    const [help, bad] = await Promise.all([run(file, "--help"), run(file, "--no-such-option")]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout.split("\n")[0]).toMatch(new RegExp(`^usage: npm run ${name} --`));
    expect(help.stdout).toContain("-h, --help");
    expect(help.stdout).toMatch(/\nexamples:\n/);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`npm run ${name}: unknown option --no-such-option`);
  });
});
