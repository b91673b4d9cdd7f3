/**
 * Deltas: applying the delta between two values to the first (as the browser
 * receives it, through JSON) gives the second, for any JSON values and for
 * every update of real tables played through the room, where each viewer's
 * snapshot built from deltas equals the full snapshot for its seat.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Seat } from "@/engine/types";
import { applyDelta, diff } from "./delta";
import { TableFollower } from "./follower";
import { inlineBots } from "@/server/realtime/bot";
import { TableHub } from "@/server/realtime/lobby";
import { MemoryTableStore } from "@/server/realtime/store";
import { MemoryTransport, type Conn } from "@/server/realtime/transport";
import type { ServerMessage } from "./index";

const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe("deltas", () => {
  it("a delta turns any JSON value into any other (through the wire)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const got = applyDelta(wire(a), wire(diff(a, b)));
        expect(got).toEqual(wire(b));
      }),
      { numRuns: 2000 },
    );
  });

  it("keys an object inherits (valueOf, __proto__) are plain entries to a delta", () => {
    const cases: [unknown, unknown][] = [
      [{ valueOf: 0 }, {}],
      [{}, { toString: "x" }],
      [wire(JSON.parse('{"__proto__": {"a": 1}}')), { b: 2 }],
      [{ b: 2 }, JSON.parse('{"__proto__": {"a": 1}}')],
      [JSON.parse('{"__proto__": 1}'), JSON.parse('{"__proto__": 2}')],
    ];
    for (const [a, b] of cases) {
      const got = applyDelta(wire(a), wire(diff(a, b)));
      expect(JSON.stringify(got)).toBe(JSON.stringify(b));
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    }
  });

  it("a chain of deltas between small mutations ends where the last value is, and leaves every base unchanged", () => {
    const leaf = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(null, "a", "b", true), fc.constant(undefined));
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("v"), { maxLength: 4 }), fc.dictionary(fc.constantFrom("x", "y", "z", "v"), tie("v"), { maxKeys: 3 })),
    })).v;
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 8 }), (chain) => {
        let held = wire({ s: chain[0] });
        for (let i = 1; i < chain.length; i++) {
          const before = JSON.stringify(held);
          const next = applyDelta(held, wire(diff({ s: chain[i - 1] }, { s: chain[i] })));
          expect(JSON.stringify(held)).toBe(before);
          held = next;
        }
        expect(held).toEqual(wire({ s: chain[chain.length - 1] }));
      }),
      { numRuns: 1000 },
    );
  });

  it("over whole matches at random seats, every viewer's snapshot built from deltas equals the full snapshot for its seat", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("classic", "esmakker", "norwegian", "danish"),
        fc.subarray([0, 1, 2, 3] as Seat[], { minLength: 1 }),
        fc.boolean(),
        async (variant, humanSeats, spectate) => {
          const transport = new MemoryTransport();
          const store = new MemoryTableStore();
          const hub = new TableHub({ store, transport, decide: inlineBots("random"), owner: "p1", botDelayMs: 0 });
          const t = await hub.createTable({ variant, options: variant === "classic" ? { target: 1 } : {}, isPrivate: false, createdById: `u${humanSeats[0]}`, turnSeconds: 60, trickPauseMs: 0 });
          const conns: Conn[] = humanSeats.map((s) => ({ id: `c${s}`, user: { id: `u${s}`, name: `P${s}` } }));
          if (spectate) conns.push({ id: "spec", user: null });
          for (const c of conns) expect(await hub.handle(c, { type: "table/open", tableId: t.id })).toEqual({ ok: true });
          for (const s of humanSeats) expect(await hub.handle(conns.find((c) => c.id === `c${s}`)!, { type: "seat/take", tableId: t.id, seat: s })).toEqual({ ok: true });
          for (let s = 0; s < 4; s++) if (!humanSeats.includes(s as Seat)) expect((await hub.handle(conns[0]!, { type: "seat/bot", tableId: t.id, seat: s, on: true })).ok).toBe(true);
          const room = (await hub.room(t.id))!;
          const readers = new Map(conns.map((c) => [c.id, new Reader(t.id)]));
          // People play their first legal action until the match ends (a few hands at most for these options).
          for (let guard = 0; guard < 3000 && room.record.status === "playing"; guard++) {
            for (const c of conns) expect(readers.get(c.id)!.read(transport.received(c.id)).snapshot).toEqual(wire(room.snapshotFor(seatOfConn(c), null, false)));
            const followers = new Map(conns.map((c) => [c.id, readers.get(c.id)!.follower]));
            const turn = room.match?.hand ? room.match.hand.turn : null;
            const mover = conns.find((c) => c.id === `c${turn}`);
            const view = followers.get(mover?.id ?? "")?.snapshot?.view;
            if (mover && view?.hand?.legal.length) await hub.handle(mover, { type: "action", tableId: t.id, seq: room.record.seq, action: view.hand.legal[0]! });
            else await new Promise((r) => setTimeout(r, 1));
            if (room.match?.over) break;
          }
          expect(transport.missed).toBe(0);
          for (const c of conns) {
            const deltas = transport.received(c.id).filter((m) => m.type === "tableDelta").length;
            expect(deltas).toBeGreaterThan(0);
          }
          await hub.shutdown();
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});

const seatOfConn = (c: Conn): Seat | null => (c.user ? (Number(c.id.slice(1)) as Seat) : null);

/** Reads what a connection was sent, as sent, from where it stopped last time. */
class Reader {
  readonly follower: TableFollower;
  private at = 0;
  constructor(tableId: string) {
    this.follower = new TableFollower(tableId);
  }
  read(msgs: readonly ServerMessage[]): TableFollower {
    for (; this.at < msgs.length; this.at++) {
      const m = msgs[this.at]!;
      // MemoryTransport records a delta's result right after it; skip those: this follower makes its own.
      if (m.type === "table" && this.at > 0 && msgs[this.at - 1]!.type === "tableDelta") continue;
      this.follower.receive(m);
    }
    return this.follower;
  }
}
