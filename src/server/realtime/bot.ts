/**
 * The computer players used at live tables, for bot seats (at the level
 * chosen for the seat) and for players away past the turn timer (always
 * "normal"). A bot sees exactly what a human in that seat would see (the
 * engine's view for that seat) and answers with one legal action. The strong
 * level searches for up to its time budget, so it runs in the worker pool;
 * the quick levels answer at once in the main thread.
 */
import { decide, type BotLevel } from "@/bots";
import type { Action, MatchView } from "@/engine/types";
import type { BotSeatLevel } from "@/protocol";
import type { BotPool } from "./bot-pool";
import { log } from "@/server/log";

export interface BotRequest {
  readonly level: BotSeatLevel;
  /** Thinking time for the strong level (ms). */
  readonly budgetMs: number;
  /** With the view, fixes the decision: the same view and seed give the same action. */
  readonly seed: string;
}

export type BotDecide = (view: MatchView, req: BotRequest) => Promise<Action>;

/** Thinking time per strong decision unless the table sets its own. */
export const DEFAULT_BOT_BUDGET_MS = 1000;

/** Every level in the main thread; `level` overrides the seat's (tests and tools: strong here blocks the event loop). */
export const inlineBots =
  (level?: BotLevel): BotDecide =>
  async (view, req) =>
    decide(view, { level: level ?? req.level, budgetMs: req.budgetMs, seed: req.seed });

/**
 * The live-table bots: strong decisions in the worker pool; if a worker fails
 * or runs out of time, the seat plays at the normal level in the main thread
 * (logged), so a table never stalls on its computer player.
 */
export const pooledBots =
  (pool: BotPool): BotDecide =>
  async (view, req) => {
    if (req.level !== "strong") return decide(view, { level: req.level, seed: req.seed });
    try {
      return await pool.decide(view, { level: "strong", budgetMs: req.budgetMs, seed: req.seed });
    } catch (e) {
      log.warn({ component: "bots", err: e }, "strong decision failed; playing at normal level");
      return decide(view, { level: "normal", seed: req.seed });
    }
  };
