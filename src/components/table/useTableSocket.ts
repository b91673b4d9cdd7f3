/**
 * The browser end of a live table: one socket.io connection (same origin,
 * session cookie; table-connection.ts), the latest snapshot for this viewer,
 * chat, the last refusal, and whether the table is reconnecting or an action
 * is being saved. Re-opens the table after every reconnect, and retries an
 * open the server cannot serve yet with backoff, so a reload, a dropped
 * connection or a restarted server gets the full view again.
 */
"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { io, type Socket } from "socket.io-client";
import type { Action } from "@/engine/types";
import type { Ack, ChatLine, ClientMessageInput, LobbyFilterInput, ServerMessage, TableSnapshot, TableSummary, WireError } from "@/protocol";
import { CLIENT_EVENT, SERVER_EVENT } from "@/protocol/constants";
import { TableConnection, retryRefusedHandshake, type TableConnectionState } from "./table-connection";

function useSocket(onMessage: (m: ServerMessage) => void, onConnect: (s: Socket) => void) {
  const socketRef = useRef<Socket | null>(null);
  const [connected, setConnected] = useState(false);
  const handlers = useRef({ onMessage, onConnect });
  handlers.current = { onMessage, onConnect };
  useEffect(() => {
    const s = io({ path: "/socket.io", transports: ["websocket"] });
    socketRef.current = s;
    s.on("connect", () => {
      setConnected(true);
      handlers.current.onConnect(s);
    });
    s.on("disconnect", () => setConnected(false));
    s.on(SERVER_EVENT, (m: ServerMessage) => handlers.current.onMessage(m));
    const stopRetry = retryRefusedHandshake(s);
    return () => {
      stopRetry();
      s.close();
    };
  }, []);
  const send = useCallback(async (msg: ClientMessageInput): Promise<Ack> => {
    const s = socketRef.current;
    if (!s?.connected) return { ok: false, error: { code: "table/offline", message: "offline" } };
    try {
      return (await s.timeout(10_000).emitWithAck(CLIENT_EVENT, msg)) as Ack;
    } catch {
      return { ok: false, error: { code: "table/offline", message: "no answer" } };
    }
  }, []);
  return { connected, send };
}

export function useTableSocket(tableId: string, invite: string | undefined) {
  const [table, setTable] = useState<TableSnapshot | null>(null);
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [error, setError] = useState<WireError | null>(null);
  const [state, setState] = useState<TableConnectionState>({ connected: false, reconnecting: false, saving: false });
  /** Seed hashes shown before each hand, by hand index: the "verify deal" check compares against them. */
  const hashes = useRef(new Map<number, string>());
  const seqRef = useRef(-1);
  const connRef = useRef<TableConnection | null>(null);

  useEffect(() => {
    const conn = new TableConnection(tableId, invite, {
      onMessage: (m) => {
        if (m.type === "table" && m.table.id === tableId) {
          setTable((cur) => (cur && cur.seq > m.table.seq ? cur : m.table));
          // A refusal explains the move just tried; once the table moves on it no longer applies.
          if (m.table.seq > seqRef.current) setError(null);
          seqRef.current = Math.max(seqRef.current, m.table.seq);
          if (m.table.handSeedHash && m.table.view) hashes.current.set(m.table.view.handIndex, m.table.handSeedHash);
        } else if (m.type === "chat" && m.tableId === tableId) setChat((c) => [...c.slice(-49), m.line]);
        else if (m.type === "chatHistory" && m.tableId === tableId) setChat(m.lines.slice());
        else if (m.type === "error") setError(m.error);
      },
      onState: setState,
      onOpenRefused: (a) => setError(a.error),
    });
    connRef.current = conn;
    return () => {
      conn.close();
      connRef.current = null;
    };
  }, [tableId, invite]);

  const run = useCallback(async (msg: ClientMessageInput) => {
    const conn = connRef.current;
    const a: Ack = conn ? await (msg.type === "action" ? conn.act(msg) : conn.send(msg)) : { ok: false, error: { code: "table/offline", message: "offline" } };
    setError(a.ok || a.error.code === "table/stale" ? null : a.error);
    return a;
  }, []);

  const act = useCallback(
    (action: Action) => (table ? run({ type: "action", tableId, seq: table.seq, action }) : Promise.resolve<Ack>({ ok: true })),
    [run, table, tableId],
  );

  return { connected: state.connected, reconnecting: state.reconnecting, saving: state.saving, table, chat, error, setError, run, act, hashes: hashes.current };
}

/** One lobby page with filters, kept current by the server; a new filter (or page) is watched instead of the old one. */
export function useLobby(filter: LobbyFilterInput) {
  const [page, setPage] = useState<{ tables: readonly TableSummary[]; nextCursor: string | null } | null>(null);
  const key = JSON.stringify(filter);
  const keyRef = useRef(key);
  keyRef.current = key;
  const { connected, send } = useSocket(
    (m) => {
      if (m.type === "lobby") setPage({ tables: m.tables, nextCursor: m.nextCursor });
    },
    (s) => void s.emit(CLIENT_EVENT, { type: "lobby/watch", filter: JSON.parse(keyRef.current) as LobbyFilterInput }),
  );
  useEffect(() => {
    if (connected) void send({ type: "lobby/watch", filter: JSON.parse(key) as LobbyFilterInput });
  }, [connected, key, send]);
  return { connected, tables: page?.tables ?? null, nextCursor: page?.nextCursor ?? null };
}
