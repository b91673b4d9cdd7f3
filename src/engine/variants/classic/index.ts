/**
 * Classic (English) whist, RULES.md §2: fixed partners (seats 0+2 against
 * 1+3), the dealer's last card is turned for trump (public until the dealer
 * plays to the first trick), forehand leads, one point per trick over six.
 *
 * Match and score representation:
 * - `scores` (per seat) are the sides' running totals; both partners carry
 *   their side's figure, and every HandResult's `points` likewise.
 * - Without `rubber`, the match ends when a side's total reaches `target`.
 * - With `rubber`, each game is played to `target` in game points (kept in
 *   matchInfo.gamePoints and reset after each game; matchInfo.games counts games
 *   won); the match ends when a side has won two games, and `rubberBonus` is
 *   added to that hand's points for the winners. `scores` keep the sum of all
 *   points over the rubber.
 * - Tricks (and slam) are scored before honours: when both sides reach the
 *   target in the same hand, the side that won the tricks wins the game.
 * - With explicit deals the turned card is the last card of the dealer's hand
 *   (hands[dealer][12]), which is where a seeded deal puts the last card dealt.
 */
import { type Card, type Suit, rankOf, suitOf } from "../../cards";
import type { TrickRules } from "../../core/trick";
import type { Deal } from "../../random";
import type { BaseHand, ContractSummary, HandScore, MatchContext, ScoreLine, Seat, Variant, VariantHandView } from "../../types";
import { partnerOf } from "../../types";
import { type ClassicOptions, classicOptionFields, classicOptionsSchema } from "./options";
import { seatCards } from "../../core/view";
import { forehandOf, legalPlays, perSeat, playCard, sideOf, sideTricks, sideWorth } from "./play";
import { type ClassicMatchInfo, type ClassicViews, classicMeta } from "./meta";

export type { ClassicOptions } from "./options";
export type { ClassicInfo, ClassicMatchInfo, ClassicViews } from "./meta";

export interface ClassicHand extends BaseHand {
  readonly phase: ClassicViews["phase"];
  readonly trump: Suit | null;
  /** The dealer's last card, turned face up to fix trump; null when playing without trumps. */
  readonly turnedCard: Card | null;
  readonly rules: TrickRules;
}

const contractOf = (hand: ClassicHand): ContractSummary => ({
  bid: hand.trump ? "trump" : "noTrump",
  declarer: null,
  partners: [],
  trump: hand.trump,
});

/** The turned card stays on the table until the dealer plays to the first trick. */
const turnedCardShown = (hand: ClassicHand): boolean =>
  hand.turnedCard !== null && hand.tricks.length === 0 && !(hand.trick?.plays.some((p) => p.seat === hand.dealer) ?? false);

/** Honours (A K Q J of trumps) held by one side in the cards as dealt: 4 → 4 points, 3 → 2. */
function honoursOf(deal: Deal, trump: Suit): { side: 0 | 1; count: number; points: number } | null {
  const count = [0, 0];
  deal.hands.forEach((cards, seat) => {
    for (const c of cards) if (suitOf(c) === trump && rankOf(c) >= 11) count[seat & 1]! += 1;
  });
  for (const side of [0, 1] as const) {
    if (count[side] === 4) return { side, count: 4, points: 4 };
    if (count[side] === 3) return { side, count: 3, points: 2 };
  }
  return null;
}

const gameInfo = (info: Readonly<Record<string, unknown>>): Required<Pick<ClassicMatchInfo, "games" | "gamePoints">> => {
  const i = info as ClassicMatchInfo;
  return { games: i.games ?? [0, 0], gamePoints: i.gamePoints ?? [0, 0] };
};

/**
 * The sides' points for their tricks (and slam), which play decides; honours
 * (fixed by the deal) and game and rubber bonuses (by the match) come on top in scoreHand.
 */
function trickPoints(tricks: readonly [number, number], o: ClassicOptions): { winner: 0 | 1; points: [number, number]; slam: boolean } {
  const winner: 0 | 1 = tricks[0] >= 7 ? 0 : 1;
  const points: [number, number] = [0, 0];
  points[winner] = tricks[winner] - 6;
  const slam = o.slamBonus && tricks[winner] === 13;
  if (slam) points[winner] += o.slamPoints;
  return { winner, points, slam };
}

