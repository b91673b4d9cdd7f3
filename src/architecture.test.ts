/**
 * The layering rules of ARCHITECTURE.md, checked over the source tree:
 * - Prisma only in repositories: the generated client (`@/generated/prisma`,
 *   `@prisma/*`) is imported, and Prisma's model and raw-SQL methods are
 *   called, only in `repository.ts` / `*-repository.ts` files and a short
 *   list of infrastructure files (below, each with its reason).
 * - No client file reaches into the server: a "use client" file or anything
 *   under src/components may import from `@/server` only types, server
 *   actions ("use server" modules, which Next replaces with references) and
 *   the input schemas the forms share by design.
 * Tests and their support files (`test-*.ts`) are exempt (they check effects
 * in the database directly).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.join(process.cwd(), "src");

/** Infrastructure that must touch Prisma itself. */
const PRISMA_ALLOWED: Record<string, string> = {
  "server/db.ts": "creates the Prisma client and runs the job queue's SQL inside a Prisma transaction",
  "server/realtime/prisma-store.ts": "the live tables' store: their repository, behind the TableStore interface that has an in-memory twin",
};

/** `@/server` modules a client file may import values from. */
const SHARED_WITH_CLIENT: Record<string, string> = {
  "@/server/modules/accounts/schema": "the registration and login input schemas, shared with the forms so both sides validate alike",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) && !/^test-/.test(d.name) ? [full] : [];
  });
}

const files = sourceFiles(SRC).map((full) => ({ rel: path.relative(SRC, full).split(path.sep).join("/"), text: readFileSync(full, "utf8") }));

interface Import {
  readonly spec: string;
  readonly typeOnly: boolean;
}

/** Static and dynamic imports (and re-exports) of a file. */
function importsOf(text: string): Import[] {
  const out: Import[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s+["']([^"']+)["']/gms)) out.push({ spec: m[3]!, typeOnly: Boolean(m[2]) });
  for (const m of text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) out.push({ spec: m[1]!, typeOnly: false });
  for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) out.push({ spec: m[1]!, typeOnly: false });
  return out;
}

const isRepository = (rel: string) => /(^|\/|-)repository\.ts$/.test(rel);
const isPrismaImport = (spec: string) => /(^@\/generated\/prisma|\/generated\/prisma|^@prisma\/)/.test(spec);
/** Enum types (Locale, ClubRole) describe data, not access: type-only imports of them are fine anywhere. */
const isEnumTypeImport = (i: Import) => i.typeOnly && i.spec === "@/generated/prisma/enums";
const PRISMA_CALL =
  /\b(?:db|tx|prisma|client|this\.db)\s*\.\s*(?:\$(?:queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe)\b|[a-z]\w*\s*\.\s*(?:findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|findMany|create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany|count|groupBy|aggregate)\s*\()/g;

const isClientFile = (f: { rel: string; text: string }) => f.rel.startsWith("components/") || /^\s*(\/\*[\s\S]*?\*\/\s*|\/\/.*\n\s*)*["']use client["']/.test(f.text);
const useServer = new Set(files.filter((f) => /^\s*(\/\*[\s\S]*?\*\/\s*|\/\/.*\n\s*)*["']use server["']/.test(f.text)).map((f) => `@/${f.rel.replace(/\.tsx?$/, "")}`));

describe("architecture boundaries", () => {
  it("finds the source tree (the checks below look at real files)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.rel === "server/modules/clubs/repository.ts")).toBe(true);
    expect(files.some((f) => isClientFile(f) && f.text.includes("use client"))).toBe(true);
  });

  it("imports the Prisma client only in repositories and the listed infrastructure files", () => {
    const offenders = files
      .filter((f) => !isRepository(f.rel) && !(f.rel in PRISMA_ALLOWED))
      .flatMap((f) => importsOf(f.text).filter((i) => isPrismaImport(i.spec) && !isEnumTypeImport(i)).map((i) => `${f.rel} imports ${i.spec}`));
    expect(offenders).toEqual([]);
  });

  it("calls Prisma's model and raw-SQL methods only in repositories and the listed infrastructure files", () => {
    const offenders = files
      .filter((f) => !isRepository(f.rel) && !(f.rel in PRISMA_ALLOWED))
      .flatMap((f) => [...f.text.matchAll(PRISMA_CALL)].map((m) => `${f.rel}: ${m[0]}`));
    expect(offenders).toEqual([]);
  });

  it("no client file imports server code (only types, server actions and the shared input schemas)", () => {
    const offenders = files.filter(isClientFile).flatMap((f) =>
      importsOf(f.text)
        .filter((i) => i.spec === "@/server" || i.spec.startsWith("@/server/") || isPrismaImport(i.spec))
        .filter((i) => !i.typeOnly && !useServer.has(i.spec) && !(i.spec in SHARED_WITH_CLIENT))
        .map((i) => `${f.rel} imports ${i.spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the checks catch what they are for (a repository-free service, a client component importing the database)", () => {
    const service = `import { Prisma } from "@/generated/prisma/client";\nexport const f = (db) => db.match.findMany({});`;
    expect(importsOf(service).some((i) => isPrismaImport(i.spec))).toBe(true);
    expect([...service.matchAll(PRISMA_CALL)]).toHaveLength(1);
    const component = `"use client";\nimport { getDb } from "@/server/db";\nimport type { SessionUser } from "@/server/auth";`;
    expect(isClientFile({ rel: "app/x.tsx", text: component })).toBe(true);
    expect(importsOf(component).filter((i) => !i.typeOnly).map((i) => i.spec)).toEqual(["@/server/db"]);
  });
});
