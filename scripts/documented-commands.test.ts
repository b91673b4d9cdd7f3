/**
 * The documented commands work as written on a fresh clone. Every command
 * line in a fenced block of README.md or docs/*.md that starts with
 * `npm run whist`, `npm run -s whist` or `npm run bench:` is run with bash,
 * as a user would type it, in a clone of this repository's HEAD made by the
 * test: no generated Prisma client, no build, no environment of the test
 * run (DATABASE_URL, NODE_ENV=test, npm's variables).
 *
 * To save an install, the clone's node_modules is a symlink to this
 * checkout's, and the test then runs the clone's own postinstall script
 * (`npm run postinstall`), which is what `npm ci` runs after installing
 * (npm 11 runs the root package's lifecycle scripts, only dependencies'
 * install scripts are skipped); nothing else prepares the clone.
 *
 * The whist commands run one after another in document order (a later one
 * may read a file an earlier one wrote, inside the clone); the benchmarks,
 * which the docs show at tiny sizes, run a few at a time beside them, each
 * distinct command line once. Needs
 * PostgreSQL and Redis, as the benchmarks do.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const checkout = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const PREFIXES = ["npm run whist", "npm run -s whist", "npm run bench:"];
const BENCHES_AT_ONCE = 3;
const COMMAND_TIMEOUT_MS = 420_000;

export interface DocCommand {
  readonly where: string;
  readonly command: string;
}

/** The command lines of fenced blocks in `markdown` that start with one of PREFIXES ("$ " prompts and "\" continuations allowed). */
export function fencedCommands(markdown: string, file: string): DocCommand[] {
  const out: DocCommand[] = [];
  let fence: string | null = null;
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence === null) continue;
    const start = i + 1;
    let command = line.trim().replace(/^\$\s+/, "");
    while (command.endsWith("\\") && i + 1 < lines.length) command = `${command.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
    if (PREFIXES.some((p) => command === p || command.startsWith(`${p} `) || (p.endsWith(":") && command.startsWith(p))))
      out.push({ where: `${file}:${start}`, command });
  }
  return out;
}

/** README.md, then docs/*.md in name order, as they are in `dir`. */
export function documentedCommands(dir: string): DocCommand[] {
  const files = existsSync(join(dir, "README.md")) ? ["README.md"] : [];
  if (existsSync(join(dir, "docs")))
    files.push(...readdirSync(join(dir, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`));
  return files.flatMap((f) => fencedCommands(readFileSync(join(dir, f), "utf8"), f));
}

/** What a user's shell would have: this environment without the test run's and npm's additions. */
function userEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|TINYPOOL)/i.test(key) || ["INIT_CWD", "DATABASE_URL", "NODE_ENV", "AUTH_SECRET", "NODE_OPTIONS"].includes(key)) continue;
    env[key] = value;
  }
  env.PATH = (env.PATH ?? "").split(":").filter((p) => !p.includes("node_modules")).join(":");
  return env;
}

interface Outcome {
  readonly code: number | null;
  readonly output: string;
  readonly seconds: number;
}

function runInClone(command: string, cwd: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", command], { cwd, env: userEnv() as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      output += `\n[killed after ${COMMAND_TIMEOUT_MS / 1000} s]`;
      try {
        process.kill(-child.pid!, "SIGKILL"); // the whole group: npm, tsx and any server it started
      } catch {}
    }, COMMAND_TIMEOUT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** Runs `items` with at most `limit` at a time, keeping their order in the result. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!);
      }
    }),
  );
  return results;
}

describe("fencedCommands", () => {
  it("finds whist and bench commands in fenced blocks only, with prompts and continuations", () => {
    const md = [
      "npm run whist -- variants",
      "```bash",
      "npm ci",
      "npm run whist -- play --variant classic \\",
      "  --seed 1 --out m.json",
      "$ npm run -s whist -- verify m.json",
      "npm run bench:engine -- 0.1   # quick",
      "npm run benchmark",
      "```",
      "~~~",
      "npm run whist -- --help",
      "~~~",
    ].join("\n");
    expect(fencedCommands(md, "x.md")).toEqual([
      { where: "x.md:4", command: "npm run whist -- play --variant classic --seed 1 --out m.json" },
      { where: "x.md:6", command: "npm run -s whist -- verify m.json" },
      { where: "x.md:7", command: "npm run bench:engine -- 0.1   # quick" },
      { where: "x.md:11", command: "npm run whist -- --help" },
    ]);
  });
});

