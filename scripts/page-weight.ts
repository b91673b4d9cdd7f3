/**
 * The JavaScript a browser loads for each page on its first visit, from the
 * production build in .next (run `npm run build` first): the framework's
 * main files plus the chunks of the page's layouts and the page itself, as
 * the build's manifests list them; raw and gzip sizes. Code a page loads
 * later (dynamic imports) is not counted.
 *
 *   npm run weight                 every page, heaviest first
 *   npm run weight -- /play/[tableId]     one page
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { scriptArgs } from "../src/cli/args";

const { ROUTE } = scriptArgs(
  {
    usageName: "npm run weight --",
    summary: "First-load JavaScript of each page of the production build in .next (npm run build first), raw and gzip, heaviest first.",
    positionals: [{ name: "ROUTE", optional: true, help: "only this page, e.g. /play/[tableId]" }],
    examples: ["npm run weight", "npm run weight -- /play/[tableId]"],
  },
  (a) => ({ ROUTE: a.positionals[0] ?? null }),
);

const NEXT = ".next";
if (!existsSync(join(NEXT, "build-manifest.json"))) {
  console.error("No production build in .next: run `npm run build` first.");
  process.exit(1);
}
const rootMain = (JSON.parse(readFileSync(join(NEXT, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] }).rootMainFiles;

function manifests(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return manifests(p);
    return f === "page_client-reference-manifest.js" ? [p] : [];
  });
}

const sizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let s = sizes.get(file);
  if (!s) {
    const bytes = readFileSync(join(NEXT, file));
    s = { raw: bytes.length, gzip: gzipSync(bytes).length };
    sizes.set(file, s);
  }
  return s;
}

const g = globalThis as { self?: unknown; __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> };
g.self = globalThis;
const rows: { route: string; files: number; raw: number; gzip: number }[] = [];
for (const file of manifests(join(NEXT, "server", "app"))) {
  g.__RSC_MANIFEST = {};
  // The manifest is a script that assigns itself to globalThis.__RSC_MANIFEST.
  new Function(readFileSync(file, "utf8"))();
  for (const [key, manifest] of Object.entries(g.__RSC_MANIFEST)) {
    const route = key.replace(/\/page$/, "") || "/";
    if (ROUTE !== null && route !== ROUTE) continue;
    // The page's own entry and those of its layouts (error and not-found boundaries load only when shown).
    const layouts = Object.keys(manifest.entryJSFiles).filter((k) => /\/layout$/.test(k) || k.endsWith(key));
    const files = new Set([...rootMain, ...layouts.flatMap((k) => manifest.entryJSFiles[k]!)]);
    const total = [...files].reduce((a, f) => ({ raw: a.raw + sizeOf(f).raw, gzip: a.gzip + sizeOf(f).gzip }), { raw: 0, gzip: 0 });
    rows.push({ route, files: files.size, ...total });
  }
}
if (rows.length === 0) {
  console.error(`No page ${ROUTE} in the build.`);
  process.exit(1);
}
const framework = rootMain.reduce((a, f) => a + sizeOf(f).gzip, 0);
const kB = (n: number) => (n / 1000).toFixed(1).padStart(7);
console.log(`first-load JavaScript per page (kB; the framework's own main files are ${kB(framework).trim()} kB gzip of it)`);
console.log(`${"gzip".padStart(7)} ${"raw".padStart(7)}  files  page`);
for (const r of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`${kB(r.gzip)} ${kB(r.raw)}  ${String(r.files).padStart(5)}  ${r.route}`);
