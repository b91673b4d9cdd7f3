/**
 * The computer player used at live tables, for bot seats and for players away
 * past the turn timer. It sees exactly what a human in that seat would see
 * (the engine's view for that seat) and answers with one legal action.
 */
import { decide, type BotLevel } from "@/bots";
import type { Action, MatchView } from "@/engine/types";

export type BotDecide = (view: MatchView) => Action;

/** The live-table bot at a given level; "normal" is quick and plays sensibly. */
export const tableBot =
  (level: BotLevel = "normal"): BotDecide =>
  (view) =>
    decide(view, { level, seed: "table" });
