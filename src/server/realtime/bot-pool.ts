/**
 * A small pool of worker threads that run computer players' decisions off the
 * server's event loop (the strong level searches synchronously for up to its
 * time budget). Jobs wait in one queue; each worker takes one job at a time.
 * A job that a worker does not answer within its time limit is given up: the
 * worker is terminated and replaced, and the job fails, so the caller can fall
 * back to a quicker level. The decision itself is a pure function of the view
 * and the options, so a worker answers exactly what the main thread would.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { DecideOptions } from "@/bots";
import type { Action, MatchView } from "@/engine/types";

export interface BotPoolOptions {
  /** Worker threads (default 1: one core for the bots, one for the server). */
  readonly size?: number;
  /** How long a worker may take for a job with the given budget before it is given up (ms). */
  readonly timeLimitMs?: (budgetMs: number) => number;
}

/** The strong search stops itself at four times its budget on an overloaded machine; beyond that, plus a margin, the worker is stuck. */
export const defaultTimeLimit = (budgetMs: number): number => budgetMs * 4 + 1500;

const DEFAULT_BUDGET_MS = 1000;
/** Workers that fail to start this many times in a row disable the pool (every job then fails at once). */
const MAX_START_FAILURES = 3;

interface Job {
  readonly view: MatchView;
  readonly opts: DecideOptions;
  readonly resolve: (a: Action) => void;
  readonly reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: { id: number; job: Job; timer: ReturnType<typeof setTimeout> } | null;
}

type Reply = { ready: true } | { id: number; action: Action } | { id: number; error: string };

export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly timeLimit: (budgetMs: number) => number;
  private readonly file: string;
  private nextId = 1;
  private startFailures = 0;
  private closed = false;
  /** Jobs answered by a worker, and jobs given up (timeout, worker crash, decision error). */
  readonly counts = { done: 0, failed: 0 };

  constructor(opts: BotPoolOptions = {}) {
    this.timeLimit = opts.timeLimitMs ?? defaultTimeLimit;
    // Resolved at run time (not `new URL(…, import.meta.url)`), so bundlers leave the worker file alone.
    this.file = path.join(path.dirname(fileURLToPath(import.meta.url)), "bot-worker.mjs");
    const size = Math.max(1, Math.floor(opts.size ?? 1));
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  get size(): number {
    return this.slots.length;
  }

  /** Jobs waiting for a free worker. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves once every worker has loaded the bots (start-up takes a moment; jobs queue meanwhile). */
  async warm(): Promise<void> {
    while (!this.closed && this.startFailures < MAX_START_FAILURES && this.slots.some((s) => !s.ready)) await new Promise((r) => setTimeout(r, 20));
  }

  /** Decides in a worker; rejects on a timeout, a crashed worker, a decision error or a closed pool. */
  decide(view: MatchView, opts: DecideOptions): Promise<Action> {
    if (this.closed) return Promise.reject(new Error("bot pool closed"));
    if (this.startFailures >= MAX_START_FAILURES) return Promise.reject(new Error("bot workers cannot start"));
    return new Promise<Action>((resolve, reject) => {
      this.queue.push({ view, opts, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("bot pool closed"));
    await Promise.all(
      this.slots.map((s) => {
        if (s.job) {
          clearTimeout(s.job.timer);
          s.job.job.reject(new Error("bot pool closed"));
          s.job = null;
        }
        return s.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const worker = new Worker(this.file);
    const slot: Slot = { worker, ready: false, job: null };
    worker.unref(); // an idle pool must not keep the process alive
    worker.on("message", (m: Reply) => this.onReply(slot, m));
    worker.on("error", (e) => this.onFailure(slot, e));
    worker.on("exit", (code) => this.onFailure(slot, new Error(`bot worker exited (${code})`)));
    return slot;
  }

  private onReply(slot: Slot, m: Reply): void {
    if ("ready" in m) {
      slot.ready = true;
      this.startFailures = 0;
      this.pump();
      return;
    }
    const cur = slot.job;
    if (!cur || cur.id !== m.id) return; // an answer to a job already given up
    clearTimeout(cur.timer);
    slot.job = null;
    if ("action" in m) {
      this.counts.done++;
      cur.job.resolve(m.action);
    } else {
      this.counts.failed++;
      cur.job.reject(new Error(`bot worker: ${m.error}`));
    }
    this.pump();
  }

  /** A worker died (or was terminated): fail its job and put a fresh worker in its place. */
  private onFailure(slot: Slot, e: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return; // already replaced
    if (!slot.ready) this.startFailures++;
    const cur = slot.job;
    slot.job = null;
    if (cur) {
      clearTimeout(cur.timer);
      this.counts.failed++;
      cur.job.reject(e);
    }
    void slot.worker.terminate();
    if (this.closed) return;
    if (this.startFailures >= MAX_START_FAILURES) {
      this.slots.splice(i, 1);
      console.error(`[bots] worker threads cannot start (${e.message}); computer players decide in the main thread`);
      for (const job of this.queue.splice(0)) job.reject(new Error("bot workers cannot start"));
      return;
    }
    this.slots[i] = this.spawn();
  }

  /** Hands queued jobs to idle, ready workers. */
  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const job = this.queue.shift()!;
      const id = this.nextId++;
      const limit = this.timeLimit(job.opts.budgetMs ?? DEFAULT_BUDGET_MS);
      const timer = setTimeout(() => this.onFailure(slot, new Error(`bot worker gave no answer within ${limit} ms`)), limit);
      timer.unref?.();
      slot.job = { id, job, timer };
      slot.worker.postMessage({ id, view: job.view, opts: job.opts });
    }
  }
}
