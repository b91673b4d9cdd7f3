/**
 * Norwegian whist, RULES.md §3: fixed partners (seats 0+2 against 1+3), no
 * trumps, no kat. Starting left of the dealer each seat says "grand" (the bid
 * id "grand") or passes, once; the first grand ends the auction and the seat
 * to the grand bidder's RIGHT leads. Four passes make a pass game, led by
 * forehand. Grand: the grand pair scores 1 per trick over six, or the
 * opponents 2 per trick over six. Pass game: each pair scores 1 per trick
 * under six.
 *
 * Match: `scores` are the sides' running totals (both partners carry their
 * side's figure); the match ends as soon as a side reaches `target`. Only one
 * side can score in any hand, so there are no ties.
 */
import { PASS } from "../../actions";
import { PLAIN_RULES } from "../../core/trick";
import { defineOptions, integerOption, type OptionsOf } from "../../options";
import type { Deal } from "../../random";
import type { Action, BaseHand, ContractSummary, HandScore, HandStep, ScoreLine, Seat, SeatAction, Variant, VariantHandView } from "../../types";
import { err, nextSeat, partnerOf } from "../../types";
import { seatCards } from "../../core/view";
import { forehandOf, legalPlays, perSeat, playCard, sideOf, sideTricks, sideWorth } from "../classic/play";
import { type NorwegianViews, norwegianMeta } from "./meta";

export type { NorwegianInfo, NorwegianViews } from "./meta";


const specs = {
  target: integerOption(10, 1, 100, {
    label: { da: "Mål", nb: "Mål", en: "Target" },
    description: {
      da: "Det par, der først når dette antal point, vinder kampen.",
      nb: "Paret som først når dette antallet poeng, vinner kampen.",
      en: "The first pair to reach this many points wins the match.",
    },
  }),
};
const defined = defineOptions(specs);
export type NorwegianOptions = OptionsOf<typeof specs>;

export interface NorwegianHand extends BaseHand {
  readonly phase: NorwegianViews["phase"];
  readonly auction: readonly SeatAction[];
  /** The seat that said grand; null during the auction and in a pass game. */
  readonly grand: Seat | null;
}

const GRAND = "grand";
const GRAND_BID: Action = Object.freeze({ type: "bid", bid: GRAND });

const contractOf = (hand: NorwegianHand): ContractSummary | null =>
  hand.grand === null
    ? null
    : { bid: GRAND, declarer: hand.grand, partners: [partnerOf(hand.grand)], trump: null, need: { min: 7 } };

const gameOf = (hand: NorwegianHand): "grand" | "pass" | null =>
  hand.grand !== null ? "grand" : hand.phase === "auction" ? null : "pass";

function legal(hand: NorwegianHand, seat: Seat): Action[] {
  if (hand.turn !== seat) return [];
  return hand.phase === "auction" ? [GRAND_BID, PASS] : legalPlays(hand);
}

function bidOrPass(hand: NorwegianHand, seat: Seat, action: Action): HandStep<NorwegianHand> {
  if (action.type === "bid") {
    if (action.bid !== GRAND) return { ok: false, error: err("bid/unknown", `unknown bid "${action.bid}"`, { bid: action.bid }) };
    const auction = [...hand.auction, { seat, action }];
    return { ok: true, hand: { ...hand, auction, grand: seat, phase: "play", turn: nextSeat(seat, 3) }, events: [] };
  }
  if (action.type === "pass") {
    const auction = [...hand.auction, { seat, action }];
    if (auction.length < 4) return { ok: true, hand: { ...hand, auction, turn: nextSeat(seat) }, events: [] };
    return { ok: true, hand: { ...hand, auction, phase: "play", turn: forehandOf(hand.dealer) }, events: [] };
  }
  return { ok: false, error: err("action/wrong-phase", `cannot ${action.type} during the auction`) };
}

/** The pass game: each pair scores 1 per trick under six. */
const passPoints = (tricks: readonly [number, number]): [number, number] => [Math.max(0, 6 - tricks[0]), Math.max(0, 6 - tricks[1])];

