/**
 * Command-line tool for game records.
 *   whist verify FILE                                  replays a record, prints the recomputed results as JSON;
 *                                                      exits 1 with one line on an invalid record or a mismatch
 *   whist play --variant V --seed S [--options JSON]   plays a match with seeded random legal moves and prints its record
 */
import { readFileSync } from "node:fs";
import { buildRecord, parseRecord, playRandomMatch, verifyRecord } from "../engine";

const USAGE = "usage: whist verify FILE | whist play --variant V --seed S [--options JSON]";

function die(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function flags(args: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("--")) die(`unexpected argument "${a}"\n${USAGE}`);
    const eq = a.indexOf("=");
    if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
    else {
      const v = args[++i];
      if (v === undefined) die(`missing value for ${a}`);
      out[a.slice(2)] = v;
    }
  }
  return out;
}

/** JSON with two-space indentation, keeping short arrays and objects (cards, actions, results) on one line. */
export function formatJson(value: unknown, indent = ""): string {
  const flat = JSON.stringify(value);
  if (flat === undefined || typeof value !== "object" || value === null || flat.length + indent.length <= 100) return flat ?? "null";
  const inner = indent + "  ";
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + formatJson(v, inner)).join(",\n")}\n${indent}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner)}`).join(",\n")}\n${indent}}`;
}

function verify(file: string | undefined): void {
  if (!file) die(USAGE);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    die(`cannot read ${file}: ${(e as Error).message}`);
  }
  const parsed = parseRecord(text);
  if (!parsed.ok) die(`invalid record: ${parsed.error.message}`);
  const checked = verifyRecord(parsed.value);
  if (!checked.ok) die(`invalid record: ${checked.error.message}`);
  const v = checked.value;
  const summary = {
    variant: parsed.value.variant,
    over: v.over,
    finalScores: v.finalScores,
    hands: v.results.map((r) => ({
      index: r.handIndex,
      dealer: r.dealer,
      contract: r.contract,
      outcome: r.outcome,
      margin: r.margin,
      endReason: r.endReason,
      tricksWon: r.tricksWon,
      points: r.points,
      totals: r.totals,
    })),
  };
  process.stdout.write(`${formatJson(summary)}\n`);
  if (v.mismatches.length > 0) {
    const first = v.mismatches[0]!;
    die(`record does not match the replay (${v.mismatches.length} mismatch${v.mismatches.length > 1 ? "es" : ""}): ${first.message}`);
  }
}

function play(args: string[]): void {
  const f = flags(args);
  if (!f.variant || !f.seed) die(USAGE);
  let options: unknown = {};
  if (f.options !== undefined) {
    try {
      options = JSON.parse(f.options);
    } catch {
      die("--options is not valid JSON");
    }
  }
  const setup = { variant: f.variant, options, seed: f.seed };
  const played = playRandomMatch(setup, `players:${f.seed}`);
  if (!played.ok) die(`cannot play: ${played.error.message}`);
  const record = buildRecord(setup, played.value.actions, played.value.state);
  if (!record.ok) die(`cannot build the record: ${record.error.message}`);
  process.stdout.write(`${formatJson(record.value)}\n`);
}

const [command, ...rest] = process.argv.slice(2);
if (command === "verify") verify(rest[0]);
else if (command === "play") play(rest);
else die(USAGE);
