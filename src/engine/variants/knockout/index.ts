/**
 * Knock-out whist, RULES.md §7: two to seven players, each for themself.
 * Round r (hand r) deals 7 - r cards to every player still in; the first
 * round's trump is the next card of the pack, turned; later the player who
 * took most tricks in the round before chooses it (tied players cut: a draw
 * from the round's seed) and leads. A player taking no trick is out, or with
 * the `dogsLife` option first gets a dog's life: one card next round, played
 * in the trick of their choice (their turn in each trick: play it or pass;
 * in the round's last trick they must play); a trick brings them back in.
 *
 * Match representation:
 * - matchInfo (KnockoutMatchInfo) says who is out (and in which round), who
 *   is on a dog's life, who used theirs, the last round's tricks (to find the
 *   trump chooser) and, once decided, the winner.
 * - Points only rank the players: each round every player still in after it
 *   scores 1, and the winner 1 more; so the winner is first, the others
 *   follow by the round they went out in, and players out in the same round
 *   share the place (RULES.md's standings).
 * - The match ends when one player is left, when a player takes every trick
 *   of a round, or after the one-card round; the winner is that last player,
 *   the player who took every trick, or the one-card round's trick winner.
 */
import { SUITS, suitOf } from "../../cards";
import { DECLINE, NO_TRUMP, TRUMP_ACTIONS, playAction } from "../../actions";
import { followSuitCards, breaksFollowSuit, playOf, winnerOfPlays } from "../../core/trick";
import { seatCards } from "../../core/view";
import { type Deal, createRng, sha256Hex } from "../../random";
import type {
  Action,
  BaseHand,
  ContractSummary,
  EngineEvent,
  HandScore,
  HandStep,
  MatchContext,
  ScoreLine,
  Seat,
  Trick,
  Variant,
  VariantHandView,
} from "../../types";
import { err, nextSeat } from "../../types";
import { type KnockoutInfo, type KnockoutMatchInfo, type KnockoutViews, knockoutMeta } from "./meta";
import { type KnockoutOptions, knockoutOptionFields, knockoutOptionsSchema } from "./options";

export type { KnockoutOptions } from "./options";
export type { KnockoutInfo, KnockoutMatchInfo, KnockoutViews } from "./meta";

/** Cards each player gets in the first round; one fewer each round after. */
export const FIRST_ROUND_CARDS = 7;

/** The hand: its public facts are what the view shows (the round being the hand index), all but the card count. */
export interface KnockoutHand extends BaseHand, Omit<KnockoutInfo, "cards"> {
  readonly phase: KnockoutViews["phase"];
}

const noInfo = (seatCount: number): KnockoutMatchInfo => ({
  outIn: Array<number | null>(seatCount).fill(null),
  dogs: [],
  dogUsed: [],
  lastTricks: Array<number>(seatCount).fill(0),
  winner: null,
});

const infoOf = (ctx: MatchContext<KnockoutOptions>): KnockoutMatchInfo =>
  "outIn" in ctx.matchInfo ? (ctx.matchInfo as unknown as KnockoutMatchInfo) : noInfo(ctx.seatCount);

const seatsIn = (info: KnockoutMatchInfo): Seat[] => info.outIn.flatMap((o, s) => (o === null ? [s] : []));

const tricksInRound = (round: number): number => FIRST_ROUND_CARDS - round;

/** The next seat clockwise after `from` (not itself) for which `ok` holds, or null. */
function nextWhere(from: Seat, count: number, ok: (s: Seat) => boolean): Seat | null {
  for (let i = 1; i <= count; i++) {
    const s = nextSeat(from, i, count);
    if (ok(s)) return s;
  }
  return null;
}

const isDog = (hand: KnockoutHand, seat: Seat): boolean => hand.dogs.includes(seat);

/** Whether `seat` still has a card to play in the trick in progress. */
const owesCard = (hand: KnockoutHand, seat: Seat): boolean =>
  hand.hands[seat]!.length > 0 && !hand.waited.includes(seat) && !(hand.trick?.plays.some((p) => p.seat === seat) ?? false);

/** Whether a dog must play now: the round's last trick. */
const lastTrick = (hand: KnockoutHand): boolean => hand.tricks.length === tricksInRound(hand.round) - 1;

function legal(hand: KnockoutHand, seat: Seat, options: KnockoutOptions): Action[] {
  if (hand.turn !== seat) return [];
  if (hand.phase === "trump") {
    const suits = SUITS.map((s) => TRUMP_ACTIONS[s]);
    return options.noTrumpChoice ? [...suits, NO_TRUMP] : suits;
  }
  if (hand.phase !== "play") return [];
  const plays = followSuitCards(hand.hands[seat]!, hand.trick).map(playAction);
  return isDog(hand, seat) && !lastTrick(hand) ? [...plays, DECLINE] : plays;
}

