/**
 * The HTTP side of the server for integration tests, in the test's process:
 * the same request guard as src/server/main.ts in front of the real tRPC and
 * Auth.js route modules (src/app/api/…), plus socket.io with the production
 * live-table wiring. Only Next's page rendering is left out; pages and their
 * CSP are covered by the browser tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { NextRequest } from "next/server";
import { addSocketSecurityHeaders, guardRequest, type GuardOptions } from "./guard";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { registerRealtime } from "@/server/realtime";
import type { TableHub } from "@/server/realtime/lobby";
import { registerSessionSockets } from "@/server/auth/sessions";

export interface TestApp {
  readonly url: string;
  readonly io: Server;
  close(): Promise<void>;
}

function toRequest(req: IncomingMessage, url: string): NextRequest {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new NextRequest(url, {
    method: req.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as ConstructorParameters<typeof NextRequest>[1]);
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  res.writeHead(response.status);
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = `http://${req.headers.host}${req.url}`;
  const path = new URL(url).pathname;
  const request = toRequest(req, url);
  let response: Response;
  if (path.startsWith("/api/trpc/")) response = req.method === "GET" ? await trpcRoute.GET(request) : await trpcRoute.POST(request);
  else if (path.startsWith("/api/auth/")) response = req.method === "GET" ? await authRoute.GET(request) : await authRoute.POST(request);
  else response = new Response("not found", { status: 404 });
  await send(res, response);
}

export async function startTestApp(opts: { trustProxy?: number; realtime?: boolean } = {}): Promise<TestApp> {
  const guard: GuardOptions = { trustProxy: opts.trustProxy ?? 0, allowedOrigins: [] };
  const http = createServer((req, res) => {
    if (guardRequest(req, res, guard)) return;
    route(req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const io = new Server(http, { path: "/socket.io", maxHttpBufferSize: 64 * 1024 });
  addSocketSecurityHeaders(io, guard.trustProxy);
  const hub: TableHub | undefined = opts.realtime ? registerRealtime(io, { botDelayMs: 0 }) : undefined;
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    io,
    close: async () => {
      await (hub as { shutdown?: () => Promise<void> } | undefined)?.shutdown?.();
      registerSessionSockets(undefined);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      http.closeAllConnections();
    },
  };
}
