/** Opening record files: good records pass, broken or doctored ones give the right error. */
import { describe, expect, it } from "vitest";
import { buildRecord, playRandomMatch } from "@/engine";
import { checkRecordText } from "./import-check";

const setup = { variant: "norwegian", seed: "import-check" };
const played = playRandomMatch(setup, "ic", { maxHands: 2 });
if (!played.ok) throw new Error(played.error.message);
const built = buildRecord(setup, played.value.actions, played.value.state);
if (!built.ok) throw new Error(built.error.message);
const record = built.value;

describe("checkRecordText", () => {
  it("accepts an engine record", () => {
    expect(checkRecordText(JSON.stringify(record))).toMatchObject({ ok: true, record: { variant: "norwegian" } });
  });
  it("refuses text that is not JSON", () => {
    expect(checkRecordText("{nope")).toEqual({ ok: false, key: "notJson" });
  });
  it("refuses JSON that is not a record, naming where", () => {
    expect(checkRecordText(JSON.stringify({ ...record, seats: [] }))).toMatchObject({ ok: false, key: "invalid", code: "record/malformed", detail: "seats" });
  });
  it("refuses a record whose stored scores the replay does not reproduce", () => {
    const doctored = { ...record, finalScores: record.finalScores.map((s) => s + 5) };
    expect(checkRecordText(JSON.stringify(doctored))).toMatchObject({ ok: false, key: "mismatch", count: 1 });
  });
});
