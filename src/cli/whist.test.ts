import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { getVariant, variantIds } from "../engine";
import { runWhist } from "./commands";

/** Runs the command line in process, in its own temporary folder; collects both outputs. */
function whist(args: string[], cwd = mkdtempSync(join(tmpdir(), "whist-cli-"))) {
  let stdout = "";
  let stderr = "";
  const code = runWhist(args, { out: (t) => (stdout += t), err: (t) => (stderr += t), cwd });
  return { code, stdout, stderr, cwd };
}

const root = new URL("../..", import.meta.url).pathname;
const spawnWhist = (...args: string[]) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", "src/cli/whist.ts", ...args], { cwd: root }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe("whist help", () => {
  it("prints the overview for --help, -h and help, exit 0, and on stderr with exit 2 for no command", () => {
    for (const args of [["--help"], ["-h"], ["help"]]) {
      const r = whist(args);
      expect(r.code, args.join(" ")).toBe(0);
      expect(r.stdout).toMatch(/^usage: whist <command>/);
      for (const command of ["play", "verify", "variants", "options"]) expect(r.stdout).toContain(`\n  ${command} `);
    }
    const none = whist([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe("");
    expect(none.stderr).toMatch(/^usage: whist <command>/);
  });

  it("prints each command's help for <command> --help and help <command>, exit 0, even beside other mistakes", () => {
    const usage = {
      play: "usage: whist play --variant V --seed N [--options JSON|FILE] [--seats N] [--out FILE]",
      verify: "usage: whist verify FILE [--json]",
      variants: "usage: whist variants [--lang da|nb|en]",
      options: "usage: whist options VARIANT [--lang da|nb|en]",
    };
    for (const [command, line] of Object.entries(usage)) {
      for (const args of [[command, "--help"], [command, "-h"], ["help", command], [command, "--bogus", "--help"]]) {
        const r = whist(args);
        expect(r.code, args.join(" ")).toBe(0);
        expect(r.stdout.split("\n")[0]).toBe(line);
        expect(r.stdout).toContain("-h, --help");
      }
    }
    // verify --help must not try to open a file named --help.
    expect(whist(["verify", "--help"]).stderr).toBe("");
  });

  it("gives the real process the same exit statuses (0 for help, 2 for a bad flag)", { timeout: 180_000 }, async () => {
    const [overview, verifyHelp, bad] = await Promise.all([spawnWhist("--help"), spawnWhist("verify", "--help"), spawnWhist("play", "--bogus")]);
    expect(overview.code).toBe(0);
    expect(overview.stdout).toMatch(/^usage: whist <command>/);
    expect(verifyHelp.code).toBe(0);
    expect(verifyHelp.stdout).toMatch(/^usage: whist verify FILE/);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("whist play: unknown option --bogus");
  });
});

