/**
 * Computer players. `decide(view)` picks one legal action for the seat the
 * view belongs to. A bot sees exactly what a human in that seat sees (its
 * MatchView) and nothing else; for a given view and seed the choice is always
 * the same. Levels: "random" (uniform legal action), "easy" (simple
 * rules, instant), "normal" (card counting and better rules), "strong"
 * (card play by sampling hidden hands and solving each sample double dummy),
 * and "baseline", the strong level as it was before the solver's speed work,
 * kept only to measure the strong level against (no table offers it).
 */
import { createRng } from "../engine/random";
import type { Action, MatchView } from "../engine/types";
import { chooseAuctionAction } from "./bids";
import { chooseCall, chooseExchange, chooseHide, chooseJoin, chooseTrump, chooseVip } from "./choices";
import { bestTrump } from "./evaluate";
import { seatedHand, trickRulesOf } from "./facts";
import { chooseCard, playContext, playNowOrWait } from "./play";
import { BASELINE_TUNING, STRONG_TUNING, type StrongTuning, strongCard } from "./strong";

export type BotLevel = "random" | "easy" | "normal" | "strong" | "baseline";
export const BOT_LEVELS: readonly BotLevel[] = ["random", "easy", "normal", "strong", "baseline"];
/** The levels whose card play samples hidden hands and solves them, each with the tuning it plays with. */
export const SEARCH_TUNING: Readonly<Partial<Record<BotLevel, StrongTuning>>> = { strong: STRONG_TUNING, baseline: BASELINE_TUNING };

export interface DecideOptions {
  readonly level?: BotLevel;
  /** Thinking time for the strong level, in milliseconds (default 1000). */
  readonly budgetMs?: number;
  /**
   * Wall-clock cap on the strong level's search (default 4 × budgetMs). The budget buys a fixed amount of
   * work, so a decision depends on the view and the seed only, unless a very busy machine reaches this cap.
   */
  readonly deadlineMs?: number;
  readonly seed?: string;
}

/** A short fingerprint of where the hand stands, so one seed gives different draws at different decisions. */
export function decisionKey(view: MatchView): string {
  const h = view.hand!;
  return `${view.seat}|${view.handIndex}|${h.phase}|${h.auction.length}|${h.tricks.length}|${h.trick?.plays.length ?? 0}|${h.hands[view.seat!]?.count ?? 0}`;
}

/** Tricks still to be played in the hand, the one in progress included: the most cards any seat holds (with its card in the trick). */
function tricksLeft(view: MatchView): number {
  const hand = view.hand!;
  return Math.max(0, ...hand.hands.map((h, s) => h.count + (hand.trick?.plays.some((p) => p.seat === s) ? 1 : 0)));
}

/** Fields a MatchState has and a MatchView never has: a bot must not be handed the full state. */
const STATE_ONLY_FIELDS = ["deals", "handSeed", "dealIndex", "dealer"];

function assertView(view: MatchView): void {
  const raw = view as unknown as Record<string, unknown>;
  if (STATE_ONLY_FIELDS.some((f) => f in raw) || (view.hand !== null && "deal" in (view.hand as unknown as Record<string, unknown>)))
    throw new Error("decide() takes a MatchView from view(state, seat), not a MatchState");
  if (view.seat === null) throw new Error("decide() needs the view of a seated player");
}

export function decide(view: MatchView, opts: DecideOptions = {}): Action {
  assertView(view);
  const seated = seatedHand(view);
  const legal = seated?.hand.legal ?? [];
  if (!seated || legal.length === 0) throw new Error(`seat ${view.seat} has no action to take`);
  const level = opts.level ?? "normal";
  const seed = opts.seed ?? "";
  if (level === "random") {
    const rng = createRng(`${seed}#${decisionKey(view)}`);
    return legal[rng.int(legal.length)]!;
  }
  if (legal.length === 1) return legal[0]!;
  const { me, cards } = seated;
  const types = new Set(legal.map((a) => a.type));
  if (types.has("play")) {
    const plays = legal.flatMap((a) => (a.type === "play" ? [a.card] : []));
    // A seat that may pass this trick (play its card in a later one) plays only a card likely to win now.
    const wait = legal.find((a) => a.type === "decline");
    if (wait) {
      const card = playNowOrWait(playContext(view, me, cards, plays, level !== "easy"), tricksLeft(view));
      return card === null ? wait : { type: "play", card };
    }
    const tuning = SEARCH_TUNING[level];
    if (tuning) {
      const card = strongCard(view, {
        budgetMs: opts.budgetMs ?? 1000,
        seed,
        tuning,
        ...(opts.deadlineMs !== undefined ? { deadlineMs: opts.deadlineMs } : {}),
      });
      if (card !== null) return { type: "play", card };
    }
    return { type: "play", card: chooseCard(playContext(view, me, cards, plays, level !== "easy")) };
  }
  if (types.has("bid") || types.has("pass") || types.has("hold")) {
    const boldness = level === "easy" ? -0.5 : 0;
    const action = chooseAuctionAction(view, me, cards, legal, boldness);
    if (action.type === "pass" && types.has("redeal") && bestTrump(cards).tricks < 1.5) return legal.find((a) => a.type === "redeal")!;
    return action;
  }
  if (types.has("trump") || types.has("noTrump")) return chooseTrump(cards, legal);
  if (types.has("call")) return chooseCall(cards, legal, trickRulesOf(view).trump);
  if (types.has("vipTurn") || types.has("vipAccept")) return chooseVip(view, cards, legal);
  if (types.has("exchange")) return chooseExchange(view, cards, legal);
  if (types.has("join")) return chooseJoin(cards, legal);
  if (types.has("hide")) return chooseHide(cards, legal);
  if (types.has("redeal")) return legal.find((a) => a.type !== "redeal") ?? legal[0]!;
  return legal[0]!;
}
