import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type GameRecord,
  buildRecord,
  parseRecord,
  playRandomMatch,
  recordJsonSchema,
  replayRecord,
  verifyRecord,
} from "./index";

const example: unknown = JSON.parse(readFileSync(new URL("./record.example.json", import.meta.url), "utf8"));
const schemaFile: unknown = JSON.parse(readFileSync(new URL("./record.schema.json", import.meta.url), "utf8"));

const parsed = (x: unknown): GameRecord => {
  const r = parseRecord(x);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

function recordOf(variant: string, seed: string, options: Record<string, unknown> = {}, maxHands?: number): GameRecord {
  const setup = { variant, seed, options };
  const m = playRandomMatch(setup, `players:${seed}`, { maxHands });
  if (!m.ok) throw new Error(m.error.message);
  const r = buildRecord(setup, m.value.actions, m.value.state);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("game records", () => {
  it("the example record validates, replays and verifies without mismatches", () => {
    const record = parsed(example);
    const replay = replayRecord(record);
    expect(replay.ok).toBe(true);
    const v = verifyRecord(record);
    if (!v.ok) throw new Error(v.error.message);
    expect(v.value.mismatches).toEqual([]);
    expect(v.value.over).toBe(true);
    // It is exactly what the engine's random player produces for its seed (as `whist play` writes it).
    expect(clone(recordOf("classic", "example", { target: 2, honours: true }))).toEqual(example);
  });

  it("record.schema.json is the zod schema as JSON Schema draft 2020-12", () => {
    expect(schemaFile).toEqual(recordJsonSchema());
    expect((schemaFile as { $schema: string }).$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it("rejects malformed records with record/malformed and the path", () => {
    const code = (x: unknown) => {
      const r = parseRecord(x);
      return r.ok ? "ok" : r.error.code;
    };
    expect(code("{not json")).toBe("record/malformed");
    expect(code({})).toBe("record/malformed");
    const badCard = clone(example) as GameRecord;
    (badCard.hands[0]!.deal.hands[0] as string[])[0] = "1X";
    const r = parseRecord(badCard);
    expect(!r.ok && r.error.message).toContain("hands.0.deal.hands.0.0");
    const badAction = clone(example) as { hands: { actions: unknown[] }[] };
    badAction.hands[0]!.actions[0] = { seat: 1, action: { type: "play" } };
    expect(code(badAction)).toBe("record/malformed");
    expect(code(JSON.stringify(example))).toBe("ok");
  });

  it("names the hand and action of an illegal action", () => {
    const record = parsed(example);
    const tampered = clone(record);
    const actions = tampered.hands[0]!.actions as { seat: number; action: { type: string; card: string } }[];
    // Give the fifth action a card its seat does not hold.
    const held = new Set(tampered.hands[0]!.deal.hands[actions[4]!.seat]);
    actions[4]!.action.card = tampered.hands[0]!.deal.hands.flat().find((c) => !held.has(c))!;
    const r = replayRecord(tampered);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("record/illegal-action");
    expect(r.error.details).toMatchObject({ hand: 0, action: 4 });
    expect(verifyRecord(tampered).ok).toBe(false);
  });

  it("lists mismatching results, totals, seeds and deals", () => {
    const record = parsed(example);
    const tampered = clone(record);
    (tampered.hands[0]!.result!.points as number[])[1] = 99;
    (tampered.finalScores as number[])[0] = 42;
    const v = verifyRecord(tampered);
    if (!v.ok) throw new Error(v.error.message);
    expect(v.value.mismatches.map((m) => [m.code, m.details?.field])).toEqual([
      ["record/mismatch", "points"],
      ["record/mismatch", "finalScores"],
    ]);
    // A deal that is not the one its seed produces (two cards swapped between seats) is reported.
    const swapped = clone(record);
    const hands = swapped.hands[0]!.deal.hands as string[][];
    const [a, b] = [hands[0]![0]!, hands[1]![0]!];
    hands[0]![0] = b;
    hands[1]![0] = a;
    const w = verifyRecord(swapped);
    expect(!w.ok && w.error.code).toBe("record/mismatch");
    expect(!w.ok && w.error.message).toContain("hand 0: stored deal differs");
  });

  it("records an unfinished match with the hand in progress and replays it to the same state", () => {
    const setup = { variant: "norwegian", seed: "half" };
    const m = playRandomMatch(setup, "p", { maxActions: 70 });
    if (!m.ok) throw new Error(m.error.message);
    const rec = buildRecord(setup, m.value.actions, m.value.state);
    if (!rec.ok) throw new Error(rec.error.message);
    expect(rec.value.hands).toHaveLength(2);
    expect(rec.value.hands[1]!.result).toBeNull();
    expect(rec.value.over).toBe(false);
    const replay = replayRecord(parsed(clone(rec.value)));
    if (!replay.ok) throw new Error(replay.error.message);
    expect(replay.value.hand).toEqual(m.value.state.hand);
    expect(replay.value.results).toEqual(m.value.state.results);
    const wrong = buildRecord(setup, m.value.actions.slice(0, 10), m.value.state);
    expect(!wrong.ok && wrong.error.code).toBe("record/mismatch");
  });
});
