/**
 * The answer to a client message that failed unexpectedly: the full error
 * goes to the server's log under a short reference; the client gets only the
 * code "table/internal", a generic message and that reference.
 */
import type { Ack } from "@/protocol";
import { newErrorRef } from "@/server/api/errors";
import { log } from "@/server/log";

export function internalAck(error: unknown, what: string): Ack {
  const ref = newErrorRef();
  log.error({ err: error, ref }, what);
  return { ok: false, error: { code: "table/internal", message: `Internal error (reference ${ref}).`, ref } };
}
