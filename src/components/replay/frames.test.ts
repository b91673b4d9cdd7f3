/** Replay frames: every action of a recorded match gives one frame; cards, tricks and totals agree with the record. */
import { describe, expect, it } from "vitest";
import { VARIANT_META, buildRecord, parseRecord, playRandomMatch, variantIds } from "@/engine";
import { replayFrames } from "./frames";

describe("replayFrames", () => {
  for (const variant of variantIds()) {
    it(`steps through a whole ${variant} match`, () => {
      const setup = { variant, seed: `replay-${variant}`, options: variant === "esmakker" || variant === "danish" ? { deals: 4 } : {} };
      const played = playRandomMatch(setup, `r-${variant}`, { maxHands: 6 });
      if (!played.ok) throw new Error(played.error.message);
      const rec = buildRecord(setup, played.value.actions, played.value.state);
      if (!rec.ok) throw new Error(rec.error.message);
      const frames = replayFrames(rec.value);
      expect(frames.ok).toBe(true);
      if (!frames.ok) return;
      expect(frames.value).toHaveLength(rec.value.hands.length);
      rec.value.hands.forEach((hand, h) => {
        const fs = frames.value[h]!;
        expect(fs).toHaveLength(hand.actions.length + 1);
        expect(fs[0]!.hands.map((c) => [...c].sort())).toEqual(hand.deal.hands.map((c) => [...c].sort()));
        // A card played leaves exactly one hand between consecutive frames.
        for (let i = 1; i < fs.length; i++) {
          const a = hand.actions[i - 1]!;
          const before = fs[i - 1]!.hands[a.seat]!;
          const after = fs[i]!.hands[a.seat]!;
          if (a.action.type === "play") {
            const count = (cs: readonly string[]) => cs.filter((c) => c === (a.action as { card: string }).card).length;
            expect(count(after)).toBe(count(before) - 1);
            expect(after.length).toBe(before.length - 1);
          }
        }
        const last = fs[fs.length - 1]!;
        if (hand.result) {
          expect(last.result).toEqual(hand.result);
          expect(last.totals).toEqual(hand.result.totals);
          expect(last.tricks.length).toBe(hand.result.tricksWon.reduce((a, b) => a + b, 0));
        }
      });
    });
  }

  it("shows every seat of a table with more than four", () => {
    // A variant seating more than four, at its largest table.
    const variant = variantIds().find((id) => VARIANT_META[id].seats.max > 4)!;
    const count = VARIANT_META[variant].seats.max;
    const setup = { variant, seed: "replay-many", seats: Array.from({ length: count }, (_, i) => ({ name: `P${i}` })) };
    const played = playRandomMatch(setup, "r-many", { maxHands: 3 });
    if (!played.ok) throw new Error(played.error.message);
    const rec = buildRecord(setup, played.value.actions, played.value.state);
    if (!rec.ok) throw new Error(rec.error.message);
    const frames = replayFrames(rec.value);
    if (!frames.ok) throw new Error(frames.error.message);
    const first = frames.value[0]![0]!;
    expect(first.hands).toHaveLength(count);
    expect(first.hands.map((c) => [...c].sort())).toEqual(rec.value.hands[0]!.deal.hands.map((c) => [...c].sort()));
  });

  it("refuses a record whose actions the engine rejects", () => {
    const setup = { variant: "classic", seed: "bad" };
    const played = playRandomMatch(setup, "bad", { maxHands: 1 });
    if (!played.ok) throw new Error(played.error.message);
    const rec = buildRecord(setup, played.value.actions, played.value.state);
    if (!rec.ok) throw new Error(rec.error.message);
    const hands = rec.value.hands.map((h, i) => (i === 0 ? { ...h, actions: [h.actions[1]!, h.actions[0]!, ...h.actions.slice(2)] } : h));
    const tampered = parseRecord({ ...rec.value, hands });
    expect(tampered.ok).toBe(true);
    if (tampered.ok) expect(replayFrames(tampered.value).ok).toBe(false);
  });
});
