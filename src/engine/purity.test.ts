import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const engineDir = new URL(".", import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [p] : [];
  });
}

const FORBIDDEN_IMPORT = /^(node:|fs$|fs\/|path$|os$|child_process$|next($|\/)|react($|-dom|\/)|@prisma\/|socket\.io)/;
const FORBIDDEN_GLOBALS = [
  "Math.random",
  "Date",
  "performance",
  "setTimeout",
  "setInterval",
  "fetch",
  "process",
  "window",
  "document",
  "crypto",
];

/** Source without comments and string/template literals, so prose cannot trigger a false alarm. */
const codeOnly = (src: string): string =>
  src
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/\/\/[^\n]*/g, " ")
    .replace(/`(?:\\[\s\S]|[^`\\])*`/g, "``")
    .replace(/"(?:\\.|[^"\\\n])*"/g, '""')
    .replace(/'(?:\\.|[^'\\\n])*'/g, "''");

function violations(file: string): string[] {
  const src = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of src.matchAll(/(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|require\s*\(\s*["']([^"']+)["']/g)) {
    const spec = m[1] ?? m[2] ?? m[3]!;
    if (FORBIDDEN_IMPORT.test(spec)) out.push(`imports ${spec}`);
  }
  const code = codeOnly(src);
  for (const g of FORBIDDEN_GLOBALS) {
    const re = new RegExp(`(?<![\\w$.])${g.replace(".", "\\s*\\.\\s*")}(?![\\w$])`);
    if (re.test(code)) out.push(`uses ${g}`);
  }
  return out;
}

describe("engine purity", () => {
  it("has sources to scan", () => {
    expect(sources(engineDir).length).toBeGreaterThan(10);
  });

  it("no engine source imports I/O, frameworks or uses clocks, randomness or host globals", () => {
    const found = sources(engineDir).flatMap((f) => violations(f).map((v) => `${relative(engineDir, f)}: ${v}`));
    expect(found).toEqual([]);
  });

  it("the scanner catches what it must", () => {
    const probe = (src: string) => {
      const code = codeOnly(src);
      return FORBIDDEN_GLOBALS.filter((g) => new RegExp(`(?<![\\w$.])${g.replace(".", "\\s*\\.\\s*")}(?![\\w$])`).test(code));
    };
    expect(probe("const x = Math.random();")).toEqual(["Math.random"]);
    expect(probe("const t = Date.now();")).toEqual(["Date"]);
    expect(probe("if (process.env.X) {}")).toEqual(["process"]);
    expect(probe('// Date in a comment\nconst s = "window";')).toEqual([]);
    expect(probe("const fetchCount = 1; obj.process = 2;")).toEqual([]);
    expect(FORBIDDEN_IMPORT.test("node:fs")).toBe(true);
    expect(FORBIDDEN_IMPORT.test("@prisma/client")).toBe(true);
    expect(FORBIDDEN_IMPORT.test("socket.io-client")).toBe(true);
    expect(FORBIDDEN_IMPORT.test("next/server")).toBe(true);
    expect(FORBIDDEN_IMPORT.test("zod")).toBe(false);
    expect(FORBIDDEN_IMPORT.test("./cards")).toBe(false);
  });
});