describe("whist variants and options", () => {
  it("lists every registered variant with its name in the language asked for", () => {
    for (const lang of ["en", "da", "nb"] as const) {
      const r = whist(lang === "en" ? ["variants"] : ["variants", "--lang", lang]);
      expect(r.code).toBe(0);
      const lines = r.stdout.trim().split("\n");
      const players = (v: { min: number; max: number }) => (v.min === v.max ? `${v.min}` : `${v.min}-${v.max}`);
      expect(lines.map((l) => l.split(/\s{2,}/))).toEqual(variantIds().map((id) => [id, getVariant(id)!.name[lang], players(getVariant(id)!.seats)]));
    }
  });

  it("lists each option's key, default, allowed values and description from the engine's optionFields", () => {
    for (const id of variantIds()) {
      const r = whist(["options", id]);
      expect(r.code, id).toBe(0);
      for (const f of getVariant(id)!.optionFields) {
        const block = r.stdout.slice(r.stdout.indexOf(`\n${f.key} - ${f.label.en}\n`));
        expect(block, `${id}.${f.key}`).toMatch(new RegExp(`^\\n${f.key} - .*\\n    default: +${escape(JSON.stringify(f.default))}\\n    allowed: +\\S`));
        expect(block.replace(/\s+/g, " "), `${id}.${f.key}`).toContain(f.description.en);
      }
    }
    const classic = whist(["options", "classic"]).stdout;
    expect(classic).toContain("target - Target\n    default:  5\n    allowed:  a whole number from 1 to 100\n");
    expect(classic).toContain("    allowed:  true or false\n");
    const esmakker = whist(["options", "esmakker"]).stdout;
    expect(esmakker).toContain(`"seed000" (vip < gode < sans < halve), "seed004" (vip < sans < gode < halve)`);
  });

  it("speaks Danish and Norwegian with --lang, labels included", () => {
    const da = whist(["options", "classic", "--lang", "da"]);
    expect(da.code).toBe(0);
    const target = getVariant("classic")!.optionFields.find((f) => f.key === "target")!;
    expect(da.stdout).toContain(`target - ${target.label.da}\n    standard:  5\n    tilladt:   et helt tal fra 1 til 100\n`);
    expect(da.stdout.replace(/\s+/g, " ")).toContain(target.description.da);
    const nb = whist(["options", "danish", "--lang", "nb"]);
    expect(nb.stdout).toContain("    tillatt:   et heltall fra 4 til 200 i steg på 4\n");
  });

  it("refuses an unknown variant, a missing variant and an unknown language with exit 2", () => {
    const unknown = whist(["options", "bridge"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(`whist options: unknown variant "bridge" (known: ${variantIds().join(", ")}; see whist variants)\n`);
    const missing = whist(["options"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("whist options: missing VARIANT\nusage: whist options VARIANT");
    const lang = whist(["variants", "--lang", "fr"]);
    expect(lang.code).toBe(2);
    expect(lang.stderr).toContain('--lang must be one of da, nb, en, got "fr"');
  });
});

describe("whist bad command lines", () => {
  it.each([
    [["play", "--variant", "classic", "--seed", "1", "--bogus"], "whist play: unknown option --bogus"],
    [["play", "--variant", "classic", "--seed", "1", "-x"], "whist play: unknown option -x"],
    [["play", "--variant", "classic"], "whist play: missing --seed N"],
    [["play", "--seed", "1"], "whist play: missing --variant V"],
    [["play", "--variant", "classic", "--seed"], "whist play: --seed needs a value (--seed N)"],
    [["play", "--variant", "classic", "--seed", "--out", "x.json"], "whist play: --seed needs a value, got the option --out"],
    [["play", "--variant", "classic", "--seed", "1", "extra"], 'whist play: unexpected argument "extra"'],
    [["verify"], "whist verify: missing FILE"],
    [["verify", "a.json", "b.json"], 'whist verify: unexpected extra argument "b.json"'],
    [["verify", "--json=yes", "a.json"], "whist verify: --json takes no value"],
    [["replay", "a.json"], 'whist: unknown command "replay" (commands: play, verify, variants, options; see whist --help)'],
    [["--verbose", "play"], "whist: unknown option --verbose before the command"],
  ])("%j: exit 2 with a clear message", (args, message) => {
    const r = whist(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(message);
  });

  it("points to the command's help after a usage mistake", () => {
    expect(whist(["play", "--bogus"]).stderr).toBe(
      "whist play: unknown option --bogus\nusage: whist play --variant V --seed N [--options JSON|FILE] [--seats N] [--out FILE]\n(whist play --help for details)\n",
    );
  });
});

describe("whist play", () => {
  it("writes the same record to --out FILE (relative to the user's folder) as to standard output, and verify accepts it", () => {
    const printed = whist(["play", "--variant", "classic", "--seed", "3"]);
    expect(printed.code).toBe(0);
    const written = whist(["play", "--variant", "classic", "--seed", "3", "--out", "match.json"]);
    expect(written.code).toBe(0);
    const file = readFileSync(join(written.cwd, "match.json"), "utf8");
    expect(file).toBe(printed.stdout);
    const record = JSON.parse(file);
    expect(record.variant).toBe("classic");
    expect(record.over).toBe(true);
    expect(written.stdout).toBe(`wrote match.json: Classic whist, seed "3", ${record.hands.length} hands, final scores ${record.finalScores.join(", ")}\n`);

    const ok = whist(["verify", "match.json"], written.cwd);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`match.json: the record matches its replay (Classic whist, ${record.hands.length} hands, match over)`);
    expect(ok.stdout).toContain(`final scores: ${record.finalScores.join(", ")}\n`);
  });

  it("plays a variant at any seat count it allows with --seats, and refuses one outside its range", () => {
    const r = whist(["play", "--variant", "knockout", "--seed", "5", "--seats", "6", "--out", "ko.json"]);
    expect(r.code).toBe(0);
    const record = JSON.parse(readFileSync(join(r.cwd, "ko.json"), "utf8"));
    expect(record.seats).toHaveLength(6);
    expect(record.finalScores).toHaveLength(6);
    expect(whist(["verify", "ko.json"], r.cwd).code).toBe(0);
    const wrong = whist(["play", "--variant", "classic", "--seed", "5", "--seats", "5"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--seats must be a whole number from 4 to 4");
  });

  it("takes --options as inline JSON or as a file, with the same record", () => {
    const inline = whist(["play", "--variant", "norwegian", "--seed", "7", "--options", '{"target":5}']);
    expect(inline.code).toBe(0);
    writeFileSync(join(inline.cwd, "rules.json"), '{ "target": 5 }\n');
    const fromFile = whist(["play", "--variant", "norwegian", "--seed", "7", "--options", "rules.json"], inline.cwd);
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toBe(inline.stdout);
    const record = JSON.parse(inline.stdout);
    expect(record.options.target).toBe(5);
    expect(Math.max(...record.finalScores)).toBeGreaterThanOrEqual(5);
    // The default target differs, so the options did change the match.
    expect(JSON.parse(whist(["play", "--variant", "norwegian", "--seed", "7"]).stdout).options.target).not.toBe(5);
  });

  it("refuses options the variant does not accept, text that is neither JSON nor a file, and a file that is not JSON", () => {
    const range = whist(["play", "--variant", "classic", "--seed", "1", "--options", '{"target":1000}']);
    expect(range.code).toBe(2);
    expect(range.stderr).toBe("whist play: --options: invalid options: target: must be at most 100 (see whist options classic)\n");
    const unknownKey = whist(["play", "--variant", "classic", "--seed", "1", "--options", '{"trumps":true}']);
    expect(unknownKey.code).toBe(2);
    expect(unknownKey.stderr).toContain("whist play: --options: invalid options:");
    const neither = whist(["play", "--variant", "classic", "--seed", "1", "--options", "target=5"]);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toBe('whist play: --options: "target=5" is neither a JSON object nor an existing file\n');
    const dir = mkdtempSync(join(tmpdir(), "whist-cli-"));
    writeFileSync(join(dir, "rules.txt"), "target: 5\n");
    const notJson = whist(["play", "--variant", "classic", "--seed", "1", "--options", "rules.txt"], dir);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/^whist play: --options: rules\.txt is not valid JSON \(/);
    const variant = whist(["play", "--variant", "bridge", "--seed", "1"]);
    expect(variant.code).toBe(2);
    expect(variant.stderr).toBe(`whist play: unknown variant "bridge" (known: ${variantIds().join(", ")}; see whist variants)\n`);
  });
});

describe("whist verify", () => {
  /** A real played record, written to a temporary folder. */
  function played(variant: string, seed: string) {
    const r = whist(["play", "--variant", variant, "--seed", seed, "--out", "match.json"]);
    expect(r.code).toBe(0);
    return { dir: r.cwd, record: JSON.parse(readFileSync(join(r.cwd, "match.json"), "utf8")) };
  }

  it("lists every field that differs, stored beside recomputed, and exits 1", () => {
    const { dir, record } = played("esmakker", "11");
    const storedPoints = record.hands[0].result.points.slice();
    const storedFinal = record.finalScores.slice();
    record.hands[0].result.points[0] += 10;
    record.finalScores[1] -= 4;
    writeFileSync(join(dir, "tampered.json"), JSON.stringify(record));

    const r = whist(["verify", "tampered.json"], dir);
    expect(r.code).toBe(1);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("tampered.json: the record does not match its replay: 2 fields differ");
    const header = lines.find((l) => l.startsWith("field"))!;
    expect(header.split(/\s{2,}/)).toEqual(["field", "stored", "recomputed"]);
    const row = (name: string) => lines.find((l) => l.startsWith(name))?.split(/\s{2,}/);
    const tamperedPoints = [storedPoints[0] + 10, ...storedPoints.slice(1)];
    expect(row("hand 0 points")).toEqual(["hand 0 points", JSON.stringify(tamperedPoints), JSON.stringify(storedPoints)]);
    expect(row("match finalScores")).toEqual([
      "match finalScores",
      JSON.stringify([storedFinal[0], storedFinal[1] - 4, ...storedFinal.slice(2)]),
      JSON.stringify(storedFinal),
    ]);
    // Side by side: the stored and recomputed values start under their headings.
    const pointsLine = lines.find((l) => l.startsWith("hand 0 points"))!;
    expect(pointsLine.indexOf(JSON.stringify(tamperedPoints))).toBe(header.indexOf("stored"));
    expect(pointsLine.lastIndexOf(JSON.stringify(storedPoints))).toBe(header.indexOf("recomputed"));
  });

  it("names the deal cards that a tampered seed does not produce, each hand's cards side by side", () => {
    const { dir, record } = played("classic", "5");
    const seed = record.hands[1].seed;
    record.hands[1].seed = "0".repeat(64);
    writeFileSync(join(dir, "seed.json"), JSON.stringify(record));
    const r = whist(["verify", "seed.json"], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`\\nhand 1 seed +"${"0".repeat(64)}" +"${seed}"\\n`));
    for (let seat = 0; seat < 4; seat++)
      expect(r.stdout).toMatch(new RegExp(`\\nhand 1 deal\\.hands\\[${seat}\\] +${escape(JSON.stringify(record.hands[1].deal.hands[seat]))} +\\["`));
  });

  it("--json prints the full recomputation for tools, with every mismatch", () => {
    const { dir, record } = played("danish", "2");
    const good = whist(["verify", "match.json", "--json"], dir);
    expect(good.code).toBe(0);
    const full = JSON.parse(good.stdout);
    expect(full.ok).toBe(true);
    expect(full.mismatches).toEqual([]);
    expect(full.finalScores).toEqual(record.finalScores);
    expect(full.hands).toHaveLength(record.hands.length);
    expect(full.hands[0].deal).toEqual(record.hands[0].deal);
    expect(full.hands[0].points).toEqual(record.hands[0].result.points);
    expect(full.hands[0].explanation).toEqual(record.hands[0].result.explanation);

    record.hands[0].result.tricksWon = [13, 0, 0, 0];
    writeFileSync(join(dir, "bad.json"), JSON.stringify(record));
    const bad = whist(["verify", "bad.json", "--json"], dir);
    expect(bad.code).toBe(1);
    const report = JSON.parse(bad.stdout);
    expect(report.ok).toBe(false);
    expect(report.mismatches).toEqual([{ hand: 0, field: "tricksWon", stored: [13, 0, 0, 0], recomputed: full.hands[0].tricksWon }]);
    expect(report.hands).toEqual(full.hands);
  });

  it("says why a file is not a record (exit 1) or cannot be read (exit 2)", () => {
    const dir = mkdtempSync(join(tmpdir(), "whist-cli-"));
    writeFileSync(join(dir, "junk.json"), '{"format":"whist-record"}');
    const junk = whist(["verify", "junk.json"], dir);
    expect(junk.code).toBe(1);
    expect(junk.stderr).toMatch(/^junk\.json: not a valid record: malformed record at version/);
    writeFileSync(join(dir, "banner.json"), "> whist-platform@0.1.0 whist\n{}");
    expect(whist(["verify", "banner.json"], dir).stderr).toMatch(/^banner\.json: not a valid record: .*not valid JSON/);
    const missing = whist(["verify", "nowhere.json"], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("whist verify: cannot read nowhere.json: no such file\n");
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