describe("documented commands", () => {
  it("every fenced npm run whist / bench: command of README.md and docs/*.md works on a fresh clone", { timeout: 900_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "whist-docs-"));
    const clone = join(dir, "clone");
    try {
      await promisify(execFile)("git", ["clone", "--quiet", checkout, clone]);
      expect(existsSync(join(clone, "src/generated")), "the clone must start without a generated Prisma client").toBe(false);
      expect(existsSync(join(clone, ".next")), "the clone must start without a build").toBe(false);
      symlinkSync(join(checkout, "node_modules"), join(clone, "node_modules"), "dir");
      // What `npm ci` runs after installing the packages.
      const install = await runInClone("npm run postinstall", clone);
      expect(install.code, `npm run postinstall failed:\n${install.output}`).toBe(0);

      const commands = documentedCommands(clone);
      const whist = commands.filter((c) => !c.command.startsWith("npm run bench:"));
      const benches = commands.filter((c) => c.command.startsWith("npm run bench:"));
      expect(whist.length, "no documented whist command found").toBeGreaterThan(0);
      // Every benchmark script is documented with a command the docs show (and this test runs).
      const scripts = Object.keys(JSON.parse(readFileSync(join(clone, "package.json"), "utf8")).scripts as Record<string, string>);
      const undocumented = scripts.filter((s) => s.startsWith("bench:") && !benches.some((b) => new RegExp(`^npm run ${s}( |$)`).test(b.command)));
      expect(undocumented, "benchmarks without a documented command at a tiny size").toEqual([]);
      // Files a command writes stay inside the clone: no absolute paths or parent folders.
      const outside = commands.filter((c) => /(^|[\s='"])(\/|~\/|\.\.\/)/.test(c.command.replace(/#.*$/, "")));
      expect(outside.map((c) => `${c.where}: ${c.command}`), "commands that reach outside the clone").toEqual([]);

      const runSequentially = async () => {
        const out: Outcome[] = [];
        for (const c of whist) out.push(await runInClone(c.command, clone));
        return out;
      };
      // A benchmark shown twice with the same arguments (it reads no file another command wrote) runs once.
      const benchLine = (c: DocCommand) => c.command.replace(/\s+#.*$/, "").trim();
      const distinctBenches = [...new Set(benches.map(benchLine))];
      const [whistOutcomes, distinctOutcomes] = await Promise.all([runSequentially(), pool(distinctBenches, BENCHES_AT_ONCE, (line) => runInClone(line, clone))]);
      const benchOutcomes = benches.map((c) => distinctOutcomes[distinctBenches.indexOf(benchLine(c))]!);
      const all = [...whist.map((c, i) => ({ ...c, ...whistOutcomes[i]! })), ...benches.map((c, i) => ({ ...c, ...benchOutcomes[i]! }))];
      console.log(all.map((r) => `${r.code === 0 ? "ok  " : "FAIL"} ${r.seconds.toFixed(1).padStart(6)} s  ${r.where}  ${r.command}`).join("\n"));
      const failed = all.filter((r) => r.code !== 0);
      const report = failed.map((r) => `${r.where}: ${r.command}\n  exit ${r.code}\n${r.output.trimEnd().split("\n").slice(-25).map((l) => `  | ${l}`).join("\n")}`);
      expect(report.join("\n\n"), "documented commands that fail on a fresh clone").toBe("");
    } finally {
      // The symlink first, so that removing the clone can never reach the checkout's packages.
      const link = join(clone, "node_modules");
      if (existsSync(link) && lstatSync(link).isSymbolicLink()) unlinkSync(link);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
