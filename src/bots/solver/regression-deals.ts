/**
 * A fixed set of seeded full 13-card positions under varied rules (no trump,
 * a trump suit, jokers, ace low with a minimising side, a called ace, early
 * stops). Their trick counts were recorded with the first version of the
 * solver (regression-results.json); the solver must keep returning them.
 */
import { makeDeck } from "../../engine/cards";
import { dealFromSeed } from "../../engine/random";
import type { Seat } from "../../engine/types";
import type { SolveInput } from "./index";

const base = { aceLow: false, jokers: false, jokerTrumpable: false };

export interface RegressionPosition {
  readonly name: string;
  readonly input: SolveInput;
}

export function regressionPositions(): RegressionPosition[] {
  const out: RegressionPosition[] = [];
  for (let i = 0; i < 4; i++) {
    const deal = dealFromSeed(`solver-regression-${i}`, makeDeck(0), 0);
    out.push({ name: `deal ${i} NT`, input: { hands: deal.hands, trick: null, leader: ((i + 1) % 4) as Seat, rules: { ...base, trump: null }, side: [1, 3] } });
    out.push({ name: `deal ${i} hearts`, input: { hands: deal.hands, trick: null, leader: (i % 4) as Seat, rules: { ...base, trump: "H" }, side: [0, 2] } });
  }
  // Jokers in play (a 54-card deck; the two left over go to the kat).
  for (let i = 0; i < 2; i++) {
    const deal = dealFromSeed(`solver-regression-jk-${i}`, makeDeck(2), 0);
    out.push({
      name: `jokers ${i} clubs${i === 1 ? " trumpable" : ""}`,
      input: { hands: deal.hands, trick: null, leader: 1, rules: { trump: "C", aceLow: false, jokers: true, jokerTrumpable: i === 1 }, side: [1, 3], firstTrick: true },
    });
  }
  // Sol-like: ace low, one seat wants no tricks, the hand stops at its first trick.
  const sol = dealFromSeed("solver-regression-sol", makeDeck(0), 0);
  out.push({ name: "ace low, minimising single seat, stop", input: { hands: sol.hands, trick: null, leader: 1, rules: { ...base, trump: null, aceLow: true }, side: [0], sideMaximises: false, stopSide: 1 } });
  // Es-makker-like: declarer 0 with the holder of the called ace as partner.
  const em = dealFromSeed("solver-regression-em", makeDeck(0), 0);
  const calledHolder = em.hands.findIndex((h) => h.includes("AD"));
  const side: Seat[] = calledHolder === 0 ? [0] : [0, calledHolder as Seat];
  out.push({ name: "called ace of diamonds, spades trump", input: { hands: em.hands, trick: null, leader: 1, rules: { ...base, trump: "S" }, side, called: "AD", firstTrick: true } });
  return out;
}
