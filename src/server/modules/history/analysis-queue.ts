/**
 * The background worker that fills MatchHandAnalysis: one per server process,
 * one hand at a time, on the pg-boss queue "hand-analysis" (src/server/jobs.ts),
 * in a child process at the lowest CPU priority (nice 19: the live tables and
 * their computer players always come first). pg-boss hands out the next job
 * (a hand a replay is waiting for first: higher priority, then the oldest)
 * and holds its lease: a job whose worker died expires and is retried, and
 * after ANALYSIS_MAX_ATTEMPTS the hand fails (its job reaches the dead-letter
 * queue, which this worker also works). A graceful stop gives the hand back
 * at once, not counted. A replay asking for a hand while this worker solves
 * one nobody asked for makes it yield: the background hand goes back to the
 * queue, not counted, and the asked one is taken next (one slow hand never
 * keeps a waiting player's replay behind it). A hand is solved for at most ANALYSIS_TIME_CAP_MS;
 * cards not reached by then (the first ones: the analysis runs from the last
 * card back) stay unmarked. While a hand is solved, the analysis so far (sent
 * by the child every few seconds) is stored on its row, so a waiting replay
 * shows the cards already valued. The child dies with this process (see
 * analysis-worker.ts).
 */
import type { ChildProcess } from "node:child_process";
import { setPriority } from "node:os";
import type PgBoss from "pg-boss";
import type { Logger } from "pino";
import { type Db, getPool, type JobDb, poolJobDb } from "@/server/db";
import { ANALYSIS_TIME_CAP_MS, QUEUES, startJobQueue } from "@/server/jobs";
import { childLog } from "@/server/log";
import { forkTs } from "@/server/ts-worker";
import type { AnalysisAnswer, AnalysisJob, AnalysisProgress } from "./analysis-worker";
import { dropHand, failAbandonedHand, finishHand, type HandJob, handProgress, handWaitsAgain, releaseHand, REQUESTED_PRIORITY, takeHand } from "./analysis-repository";
import { findMatchRecord } from "./repository";
import { recordInPlay } from "@/server/modules/matches/in-play-repository";

export { ANALYSIS_TIME_CAP_MS } from "@/server/jobs";

/** Past the time cap by this much, the child is stuck and is killed (well inside the job's expiry). */
const OVERRUN_GRACE_MS = 60_000;
/** Least time between two stored progress reports of a hand being solved (each is a database write). */
const PROGRESS_INTERVAL_MS = 2_000;
/** A failed start (database unreachable) is tried again after this. */
const RESTART_DELAY_MS = 5_000;

export interface AnalysisWorkerOptions {
  /** The job queue's SQL (default: the process's pg pool, which the Prisma client shares). */
  readonly jobDb?: JobDb;
  readonly timeCapMs?: number;
  readonly overrunGraceMs?: number;
  /** Least time between two stored progress reports (default 2 s). */
  readonly progressIntervalMs?: number;
  /** The child's CPU priority (nice value; default 19, the lowest). */
  readonly nice?: number;
  /** How often an idle worker asks for a job (a replay's request wakes it at once); at least 0.5 s. */
  readonly pollingIntervalSeconds?: number;
  /** How often expired jobs (their worker died) are put back (pg-boss maintenance); at least 1 s. */
  readonly maintenanceIntervalSeconds?: number;
  readonly log?: Logger;
}

type Job = PgBoss.JobWithMetadata<HandJob>;

const globalKey = Symbol.for("whist.handAnalysisWorker");
type WithWorker = typeof globalThis & { [globalKey]?: HandAnalysisWorker };

/** A hand a replay has just asked for. */
export interface RequestedHand {
  readonly matchId: string;
  readonly handIndex: number;
}

/**
 * Wakes this process's worker, if it runs, for a hand a replay asked for (the tRPC routes live in
 * Next's bundle, the worker in the custom server's module graph: they meet through globalThis, as
 * the Prisma client does).
 */
export function wakeAnalysisWorker(requested: RequestedHand): void {
  (globalThis as WithWorker)[globalKey]?.requested(requested);
}

/** Why a solve was cut short so that a requested hand goes first. */
class Yielded extends Error {}

