/**
 * A small pool of worker threads that run computer players' decisions off the
 * server's event loop (the strong level searches synchronously for up to its
 * time budget): piscina, with its threads started through the one TypeScript
 * boot file (src/server/ts-worker.ts) running bot-task.ts. Jobs wait in this
 * class's queue and go to piscina only when a thread is free and has loaded
 * the bots, so a job's time limit counts from the moment a ready thread takes
 * it (never a thread's start-up). A job not answered within
 * its limit is given up: aborting it makes piscina end that thread and start
 * a fresh one, and the job fails, so the caller can fall back to a quicker
 * level. The decision itself is a pure function of the view and the options,
 * so a worker answers exactly what the main thread would.
 */
import { Piscina } from "piscina";
import type { DecideOptions } from "@/bots";
import type { Action, MatchView } from "@/engine/types";
import { childLog } from "@/server/log";
import { tsThreadOptions } from "@/server/ts-worker";
import type { BotTask, BotTaskResult } from "./bot-task";

export interface BotPoolOptions {
  /** Worker threads (default 1: one core for the bots, one for the server). */
  readonly size?: number;
  /** How long a worker may take for a job with the given budget before it is given up (ms). */
  readonly timeLimitMs?: (budgetMs: number) => number;
}

/** The strong search stops itself at four times its budget on an overloaded machine; beyond that, plus a margin, the worker is stuck. */
export const defaultTimeLimit = (budgetMs: number): number => budgetMs * 4 + 1500;

const DEFAULT_BUDGET_MS = 1000;
/** Jobs failing this many times in a row because a thread died (not a decision error) disable the pool. */
const MAX_THREAD_FAILURES = 3;

const log = childLog({ component: "bots" });

interface Job {
  readonly task: BotTask;
  readonly limitMs: number;
  readonly resolve: (r: BotTaskResult) => void;
  readonly reject: (e: Error) => void;
}

export class BotPool {
  private readonly piscina: Piscina<BotTask, BotTaskResult>;
  private readonly queue: Job[] = [];
  private readonly timeLimit: (budgetMs: number) => number;
  private readonly threads: number;
  private running = 0;
  /** Resolves once every thread has loaded the bots; null while they are (re)loading. */
  private warmed: Promise<void>;
  private ready = false;
  private threadFailures = 0;
  private closed = false;
  /** Jobs answered by a worker, and jobs given up (timeout, worker crash, decision error). */
  readonly counts = { done: 0, failed: 0 };

  constructor(opts: BotPoolOptions = {}) {
    this.timeLimit = opts.timeLimitMs ?? defaultTimeLimit;
    this.threads = Math.max(1, Math.floor(opts.size ?? 1));
    this.piscina = new Piscina({
      ...tsThreadOptions("src/server/realtime/bot-task.ts"),
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      // One task per thread at a time: a second one would wait behind a long search.
      concurrentTasksPerWorker: 1,
    });
    this.piscina.on("error", (err: Error) => log.error({ err }, "bot worker thread failed"));
    this.warmed = this.loadThreads();
  }

  /** Lets every thread load the bots (untimed), then opens the queue. */
  private async loadThreads(): Promise<void> {
    this.ready = false;
    const results = await Promise.allSettled(Array.from({ length: this.threads }, () => this.piscina.run({ warm: true })));
    const failed = results.find((r) => r.status === "rejected");
    if (failed) this.threadFailed((failed as PromiseRejectedResult).reason as Error);
    else this.threadFailures = 0;
    if (this.closed || this.disabled) return;
    if (failed) return void (this.warmed = this.loadThreads());
    this.ready = true;
    this.pump();
  }

  private threadFailed(err: Error): void {
    if (++this.threadFailures === MAX_THREAD_FAILURES) {
      log.error({ err }, "bot worker threads cannot start; computer players decide in the main thread");
      for (const waiting of this.queue.splice(0)) waiting.reject(new Error("bot workers cannot start"));
    }
  }

  get size(): number {
    return this.threads;
  }

  /** Jobs waiting for a free worker. */
  get waiting(): number {
    return this.queue.length;
  }

  private get disabled(): boolean {
    return this.threadFailures >= MAX_THREAD_FAILURES;
  }

  /** Resolves once every thread has loaded the bots (start-up takes a moment; jobs queue meanwhile). */
  async warm(): Promise<void> {
    await this.warmed;
  }

  /** Decides in a worker; rejects on a timeout, a crashed worker, a decision error or a closed pool. */
  async decide(view: MatchView, opts: DecideOptions): Promise<Action> {
    if (this.closed) throw new Error("bot pool closed");
    if (this.disabled) throw new Error("bot workers cannot start");
    const result = await this.submit({ view, opts }, this.timeLimit(opts.budgetMs ?? DEFAULT_BUDGET_MS));
    if ("action" in result) {
      this.counts.done++;
      return result.action;
    }
    this.counts.failed++;
    throw new Error(`bot worker: ${"error" in result ? result.error : "no action"}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("bot pool closed"));
    await this.piscina.destroy();
  }

  private submit(task: BotTask, limitMs: number): Promise<BotTaskResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task, limitMs, resolve, reject });
      this.pump();
    });
  }

  /** Hands queued jobs to piscina while a thread is free; the time limit starts now. */
  private pump(): void {
    while (this.ready && this.running < this.threads && this.queue.length > 0 && !this.closed) {
      const job = this.queue.shift()!;
      this.running++;
      const abort = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        abort.abort();
      }, job.limitMs);
      timer.unref();
      this.piscina
        .run(job.task, { signal: abort.signal })
        .then(
          (result) => {
            this.threadFailures = 0;
            job.resolve(result);
          },
          (e: Error) => {
            this.counts.failed++;
            // The thread was ended (given up) or died under the job: piscina starts a new one, which loads the bots first.
            if (!timedOut) this.threadFailed(e);
            if (!this.closed && !this.disabled) this.warmed = this.loadThreads();
            job.reject(timedOut ? new Error(`bot worker gave no answer within ${job.limitMs} ms`) : e);
          },
        )
        .finally(() => {
          clearTimeout(timer);
          this.running--;
          this.pump();
        });
    }
  }
}
