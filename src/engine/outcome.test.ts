/**
 * Each variant's outcome model (what computer players weigh) agrees with the
 * variant's real scoring, under house-rule options: for random finished
 * hands, the model's worth of the declaring side's final tricks is what the
 * hand scored. And what each variant says about itself (seats, teams, how
 * scores are kept) is the same in the registry and in the light meta list.
 */
import { describe, expect, it } from "vitest";
import { getVariant, parseOptions, playRandomMatch, variantIds } from "./index";
import { VARIANT_META, fixedPairs, pairsPlay, variantMeta } from "./meta";
import type { HandResult, HandView, Seat, VariantId } from "./types";

// The variants with two-sided outcome models (knock-out whist has none: everyone for themself).
const HOUSE_RULES: Readonly<Partial<Record<VariantId, Record<string, unknown>>>> = {
  esmakker: { tariff: [7, 15, 30, 70, 150, 300, 700], solValues: [40, 120, 150, 400], staerke: true, deals: 400 },
  classic: { slamBonus: true, slamPoints: 9, target: 100 },
  norwegian: { target: 100 },
  danish: { values: [2, 5, 6, 11], deals: 200 },
};

/** What a hand's points are worth to each seat (seat-scored: the points; side-scored: own side minus the other). */
const worthOf = (variant: VariantId, points: readonly number[]): number[] =>
  getVariant(variant)!.scoresBy === "seat" ? [...points] : points.map((p, s) => p - points[(s + 1) % 4]!);

/** Just what outcomeModel reads of a finished hand's view. */
const handViewOf = (r: HandResult): HandView =>
  ({ phase: "done", turn: null, dealer: r.dealer, contract: r.contract, tricksWon: r.tricksWon, info: {} }) as unknown as HandView;

describe("outcome models agree with the scoring", () => {
  for (const variant of Object.keys(HOUSE_RULES) as VariantId[]) {
    it(`${variant}: worth of the final tricks is what the hand scored, with house-rule options`, () => {
      const options = parseOptions(variant, HOUSE_RULES[variant]);
      if (!options.ok) throw new Error(options.error.message);
      const played = playRandomMatch({ variant, options: HOUSE_RULES[variant], seed: `outcome-${variant}` }, `rng-${variant}`, { maxHands: 60 });
      if (!played.ok) throw new Error(played.error.message);
      let checked = 0;
      for (const r of played.value.state.results) {
        if (r.outcome === "passedOut" || r.outcome === "redeal") continue;
        const c = r.contract;
        const declaring: Seat[] | null = c && c.declarer !== null ? [c.declarer, ...c.partners] : null;
        const model = getVariant(variant)!.outcomeModel(handViewOf(r), options.value, 0, declaring);
        if (model === null) {
          // Only a pass game of everyone for themself (Danish pasnolo: no contract) has no model.
          expect(c).toBeNull();
          expect(variantMeta(variant)!.passGame?.teams).toBe("solo");
          continue;
        }
        const tricks = model.side.reduce<number>((n, s) => n + r.tricksWon[s]!, 0);
        expect(model.worth(tricks)).toEqual(worthOf(variant, r.points));
        checked++;
      }
      expect(checked).toBeGreaterThan(20);
    });
  }

  it("house-rule values change the worth: es-makker sol values and tariff, Danish values", () => {
    const esmakker = getVariant("esmakker")!;
    const sol = { bid: "sol", declarer: 1, partners: [], trump: null } as const;
    const eight = { bid: "8", declarer: 1, partners: [3], trump: "H" } as const;
    const view = (contract: object) => ({ contract }) as unknown as HandView;
    const dflt = parseOptions("esmakker", {});
    const house = parseOptions("esmakker", { solValues: [80, 100, 150, 200], tariff: [10, 25, 40, 80, 160, 320, 640] });
    if (!dflt.ok || !house.ok) throw new Error("options");
    // Sol made (one trick at most): 3 × the sol value from the three others; lost: 2 × it to each.
    expect(esmakker.outcomeModel(view(sol), dflt.value, 0, null)!.worth(1)).toEqual([-50, 150, -50, -50]);
    expect(esmakker.outcomeModel(view(sol), house.value, 0, null)!.worth(1)).toEqual([-80, 240, -80, -80]);
    expect(esmakker.outcomeModel(view(sol), house.value, 0, null)!.worth(2)).toEqual([160, -480, 160, 160]);
    // 8 tricks with a partner: the tariff for 8, plus one per overtrick; lost: twice the tariff.
    expect(esmakker.outcomeModel(view(eight), house.value, 0, null)!.worth(9)).toEqual([-50, 50, -50, 50]);
    expect(esmakker.outcomeModel(view(eight), house.value, 0, null)!.worth(7)).toEqual([50, -50, 50, -50]);
    const danish = getVariant("danish")!;
    const grand = { bid: "grand", declarer: 2, partners: [0], trump: null, alone: false };
    const values = parseOptions("danish", { values: [1, 7, 3, 4] });
    if (!values.ok) throw new Error("options");
    expect(danish.outcomeModel(view(grand), values.value, 0, null)!.worth(7)).toEqual([7, -7, 7, -7]);
  });
});

describe("variants describe themselves", () => {
  it("the registry's variants carry the declarations of engine/meta.ts", () => {
    expect(Object.keys(VARIANT_META).sort()).toEqual([...variantIds()].sort());
    for (const id of variantIds()) {
      const v = getVariant(id)!;
      const meta = variantMeta(id)!;
      expect([v.seats, v.teams, v.scoresBy, v.emblem]).toEqual([meta.seats, meta.teams, meta.scoresBy, meta.emblem]);
      // Partnerships need exactly four seats.
      if (v.teams.kind !== "none") expect(v.seats).toEqual({ min: 4, max: 4, default: 4 });
    }
    expect(variantMeta("knockout")!.seats).toEqual({ min: 2, max: 7, default: 4 });
    expect(variantMeta("bridge")).toBeUndefined();
  });

  it("teams: fixed pairs, pairs by contract, a called partner, or none", () => {
    expect(variantIds().filter(fixedPairs).sort()).toEqual(["classic", "norwegian"]);
    expect(pairsPlay("classic", null, "play")).toBe(true);
    expect(pairsPlay("danish", null, null)).toBe(true);
    expect(pairsPlay("danish", { alone: false }, "play")).toBe(true);
    expect(pairsPlay("danish", { alone: true }, "play")).toBe(false);
    expect(pairsPlay("danish", null, "play")).toBe(false);
    expect(pairsPlay("esmakker", { alone: false }, "play")).toBe(false);
    expect(pairsPlay("bridge", null, null)).toBe(false);
    expect(pairsPlay("knockout", null, null)).toBe(false);
    expect(variantIds().filter((id) => getVariant(id)!.scoresBy === "seat").sort()).toEqual(["danish", "esmakker"]);
  });

  it("auctions and pass games: a ladder, a few games, or none; what is played when everyone passes", () => {
    const by = (kind: string) => variantIds().filter((id) => variantMeta(id)!.auction === kind).sort();
    expect([by("ladder"), by("calls"), by("none")]).toEqual([["esmakker"], ["danish", "norwegian"], ["classic", "knockout"]]);
    expect(variantMeta("danish")!.passGame).toEqual({ teams: "solo", aceLow: true });
    expect(variantMeta("norwegian")!.passGame).toEqual({ teams: "pairs", aceLow: false });
    expect(variantIds().filter((id) => variantMeta(id)!.passGame === null).sort()).toEqual(["classic", "esmakker", "knockout"]);
  });
});
