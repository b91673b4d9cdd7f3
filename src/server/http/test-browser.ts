/**
 * A minimal cookie-keeping HTTP client for the integration tests: logs in
 * through Auth.js's real endpoints (CSRF token, credentials callback,
 * sign-out) and calls tRPC procedures with the cookies it holds.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    /** Sent as X-Forwarded-For on every request (what a client or a proxy claims). */
    public forwardedFor?: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (this.forwardedFor) headers["x-forwarded-for"] = this.forwardedFor;
    const res = await fetch(this.baseUrl + path, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  private async csrf(): Promise<string> {
    const res = await this.fetch("/api/auth/csrf");
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  /** Logs in with Auth.js's credentials callback; "ok" or the error code Auth.js redirected with. */
  async login(email: string, password: string): Promise<string> {
    const csrfToken = await this.csrf();
    const res = await this.fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl: "/" }).toString(),
    });
    const location = res.headers.get("location") ?? "";
    if (location.includes("error=")) return new URL(location, this.baseUrl).searchParams.get("code") ?? "error";
    return this.sessionCookie() ? "ok" : `status ${res.status}`;
  }

  async logout(): Promise<Response> {
    const csrfToken = await this.csrf();
    return this.fetch("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: "/" }).toString(),
    });
  }

  /** The session cookie as a Cookie header (to replay it later), or null. */
  sessionCookie(): string | null {
    const value = this.cookies.get("authjs.session-token");
    return value ? `authjs.session-token=${value}` : null;
  }

  async query(procedure: string, input?: unknown, headers: Record<string, string> = {}) {
    const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    return trpcResult(await this.fetch(`/api/trpc/${procedure}${qs}`, { headers }));
  }

  async mutate(procedure: string, input?: unknown, headers: Record<string, string> = {}) {
    return trpcResult(
      await this.fetch(`/api/trpc/${procedure}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(input === undefined ? {} : { json: input }),
      }),
    );
  }
}

export type TrpcErrorData = { code: string; appCode: string; params: Record<string, unknown> | null; issues: { path: string; code: string; message: string }[] | null };

async function trpcResult(res: Response) {
  const text = await res.text();
  let body: { result?: { data: { json: unknown } }; error?: { json: { message: string; data: TrpcErrorData } } } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, data: body?.result?.data.json, error: body?.error?.json, text };
}
