/** Checking an opened file as a game record with the engine: JSON, then parseRecord, then verifyRecord (replay and compare). */
import { parseRecord, verifyRecord, type GameRecord } from "@/engine";

export type ImportOutcome = { ok: true; record: GameRecord } | { ok: false; key: "notJson" | "invalid" | "mismatch"; detail?: string; count?: number; code?: string };

/** Checks a file's text as a game record. */
export function checkRecordText(text: string): ImportOutcome {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, key: "notJson" };
  }
  const parsed = parseRecord(json);
  if (!parsed.ok) return { ok: false, key: "invalid", code: parsed.error.code, detail: String((parsed.error.details?.path as string[] | undefined)?.join(".") ?? "") };
  const verified = verifyRecord(parsed.value);
  if (!verified.ok) return { ok: false, key: "invalid", code: verified.error.code, detail: "" };
  if (verified.value.mismatches.length) return { ok: false, key: "mismatch", count: verified.value.mismatches.length };
  return { ok: true, record: parsed.value };
}
