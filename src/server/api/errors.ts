/**
 * Expected failures of services, as values. A service returns
 * `ServiceResult<T>`; the router turns a failure into a TRPCError with `unwrap`,
 * and the one error formatter (trpc.ts) exposes its stable code to the client.
 *
 * Stable codes (the UI translates them; src/i18n/messages/<locale>/errors.json):
 * EMAIL_TAKEN, INVALID_CREDENTIALS, TOO_MANY_REQUESTS (params.minutes),
 * UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, BAD_REQUEST, INTERNAL_SERVER_ERROR.
 * Modules may add their own, in the same SCREAMING_SNAKE style.
 */
import { randomBytes } from "node:crypto";
import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

export type ServiceError = {
  /** Stable, translatable code. */
  readonly code: string;
  /** The transport status it maps to. */
  readonly status: TRPC_ERROR_CODE_KEY;
  /** English text for logs and developers; the UI shows its own translation. */
  readonly message: string;
  /** Values for the translated message, e.g. { minutes: 12 }. */
  readonly params?: Readonly<Record<string, string | number>>;
};

export type ServiceResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ServiceError };

export const success = <T>(value: T): ServiceResult<T> => ({ ok: true, value });
export const failure = (error: ServiceError): ServiceResult<never> => ({ ok: false, error });

/** Carries a ServiceError as the cause of a TRPCError. */
export class AppError extends Error {
  constructor(readonly error: ServiceError) {
    super(error.message);
    this.name = "AppError";
  }
}

export function toTRPCError(error: ServiceError): TRPCError {
  return new TRPCError({ code: error.status, message: error.message, cause: new AppError(error) });
}

/** The value of a successful result; otherwise throws the matching TRPCError. */
export function unwrap<T>(result: ServiceResult<T>): T {
  if (result.ok) return result.value;
  throw toTRPCError(result.error);
}

/** A short id tying an error the client saw to the full entry in the server's log. */
export const newErrorRef = (): string => randomBytes(5).toString("hex");
