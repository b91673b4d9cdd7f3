/**
 * Text output of the whist command line: records as readable JSON, aligned
 * tables, and the fields where two JSON values differ (for verify's
 * side-by-side mismatch report).
 */

/** JSON with two-space indentation, keeping short arrays and objects (cards, actions, results) on one line. */
export function formatJson(value: unknown, indent = ""): string {
  const flat = JSON.stringify(value);
  if (flat === undefined || typeof value !== "object" || value === null || flat.length + indent.length <= 100) return flat ?? "null";
  const inner = indent + "  ";
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + formatJson(v, inner)).join(",\n")}\n${indent}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner)}`).join(",\n")}\n${indent}}`;
}

/** Rows as columns padded to the widest cell (the last column is not padded). */
export function table(rows: readonly (readonly string[])[], indent = ""): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) => indent + row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  "))
    .join("\n");
}

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isComposite = (x: unknown): boolean => typeof x === "object" && x !== null;

/** One place where two JSON values differ: its path (".a[2].b", "" for the whole value) and both sides. */
export interface Difference {
  readonly path: string;
  readonly stored: unknown;
  readonly recomputed: unknown;
}

/**
 * The smallest parts in which `stored` and `recomputed` differ. Objects and
 * arrays of objects or arrays are compared part by part; a list of plain
 * values (a seat's points, a hand of cards) is compared and shown whole, so a
 * changed score reads as two lines of four figures rather than one figure.
 */
export function differences(stored: unknown, recomputed: unknown, path = ""): Difference[] {
  if (JSON.stringify(stored) === JSON.stringify(recomputed)) return [];
  if (isPlainObject(stored) && isPlainObject(recomputed)) {
    const keys = [...new Set([...Object.keys(stored), ...Object.keys(recomputed)])];
    return keys.flatMap((k) => differences(stored[k], recomputed[k], `${path}.${k}`));
  }
  if (Array.isArray(stored) && Array.isArray(recomputed) && stored.length === recomputed.length && [...stored, ...recomputed].some(isComposite))
    return stored.flatMap((s, i) => differences(s, recomputed[i], `${path}[${i}]`));
  return [{ path, stored, recomputed }];
}

/** A value for a table cell: JSON on one line, "(none)" for a missing value. */
export const cell = (value: unknown): string => (value === undefined ? "(none)" : JSON.stringify(value));
