/**
 * Turns a failed tRPC call into translation keys of the `errors` namespace:
 * one message for the form as a whole and one per invalid field. The server's
 * error shape is documented in src/server/api/trpc.ts (appCode, params, issues).
 */

export type TranslatableMessage = {
  /** Key in the `errors` namespace, e.g. "EMAIL_TAKEN" or "field.tooShort". */
  key: string;
  values?: Record<string, string | number>;
};

export type DescribedError = {
  form: TranslatableMessage;
  fields: Record<string, TranslatableMessage>;
};

import { UNSAFE_TEXT_KEY } from "@/lib/safe-text";

type Issue = { path: string; code: string; message?: string; minimum?: number; maximum?: number; values?: unknown };
type ErrorData = {
  code?: string;
  appCode?: string;
  params?: Record<string, string | number> | null;
  issues?: Issue[] | null;
};

/** Codes the `errors` namespace has a message for (keep in step with errors.json). */
const KNOWN_CODES = new Set([
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "EMAIL_TAKEN",
  "TOO_MANY_REQUESTS",
  "INVALID_CREDENTIALS",
  "BAD_REQUEST",
  "TABLE_QUOTA",
  "TABLE_RATE_LIMITED",
  "TABLE_SEAT_COUNT",
]);

/** One field's zod issue → its message. */
export function describeIssue(issue: Issue & { message?: string }): TranslatableMessage {
  if (issue.message === UNSAFE_TEXT_KEY) return { key: UNSAFE_TEXT_KEY };
  switch (issue.code) {
    case "too_small":
      if (issue.minimum === undefined || issue.minimum <= 1) return { key: "field.required" };
      return { key: "field.tooShort", values: { min: issue.minimum } };
    case "too_big":
      return issue.maximum === undefined ? { key: "field.invalid" } : { key: "field.tooLong", values: { max: issue.maximum } };
    case "invalid_format":
      return { key: issue.path === "email" ? "field.invalidEmail" : "field.invalid" };
    case "invalid_value":
      return { key: issue.path === "locale" ? "field.invalidLocale" : "field.invalid" };
    case "invalid_type":
      return { key: "field.required" };
    default:
      return { key: "field.invalid" };
  }
}

/** The form-level message for a code, with its parameters. */
export function describeCode(code: string | undefined, params?: Record<string, string | number> | null): TranslatableMessage {
  if (code === "TOO_MANY_REQUESTS") {
    const minutes = Number(params?.minutes);
    return Number.isFinite(minutes) && minutes > 0
      ? { key: "TOO_MANY_REQUESTS", values: { minutes } }
      : { key: "TOO_MANY_REQUESTS_SOON" };
  }
  if (code === "INTERNAL_SERVER_ERROR" && typeof params?.ref === "string") return { key: code, values: { ref: params.ref } };
  if (code && KNOWN_CODES.has(code)) return params ? { key: code, values: { ...params } } : { key: code };
  return { key: "generic" };
}

function dataOf(error: unknown): ErrorData | null {
  if (!error || typeof error !== "object") return null;
  const data = (error as { data?: unknown }).data;
  return data && typeof data === "object" ? (data as ErrorData) : null;
}

/** Describes any error thrown by a tRPC call (or the network under it). */
export function describeError(error: unknown): DescribedError {
  const data = dataOf(error);
  if (!data) {
    // No server answer at all: fetch failed before reaching tRPC.
    const isNetwork = error instanceof Error && /fetch|network/i.test(error.message);
    return { form: { key: isNetwork ? "NETWORK" : "generic" }, fields: {} };
  }
  const fields: Record<string, TranslatableMessage> = {};
  for (const issue of data.issues ?? []) {
    // The first issue per field is the one worth fixing first.
    if (issue.path && !fields[issue.path]) fields[issue.path] = describeIssue(issue);
  }
  const code = data.appCode ?? data.code;
  const form = Object.keys(fields).length > 0 && code === "BAD_REQUEST" ? { key: "BAD_REQUEST" } : describeCode(code, data.params);
  return { form, fields };
}
