/**
 * Worker-thread side of the hand analysis (analysis.ts): analyses one hand of
 * a game record double dummy and posts the result back. The solve is
 * synchronous and can take seconds, which is why it does not run on the
 * server's event loop.
 */
import { parentPort, workerData } from "node:worker_threads";
import { parseRecord } from "@/engine";
import { analyzeRecordHand } from "@/bots/analysis";

const { record, handIndex, maxHandSize } = (workerData as { data: { record: unknown; handIndex: number; maxHandSize: number } }).data;
const parsed = parseRecord(record);
parentPort!.postMessage(parsed.ok ? analyzeRecordHand(parsed.value, handIndex, { maxHandSize }) : parsed);
