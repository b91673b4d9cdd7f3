/**
 * A TCP proxy between a server process and PostgreSQL, for the chaos tests
 * and benchmark: `cut()` destroys every connection through it and refuses new
 * ones (as an unreachable database does), `restore()` lets them through
 * again; the real database keeps running all along.
 */
import { createServer, connect, type Server, type Socket } from "node:net";

export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private down = false;
  /** Connections refused or destroyed while cut. */
  refused = 0;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    let proxy: TcpProxy | null = null;
    const server = createServer((client) => proxy!.accept(client, targetHost, targetPort));
    const port = await new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const a = server.address();
        resolve(typeof a === "object" && a ? a.port : 0);
      });
    });
    proxy = new TcpProxy(server, port);
    return proxy;
  }

  /** The URL of `databaseUrl` with its host and port replaced by this proxy's. */
  urlFor(databaseUrl: string): string {
    const u = new URL(databaseUrl);
    u.hostname = "127.0.0.1";
    u.port = String(this.port);
    return u.toString();
  }

  private accept(client: Socket, host: string, port: number): void {
    if (this.down) {
      this.refused++;
      client.destroy();
      return;
    }
    const upstream = connect(port, host);
    this.sockets.add(client);
    this.sockets.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** The database becomes unreachable: every connection is dropped, new ones are refused. */
  cut(): void {
    this.down = true;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
