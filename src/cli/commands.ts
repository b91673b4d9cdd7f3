/**
 * The whist command line's commands (play, verify, variants, options, help),
 * as a function of the arguments and an output sink, so tests run it in
 * process. Exit status: 0 done, 1 the record does not verify, 2 the command
 * line or an input it names is wrong (the message says which).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  type GameRecord,
  type HandResult,
  type OptionField,
  buildRecord,
  getVariant,
  parseOptions,
  parseRecord,
  defaultSeatNames,
  playRandomMatch,
  variantIds,
  verifyRecord,
} from "../engine";
import { LOCALES, type Locale, isLocale } from "../i18n/config";
import { MESSAGES } from "../i18n/messages";
import { type CommandSpec, UsageError, helpText, numberArg, parseCommand, usageLine, wrap } from "./args";
import { cell, differences, formatJson, table } from "./format";

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Where relative file names are resolved (the user's directory, not npm's). */
  readonly cwd: string;
}

interface Command extends CommandSpec {
  /** One line for the command list. */
  readonly brief: string;
  readonly run: (flags: Readonly<Record<string, string | boolean | undefined>>, positionals: readonly string[], io: CliIo) => number;
}

/** A bad input named on the command line (file, variant, options): exit 2 like a usage mistake, without the usage line. */
class InputError extends Error {}

const LANG_FLAG = { type: "string", value: "da|nb|en", help: "language of names and descriptions (default en)" } as const;

function langOf(raw: string | boolean | undefined): Locale {
  if (raw === undefined) return "en";
  if (!isLocale(raw)) throw new UsageError(`--lang must be one of ${LOCALES.join(", ")}, got "${String(raw)}"`);
  return raw;
}

function knownVariant(id: string) {
  const variant = getVariant(id);
  if (!variant) throw new InputError(`unknown variant "${id}" (known: ${variantIds().join(", ")}; see whist variants)`);
  return variant;
}

/** "{name}" placeholders of a message filled in (the CLI's messages use no plurals). */
const fill = (text: string, params: Record<string, string | number> = {}): string =>
  text.replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));

function allowedValues(f: OptionField, t: (typeof MESSAGES)["en"]["cli"]["options"], lang: Locale): string {
  switch (f.kind) {
    case "boolean":
      return t.boolean;
    case "integer":
      return f.step && f.step > 1 ? fill(t.integerStep, { min: f.min!, max: f.max!, step: f.step }) : fill(t.integer, { min: f.min!, max: f.max! });
    case "enum":
      return (f.values ?? []).map((v) => `${JSON.stringify(v.value)} (${v.label[lang]})`).join(", ");
    case "numberList": {
      const count = Array.isArray(f.default) ? f.default.length : 0;
      return f.max !== undefined ? fill(t.listMax, { count, min: f.min ?? 0, max: f.max }) : fill(t.list, { count, min: f.min ?? 0 });
    }
  }
}