export const classic: Variant<ClassicOptions, ClassicHand, ClassicViews> = {
  id: "classic",
  name: { da: "Klassisk whist", nb: "Klassisk whist", en: "Classic whist" },
  ...classicMeta,
  optionsSchema: classicOptionsSchema,
  optionFields: classicOptionFields,
  deckJokers: () => 0,

  startHand(ctx: MatchContext<ClassicOptions>, deal: Deal): ClassicHand {
    const turnedCard = ctx.options.noTrump ? null : (deal.hands[ctx.dealer]![12] ?? null);
    const trump = turnedCard ? (suitOf(turnedCard) ?? null) : null;
    return {
      phase: "play",
      turn: forehandOf(ctx.dealer),
      dealer: ctx.dealer,
      deal,
      hands: deal.hands,
      trick: null,
      tricks: [],
      tricksWon: [0, 0, 0, 0],
      trump,
      turnedCard,
      rules: { trump, aceLow: false, jokers: false, jokerTrumpable: false },
    };
  },

  legalActions: (hand, seat) => (hand.turn === seat ? legalPlays(hand) : []),

  applyAction: (hand, seat, action) => playCard(hand, seat, action, hand.rules),

  isOver: (hand) => hand.turn === null,

  scoreHand(hand: ClassicHand, ctx: MatchContext<ClassicOptions>): HandScore {
    const o = ctx.options;
    const tricks = sideTricks(hand.tricksWon);
    const { winner: w, points, slam } = trickPoints(tricks, o);
    const lines: ScoreLine[] = [];
    lines.push({ key: "classic.tricks", params: { side: w, tricks: tricks[w], points: tricks[w] - 6 } });
    if (slam) lines.push({ key: "classic.slam", params: { side: w, points: o.slamPoints } });
    const honours = o.honours && hand.trump ? honoursOf(hand.deal, hand.trump) : null;
    if (honours) {
      points[honours.side] += honours.points;
      lines.push({ key: "classic.honours", params: { side: honours.side, count: honours.count, points: honours.points } });
    }
    const info = gameInfo(ctx.matchInfo);
    const before = o.rubber ? info.gamePoints : ([ctx.scores[0]!, ctx.scores[1]!] as const);
    const reached = (s: 0 | 1) => before[s] + points[s] >= o.target;
    const gameWinner = reached(w) ? w : reached((1 - w) as 0 | 1) ? ((1 - w) as 0 | 1) : null;
    if (gameWinner !== null) {
      lines.push({ key: "classic.game", params: { side: gameWinner } });
      if (o.rubber && info.games[gameWinner] + 1 === 2) {
        points[gameWinner] += o.rubberBonus;
        lines.push({ key: "classic.rubber", params: { side: gameWinner, points: o.rubberBonus } });
      }
    }
    return {
      contract: contractOf(hand),
      outcome: "played",
      margin: 0,
      endReason: "allTricks",
      points: perSeat(points),
      explanation: lines,
    };
  },

  // The viewer's pair decides by its tricks; all 13 are played.
  outcomeModel(_hand, options, viewer) {
    const mine = sideOf(viewer);
    return {
      side: [viewer, partnerOf(viewer)],
      sideMaximises: true,
      worth: (t) => {
        const tricks: [number, number] = mine === 0 ? [t, 13 - t] : [13 - t, t];
        return sideWorth(trickPoints(tricks, options).points);
      },
    };
  },

  afterHand(ctx, score) {
    const scores = ctx.scores.map((s, i) => s + score.points[i]!);
    const game = score.explanation.find((l) => l.key === "classic.game");
    const winner = game ? (Number(game.params!.side) as 0 | 1) : null;
    if (!ctx.options.rubber) return { scores, matchInfo: winner === null ? {} : { winner }, over: winner !== null };
    const info = gameInfo(ctx.matchInfo);
    const games: [number, number] = [info.games[0], info.games[1]];
    let gamePoints: [number, number] = [info.gamePoints[0] + score.points[0]!, info.gamePoints[1] + score.points[1]!];
    if (winner !== null) {
      games[winner] += 1;
      gamePoints = [0, 0];
    }
    const over = games[0] === 2 || games[1] === 2;
    const matchInfo: ClassicMatchInfo = over ? { games, gamePoints, winner: games[0] === 2 ? 0 : 1 } : { games, gamePoints };
    return { scores, matchInfo, over };
  },

  viewHand(hand: ClassicHand, seat: Seat | null): VariantHandView<ClassicViews> {
    return {
      phase: hand.phase,
      turn: hand.turn,
      dealer: hand.dealer,
      hands: seatCards(hand.hands, seat),
      kat: null,
      auction: [],
      contract: contractOf(hand),
      trick: hand.trick,
      tricks: hand.tricks,
      tricksWon: hand.tricksWon,
      legal: seat !== null && seat === hand.turn ? legalPlays(hand) : [],
      info: turnedCardShown(hand) ? { trump: hand.trump, turnedCard: hand.turnedCard } : { trump: hand.trump },
    };
  },
};
