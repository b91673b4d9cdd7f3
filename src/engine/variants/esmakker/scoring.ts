/**
 * Es-makker scoring (RULES.md §1, seed 000's table): zero-sum, per-player
 * figures, with translatable explanation lines. Also the public contract
 * summary and the match bookkeeping after a hand.
 */
import type { ContractSummary, HandScore, MatchContext, ScoreLine, Seat } from "../../types";
import { SEATS } from "../../types";
import { type EsmakkerHand, bidDef, solPlayers } from "./hand";
import type { EsmakkerOptions } from "./options";

/** The full contract, as it is public once the hand is over. */
export function contractSummary(h: EsmakkerHand, o: EsmakkerOptions): ContractSummary | null {
  const def = bidDef(h, o);
  if (!def || h.declarer === null) return null;
  if (def.sol)
    return { bid: def.id, declarer: h.declarer, partners: [], trump: null, called: null, alone: true, need: { max: def.maxTricks } };
  return {
    bid: def.id,
    declarer: h.declarer,
    partners: h.partner === null ? [] : [h.partner],
    trump: h.trump,
    called: h.called,
    alone: h.partner === null,
    need: { min: def.tricks },
  };
}

export function scoreHand(h: EsmakkerHand, ctx: MatchContext<EsmakkerOptions>): HandScore {
  const o = ctx.options;
  const zero = [0, 0, 0, 0];
  if (h.endReason === "allPassed")
    return { contract: null, outcome: "passedOut", margin: 0, endReason: "allPassed", points: zero, explanation: [{ key: "esmakker.score.passedOut" }] };
  if (h.endReason === "redeal") {
    const by = h.bidding[h.bidding.length - 1]!.seat;
    return { contract: null, outcome: "redeal", margin: 0, endReason: "redeal", points: zero, explanation: [{ key: "esmakker.score.redeal", params: { seat: by } }] };
  }
  const def = bidDef(h, o)!;
  const contract = contractSummary(h, o);
  const declarer = h.declarer!;
  const points = [0, 0, 0, 0];
  const lines: ScoreLine[] = [{ key: "esmakker.score.contract", params: { bid: def.id, declarer } }];

  if (def.sol) {
    // Each sol player (declarer and any joiners) settles alone with each of the three others.
    const value = o.solValues[def.solIndex]!;
    let declarerMargin = 0;
    for (const p of solPlayers(h)) {
      const took = h.tricksWon[p]!;
      const made = took <= def.maxTricks;
      const each = made ? value : 2 * value;
      for (const s of SEATS) if (s !== p) {
        points[p] = points[p]! + (made ? each : -each);
        points[s] = points[s]! - (made ? each : -each);
      }
      if (p === declarer) declarerMargin = def.maxTricks - took;
      lines.push({
        key: made ? "esmakker.score.solMade" : "esmakker.score.solLost",
        params: { seat: p, bid: def.id, took, max: def.maxTricks, each, total: 3 * each },
      });
    }
    return {
      contract,
      outcome: declarerMargin >= 0 ? "made" : "lost",
      margin: declarerMargin,
      endReason: h.endReason ?? "allTricks",
      points,
      explanation: lines,
    };
  }

  const side: Seat[] = h.partner === null ? [declarer] : [declarer, h.partner];
  const took = side.reduce((n: number, s) => n + h.tricksWon[s]!, 0);
  const margin = took - def.tricks;
  const made = margin >= 0;
  const base = o.tariff[def.tricks - 7]!;
  const mult = def.addOn ? 2 : 1;
  // Failing costs double the tariff, however many tricks were missing.
  const amount = (made ? base + base * margin : 2 * base) * mult;
  const signed = made ? amount : -amount;
  lines.push({ key: "esmakker.score.tricks", params: { need: def.tricks, took } });
  lines.push({ key: "esmakker.score.base", params: { tricks: def.tricks, base } });
  if (made && margin > 0) lines.push({ key: "esmakker.score.overtricks", params: { count: margin, each: base, total: base * margin } });
  if (!made) lines.push({ key: "esmakker.score.failed", params: { short: -margin, amount: 2 * base } });
  if (mult === 2) lines.push({ key: "esmakker.score.addOnDoubles", params: { addOn: def.addOn! } });
  if (h.partner === null) {
    for (const s of SEATS) if (s !== declarer) points[s] = -signed;
    points[declarer] = 3 * signed;
    lines.push({ key: "esmakker.score.selvmakker", params: { amount, total: 3 * amount } });
  } else {
    for (const s of SEATS) points[s] = side.includes(s) ? signed : -signed;
    lines.push({ key: made ? "esmakker.score.sideReceives" : "esmakker.score.sidePays", params: { amount } });
  }
  return { contract, outcome: made ? "made" : "lost", margin, endReason: h.endReason ?? "allTricks", points, explanation: lines };
}

/** Running totals, and the match ends after `deals` hands (passed-out and redealt ones included). */
export function afterHand(
  ctx: MatchContext<EsmakkerOptions>,
  score: HandScore,
  dealsPlayed: number,
): { scores: readonly number[]; matchInfo: Readonly<Record<string, unknown>>; over: boolean } {
  return {
    scores: ctx.scores.map((s, i) => s + score.points[i]!),
    matchInfo: { dealsPlayed, deals: ctx.options.deals }, // the whole match info of es-makker
    over: dealsPlayed >= ctx.options.deals,
  };
}
