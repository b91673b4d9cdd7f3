/**
 * Es-makker scoring (RULES.md §1, seed 000's table): zero-sum, per-player
 * figures, with translatable explanation lines. Also the public contract
 * summary and the match bookkeeping after a hand.
 */
import type { ContractSummary, HandScore, MatchContext, OutcomeModel, ScoreLine, Seat } from "../../types";
import { SEATS } from "../../types";
import { type EsmakkerHand, bidDef, solPlayers } from "./hand";
import { type BidDef, ladderFor } from "./ladder";
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

/** One sol player settles alone with each of the three others: the sol value made, double lost. */
function settleSol(points: number[], player: Seat, made: boolean, value: number): void {
  const each = made ? value : 2 * value;
  for (const s of SEATS) if (s !== player) {
    points[player] = points[player]! + (made ? each : -each);
    points[s] = points[s]! - (made ? each : -each);
  }
}

/** What a trick contract is worth when the side takes `took`: failing costs double the tariff, however many tricks were missing. */
function tricksAmount(def: BidDef, o: EsmakkerOptions, took: number): number {
  const base = o.tariff[def.tricks - 7]!;
  const mult = def.addOn ? 2 : 1;
  const margin = took - def.tricks;
  return (margin >= 0 ? base + base * margin : 2 * base) * mult;
}

/** A declaring side receives (or pays) `signed` from each opponent; a declarer alone from each of the three. */
function settleTricks(points: number[], side: readonly Seat[], signed: number): void {
  if (side.length === 1) {
    for (const s of SEATS) points[s] = s === side[0] ? 3 * signed : -signed;
  } else {
    for (const s of SEATS) points[s] = side.includes(s) ? signed : -signed;
  }
}

/**
 * The outcome model of a contract under the table's tariff and sol values: a
 * sol is the declarer's alone (lost at the trick over its limit); a trick
 * contract is the declaring side's, `declaring` when the caller knows or
 * assumes the partner, otherwise the side the view shows. Players who went
 * along in a sol (gå med) are not modelled: each settles on their own tricks.
 */
export function esmakkerOutcomeModel(contract: ContractSummary | null, o: EsmakkerOptions, declaring: readonly Seat[] | null): OutcomeModel | null {
  if (contract === null || contract.declarer === null) return null;
  const def = ladderFor(o).byId.get(contract.bid);
  if (!def) return null;
  const declarer = contract.declarer;
  if (def.sol) {
    const value = o.solValues[def.solIndex]!;
    const worth = (t: number) => {
      const points = [0, 0, 0, 0];
      settleSol(points, declarer, t <= def.maxTricks, value);
      return points;
    };
    return { side: [declarer], sideMaximises: false, stopSide: def.maxTricks + 1, worth };
  }
  const side = declaring ?? [declarer, ...contract.partners];
  const worth = (t: number) => {
    const amount = tricksAmount(def, o, t);
    const points = [0, 0, 0, 0];
    settleTricks(points, side, t >= def.tricks ? amount : -amount);
    return points;
  };
  return { side, sideMaximises: true, worth };
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
      settleSol(points, p, made, value);
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
  const amount = tricksAmount(def, o, took);
  const signed = made ? amount : -amount;
  lines.push({ key: "esmakker.score.tricks", params: { need: def.tricks, took } });
  lines.push({ key: "esmakker.score.base", params: { tricks: def.tricks, base } });
  if (made && margin > 0) lines.push({ key: "esmakker.score.overtricks", params: { count: margin, each: base, total: base * margin } });
  if (!made) lines.push({ key: "esmakker.score.failed", params: { short: -margin, amount: 2 * base } });
  if (mult === 2) lines.push({ key: "esmakker.score.addOnDoubles", params: { addOn: def.addOn! } });
  settleTricks(points, side, signed);
  if (h.partner === null) {
    lines.push({ key: "esmakker.score.selvmakker", params: { amount, total: 3 * amount } });
  } else {
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