/** Who acts after `seat` in the trick in progress, or null when everyone has played or waited. */
const nextInTrick = (hand: KnockoutHand, seat: Seat): Seat | null =>
  nextWhere(seat, hand.hands.length, (s) => hand.playing.includes(s) && owesCard(hand, s));

/** Who leads after a trick won by `winner`: the winner, or when out of cards (a dog), the next player clockwise with cards. */
const leaderAfter = (hand: Pick<KnockoutHand, "hands" | "dogs">, winner: Seat): Seat | null =>
  hand.hands[winner]!.length > 0
    ? winner
    : nextWhere(winner, hand.hands.length, (s) => hand.hands[s]!.length > 0 && !hand.dogs.includes(s));

function applyPlay(hand: KnockoutHand, seat: Seat, action: Action): HandStep<KnockoutHand> {
  const refuse = (code: Parameters<typeof err>[0], message: string, details?: Record<string, unknown>): HandStep<KnockoutHand> => ({
    ok: false,
    error: err(code, message, details),
  });
  if (action.type === "decline") {
    if (!isDog(hand, seat) || lastTrick(hand)) return refuse("action/wrong-phase", "only a player on a dog's life may pass, and not in the last trick");
    const waited = [...hand.waited, seat];
    const after = { ...hand, waited };
    const turn = nextInTrick(after, seat);
    return turn === null ? completeTrick(after) : { ok: true, hand: { ...after, turn }, events: [] };
  }
  if (action.type !== "play") return refuse("action/wrong-phase", `cannot ${action.type} while playing tricks`);
  const held = hand.hands[seat]!;
  const at = held.indexOf(action.card);
  if (at < 0) return refuse("play/card-not-in-hand", `${action.card} is not in seat ${seat}'s hand`, { card: action.card });
  if (breaksFollowSuit(held, hand.trick, action.card))
    return refuse("play/must-follow-suit", `seat ${seat} must follow suit`, { card: action.card });
  const hands = hand.hands.slice();
  hands[seat] = held.filter((_, i) => i !== at);
  const trick: Trick = { leader: hand.trick ? hand.trick.leader : seat, plays: [...(hand.trick?.plays ?? []), playOf(seat, action.card)] };
  const after: KnockoutHand = { ...hand, hands, trick };
  const turn = nextInTrick(after, seat);
  return turn === null ? completeTrick(after) : { ok: true, hand: { ...after, turn }, events: [] };
}

function completeTrick(hand: KnockoutHand): HandStep<KnockoutHand> {
  const plays = hand.trick!.plays;
  const completed = { leader: hand.trick!.leader, plays, winner: winnerOfPlays(plays, hand.trump) };
  const tricks = [...hand.tricks, completed];
  const tricksWon = hand.tricksWon.slice();
  tricksWon[completed.winner]! += 1;
  const events: EngineEvent[] = [{ type: "trickWon", trick: completed }];
  const done = tricks.length === tricksInRound(hand.round);
  const base = { ...hand, trick: null, tricks, tricksWon, waited: [] };
  if (done) return { ok: true, hand: { ...base, phase: "done", turn: null }, events };
  return { ok: true, hand: { ...base, turn: leaderAfter(hand, completed.winner) }, events };
}

/** The seed of a round's draws: its hand seed, or with explicit deals, a digest of the deal (reproducible either way). */
const drawSeed = (ctx: MatchContext<KnockoutOptions>, deal: Deal): string => `${ctx.handSeed ?? sha256Hex(JSON.stringify(deal))}:cut`;

/** Who chooses trump: the most tricks in the round before; tied players cut. */
function trumpChooser(ctx: MatchContext<KnockoutOptions>, info: KnockoutMatchInfo, deal: Deal): Seat {
  const most = Math.max(...info.lastTricks);
  const tied = info.lastTricks.flatMap((t, s) => (t === most && info.outIn[s] === null ? [s] : []));
  return tied.length === 1 ? tied[0]! : tied[createRng(drawSeed(ctx, deal)).int(tied.length)]!;
}

const contractOf = (hand: KnockoutHand): ContractSummary | null =>
  hand.phase === "trump" ? null : { bid: hand.trump ? "trump" : "noTrump", declarer: hand.chooser, partners: [], trump: hand.trump };

