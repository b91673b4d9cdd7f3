/**
 * The embedded PostgreSQL used when DATABASE_URL is unset: PGlite (Postgres
 * compiled to wasm) with its data in ./.data/pglite, served on a local TCP
 * port so that the Prisma CLI and the pg driver reach it like any server.
 *
 * All connections share one PGlite backend, so clients must use a pool of one
 * connection and only one process may write at a time (migrate before the app).
 */
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { markEmbeddedDb } from "./db";

export const EMBEDDED_DEFAULT_PORT = 54329;

export type EmbeddedDb = { url: string; port: number; stop: () => Promise<void> };

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

function anyFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startEmbeddedDb(dataDir: string, preferredPort = EMBEDDED_DEFAULT_PORT): Promise<EmbeddedDb> {
  const host = "127.0.0.1";
  // PGlite does not create missing parent folders.
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  const port = (await portIsFree(preferredPort, host)) ? preferredPort : await anyFreePort(host);
  const server = new PGLiteSocketServer({ db, host, port, maxConnections: 10 });
  await server.start();
  const url = `postgresql://postgres:postgres@${host}:${port}/postgres`;
  markEmbeddedDb(true);
  return {
    url,
    port,
    stop: async () => {
      markEmbeddedDb(false);
      await server.stop();
      await db.close();
    },
  };
}
