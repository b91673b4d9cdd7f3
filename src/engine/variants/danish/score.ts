/**
 * Danish whist's scoring: whether the contract was made, each seat's points
 * (zero-sum) and the explanation lines, as translatable keys with parameters.
 */
import type { ContractSummary, HandScore, OutcomeModel, ScoreLine, Seat } from "../../types";
import { SEATS, partnerOf } from "../../types";
import { type DanishBid, NEED, bidRank, isAlone } from "./contract";
import type { DanishContract, DanishHand } from "./hand";
import type { DanishOptions } from "./options";

export function contractSummary(contract: DanishContract | null): ContractSummary | null {
  if (contract === null) return null;
  const alone = isAlone(contract.bid);
  return {
    bid: contract.bid,
    declarer: contract.declarer,
    partners: alone ? [] : [partnerOf(contract.declarer)],
    trump: null,
    alone,
    need: NEED[contract.bid],
  };
}

export function scoreDanishHand(hand: DanishHand, options: DanishOptions): HandScore {
  const endReason = hand.endReason ?? "allTricks";
  return hand.contract === null ? scorePasnolo(hand, endReason) : scoreContract(hand, hand.contract, endReason, options);
}

/**
 * Pasnolo: every other player pays 1 to each player with the fewest tricks.
 * With k such winners, a winner receives 4 − k and a loser pays k, so the sum
 * is k(4 − k) − (4 − k)k = 0. (k = 4 cannot happen: 13 tricks do not split evenly.)
 */
function scorePasnolo(hand: DanishHand, endReason: string): HandScore {
  const fewest = Math.min(...hand.tricksWon);
  const winners = SEATS.filter((s) => hand.tricksWon[s] === fewest).length;
  const points = SEATS.map((s) => (hand.tricksWon[s] === fewest ? 4 - winners : -winners));
  const explanation: ScoreLine[] = [{ key: "danish.score.pasnolo", params: { fewest, winners } }];
  for (const s of SEATS) {
    explanation.push({
      key: hand.tricksWon[s] === fewest ? "danish.score.pasnolo.winner" : "danish.score.pasnolo.loser",
      params: { seat: s, tricks: hand.tricksWon[s]!, points: points[s]! },
    });
  }
  return { contract: null, outcome: "played", margin: 0, endReason, points, explanation };
}

/** Each seat's points for a contract made or lost (zero-sum). */
export function contractPoints({ bid, declarer }: DanishContract, made: boolean, options: DanishOptions): number[] {
  const alone = isAlone(bid);
  const partner = partnerOf(declarer);
  const value = options.values[bidRank(bid)]!;
  const sign = made ? 1 : -1;
  return SEATS.map((s) => {
    const declaring = s === declarer || (!alone && s === partner);
    // Alone contracts settle between the declarer and each of the three others.
    return (declaring ? 1 : -1) * sign * value * (alone && declaring ? 3 : 1);
  });
}

/**
 * The outcome model of a contract: the declaring side's tricks decide it
 * (grandi made at seven tricks, lost at the first trick given away; sol lost
 * at the second trick). Null without a contract (pasnolo: everyone for themself).
 */
export function danishOutcomeModel(summary: ContractSummary | null, options: DanishOptions): OutcomeModel | null {
  if (summary === null || summary.declarer === null || bidRank(summary.bid) < 0) return null;
  const contract: DanishContract = { bid: summary.bid as DanishBid, declarer: summary.declarer };
  const alone = isAlone(contract.bid);
  const side: Seat[] = alone ? [contract.declarer] : [contract.declarer, partnerOf(contract.declarer)];
  const need = NEED[contract.bid];
  const worth = (t: number) => contractPoints(contract, need.max !== undefined ? t <= need.max : t >= need.min!, options);
  if (contract.bid === "grandi") return { side, sideMaximises: true, stopSide: 7, stopOthers: 1, worth };
  if (need.max === undefined) return { side, sideMaximises: true, worth };
  return alone ? { side, sideMaximises: false, stopSide: need.max + 1, worth } : { side, sideMaximises: false, worth };
}

function scoreContract(hand: DanishHand, contract: DanishContract, endReason: string, options: DanishOptions): HandScore {
  const { bid, declarer } = contract;
  const partner = partnerOf(declarer);
  const alone = isAlone(bid);
  const tricks = hand.tricksWon[declarer]! + (alone ? 0 : hand.tricksWon[partner]!);
  const explanation: ScoreLine[] = [{ key: `danish.score.contract.${bid}`, params: { declarer } }];

  // margin: tricks to spare (positive) or short/over (negative) against what the contract allows.
  let made: boolean;
  let margin: number;
  switch (bid) {
    case "grand":
      made = tricks >= 7;
      margin = tricks - 7;
      explanation.push({ key: "danish.score.tricksMin", params: { tricks, min: 7 } });
      break;
    case "nolo":
      made = tricks <= 6;
      margin = 6 - tricks;
      explanation.push({ key: "danish.score.tricksMax", params: { tricks, max: 6 } });
      break;
    case "sol":
      made = tricks <= 1;
      margin = 1 - tricks;
      explanation.push({ key: made ? "danish.score.tricksMax" : "danish.score.solLost", params: { tricks, max: 1, trick: hand.tricks.length } });
      break;
    case "grandi":
      // Grandi ends at the first lost trick, so a lost grandi is always one trick short.
      made = endReason === "grandiMade";
      margin = made ? 0 : -1;
      explanation.push({ key: made ? "danish.score.grandiMade" : "danish.score.grandiLost", params: { trick: hand.tricks.length } });
      break;
  }

  const value = options.values[bidRank(bid)]!;
  const points = contractPoints(contract, made, options);
  const side = alone ? "alone" : "side";
  explanation.push({
    key: `danish.score.${side}.${made ? "made" : "lost"}`,
    params: alone ? { declarer, value, total: 3 * value } : { declarer, partner, value },
  });
  return { contract: contractSummary(contract), outcome: made ? "made" : "lost", margin, endReason, points, explanation };
}
