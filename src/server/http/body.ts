/**
 * Request bodies read with a cap, for route handlers (the guard refuses a
 * declared Content-Length over the limit; a chunked body has none, so it is
 * counted here as it arrives and reading stops at the limit).
 */
export class BodyTooLarge extends Error {
  constructor() {
    super("The request body is too large.");
  }
}

export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > limit) throw new BodyTooLarge();
  if (!req.body) return null;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

export const payloadTooLarge = () =>
  Response.json({ error: { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." } }, { status: 413 });

/** The same request with its body read under `limit` (413 response when over). */
export async function withBodyLimit(req: Request, limit: number): Promise<Request | Response> {
  if (req.method === "GET" || req.method === "HEAD") return req;
  try {
    const body = await readBodyLimited(req, limit);
    return new Request(req.url, { method: req.method, headers: req.headers, body: body as BodyInit | null, signal: req.signal });
  } catch (error) {
    if (error instanceof BodyTooLarge) return payloadTooLarge();
    throw error;
  }
}