export class HandAnalysisWorker {
  private readonly timeCapMs: number;
  private readonly overrunGraceMs: number;
  private readonly log: Logger;
  private boss: PgBoss | null = null;
  private workerId: string | null = null;
  private child: ChildProcess | null = null;
  private stopped = false;
  private starting: Promise<void> | null = null;
  private nextJobId = 1;
  /** The answer the child owes for the job in hand, and what to do with its progress messages. */
  private pending: { id: number; settle: (a: AnalysisAnswer | Error) => void; progress: (p: AnalysisProgress) => void } | null = null;
  /** The job being solved. */
  private current: Job | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: AnalysisWorkerOptions = {},
  ) {
    this.timeCapMs = opts.timeCapMs ?? ANALYSIS_TIME_CAP_MS;
    this.overrunGraceMs = opts.overrunGraceMs ?? OVERRUN_GRACE_MS;
    this.log = opts.log ?? childLog({ component: "analysis" });
  }

  /** Starts working the queue (in the background; `ready()` resolves once it does) and makes this the process's worker. */
  start(): this {
    (globalThis as WithWorker)[globalKey] = this;
    this.starting = this.connect();
    return this;
  }

  /** Resolves once the worker is taking jobs (or was stopped). */
  async ready(): Promise<void> {
    await this.starting;
  }

  /** The analysis child's process id, while one runs. */
  get childPid(): number | undefined {
    return this.child?.pid;
  }

  wake(): void {
    if (this.boss && this.workerId) this.boss.notifyWorker(this.workerId);
  }

  /**
   * A replay asks for a hand (its job is queued ahead of the others): a hand nobody asked for
   * that is being solved yields to it. Another process's worker may be idle and take the request
   * first; yielding here anyway costs only the background hand's time so far.
   */
  requested(hand: RequestedHand): void {
    const current = this.current;
    if (current && current.priority < REQUESTED_PRIORITY && !(current.data.matchId === hand.matchId && current.data.handIndex === hand.handIndex) && this.pending)
      this.killChild(new Yielded("a replay asked for another hand"));
    this.wake();
  }

  /** Stops taking jobs and kills the child; the hand in hand goes back to the queue at once, not counted. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting;
    this.killChild(new Error("worker stopped"));
    // Waits for the handler to give its hand back.
    await this.boss?.stop({ graceful: true, close: false, timeout: 10_000 });
    this.boss = null;
    const g = globalThis as WithWorker;
    if (g[globalKey] === this) g[globalKey] = undefined;
  }

  private async connect(): Promise<void> {
    while (!this.stopped) {
      try {
        const boss = await startJobQueue(this.opts.jobDb ?? poolJobDb(getPool()), { maintenanceIntervalSeconds: this.opts.maintenanceIntervalSeconds });
        this.boss = boss;
        const polling = { pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 5, batchSize: 1, includeMetadata: true as const };
        this.workerId = await boss.work<HandJob>(QUEUES.handAnalysis.name, polling, ([job]) => this.handle(job!));
        await boss.work<HandJob>(QUEUES.handAnalysisFailed.name, polling, ([job]) => failAbandonedHand(this.db, job!.data, new Date()));
        this.log.info("analysis worker started");
        return;
      } catch (err) {
        this.log.error({ err }, `analysis worker cannot start; trying again in ${RESTART_DELAY_MS / 1000} s`);
        await this.boss?.stop({ graceful: false, close: false }).catch(() => undefined);
        this.boss = null;
        await new Promise((r) => setTimeout(r, RESTART_DELAY_MS).unref());
      }
    }
  }

  /** One job: solve its hand and store the outcome. Throwing fails the job, which pg-boss retries until its limit. */
  private async handle(job: Job): Promise<void> {
    const hand = job.data;
    const where = { matchId: hand.matchId, handIndex: hand.handIndex };
    const taken = await takeHand(this.db, hand, job.retryCount);
    if (!taken) return; // done, failed, or another job holds it
    const match = await this.recordOf(hand);
    if (!match) {
      // Queued in play and never stored: the table was abandoned, and nobody can ask for the hand.
      if (hand.tableId) await dropHand(this.db, hand);
      else await finishHand(this.db, hand, { error: "the match is gone" }, new Date());
      return;
    }
    this.current = job;
    // One progress write at a time, the newest waiting (each holds the whole analysis so far); a write
    // arriving after the hand is finished or given back changes nothing (handProgress: only while held).
    let writing: Promise<void> | null = null;
    let next: AnalysisProgress | null = null;
    const write = (p: AnalysisProgress) => {
      if (writing) return void (next = p);
      writing = handProgress(this.db, hand, p.progress)
        .catch((err: unknown) => this.log.warn({ ...where, err }, "could not store the analysis so far"))
        .finally(() => {
          writing = null;
          const n = next;
          next = null;
          if (n) write(n);
        });
    };
    const answer = await this.solve({ id: this.nextJobId++, record: match.record, handIndex: hand.handIndex, timeCapMs: this.timeCapMs, progressMs: this.opts.progressIntervalMs ?? PROGRESS_INTERVAL_MS }, write).finally(() => {
      this.current = null;
    });
    next = null;
    await writing;
    if (this.stopped || answer instanceof Yielded) {
      await releaseHand(this.db, hand, taken.attempts, job.priority);
      this.log.info(where, this.stopped ? "stopping: hand given back to the queue" : "a replay asked for another hand: this one goes back to the queue");
      return;
    }
    if (answer instanceof Error) {
      // The child died under this hand: retried by the queue, so a hand that kills it fails in the end.
      if (job.retryCount >= job.retryLimit) {
        await finishHand(this.db, hand, { error: `${answer.message} (${taken.attempts} attempts)` }, new Date());
        this.log.error({ ...where, err: answer, attempts: taken.attempts }, "analysis failed: out of attempts");
      } else {
        await handWaitsAgain(this.db, hand);
        this.log.warn({ ...where, err: answer, attempts: taken.attempts }, "analysis process died; the hand will be tried again");
      }
      throw answer;
    }
    await finishHand(this.db, hand, answer.ok ? { result: answer.analysis, solveMs: answer.solveMs } : { error: answer.error }, new Date());
    if (answer.ok) this.log.info({ ...where, solveMs: Math.round(answer.solveMs) }, "hand analysed");
    else this.log.error({ ...where, error: answer.error }, "analysis failed");
  }

  /**
   * The game record `hand` is in: the stored match's, or for a hand that ended while its match goes on,
   * the record so far from the table's stored actions. Read stored, in play, then stored again: a match
   * stored between the first two reads (its table no longer in play) is found by the third.
   */
  private async recordOf(hand: HandJob): Promise<{ record: unknown } | null> {
    const stored = () => findMatchRecord(this.db, hand.matchId);
    if (!hand.tableId) return stored();
    return (await stored()) ?? (await recordInPlay(this.db, hand.tableId, hand.matchId).then((record) => record && { record })) ?? (await stored());
  }

  /** Sends a job to the child (started on first use) and waits for its answer; an Error when the child ends first or overruns. */
  private solve(job: AnalysisJob, progress: (p: AnalysisProgress) => void): Promise<AnalysisAnswer | Error> {
    const child = this.ensureChild();
    return new Promise((resolve) => {
      // The solver stops itself at the cap; past it with time to spare, the child is stuck.
      const overrun = setTimeout(() => this.killChild(new Error("the analysis overran its time cap")), job.timeCapMs + this.overrunGraceMs);
      this.pending = {
        id: job.id,
        settle: (a) => {
          clearTimeout(overrun);
          this.pending = null;
          resolve(a);
        },
        progress,
      };
      if (this.stopped) this.killChild(new Error("worker stopped"));
      else child.send(job);
    });
  }

  private ensureChild(): ChildProcess {
    if (this.child) return this.child;
    const child = forkTs("src/server/modules/history/analysis-worker.ts", { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    try {
      if (child.pid !== undefined) setPriority(child.pid, this.opts.nice ?? 19);
    } catch {
      // Not allowed here: it still runs, at normal priority.
    }
    this.log.info({ childPid: child.pid }, "analysis process started");
    child.on("message", (m: AnalysisAnswer | AnalysisProgress) => {
      if (!this.pending || m.id !== this.pending.id) return;
      if ("progress" in m) this.pending.progress(m);
      else this.pending.settle(m);
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
