/**
 * The transport seen by table rooms and the lobby: connections identified by
 * id, each with its authenticated user (or none), and a way to send one
 * message to one connection. socket.ts adapts socket.io to it; tests use
 * MemoryTransport, which records what each connection received.
 */
import type { ServerMessage } from "@/protocol";
import { TableFollower } from "@/protocol/follower";

export interface ConnUser {
  readonly id: string;
  readonly name: string;
}

export interface Conn {
  readonly id: string;
  readonly user: ConnUser | null;
}

export interface Transport {
  send(connId: string, msg: ServerMessage): void;
}

export class MemoryTransport implements Transport {
  readonly inbox = new Map<string, ServerMessage[]>();
  /** Per connection and table, the snapshot its updates make so far. */
  private readonly followers = new Map<string, TableFollower>();
  /** Deltas that did not follow the connection's snapshot (an update was lost or out of order): should stay 0. */
  missed = 0;
  /**
   * Records what the connection received: each message as sent (round-tripped
   * through JSON as a real socket would, so nothing shares objects with the
   * server) and, after each delta, the snapshot it made as a `table` message.
   */
  send(connId: string, msg: ServerMessage): void {
    const copy = JSON.parse(JSON.stringify(msg)) as ServerMessage;
    const list = this.inbox.get(connId) ?? [];
    list.push(copy);
    this.inbox.set(connId, list);
    const tableId = copy.type === "table" ? copy.table.id : copy.type === "tableDelta" ? copy.tableId : null;
    if (tableId === null) return;
    const key = `${connId} ${tableId}`;
    let follower = this.followers.get(key);
    if (!follower) this.followers.set(key, (follower = new TableFollower(tableId)));
    const { message, resync } = follower.receive(copy);
    if (resync) this.missed++;
    else if (message !== copy) list.push(message);
  }
  received(connId: string): ServerMessage[] {
    return this.inbox.get(connId) ?? [];
  }
  /** The last table snapshot a connection received. */
  lastTable(connId: string) {
    const list = this.received(connId);
    for (let i = list.length - 1; i >= 0; i--) {
      const m = list[i]!;
      if (m.type === "table") return m.table;
    }
    return null;
  }
}
