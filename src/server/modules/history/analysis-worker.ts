/**
 * The analysis process (started by analysis-queue.ts at the lowest CPU
 * priority, so live tables always come first): receives one hand at a time
 * as { id, record, handIndex, timeCapMs, progressMs }, analyses it double
 * dummy and answers { id, ok, analysis | error, solveMs }; while a hand takes
 * long it also sends { id, progress } (the analysis so far) at most every
 * progressMs, so a waiting replay can show the cards done. It stays up
 * between hands, so the solver's table is allocated once. A solve is
 * synchronous and can take minutes, which is why it runs in a process of its
 * own. Started through src/server/ts-worker.ts (forkTs), whose boot file also
 * makes it die with its parent even in the middle of a solve.
 */
import { z } from "zod";
import { parseRecord } from "@/engine";
import { analyzeRecordHand, type HandAnalysis } from "@/bots/analysis";

const jobSchema = z.object({ id: z.number().int(), record: z.unknown(), handIndex: z.number().int().min(0), timeCapMs: z.number().positive(), progressMs: z.number().min(0) });

export type AnalysisJob = z.infer<typeof jobSchema>;
export type AnalysisAnswer = { id: number; ok: true; analysis: unknown; solveMs: number } | { id: number; ok: false; error: string };
/** The analysis so far of the hand in hand (sent while it is solved). */
export type AnalysisProgress = { id: number; progress: HandAnalysis };

const answer = (a: AnalysisAnswer) => process.send!(a);

process.on("message", (message: unknown) => {
  const job = jobSchema.safeParse(message);
  if (!job.success) return;
  const { id, record, handIndex, timeCapMs, progressMs } = job.data;
  try {
    const parsed = parseRecord(record);
    if (!parsed.ok) return answer({ id, ok: false, error: `stored record is invalid: ${parsed.error.message}` });
    const started = performance.now();
    let reported = started;
    // The solve is synchronous: a message sent from inside it still leaves at once (an IPC write is tried at once).
    const onProgress = (soFar: () => HandAnalysis) => {
      const now = performance.now();
      if (now - reported < progressMs) return;
      reported = now;
      process.send!({ id, progress: soFar() } satisfies AnalysisProgress);
    };
    const result = analyzeRecordHand(parsed.value, handIndex, { deadline: started + timeCapMs, onProgress });
    if (!result.ok) return answer({ id, ok: false, error: result.error.message });
    answer({ id, ok: true, analysis: result.value, solveMs: performance.now() - started });
  } catch (e) {
    answer({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
// Nothing else keeps the process up: it ends with its parent.
process.on("disconnect", () => process.exit(0));

