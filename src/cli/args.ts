/**
 * Argument parsing for the whist command line and the benchmark scripts:
 * node's util.parseArgs over a small declaration (flags, positionals, help
 * text), with the help generated from that same declaration and every
 * mistake (unknown flag, missing value, extra argument) reported as a
 * UsageError whose message says what was wrong.
 */
import { parseArgs } from "node:util";

export interface FlagSpec {
  readonly type: "string" | "boolean";
  readonly short?: string;
  /** Placeholder of a string flag's value in the help, e.g. "FILE". */
  readonly value?: string;
  readonly help: string;
  /** Shown without brackets in the usage line; parseCommand reports it when missing. */
  readonly required?: boolean;
}

export interface PositionalSpec {
  readonly name: string;
  readonly help: string;
  readonly optional?: boolean;
}

export interface CommandSpec {
  /** As typed before the arguments: "whist play", "npm run bench:engine --". */
  readonly usageName: string;
  /** What the command does, in a sentence or a few (wrapped in the help). */
  readonly summary: string;
  readonly flags?: Readonly<Record<string, FlagSpec>>;
  readonly positionals?: readonly PositionalSpec[];
  readonly examples?: readonly string[];
  /** Further paragraphs of the help. */
  readonly notes?: readonly string[];
}

/** A mistake in the command line: printed with a pointer to --help, exit status 2. */
export class UsageError extends Error {}

export interface Parsed {
  readonly help: boolean;
  readonly flags: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
}

const HELP_FLAG: FlagSpec = { type: "boolean", short: "h", help: "show this help" };

/** Parses `args` against `spec`; --help/-h wins over every other mistake so it always works. */
export function parseCommand(spec: CommandSpec, args: readonly string[]): Parsed {
  const flags: Record<string, FlagSpec> = { ...spec.flags, help: HELP_FLAG };
  const { values, positionals, tokens } = parseArgs({
    args: [...args],
    options: Object.fromEntries(Object.entries(flags).map(([name, f]) => [name, f.short ? { type: f.type, short: f.short } : { type: f.type }])),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  if (values.help === true) return { help: true, flags: {}, positionals: [] };
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const flag = flags[token.name];
    if (!flag) throw new UsageError(`unknown option ${token.rawName}`);
    if (flag.type === "boolean" && token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`);
    if (flag.type === "string") {
      if (token.value === undefined) throw new UsageError(`${token.rawName} needs a value (${token.rawName} ${flag.value ?? "VALUE"})`);
      // parseArgs takes the next argument even when it is another flag: "--seed --out x" is a forgotten value.
      if (!token.inlineValue && token.value.startsWith("--"))
        throw new UsageError(`${token.rawName} needs a value, got the option ${token.value} (write ${token.rawName}=${token.value} if that is meant)`);
    }
  }
  const specs = spec.positionals ?? [];
  if (positionals.length > specs.length) {
    const extra = positionals[specs.length]!;
    throw new UsageError(specs.length === 0 ? `unexpected argument "${extra}"` : `unexpected extra argument "${extra}"`);
  }
  const missing = specs.slice(positionals.length).find((p) => !p.optional);
  if (missing) throw new UsageError(`missing ${missing.name}`);
  const missingFlag = Object.entries(flags).find(([name, f]) => f.required && values[name] === undefined);
  if (missingFlag) throw new UsageError(`missing --${missingFlag[0]} ${missingFlag[1].value ?? "VALUE"}`);
  return { help: false, flags: values as Parsed["flags"], positionals };
}

/** The usage line: name, positionals, then flags in declaration order (optional ones in brackets). */
export function usageLine(spec: CommandSpec): string {
  const parts = [spec.usageName];
  for (const p of spec.positionals ?? []) parts.push(p.optional ? `[${p.name}]` : p.name);
  for (const [name, f] of Object.entries(spec.flags ?? {})) {
    const shown = f.type === "string" ? `--${name} ${f.value ?? "VALUE"}` : `--${name}`;
    parts.push(f.required ? shown : `[${shown}]`);
  }
  return `usage: ${parts.join(" ")}`;
}

/** Text broken into lines of at most 80 characters at spaces; continuation lines start with `indent`. */
export function wrap(text: string, indent = ""): string {
  const lead = /^ */.exec(text)![0];
  const lines: string[] = [];
  let line = lead;
  for (const word of text.slice(lead.length).split(" ")) {
    if (line.trim() !== "" && line.length + 1 + word.length > 80) {
      lines.push(line);
      line = indent + word;
    } else line = line.trim() === "" ? line + word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join("\n");
}

/** The whole help of a command, generated from its declaration. */
export function helpText(spec: CommandSpec): string {
  const rows: [string, string][] = [];
  for (const p of spec.positionals ?? []) rows.push([p.name, p.help]);
  for (const [name, f] of Object.entries({ ...spec.flags, help: HELP_FLAG })) {
    const long = f.type === "string" ? `--${name} ${f.value ?? "VALUE"}` : `--${name}`;
    rows.push([f.short ? `-${f.short}, ${long}` : long, f.help]);
  }
  const width = Math.max(...rows.map(([a]) => a.length));
  const lines = [usageLine(spec), "", wrap(spec.summary), "", "arguments:"];
  for (const [a, b] of rows) lines.push(wrap(`  ${a.padEnd(width)}  ${b}`, " ".repeat(width + 4)));
  for (const note of spec.notes ?? []) lines.push("", wrap(note));
  if (spec.examples?.length) lines.push("", "examples:", ...spec.examples.map((e) => `  ${e}`));
  return `${lines.join("\n")}\n`;
}

/**
 * For scripts: parses process.argv and reads the values with `read`; prints
 * the help and exits 0 on --help, prints the mistake and exits 2 on a bad
 * command line (including a UsageError thrown by `read`).
 */
export function scriptArgs<T>(spec: CommandSpec, read: (parsed: Parsed) => T, args: readonly string[] = process.argv.slice(2)): T {
  try {
    const parsed = parseCommand(spec, args);
    if (parsed.help) {
      process.stdout.write(helpText(spec));
      process.exit(0);
    }
    return read(parsed);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${spec.usageName.replace(/ --$/, "")}: ${error.message}\n${usageLine(spec)}\n(--help for details)\n`);
    process.exit(2);
  }
}

/** A positional or flag value as a number in [min, max], or a UsageError naming it. */
export function numberArg(name: string, raw: string | boolean | undefined, fallback: number, opts: { min?: number; max?: number; integer?: boolean } = {}): number {
  if (raw === undefined) return fallback;
  const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
  const kind = opts.integer ? "a whole number" : "a number";
  const range = opts.min !== undefined && opts.max !== undefined ? ` from ${opts.min} to ${opts.max}` : opts.min !== undefined ? ` of at least ${opts.min}` : "";
  if (!Number.isFinite(n) || (opts.integer && !Number.isInteger(n)) || (opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max))
    throw new UsageError(`${name} must be ${kind}${range}, got "${String(raw)}"`);
  return n;
}