export const knockout: Variant<KnockoutOptions, KnockoutHand, KnockoutViews> = {
  id: "knockout",
  name: { da: "Knockout-whist", nb: "Knockout-whist", en: "Knock-out whist" },
  ...knockoutMeta,
  optionsSchema: knockoutOptionsSchema,
  optionFields: knockoutOptionFields,
  deckJokers: () => 0,

  dealSizes(ctx) {
    const info = infoOf(ctx);
    const cards = tricksInRound(ctx.handIndex);
    return info.outIn.map((o, s) => (o !== null ? 0 : info.dogs.includes(s) ? 1 : cards));
  },

  startHand(ctx, deal) {
    const info = infoOf(ctx);
    const playing = seatsIn(info);
    const first = ctx.handIndex === 0;
    const turnedCard = first ? (deal.kat[0] ?? null) : null;
    const chooser = first ? null : trumpChooser(ctx, info, deal);
    return {
      phase: first ? "play" : "trump",
      turn: first ? nextWhere(ctx.dealer, ctx.seatCount, (s) => playing.includes(s))! : chooser,
      dealer: ctx.dealer,
      deal,
      hands: deal.hands,
      trick: null,
      tricks: [],
      tricksWon: Array<number>(ctx.seatCount).fill(0),
      round: ctx.handIndex,
      trump: turnedCard ? (suitOf(turnedCard) ?? null) : null,
      turnedCard,
      chooser,
      playing,
      dogs: info.dogs,
      waited: [],
    };
  },

  legalActions: legal,

  applyAction(hand, seat, action, options) {
    if (hand.phase === "trump") {
      if (action.type === "trump") return { ok: true, hand: { ...hand, phase: "play", trump: action.suit }, events: [] };
      if (action.type === "noTrump") {
        if (!options.noTrumpChoice) return { ok: false, error: err("trump/not-allowed", "no trump is not allowed at this table") };
        return { ok: true, hand: { ...hand, phase: "play", trump: null }, events: [] };
      }
      return { ok: false, error: err("action/wrong-phase", `cannot ${action.type} while trump is chosen`) };
    }
    return applyPlay(hand, seat, action);
  },

  isOver: (hand) => hand.phase === "done",

  scoreHand(hand, ctx) {
    const info = infoOf(ctx);
    const next = roundOutcome(hand, info, ctx.options);
    const lines: ScoreLine[] = [];
    for (const s of hand.playing) {
      if (next.outIn[s] === hand.round) lines.push({ key: "knockout.out", params: { seat: s } });
      else if (next.dogs.includes(s)) lines.push({ key: "knockout.dogsLife", params: { seat: s } });
      else if (hand.dogs.includes(s)) lines.push({ key: "knockout.backIn", params: { seat: s } });
    }
    if (next.winner !== null) lines.push({ key: "knockout.winner", params: { seat: next.winner } });
    const points = next.outIn.map((o, s) => (o === null ? 1 : 0) + (s === next.winner ? 1 : 0));
    return { contract: contractOf(hand), outcome: "played", margin: 0, endReason: "allTricks", points, explanation: lines };
  },

  // Every player for themself, and only surviving counts: no two-sided model for the solver.
  outcomeModel: () => null,

  afterHand(ctx, score, _dealsPlayed, hand) {
    const next = roundOutcome(hand, infoOf(ctx), ctx.options);
    const scores = ctx.scores.map((s, i) => s + score.points[i]!);
    return { scores, matchInfo: next as unknown as Readonly<Record<string, unknown>>, over: next.winner !== null };
  },

  viewHand(hand, seat, options): VariantHandView<KnockoutViews> {
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
      legal: seat === null ? [] : legal(hand, seat, options),
      info: {
        round: hand.round,
        cards: tricksInRound(hand.round),
        trump: hand.trump,
        turnedCard: hand.turnedCard,
        chooser: hand.chooser,
        playing: hand.playing,
        dogs: hand.dogs,
        waited: hand.waited,
      },
    };
  },
};

/** Who is out, on a dog's life or the winner after a finished round. */
function roundOutcome(hand: KnockoutHand, info: KnockoutMatchInfo, options: KnockoutOptions): KnockoutMatchInfo {
  const outIn = info.outIn.slice();
  const dogs: Seat[] = [];
  const dogUsed = info.dogUsed.slice();
  const tookAll = hand.playing.find((s) => hand.tricksWon[s] === hand.tricks.length);
  for (const s of hand.playing) {
    if (hand.tricksWon[s]! > 0) continue;
    if (options.dogsLife && !dogUsed.includes(s) && tookAll === undefined) {
      dogs.push(s);
      dogUsed.push(s);
    } else outIn[s] = hand.round;
  }
  const left = outIn.flatMap((o, s) => (o === null ? [s] : []));
  const oneCardRound = tricksInRound(hand.round) === 1;
  const winner =
    tookAll !== undefined ? tookAll : left.length === 1 ? left[0]! : oneCardRound ? hand.tricks[0]!.winner : null;
  if (winner !== null) for (const s of left) if (s !== winner) outIn[s] = hand.round;
  return { outIn, dogs, dogUsed, lastTricks: hand.tricksWon, winner };
}
