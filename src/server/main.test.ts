/**
 * The server process as an operator runs it (`node --import tsx
 * src/server/main.ts`, development mode, a database of its own reached
 * through a TCP proxy the test can cut): /healthz and /readyz, /readyz
 * answering 503 while PostgreSQL is unreachable and 200 again once it is
 * back; and the analysis child process, busy solving a hand, exiting once
 * its server is killed with SIGKILL (issue 14, test d).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server, Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRecord, playRandomMatch } from "@/engine";
import { createPrismaClient } from "@/server/db";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { createTestDatabase, dropTestDatabase } from "@/server/test/database";

/** A TCP proxy to PostgreSQL; `cut()` drops every connection and refuses new ones until `restore()`. */
function dbProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = new Socket();
    upstream.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port))),
    cut: () => {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface ServerProcess {
  readonly proc: ChildProcess;
  readonly base: string;
  /** Every log line so far (JSON). */
  readonly lines: Record<string, unknown>[];
}

function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, NODE_ENV: "development", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: Record<string, unknown>[] = [];
  return new Promise((resolve, reject) => {
    let buffer = "";
    proc.stdout!.on("data", (d: Buffer) => {
      buffer += d.toString();
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const text = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        try {
          const line = JSON.parse(text) as Record<string, unknown>;
          lines.push(line);
          if (typeof line.msg === "string" && line.msg.startsWith("ready on ")) resolve({ proc, base: `http://127.0.0.1:${line.port}`, lines });
        } catch {
          // Not ours (Next's own output).
        }
      }
    });
    proc.on("exit", (code, signal) => reject(new Error(`server exited (${signal ?? code}) before it was ready`)));
  });
}

