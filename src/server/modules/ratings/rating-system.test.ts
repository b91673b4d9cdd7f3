/** Rating updates: wins raise, losses lower, partners share, uncertainty shrinks, leavers lose; any number of seats ranked by place. */
import { describe, expect, it } from "vitest";
import { VARIANT_IDS, VARIANT_META } from "@/engine";
import { initialSkill, isProvisional, ranksOf, rateMatch, type RatedSeat, type Skill } from "./rating-system";

const fresh = (score: number, leftEarly = false, skill: Skill = initialSkill()): RatedSeat => ({ skill, score, leftEarly });

describe("rateMatch", () => {
  it("ranks es-makker players individually: the winner rises, the last falls, in order", () => {
    const out = rateMatch("esmakker", [fresh(30), fresh(-10), fresh(5), fresh(-25)]);
    const mu0 = initialSkill().mu;
    expect(out.map((o) => o.place)).toEqual([1, 3, 2, 4]);
    expect(out[0]!.skill.mu).toBeGreaterThan(mu0);
    expect(out[3]!.skill.mu).toBeLessThan(mu0);
    expect(out[0]!.skill.mu).toBeGreaterThan(out[2]!.skill.mu);
    expect(out[2]!.skill.mu).toBeGreaterThan(out[1]!.skill.mu);
    expect(out[1]!.skill.mu).toBeGreaterThan(out[3]!.skill.mu);
  });

  it("rates partnership variants by pair: partners share the result", () => {
    const out = rateMatch("classic", [fresh(5), fresh(2), fresh(5), fresh(2)]);
    const mu0 = initialSkill().mu;
    expect(out[0]!.skill.mu).toBeGreaterThan(mu0);
    expect(out[2]!.skill.mu).toBeCloseTo(out[0]!.skill.mu, 9);
    expect(out[1]!.skill.mu).toBeLessThan(mu0);
    expect(out[3]!.skill.mu).toBeCloseTo(out[1]!.skill.mu, 9);
    expect(out.map((o) => o.place)).toEqual([1, 2, 1, 2]);
  });

  it("gives equal players who tie equal ratings and shrinks everyone's uncertainty", () => {
    const out = rateMatch("danish", [fresh(0), fresh(0), fresh(0), fresh(0)]);
    for (const o of out) {
      expect(o.skill.mu).toBeCloseTo(initialSkill().mu, 6);
      expect(o.skill.sigma).toBeLessThan(initialSkill().sigma);
      expect(o.place).toBe(1);
    }
  });

  it("shrinks uncertainty with every game until the rating is no longer provisional", () => {
    let skills = [0, 1, 2, 3].map(() => initialSkill());
    const sigmas: number[] = [skills[0]!.sigma];
    for (let g = 0; g < 40; g++) {
      const scores = [0, 1, 2, 3].map((s) => ((s + g) % 4) * 10);
      skills = rateMatch("esmakker", skills.map((k, i) => fresh(scores[i]!, false, k))).map((o) => o.skill);
      sigmas.push(skills[0]!.sigma);
    }
    for (let i = 1; i < sigmas.length; i++) expect(sigmas[i]!).toBeLessThan(sigmas[i - 1]!);
    expect(isProvisional(initialSkill())).toBe(true);
    expect(isProvisional(skills[0]!)).toBe(false);
  });

  it("counts leaving early as a loss for the leaver while the others' results stand", () => {
    const scores = [40, -20, 0, -20];
    const normal = rateMatch("esmakker", scores.map((s) => fresh(s)));
    const left = rateMatch("esmakker", scores.map((s, i) => fresh(s, i === 0)));
    expect(left[0]!.place).toBe(4);
    expect(left[0]!.skill.mu).toBeLessThan(initialSkill().mu);
    for (const i of [1, 2, 3]) expect(left[i]!.skill.mu).toBeCloseTo(normal[i]!.skill.mu, 9);
  });

  it("in a partnership, a leaver on the winning side still loses; the partner keeps the win", () => {
    const out = rateMatch("norwegian", [fresh(10), fresh(4), fresh(10, true), fresh(4)]);
    expect(out[0]!.skill.mu).toBeGreaterThan(initialSkill().mu);
    expect(out[2]!.skill.mu).toBeLessThan(initialSkill().mu);
    expect(out[2]!.place).toBe(2);
  });

  it("ranks every player of a variant scored by place on their own, at any seat count: equal scores share the place and the change", () => {
    const placed = VARIANT_IDS.find((id) => VARIANT_META[id].scoresBy === "place" && VARIANT_META[id].seats.max >= 7)!;
    const mu0 = initialSkill().mu;
    // Seven players: the winner (3 points), two out in the last round (2), three in the round before (1), one first out (0).
    const out = rateMatch(placed, [2, 0, 3, 1, 1, 2, 1].map((s) => fresh(s)));
    expect(out.map((o) => o.place)).toEqual([2, 7, 1, 4, 4, 2, 4]);
    expect(out[2]!.skill.mu).toBeGreaterThan(out[0]!.skill.mu);
    expect(out[0]!.skill.mu).toBeCloseTo(out[5]!.skill.mu, 9);
    expect(out[3]!.skill.mu).toBeCloseTo(out[4]!.skill.mu, 9);
    expect(out[0]!.skill.mu).toBeGreaterThan(out[3]!.skill.mu);
    expect(out[1]!.skill.mu).toBeLessThan(mu0);
    // Two players: a plain win and loss; a leaver of three is placed last.
    const two = rateMatch(placed, [fresh(1), fresh(0)]);
    expect(two.map((o) => o.place)).toEqual([1, 2]);
    const left = rateMatch(placed, [fresh(3, true), fresh(1), fresh(0)]);
    expect(left.map((o) => o.place)).toEqual([3, 2, 3]);
    expect(left[0]!.skill.mu).toBeLessThan(mu0);
    expect(() => rateMatch(placed, [fresh(1)])).toThrow();
  });

  it("moves a strong player less for beating weak ones than a weak player for beating strong ones", () => {
    const strong = { mu: 35, sigma: 3 };
    const weak = { mu: 15, sigma: 3 };
    const expected = rateMatch("esmakker", [fresh(10, false, strong), fresh(0, false, weak), fresh(0, false, weak), fresh(0, false, weak)]);
    const upset = rateMatch("esmakker", [fresh(10, false, weak), fresh(0, false, strong), fresh(0, false, strong), fresh(0, false, strong)]);
    expect(upset[0]!.skill.mu - weak.mu).toBeGreaterThan(expected[0]!.skill.mu - strong.mu);
  });
});

describe("ranksOf", () => {
  it("gives competition ranks with shared places", () => {
    expect(ranksOf([3, 7, 7, 1])).toEqual([3, 1, 1, 4]);
  });
});
