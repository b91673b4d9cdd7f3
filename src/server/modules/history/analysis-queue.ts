/**
 * The background worker that fills MatchHandAnalysis: one per server process,
 * one hand at a time, in a child process at the lowest CPU priority (nice 19:
 * the live tables and their computer players always come first). It takes
 * the next hand from the queue (analysis-repository.ts: a hand a replay is
 * waiting for first), holds it under a lease it renews while the child
 * solves, and stores the result. Restart-safe: queued hands stay in the
 * table, and a hand whose worker died is taken again once its lease runs
 * out; a hand that keeps killing the worker fails after a few attempts. A
 * hand is solved for at most ANALYSIS_TIME_CAP_MS; cards not reached by then
 * (the first ones: the analysis runs from the last card back) stay unmarked.
 */
import { type ChildProcess, fork } from "node:child_process";
import { setPriority } from "node:os";
import path from "node:path";
import type { Db } from "@/server/db";
import type { AnalysisAnswer, AnalysisJob } from "./analysis-worker";
import { type ClaimedHand, claimNext, finishClaim, releaseClaim, renewClaim } from "./analysis-repository";

export const ANALYSIS_LEASE_MS = 60_000;
/** Longest solve of one hand; measured hands take well under a minute (README, Computer players). */
export const ANALYSIS_TIME_CAP_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;
/** How often an idle worker looks at the queue (a replay's request and a stored match also wake it). */
const IDLE_POLL_MS = 5_000;

export interface AnalysisWorkerOptions {
  readonly leaseMs?: number;
  readonly timeCapMs?: number;
  readonly idlePollMs?: number;
  /** Only these matches (tests share one database with other test files). */
  readonly matchIds?: readonly string[];
  readonly log?: (msg: string) => void;
}

const globalKey = Symbol.for("whist.handAnalysisWorker");
type WithWorker = typeof globalThis & { [globalKey]?: HandAnalysisWorker };

/**
 * Wakes this process's worker, if it runs (the tRPC routes live in Next's bundle, the worker in
 * the custom server's module graph: they meet through globalThis, as the Prisma client does).
 */
export function wakeAnalysisWorker(): void {
  (globalThis as WithWorker)[globalKey]?.wake();
}

