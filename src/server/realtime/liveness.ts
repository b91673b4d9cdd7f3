/**
 * Which server processes are alive, as PostgreSQL sees them. Each process
 * holds a session advisory lock named after its lease-owner id on a
 * connection of its own for as long as it lives; PostgreSQL drops the lock
 * the moment that connection ends (the process was killed, or lost the
 * database). A table lease whose owner holds no such lock belongs to a
 * process that is gone and is free at once, so a restarted process (which
 * has a new id) takes its tables back without waiting for the leases to run
 * out. The connection is re-established with backoff after any fault.
 *
 * The embedded database has one backend shared by one process: there the
 * store treats every other owner as gone instead (`soleProcess`).
 */
import pg from "pg";
import { log } from "@/server/log";

/** The advisory-lock namespace (first key) of process liveness locks: "WHST". */
export const LIVENESS_LOCK_CLASS = 0x57485354;

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 5000;

export class ProcessLiveness {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private backoff = MIN_BACKOFF_MS;
  private failures = 0;

  constructor(
    private readonly databaseUrl: string,
    readonly owner: string,
  ) {}

  /** Takes the lock once (or schedules retries); resolves either way. */
  async start(): Promise<boolean> {
    return this.connect();
  }

  private async connect(): Promise<boolean> {
    if (this.stopped) return false;
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5000, keepAlive: true });
    // A connection error after connect arrives here (and as "end"); both lead to one reconnect.
    client.on("error", (err) => log.warn({ err: err.message, owner: this.owner }, "liveness connection fault"));
    client.on("end", () => {
      if (this.client === client) {
        this.client = null;
        if (!this.stopped) {
          log.warn({ owner: this.owner }, "liveness connection lost; reconnecting");
          this.scheduleReconnect();
        }
      }
    });
    try {
      await client.connect();
      const res = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok", [LIVENESS_LOCK_CLASS, this.owner]);
      // false only on a hash collision with a live process: this process then merely looks alive through the other.
      if (!res.rows[0]?.ok) log.warn({ owner: this.owner }, "liveness lock shared with another process id");
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return false;
      }
      this.client = client;
      if (this.failures > 0) log.info({ owner: this.owner, failures: this.failures }, "liveness lock taken again");
      this.failures = 0;
      this.backoff = MIN_BACKOFF_MS;
      return true;
    } catch (err) {
      this.failures++;
      log.warn({ err: (err as Error).message, owner: this.owner, failures: this.failures }, "liveness lock not taken; retrying");
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
      return false;
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    const wait = this.backoff;
    this.backoff = Math.min(MAX_BACKOFF_MS, this.backoff * 2);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, wait);
    this.retry.unref?.();
  }

  /** Ends the lock (graceful shutdown, after the leases were released). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
