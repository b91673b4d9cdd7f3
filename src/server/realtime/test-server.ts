/**
 * Live-table server processes for the integration tests and the load
 * benchmark: starts standalone.ts as a child process (which can be killed),
 * waits for it to listen, and stops it; plus short match options and the
 * replay of a stored action log, used to check finished matches.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createMatch, apply, buildRecord, getVariant, type MatchState } from "@/engine";
import type { Seat } from "@/engine/types";

export interface LiveServer {
  readonly proc: ChildProcess;
  readonly url: string;
  readonly port: number;
  /** Everything the process wrote to stdout and stderr so far (its structured log lines among it). */
  output(): string;
}

/** Compiles the server as production runs it (scripts/build-server.mjs), for `startLiveServer(…, { compiled: true })`. */
export function buildServer(): void {
  const r = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("scripts/build-server.mjs failed");
}

/**
 * Starts one server process; `env` adds to (or, with "", clears) the inherited environment; `nodeArgs` go to node
 * (e.g. --cpu-prof). `compiled`: the bundle of buildServer() (as production runs), else the TypeScript through tsx;
 * `script`: another TypeScript entry that prints "listening PORT" (the benchmark's floor server).
 */
export function startLiveServer(env: Record<string, string>, nodeArgs: readonly string[] = [], opts: { compiled?: boolean; script?: string } = {}): Promise<LiveServer> {
  const entry = opts.compiled ? [".server-build/src/server/realtime/standalone.mjs"] : ["--import", "tsx", opts.script ?? "src/server/realtime/standalone.ts"];
  const proc = spawn(process.execPath, [...nodeArgs, ...entry], {
    env: { ...process.env, LIVE_PORT: "0", PORT: "3000", BOT_DELAY_MS: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  // Errors still reach the test's own output; the structured log lines (stdout) are only kept.
  proc.stderr!.on("data", (d: Buffer) => {
    out += d.toString();
    process.stderr.write(d);
  });
  return new Promise((resolve, reject) => {
    proc.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ proc, url: `http://127.0.0.1:${m[1]}`, port: Number(m[1]), output: () => out });
    });
    proc.on("exit", (code) => reject(new Error(`server exited (${code}): ${out.slice(-2000)}`)));
  });
}

/** The structured (JSON) log lines a server process wrote. */
export function logLines(s: LiveServer): Record<string, unknown>[] {
  return s
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

export const stopLiveServer = (s: LiveServer, signal: NodeJS.Signals = "SIGTERM") =>
  new Promise<void>((resolve) => {
    if (s.proc.exitCode !== null || s.proc.signalCode !== null) return resolve();
    s.proc.once("exit", () => resolve());
    s.proc.kill(signal);
  });

/** Short matches: 4 deals or a target of 2 (within each option's limits). */
export function shortOptions(variant: string): Record<string, unknown> {
  const fields = getVariant(variant)!.optionFields;
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.key === "deals") out.deals = Math.max(f.min ?? 4, 4);
    if (f.key === "target") out.target = Math.max(f.min ?? 2, 2);
  }
  return out;
}

/** Replays a stored action log from scratch, as if the match had never been interrupted, and builds its record. */
export function replayActions(variant: string, options: unknown, seed: string, names: string[], actions: { seat: number; action: unknown }[]) {
  const setup = { variant, options, seed, seats: names.map((name) => ({ name })) };
  const created = createMatch(setup);
  if (!created.ok) throw new Error(created.error.message);
  let state: MatchState = created.value;
  for (const a of actions) {
    const s = apply(state, a.seat as Seat, a.action as never);
    if (!s.ok) throw new Error(s.error.code);
    state = s.state;
  }
  const record = buildRecord(setup, actions as never, state);
  if (!record.ok) throw new Error(record.error.message);
  return { setup, state, record: record.value };
}