export class HandAnalysisWorker {
  private readonly leaseMs: number;
  private readonly timeCapMs: number;
  private readonly idlePollMs: number;
  private readonly log: (msg: string) => void;
  private child: ChildProcess | null = null;
  private stopped = false;
  private releaseOnStop = true;
  private running: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private nextJobId = 1;
  /** The answer the child owes for the job in hand. */
  private pending: { id: number; settle: (a: AnalysisAnswer | Error) => void } | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: AnalysisWorkerOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? ANALYSIS_LEASE_MS;
    this.timeCapMs = opts.timeCapMs ?? ANALYSIS_TIME_CAP_MS;
    this.idlePollMs = opts.idlePollMs ?? IDLE_POLL_MS;
    this.log = opts.log ?? ((msg) => console.log(`[analysis] ${msg}`));
  }

  /** Starts the loop and makes this the process's worker for wakeAnalysisWorker(). */
  start(): this {
    (globalThis as WithWorker)[globalKey] = this;
    this.running = this.loop();
    return this;
  }

  wake(): void {
    this.wakeUp?.();
  }

  /**
   * Stops the loop and the child process. `release` gives the hand in progress back to the queue
   * at once (a graceful stop); without it the hand waits for its lease to run out, as after a crash.
   */
  async stop({ release = true }: { release?: boolean } = {}): Promise<void> {
    this.stopped = true;
    this.releaseOnStop = release;
    this.killChild(new Error("worker stopped"));
    this.wake();
    await this.running;
    const g = globalThis as WithWorker;
    if (g[globalKey] === this) g[globalKey] = undefined;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let hand: ClaimedHand | null = null;
      try {
        const now = Date.now();
        hand = await claimNext(this.db, new Date(now + this.leaseMs), new Date(now), MAX_ATTEMPTS, this.opts.matchIds);
      } catch (e) {
        this.log(`cannot read the queue: ${(e as Error).message}`);
      }
      if (!hand) {
        await this.idle();
        continue;
      }
      let settled = false;
      if (!this.stopped) {
        try {
          settled = await this.analyse(hand);
        } catch (e) {
          if (!this.stopped) this.log(`match ${hand.matchId} hand ${hand.handIndex}: ${(e as Error).message}`);
        }
      }
      // Stopped with the hand in hand: give it back at once (a graceful stop), or leave it to its lease (as a crash would).
      if (!settled && this.stopped && this.releaseOnStop) await releaseClaim(this.db, hand, { countAttempt: false }).catch(() => undefined);
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.idlePollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  /** Solves a claimed hand and stores the outcome; false when the worker stopped before it had one. */
  private async analyse(hand: ClaimedHand): Promise<boolean> {
    const match = await this.db.match.findUnique({ where: { id: hand.matchId }, select: { record: true } });
    if (!match) {
      await finishClaim(this.db, hand, { error: "the match is gone" }, new Date());
      return true;
    }
    // Keep the claim while the child works; a lost claim (another worker took the hand) ends this job.
    const renew = setInterval(() => {
      void renewClaim(this.db, hand, new Date(Date.now() + this.leaseMs))
        .then((held) => {
          if (!held) this.killChild(new Error("the claim on this hand was lost"));
        })
        .catch(() => undefined);
    }, Math.max(200, this.leaseMs / 3));
    try {
      const answer = await this.solve({ id: this.nextJobId++, record: match.record, handIndex: hand.handIndex, timeCapMs: this.timeCapMs });
      if (this.stopped) return false;
      if (answer instanceof Error) {
        // The child died under this hand: back to the queue, counted, so a hand that kills it fails in the end.
        await releaseClaim(this.db, hand, { countAttempt: true, maxAttempts: MAX_ATTEMPTS, error: answer.message });
        return true;
      }
      await finishClaim(this.db, hand, answer.ok ? { result: answer.analysis, solveMs: answer.solveMs } : { error: answer.error }, new Date());
      this.log(`match ${hand.matchId} hand ${hand.handIndex}: ${answer.ok ? `done in ${(answer.solveMs / 1000).toFixed(1)} s` : `failed: ${answer.error}`}`);
      return true;
    } finally {
      clearInterval(renew);
    }
  }

  /** Sends a job to the child (started on first use) and waits for its answer; an Error when the child ends first or overruns. */
  private solve(job: AnalysisJob): Promise<AnalysisAnswer | Error> {
    const child = this.ensureChild();
    return new Promise((resolve) => {
      // The solver stops itself at the cap; past it with a minute to spare, the child is stuck.
      const overrun = setTimeout(() => this.killChild(new Error("the analysis overran its time cap")), job.timeCapMs + 60_000);
      this.pending = {
        id: job.id,
        settle: (a) => {
          clearTimeout(overrun);
          this.pending = null;
          resolve(a);
        },
      };
      child.send(job);
    });
  }

  private ensureChild(): ChildProcess {
    if (this.child) return this.child;
    // Resolved from the project root, like src/server/ts-worker.ts: this module may run from Next's bundle.
    const entry = [process.cwd(), "src", "server", "modules", "history", "analysis-worker.ts"].join(path.sep);
    const child = fork(entry, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    try {
      if (child.pid !== undefined) setPriority(child.pid, 19);
    } catch {
      // Not allowed here: it still runs, at normal priority.
    }
    child.on("message", (m: AnalysisAnswer) => {
      if (this.pending && m.id === this.pending.id) this.pending.settle(m);
    });
    child.on("exit", (code, signal) => {
      if (this.child === child) this.child = null;
      this.pending?.settle(new Error(`the analysis process ended (${signal ?? code})`));
    });
    child.on("error", (e) => this.pending?.settle(e));
    this.child = child;
    return child;
  }

  private killChild(reason: Error): void {
    const child = this.child;
    this.child = null;
    this.pending?.settle(reason);
    child?.kill("SIGKILL");
  }
}