/** Waits (polling) until `check` holds; `deadlineMs` only guards against a hang unless the test says otherwise. */
async function until<T>(what: string, check: () => Promise<T | null | undefined | false> | T | null | undefined | false, deadlineMs = 120_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`still waiting after ${deadlineMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether a process still runs (a zombie, exited but not yet reaped, does not). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** CPU time (user + system) a process has used, in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
  // After the command: state is field 3 of stat, utime and stime are fields 14 and 15 (clock ticks, 100 per second).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

let database: { name: string; url: string };
let proxy: ReturnType<typeof dbProxy>;
let direct: pg.Pool;
let server: ServerProcess | undefined;
let slowMatchId: string;
const slowHandStatus = async () =>
  ((await direct.query(`SELECT status FROM "MatchHandAnalysis" WHERE "matchId" = $1`, [slowMatchId])).rows[0] as { status: string } | undefined)?.status;

beforeAll(async () => {
  database = await createTestDatabase("whist_server");
  direct = new pg.Pool({ connectionString: database.url, max: 2 });
  const u = new URL(database.url);
  proxy = dbProxy({ host: u.hostname, port: Number(u.port || 5432) });
  const proxyPort = await proxy.listen();

  // A stored match whose only hand takes the solver over 30 s of CPU: the analysis child is busy with it. (Seed
  // slow-2, over a minute when this test was written, takes 2 s since the solver's later passes: the child
  // could finish it before the test below looks. Re-pick a seed if the solver gets that much faster again.)
  const db = createPrismaClient(database.url, 2);
  const store = new PrismaTableStore(db);
  const user = await db.user.create({ data: { email: "owner@example.test", passwordHash: "x", displayName: "Owner" }, select: { id: true } });
  const table = await store.createTable({ variant: "norwegian", options: {}, isPrivate: false, createdById: user.id, turnSeconds: 30 }, Date.now());
  const setup = { variant: "norwegian", seats: [0, 1, 2, 3].map((k) => ({ name: `P${k}` })), seed: "slow-142" };
  const played = playRandomMatch(setup, "r-slow-142", { maxHands: 1 });
  if (!played.ok) throw new Error(played.error.message);
  const record = buildRecord(setup, played.value.actions, played.value.state);
  if (!record.ok) throw new Error(record.error.message);
  const players = [0, 1, 2, 3].map((i) => ({ kind: "bot" as const, name: `P${i}` }));
  await store.finishMatch({ tableId: table.id, variant: "norwegian", record: record.value, players, scores: played.value.state.scores, finishedAt: Date.now() });
  slowMatchId = (await db.match.findFirstOrThrow({ where: { tableId: table.id }, select: { id: true } })).id;
  await db.$disconnect();

  const proxied = new URL(database.url);
  proxied.port = String(proxyPort);
  server = await startServer({ DATABASE_URL: proxied.toString() });
  // Its worker takes the slow hand before the tests below cut the database: a job fetched while the
  // connection drops stays leased (pg-boss) until its expiry, minutes later.
  await until("the slow hand running", async () => (await slowHandStatus()) === "running");
}, 300_000);

afterAll(async () => {
  if (process.env.DEBUG_SERVER_LOG) for (const l of server?.lines ?? []) if (l.level !== 30 || l.component) console.log(JSON.stringify(l).slice(0, 600));
  if (server && server.proc.exitCode === null && server.proc.signalCode === null) {
    const exited = new Promise((r) => server!.proc.once("exit", r));
    server.proc.kill("SIGKILL");
    await exited;
  }
  await proxy?.close();
  await direct?.end();
  if (database) await dropTestDatabase(database.name);
});

describe("health endpoints", () => {
  it("/healthz: the process is up; /readyz: the database answers and every migration is applied", async () => {
    expect(await get(`${server!.base}/healthz`)).toEqual({ status: 200, body: { ok: true } });
    // Ready once its pool reaches the database (a loaded machine can take a moment after start-up).
    const ready = await until("/readyz 200", async () => {
      const r = await get(`${server!.base}/readyz`);
      return r.status === 200 && r;
    });
    expect(ready.body).toEqual({ ready: true });
  });

  it("/readyz answers 503 while PostgreSQL is unreachable (the proxy cut) and 200 once it is back; /healthz stays 200", async () => {
    proxy.cut();
    try {
      const down = await get(`${server!.base}/readyz`);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ ready: false, reason: "database-unreachable" });
      expect((await get(`${server!.base}/healthz`)).status).toBe(200);
    } finally {
      proxy.restore();
    }
    const back = await until("/readyz 200 after the database came back", async () => {
      const r = await get(`${server!.base}/readyz`);
      return r.status === 200 && r;
    });
    expect(back.body).toEqual({ ready: true });
    // One log line for the fault and one for the recovery.
    expect(server!.lines.filter((l) => l.component === "health").map((l) => l.msg)).toEqual(expect.arrayContaining(["not ready", "ready: database reachable, migrations applied"]));
  }, 120_000);
});

describe("the analysis worker's child process", () => {
  it("exits within 5 s of its server being killed with SIGKILL, even in the middle of a solve", async () => {
    // The server's worker took the slow hand and its child is solving it.
    expect(await slowHandStatus()).toBe("running");
    const started = await until("the analysis child started", () => server!.lines.filter((l) => l.msg === "analysis process started").length > 0 && server!.lines.filter((l) => l.msg === "analysis process started"));
    expect(started).toHaveLength(1);
    const childPid = started[0]!.childPid as number;
    expect(running(childPid)).toBe(true);
    // Past its start-up (about a second of CPU): it is inside the solve, its event loop blocked.
    await until("the child 3 s of CPU into the solve", () => cpuSeconds(childPid) >= 3, 170_000);

    const exited = new Promise((r) => server!.proc.once("exit", r));
    server!.proc.kill("SIGKILL");
    await exited;
    // The condition, waited for: the child is gone within 5 s (its solve alone would run for over 30 s).
    await until(`analysis child ${childPid} to exit`, () => !running(childPid), 5_000);
    expect(running(childPid)).toBe(false);
  }, 240_000);
});
