import { describe, expect, it } from "vitest";
import { type EsmakkerHand, plainHand } from "./hand";
import { esmakker } from "./index";
import type { EsmakkerOptions } from "./options";
import { D1, bid, call, ctxOf, exchange, opts, pass, run, seat0Wins, start, trump } from "./testkit";

/** A contract set up by real actions, then finished with the given tricks per seat (scoring reads only those). */
const finished = (h: EsmakkerHand, tricksWon: number[]): EsmakkerHand => ({ ...plainHand(h), phase: "done", turn: null, tricksWon, endReason: "allTricks" });
const score = (h: EsmakkerHand, o: EsmakkerOptions = opts()) => esmakker.scoreHand(h, ctxOf(o));
const plain8 = (o = opts()) => run(seat0Wins("8", o), [trump("S"), call("AD"), exchange()], o); // partner: seat 1
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe("es-makker scoring", () => {
  it("worked example: bid 8, took 10 = 20 + 2 × 20 = 60 per player", () => {
    const s = score(finished(plain8(), [6, 4, 2, 1]));
    expect(s).toMatchObject({ outcome: "made", margin: 2, points: [60, 60, -60, -60] });
    expect(s.contract).toMatchObject({ bid: "8", declarer: 0, partners: [1], trump: "S", called: "AD", alone: false, need: { min: 8 } });
    expect(s.explanation).toContainEqual({ key: "esmakker.score.overtricks", params: { count: 2, each: 20, total: 40 } });
    expect(s.explanation).toContainEqual({ key: "esmakker.score.sideReceives", params: { amount: 60 } });
  });

  it("exactly made scores the base tariff", () => {
    expect(score(finished(plain8(), [4, 4, 3, 2])).points).toEqual([20, 20, -20, -20]);
  });

  it("any add-on doubles", () => {
    const gode = run(seat0Wins("8gode"), [call("AD"), exchange()]);
    const s = score(finished(gode, [6, 4, 2, 1]));
    expect(s.points).toEqual([120, 120, -120, -120]);
    expect(s.explanation).toContainEqual({ key: "esmakker.score.addOnDoubles", params: { addOn: "gode" } });
  });

  it("failed: the declarer's side each pays double the base, however many tricks short", () => {
    expect(score(finished(plain8(), [4, 3, 3, 3]))).toMatchObject({ outcome: "lost", margin: -1, points: [-40, -40, 40, 40] });
    expect(score(finished(plain8(), [1, 1, 6, 5])).points).toEqual([-40, -40, 40, 40]);
    const sans = run(seat0Wins("8sans"), [call("AD"), exchange()]);
    expect(score(finished(sans, [4, 3, 3, 3])).points).toEqual([-80, -80, 80, 80]);
  });

  it("selvmakker: each of the three opponents pays or receives, the declarer three times", () => {
    const own = run(seat0Wins("8"), [trump("S"), call("AH"), exchange()]);
    const made = score(finished(own, [8, 2, 2, 1]));
    expect(made.points).toEqual([60, -20, -20, -20]);
    expect(made.contract).toMatchObject({ partners: [], alone: true });
    expect(score(finished(own, [7, 2, 2, 2])).points).toEqual([-120, 40, 40, 40]);
  });

  it("sol contracts: 50/100/150/200 from each of the three others; lost pays double to each", () => {
    const sol = run(seat0Wins("sol"), [exchange()]);
    expect(score(finished(sol, [1, 4, 4, 4]))).toMatchObject({ outcome: "made", margin: 0, points: [150, -50, -50, -50] });
    const bord = run(seat0Wins("bordlaegger"), [exchange()]);
    expect(score(finished(bord, [0, 5, 4, 4])).points).toEqual([450, -150, -150, -150]);
    const renBord = run(seat0Wins("renbordlaegger"), [exchange()]);
    expect(score(finished(renBord, [1, 4, 4, 4])).points).toEqual([-1200, 400, 400, 400]);
  });

  it("gå med: each sol player settles alone with each of the three others", () => {
    const o = opts({ gaaMed: true });
    const h = run(start(D1, o, 3), [bid("sol"), { type: "join" }, pass, { type: "join" }, exchange(), exchange(), exchange()], o);
    const s = score(finished(h, [0, 2, 11, 0]), o);
    // Seat 0 made (+150, −50 each from 1,2,3), seat 1 lost (−300, +100 each to 0,2,3), seat 3 made (+150, −50 each from 0,1,2).
    expect(s.points).toEqual([200, -400, 0, 200]);
    expect(s.explanation.filter((l) => l.key.startsWith("esmakker.score.sol"))).toHaveLength(3);
  });

  it("a club's tariff and sol values replace the defaults", () => {
    const o = opts({ tariff: [1, 2, 3, 4, 5, 6, 7], solValues: [5, 6, 7, 8] });
    expect(score(finished(plain8(o), [6, 4, 2, 1]), o).points).toEqual([6, 6, -6, -6]);
    expect(score(finished(run(seat0Wins("rensol", o), [exchange()], o), [0, 5, 4, 4]), o).points).toEqual([18, -6, -6, -6]);
  });

  it("points always sum to zero", () => {
    for (const t of [[13, 0, 0, 0], [0, 0, 6, 7], [5, 3, 3, 2]]) {
      expect(sum(score(finished(plain8(), t)).points)).toBe(0);
      expect(sum(score(finished(run(seat0Wins("8"), [trump("S"), call("AH"), exchange()]), t)).points)).toBe(0);
    }
  });

  it("the match ends after `deals` hands, passed-out ones included", () => {
    const o = opts({ deals: 4 });
    const passed = run(start(D1, o, 0), [pass, pass, pass, pass], o);
    const ctx = { ...ctxOf(o), scores: [5, 0, 0, -5] };
    const sc = esmakker.scoreHand(passed, ctx);
    expect(esmakker.afterHand(ctx, sc, 3, passed)).toMatchObject({ scores: [5, 0, 0, -5], over: false, matchInfo: { dealsPlayed: 3, deals: 4 } });
    const madeHand = finished(plain8(o), [6, 4, 2, 1]);
    const made = score(madeHand, o);
    expect(esmakker.afterHand(ctx, made, 4, madeHand)).toMatchObject({ scores: [65, 60, -60, -65], over: true });
  });
});
