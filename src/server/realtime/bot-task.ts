/**
 * The task the strong computer players' thread pool (bot-pool.ts, piscina)
 * runs in its worker threads, started through src/server/ts-worker-boot.mjs:
 * one decision, { view, opts } in, { action } or { error } out. Deciding is
 * synchronous, which is why it runs off the server's event loop. A "warm"
 * task only loads the bots.
 */
import { decide, type DecideOptions } from "@/bots";
import type { Action, MatchView } from "@/engine/types";

export type BotTask = { readonly warm: true } | { readonly view: MatchView; readonly opts: DecideOptions };
export type BotTaskResult = { readonly action: Action } | { readonly error: string } | { readonly warm: true };

export default function botTask(task: BotTask): BotTaskResult {
  if ("warm" in task) return { warm: true };
  try {
    return { action: decide(task.view, task.opts) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
