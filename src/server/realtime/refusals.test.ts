/**
 * Every refusal a live table can send (its own codes, the club and ranked
 * access rules, and the engine's error codes passed through) has a
 * translation in every language, where the table page looks it up
 * (engine.json "errors", keyed by the code with "/" and "." as "_").
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { flatKey } from "@/components/table/format";
import { LOCALES } from "@/i18n/config";
import { TABLE_ERRORS } from "@/protocol";

const root = path.resolve(__dirname, "../..");
const read = (rel: string) => readFileSync(path.join(root, rel), "utf8");
const CODE = /^[a-z]+\/[a-z-]+$/;

/** Codes written as `code: "…"` or passed to `fail("…"` in the given source files. */
function codesIn(files: string[]): string[] {
  const found = new Set<string>();
  for (const f of files) {
    for (const m of read(f).matchAll(/(?:code:\s*|(?:fail|refuse)\(\s*)"([^"]+)"/g)) if (CODE.test(m[1]!)) found.add(m[1]!);
  }
  return [...found];
}

const sources = (dir: string) =>
  readdirSync(path.join(root, dir))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.startsWith("test-"))
    .map((f) => `${dir}/${f}`);

/** The engine's ErrorCode union, as written in its contract. */
function engineCodes(): string[] {
  const src = read("engine/types.ts");
  const union = /export type ErrorCode =([^;]+);/.exec(src)![1]!;
  return [...union.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

describe("refusal codes", () => {
  const serverCodes = codesIn([...sources("server/realtime"), "server/modules/clubs/access.ts", "server/modules/ranked/access.ts"]);
  const all = [...new Set([...serverCodes, ...TABLE_ERRORS, ...engineCodes(), "table/offline"])].sort();

  it("finds the codes the server sends", () => {
    expect(all).toEqual(expect.arrayContaining(["ranked/players-only", "club/members-only", "table/busy", "play/must-follow-suit"]));
    expect(serverCodes.filter((c) => c.startsWith("table/")).every((c) => (TABLE_ERRORS as readonly string[]).includes(c))).toBe(true);
  });

  for (const locale of LOCALES) {
    it(`are all translated in ${locale}`, () => {
      const errors = (JSON.parse(read(`i18n/messages/${locale}/engine.json`)) as { errors: Record<string, string> }).errors;
      expect(all.filter((c) => !errors[flatKey(c)])).toEqual([]);
    });
  }
});
