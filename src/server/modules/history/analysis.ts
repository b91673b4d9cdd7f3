/**
 * Double-dummy analysis of one hand of a finished match, for its replay: what
 * each card played kept or cost its side. The solve runs in a worker thread
 * (one at a time: the machine's cores serve the live tables too) under a wall
 * time cap, and results are kept in memory per (match, hand) since a stored
 * record never changes.
 */
import type { HandAnalysis } from "@/bots/analysis";
import type { Result } from "@/engine/types";
import type { Db } from "@/server/db";
import { failure, success, type ServiceResult } from "@/server/api/errors";
import { startTsWorker } from "@/server/ts-worker";
import { getMatch } from "./service";

/**
 * Positions with more cards per hand than this are not solved. Measured on
 * this machine (random-play hands): 11 takes 0.2-1.3 s per hand, 12 up to
 * 5 s and 13 up to 14 s for es-makker. The first two tricks go unmarked.
 */
export const ANALYSIS_MAX_HAND_SIZE = 11;
export const ANALYSIS_TIME_LIMIT_MS = 20_000;

export type HandAnalysisResult = { status: "done"; maxHandSize: number; analysis: HandAnalysis } | { status: "timeout"; maxHandSize: number };

const cache = new Map<string, HandAnalysisResult>();
let queue: Promise<unknown> = Promise.resolve();

export async function analyzeMatchHand(
  db: Db,
  matchId: string,
  handIndex: number,
  opts: { maxHandSize?: number; timeLimitMs?: number } = {},
): Promise<ServiceResult<HandAnalysisResult>> {
  const maxHandSize = opts.maxHandSize ?? ANALYSIS_MAX_HAND_SIZE;
  const key = `${matchId}:${handIndex}:${maxHandSize}`;
  const cached = cache.get(key);
  if (cached) return success(cached);
  const match = await getMatch(db, matchId);
  if (!match.ok) return match;
  const hands = (match.value.record as { hands?: { index?: unknown }[] } | null)?.hands ?? [];
  if (!hands.some((h) => h.index === handIndex)) return failure({ code: "NOT_FOUND", status: "NOT_FOUND", message: `No hand ${handIndex} in this match.` });

  const run = queue.then(() => inWorker(match.value.record, handIndex, maxHandSize, opts.timeLimitMs ?? ANALYSIS_TIME_LIMIT_MS));
  queue = run.catch(() => undefined);
  const out = await run.catch((e: Error) => e);
  if (out instanceof Error) return failure({ code: "INTERNAL_SERVER_ERROR", status: "INTERNAL_SERVER_ERROR", message: out.message });
  if (out === "timeout") return success({ status: "timeout", maxHandSize });
  if (!out.ok) return failure({ code: "INTERNAL_SERVER_ERROR", status: "INTERNAL_SERVER_ERROR", message: `analysis failed: ${out.error.message}` });
  const result: HandAnalysisResult = { status: "done", maxHandSize, analysis: out.value };
  cache.set(key, result);
  return success(result);
}

/** Runs the analysis in a fresh worker, terminated when it answers or runs out of time. */
function inWorker(record: unknown, handIndex: number, maxHandSize: number, timeLimitMs: number): Promise<Result<HandAnalysis> | "timeout"> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker("src/server/modules/history/analysis-worker.ts", { record, handIndex, maxHandSize });
    const finish = (f: () => void) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      worker.on("error", () => undefined); // nothing more is wanted from it
      void worker.terminate();
      f();
    };
    const timer = setTimeout(() => finish(() => resolve("timeout")), timeLimitMs);
    worker.once("message", (m: Result<HandAnalysis>) => finish(() => resolve(m)));
    worker.once("error", (e) => finish(() => reject(e)));
    worker.once("exit", (code) => finish(() => reject(new Error(`analysis worker exited (${code})`))));
  });
}