function readTextFile(file: string, io: CliIo): string {
  try {
    return readFileSync(resolve(io.cwd, file), "utf8");
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`);
  }
}

/** --options: a JSON object given inline, or the name of a file holding one. */
function readOptions(raw: string, io: CliIo): unknown {
  const inline = raw.trim().startsWith("{");
  let text = raw;
  if (!inline) {
    const path = resolve(io.cwd, raw);
    if (!existsSync(path)) throw new InputError(`--options: "${raw}" is neither a JSON object nor an existing file`);
    text = readTextFile(raw, io);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`--options: ${inline ? "the value" : raw} is not valid JSON (${(e as Error).message})`);
  }
}

const play: Command = {
  usageName: "whist play",
  brief: "play a seeded match with random legal moves and write its record",
  summary:
    "Plays a whole match with random legal moves drawn from the seed (the same seed always gives the same match) and writes its game record as JSON.",
  flags: {
    variant: { type: "string", value: "V", required: true, help: "variant id (see whist variants)" },
    seed: { type: "string", value: "N", required: true, help: "match seed: the deals and the moves follow from it" },
    options: {
      type: "string",
      value: "JSON|FILE",
      help: "rule options as a JSON object or a JSON file; missing ones get their defaults (see whist options V)",
    },
    seats: { type: "string", value: "N", help: "how many players, within the variant's range (default: its usual count; see whist variants)" },
    out: { type: "string", value: "FILE", help: "write the record to FILE (default: standard output)" },
  },
  examples: [
    "whist play --variant classic --seed 1 --out match.json",
    "whist play --variant knockout --seed 3 --seats 6 --out knockout.json",
    `whist play --variant norwegian --seed 7 --options '{"target":5}' --out short.json`,
  ],
  run(flags, _positionals, io) {
    const variant = knownVariant(flags.variant as string);
    const seed = flags.seed as string;
    if (seed === "") throw new UsageError("--seed must not be empty");
    let options: unknown = {};
    if (typeof flags.options === "string") {
      options = readOptions(flags.options, io);
      const parsed = parseOptions(variant.id, options);
      if (!parsed.ok) throw new InputError(`--options: ${parsed.error.message} (see whist options ${variant.id})`);
    }
    const { min, max } = variant.seats;
    const seatCount = numberArg("--seats", flags.seats as string | undefined, variant.seats.default, { min, max, integer: true });
    const seats = defaultSeatNames(seatCount).map((name) => ({ name }));
    const setup = { variant: variant.id, options, seats, seed };
    const played = playRandomMatch(setup, `players:${seed}`);
    if (!played.ok) throw new InputError(`cannot play: ${played.error.message}`);
    const record = buildRecord(setup, played.value.actions, played.value.state);
    if (!record.ok) throw new Error(`cannot build the record: ${record.error.message}`);
    const json = `${formatJson(record.value)}\n`;
    if (typeof flags.out !== "string") {
      io.out(json);
      return 0;
    }
    try {
      writeFileSync(resolve(io.cwd, flags.out), json);
    } catch (e) {
      throw new InputError(`cannot write ${flags.out}: ${(e as Error).message}`);
    }
    const r = record.value;
    io.out(`wrote ${flags.out}: ${variant.name.en}, seed ${JSON.stringify(seed)}, ${r.hands.length} hands, final scores ${r.finalScores.join(", ")}\n`);
    return 0;
  },
};

const handRow = (r: HandResult): string[] => [
  String(r.handIndex),
  String(r.dealer),
  r.contract ? `${r.contract.bid}${r.contract.declarer === null ? "" : ` by ${r.contract.declarer}`}` : "-",
  r.outcome,
  r.points.join(" "),
  r.totals.join(" "),
];

const verify: Command = {
  usageName: "whist verify",
  brief: "replay a record and show every stored value that differs",
  summary:
    "Replays a game record through the engine and checks its seeds, deals and every stored result. Prints the recomputed hands; when the record does not match, lists every field that differs with the stored and the recomputed value side by side.",
  positionals: [{ name: "FILE", help: "the record (JSON), e.g. written by whist play --out FILE" }],
  flags: {
    json: { type: "boolean", help: "print the full recomputation as JSON (ok, variant, over, finalScores, hands, mismatches)" },
  },
  notes: ["Exit status: 0 the record matches its replay, 1 it does not (or is not a valid record), 2 the command line is wrong or the file cannot be read."],
  examples: ["whist verify match.json", "whist verify match.json --json"],
  run(flags, [file], io) {
    const text = readTextFile(file!, io);
    const asJson = flags.json === true;
    const refuse = (code: string, message: string): number => {
      if (asJson) io.out(`${formatJson({ ok: false, error: { code, message } })}\n`);
      else io.err(`${file}: not a valid record: ${message}\n`);
      return 1;
    };
    const parsed = parseRecord(text);
    if (!parsed.ok) return refuse(parsed.error.code, parsed.error.message);
    const record: GameRecord = parsed.value;
    const checked = verifyRecord(record);
    if (!checked.ok) {
      // Seeds or deals that differ make the replay fail: report them with the replay's error.
      const found = (checked.error.details?.mismatches as { details?: Record<string, unknown> }[] | undefined) ?? [];
      if (found.length === 0) return refuse(checked.error.code, checked.error.message);
      return mismatchReport(file!, found.map((m) => m.details!), io, asJson, { ok: false, error: { code: checked.error.code, message: checked.error.message } });
    }
    const v = checked.value;
    const full = { variant: record.variant, over: v.over, finalScores: v.finalScores, hands: v.results };
    if (v.mismatches.length > 0) return mismatchReport(file!, v.mismatches.map((m) => m.details!), io, asJson, full);
    if (asJson) {
      io.out(`${formatJson({ ok: true, ...full, mismatches: [] })}\n`);
      return 0;
    }
    io.out(
      `${file}: the record matches its replay (${getVariant(record.variant)?.name.en ?? record.variant}, ${v.results.length} hands, ${v.over ? "match over" : "match not finished"})\n\n` +
        `${table([["hand", "dealer", "contract", "outcome", "points", "totals"], ...v.results.map(handRow)])}\n\n` +
        `final scores: ${v.finalScores.join(", ")}\n`,
    );
    return 0;
  },
};

/** Every differing field, stored beside recomputed; exit 1. */
function mismatchReport(file: string, mismatches: Record<string, unknown>[], io: CliIo, asJson: boolean, full: Record<string, unknown>): number {
  const rows = mismatches.flatMap((m) => {
    const where = `${m.hand === null ? "match" : `hand ${String(m.hand)}`} ${String(m.field)}`;
    return differences(m.stored, m.recomputed).map((d) => [`${where}${d.path}`, cell(d.stored), cell(d.recomputed)]);
  });
  if (asJson) {
    const list = mismatches.map((m) => ({ hand: m.hand, field: m.field, stored: m.stored, recomputed: m.recomputed }));
    io.out(`${formatJson({ ok: false, ...full, mismatches: list })}\n`);
    return 1;
  }
  const error = (full.error as { message?: string } | undefined)?.message;
  io.out(
    `${file}: the record does not match its replay: ${rows.length} field${rows.length === 1 ? "" : "s"} differ${rows.length === 1 ? "s" : ""}\n\n` +
      `${table([["field", "stored", "recomputed"], ...rows])}\n` +
      (error ? `\nthe replay stopped: ${error}\n` : ""),
  );
  return 1;
}

const variants: Command = {
  usageName: "whist variants",
  brief: "list the variants",
  summary: "Lists the variants: the id to give play, options and --variant, the name, and how many players it seats.",
  flags: { lang: LANG_FLAG },
  examples: ["whist variants", "whist variants --lang da"],
  run(flags, _positionals, io) {
    const lang = langOf(flags.lang);
    const players = ({ min, max }: { min: number; max: number }) => (min === max ? `${min}` : `${min}-${max}`);
    io.out(`${table(variantIds().map((id) => [id, getVariant(id)!.name[lang], players(getVariant(id)!.seats)]))}\n`);
    return 0;
  },
};

const options: Command = {
  usageName: "whist options",
  brief: "list a variant's rule options with defaults and allowed values",
  summary: "Lists a variant's rule options: each one's key, name, default, allowed values and description.",
  positionals: [{ name: "VARIANT", help: "variant id (see whist variants)" }],
  flags: { lang: LANG_FLAG },
  examples: ["whist options classic", "whist options esmakker --lang da"],
  run(flags, [id], io) {
    const lang = langOf(flags.lang);
    const variant = knownVariant(id!);
    const t = MESSAGES[lang].cli.options;
    const fields: readonly OptionField[] = variant.optionFields;
    const lines = [fill(t.title, { variant: variant.name[lang] }), ""];
    if (fields.length === 0) lines.push(t.none);
    for (const f of fields) {
      lines.push(`${f.key} - ${f.label[lang]}`);
      lines.push(table([[`${t.default}:`, JSON.stringify(f.default)], [`${t.allowed}:`, allowedValues(f, t, lang)]], "    "));
      lines.push(wrap(`    ${f.description[lang]}`, "    "), "");
    }
    if (fields.length > 0) {
      const sample = fields.find((f) => f.kind === "boolean") ?? fields[0]!;
      const value = sample.kind === "boolean" ? !sample.default : sample.default;
      lines.push(t.example, `  whist play --variant ${variant.id} --seed 1 --options '${JSON.stringify({ [sample.key]: value })}'`);
    }
    io.out(`${lines.join("\n")}\n`);
    return 0;
  },
};

const COMMANDS: Readonly<Record<string, Command>> = { play, verify, variants, options };

const OVERVIEW = [
  "usage: whist <command> [arguments]",
  "",
  "Plays, checks and explains whist game records.",
  "",
  "commands:",
  table([...Object.entries(COMMANDS).map(([name, c]) => [name, c.brief]), ["help", "show a command's help (also: whist <command> --help)"]], "  "),
  "",
  "In this project the command is npm run whist -- <command> [arguments].",
  "Redirecting its output needs npm's silent flag (npm run -s whist -- …),",
  "or npm's own lines end up in the file; play --out FILE needs neither.",
  "",
].join("\n");

/** Runs one command line; returns the exit status. */
export function runWhist(args: readonly string[], io: CliIo): number {
  const [name, ...rest] = args;
  if (name === undefined) {
    io.err(OVERVIEW);
    return 2;
  }
  if (name === "--help" || name === "-h") {
    io.out(OVERVIEW);
    return 0;
  }
  if (name === "help") {
    const topic = rest[0];
    if (topic === undefined) io.out(OVERVIEW);
    else if (COMMANDS[topic]) io.out(helpText(COMMANDS[topic]));
    else {
      io.err(`whist: unknown command "${topic}" (commands: ${Object.keys(COMMANDS).join(", ")})\n`);
      return 2;
    }
    return 0;
  }
  const command = Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(`whist: ${name.startsWith("-") ? `unknown option ${name} before the command` : `unknown command "${name}"`} (commands: ${Object.keys(COMMANDS).join(", ")}; see whist --help)\n`);
    return 2;
  }
  try {
    const parsed = parseCommand(command, rest);
    if (parsed.help) {
      io.out(helpText(command));
      return 0;
    }
    return command.run(parsed.flags, parsed.positionals, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${command.usageName}: ${error.message}\n${usageLine(command)}\n(${command.usageName} --help for details)\n`);
      return 2;
    }
    if (error instanceof InputError) {
      io.err(`${command.usageName}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
