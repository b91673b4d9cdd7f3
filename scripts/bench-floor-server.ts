/**
 * The server of `npm run bench:tables -- --floor` (not run on its own): the
 * least a person's action can cost on this machine with the live tables'
 * rule that an action is stored before anyone hears of it. Each "act" is one
 * durable INSERT (a prepared statement, committed), then one message to
 * each socket that joined its table; no rules engine, no rooms, no
 * snapshots or deltas. Prints "listening PORT" once it listens.
 * DATABASE_URL names a database holding the floor_event table.
 */
import { createServer } from "node:http";
import pg from "pg";
import { Server, type Socket } from "socket.io";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
const http = createServer();
const io = new Server(http, { path: "/socket.io", maxHttpBufferSize: 64 * 1024 });
const tables = new Map<number, Set<Socket>>();

io.on("connection", (socket) => {
  socket.on("join", (table: number, ack: () => void) => {
    const members = tables.get(table) ?? new Set<Socket>();
    members.add(socket);
    tables.set(table, members);
    ack();
  });
  socket.on("act", (msg: { table: number; seq: number }, ack: (ok: boolean) => void) => {
    pool
      .query({ name: "floor_append", text: "INSERT INTO floor_event (table_no, seq) VALUES ($1, $2)", values: [msg.table, msg.seq] })
      .then(() => {
        for (const member of tables.get(msg.table) ?? []) member.emit("update", msg.seq);
        ack(true);
      })
      .catch(() => ack(false));
  });
  socket.on("disconnect", () => tables.forEach((members) => members.delete(socket)));
});

http.listen(0, "127.0.0.1", () => {
  const address = http.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGINT", () => {
  void io.close();
  void pool.end().finally(() => process.exit(0));
});