/** A grand: the grand pair (`side`) scores 1 per trick over six, or the opponents 2 per trick over six. */
function grandPoints(tricks: readonly [number, number], side: 0 | 1): { made: boolean; points: [number, number] } {
  const other = (1 - side) as 0 | 1;
  const points: [number, number] = [0, 0];
  const made = tricks[side] >= 7;
  if (made) points[side] = tricks[side] - 6;
  else points[other] = 2 * (tricks[other] - 6);
  return { made, points };
}

function score(hand: NorwegianHand): HandScore {
  const tricks = sideTricks(hand.tricksWon);
  const lines: ScoreLine[] = [];
  if (hand.grand === null) {
    const points = passPoints(tricks);
    for (const side of [0, 1] as const) {
      lines.push({ key: "norwegian.passGame", params: { side, tricks: tricks[side], points: points[side] } });
    }
    return { contract: null, outcome: "played", margin: 0, endReason: "allTricks", points: perSeat(points), explanation: lines };
  }
  const side = sideOf(hand.grand);
  const other = (1 - side) as 0 | 1;
  const { made, points } = grandPoints(tricks, side);
  if (made) {
    lines.push({ key: "norwegian.grandMade", params: { side, tricks: tricks[side], points: points[side] } });
  } else {
    lines.push({ key: "norwegian.grandLost", params: { side: other, tricks: tricks[other], points: points[other] } });
  }
  return {
    contract: contractOf(hand),
    outcome: made ? "made" : "lost",
    margin: tricks[side] - 7,
    endReason: "allTricks",
    points: perSeat(points),
    explanation: lines,
  };
}

export const norwegian: Variant<NorwegianOptions, NorwegianHand, NorwegianViews> = {
  id: "norwegian",
  name: { da: "Norsk whist", nb: "Norsk whist", en: "Norwegian whist" },
  ...norwegianMeta,
  optionsSchema: defined.schema,
  optionFields: defined.fields,
  deckJokers: () => 0,

  startHand: (ctx, deal: Deal) => ({
    phase: "auction",
    turn: forehandOf(ctx.dealer),
    dealer: ctx.dealer,
    deal,
    hands: deal.hands,
    trick: null,
    tricks: [],
    tricksWon: [0, 0, 0, 0],
    auction: [],
    grand: null,
  }),

  legalActions: (hand, seat) => legal(hand, seat),

  applyAction: (hand, seat, action) =>
    hand.phase === "auction" ? bidOrPass(hand, seat, action) : playCard(hand, seat, action, PLAIN_RULES),

  isOver: (hand) => hand.turn === null,

  scoreHand: (hand) => score(hand),

  // A grand is decided by the grand pair's tricks; a pass game (or no grand yet) by the viewer's pair, who want few.
  outcomeModel(hand, _options, viewer) {
    const declarer = hand.contract?.declarer ?? null;
    const pairOf = (seat: Seat): Seat[] => [seat, partnerOf(seat)];
    const split = (t: number, side: 0 | 1): [number, number] => (side === 0 ? [t, 13 - t] : [13 - t, t]);
    if (declarer === null) {
      const mine = sideOf(viewer);
      return { side: pairOf(viewer), sideMaximises: false, worth: (t) => sideWorth(passPoints(split(t, mine))) };
    }
    const side = sideOf(declarer);
    return { side: pairOf(declarer), sideMaximises: true, worth: (t) => sideWorth(grandPoints(split(t, side), side).points) };
  },

  afterHand(ctx, result) {
    const scores = ctx.scores.map((s, i) => s + result.points[i]!);
    const winner = scores[0]! >= ctx.options.target ? 0 : scores[1]! >= ctx.options.target ? 1 : null;
    return { scores, matchInfo: winner === null ? {} : { winner }, over: winner !== null };
  },

  viewHand(hand: NorwegianHand, seat: Seat | null): VariantHandView<NorwegianViews> {
    return {
      phase: hand.phase,
      turn: hand.turn,
      dealer: hand.dealer,
      hands: seatCards(hand.hands, seat),
      kat: null,
      auction: hand.auction,
      contract: contractOf(hand),
      trick: hand.trick,
      tricks: hand.tricks,
      tricksWon: hand.tricksWon,
      legal: seat === null ? [] : legal(hand, seat),
      info: { game: gameOf(hand) },
    };
  },
};
