/**
 * Tables under faults, for the chaos suite (chaos.test.ts) and its benchmark
 * (scripts/bench-chaos.ts): opens tables of people (four socket clients
 * playing), of computer players only, and of one person with three computer
 * players on a live server process; watches their progress in the database;
 * and checks each one after the faults: its log gapless, its stored record
 * identical to an uninterrupted replay, every action a client had accepted
 * stored once at its version, nothing stored that no client sent.
 */
import { isDeepStrictEqual } from "node:util";
import type { Seat } from "@/engine/types";
import type { Db } from "@/server/db";
import { PrismaTableStore } from "./prisma-store";
import { LiveClient } from "./test-client";
import { replayActions } from "./test-server";

export type ChaosKind = "people" | "computers" | "mixed";

export interface ChaosTable {
  readonly id: string;
  readonly kind: ChaosKind;
  /** The clients playing, each at the seat of its index in `seats`. */
  readonly players: LiveClient[];
  readonly seats: Seat[];
}

const ok = (what: string, ack: { ok: boolean; error?: { code: string } }) => {
  if (!ack.ok) throw new Error(`${what}: ${ack.error?.code}`);
};

/** One table of `kind` on the server at `url`, started and playing; classic whist, by default to 1 point (one or two hands). */
export async function openChaosTable(
  db: Db,
  url: string,
  cookies: readonly string[],
  userId: string,
  kind: ChaosKind,
  clients: LiveClient[],
  options: Record<string, unknown> = { target: 1 },
): Promise<ChaosTable> {
  const t = await new PrismaTableStore(db).createTable({ variant: "classic", options, isPrivate: false, createdById: userId, turnSeconds: 600 }, Date.now());
  const client = (cookie: string) => {
    const c = new LiveClient(url, cookie);
    c.ackTimeoutMs = 60_000; // an action is answered once stored, which a database outage delays
    c.minActionGapMs = 450; // about a person's pace: the tables are still mid-hand when the faults come
    clients.push(c);
    return c;
  };
  const humans = kind === "people" ? t.seats.length : kind === "mixed" ? 1 : 0;
  const players = cookies.slice(0, Math.max(humans, 1)).map(client);
  for (const c of players) ok("open", await c.open(t.id));
  for (let seat = humans; seat < t.seats.length; seat++) ok("seat/bot", await players[0]!.send({ type: "seat/bot", tableId: t.id, seat, on: true, level: "easy" }));
  for (let seat = 0; seat < humans; seat++) ok("seat/take", await players[seat]!.takeSeat(t.id, seat));
  const seated = players.slice(0, humans);
  if (humans === 0) players[0]!.close(); // nobody stays at a computers' table
  for (const c of seated) c.play();
  return { id: t.id, kind, players: seated, seats: seated.map((_, i) => i as Seat) };
}

export async function tableStates(db: Db, tables: readonly ChaosTable[]): Promise<Map<string, { seq: number; status: string }>> {
  const rows = await db.table.findMany({ where: { id: { in: tables.map((t) => t.id) } }, select: { id: true, seq: true, status: true } });
  return new Map(rows.map((r) => [r.id, { seq: r.seq, status: r.status }]));
}

/** Polls until `cond` holds or `ms` pass; true when it held. */
export async function eventually(cond: () => Promise<boolean>, ms: number, stepMs = 50): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await cond()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

export interface TableCheck {
  readonly finished: boolean;
  readonly gapless: boolean;
  /** Match rows stored for the table (exactly 1 once finished). */
  readonly recorded: number;
  readonly identicalToReplay: boolean;
  /** Actions a client had accepted that are not stored at their version. */
  readonly lost: number;
  /** Stored people's actions that no client sent at that version, and extra Match rows. */
  readonly duplicated: number;
}

export async function checkTable(db: Db, t: ChaosTable): Promise<TableCheck> {
  const row = await db.table.findUniqueOrThrow({ where: { id: t.id } });
  const events = await db.tableEvent.findMany({ where: { tableId: t.id }, orderBy: { seq: "asc" } });
  const matches = await db.match.findMany({ where: { tableId: t.id } });
  const gapless = events.every((e, i) => e.seq === i + 1) && row.seq === events.length;
  let identicalToReplay = false;
  if (matches.length === 1 && gapless) {
    const names = (row.seats as { name: string }[]).map((s) => s.name);
    const { state, record } = replayActions(row.variant, row.options, row.seed!, names, events.map((e) => ({ seat: e.seat, action: e.action })));
    identicalToReplay = state.over && isDeepStrictEqual(JSON.parse(JSON.stringify(matches[0]!.record)), JSON.parse(JSON.stringify(record)));
  }
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  let lost = 0;
  const sent = new Map<number, unknown[]>();
  t.players.forEach((c, i) => {
    for (const a of c.accepted) {
      const e = bySeq.get(a.seq + 1);
      if (!e || e.seat !== t.seats[i] || !isDeepStrictEqual(e.action, JSON.parse(JSON.stringify(a.action)))) lost++;
    }
    for (const a of [...c.accepted, ...c.unanswered]) sent.set(a.seq + 1, [...(sent.get(a.seq + 1) ?? []), JSON.parse(JSON.stringify(a.action))]);
  });
  const humanSeats = new Set<number>(t.seats);
  const unsent = events.filter((e) => humanSeats.has(e.seat) && !e.byBot && !(sent.get(e.seq) ?? []).some((a) => isDeepStrictEqual(a, e.action))).length;
  return { finished: row.status === "finished", gapless, recorded: matches.length, identicalToReplay, lost, duplicated: unsent + Math.max(0, matches.length - 1) };
}
