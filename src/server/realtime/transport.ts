/**
 * The transport seen by table rooms and the lobby: connections identified by
 * id, each with its authenticated user (or none), and a way to send one
 * message to one connection. socket.ts adapts socket.io to it; tests use
 * MemoryTransport, which records what each connection received.
 */
import type { ServerMessage } from "@/protocol";

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
  send(connId: string, msg: ServerMessage): void {
    // Round-trip through JSON as a real socket would, so nothing shares objects with the server.
    const copy = JSON.parse(JSON.stringify(msg)) as ServerMessage;
    const list = this.inbox.get(connId) ?? [];
    list.push(copy);
    this.inbox.set(connId, list);
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
