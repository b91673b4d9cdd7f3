/**
 * tRPC set-up: the context every procedure receives, the procedure builders
 * (publicProcedure, protectedProcedure) and the one error formatter.
 *
 * Error shape seen by the client (`TRPCClientError.data`):
 *   code       tRPC code ("BAD_REQUEST", "CONFLICT", "UNAUTHORIZED", …)
 *   appCode    stable, translatable code (see errors.ts), e.g. "EMAIL_TAKEN"
 *   params     values for the translated message, e.g. { minutes: 12 }, or null
 *   issues     for invalid input: [{ path: "email", code: "invalid_format", message, minimum?, maximum? }], or null
 *              (text with control characters: code "custom", message "field.unsafeText")
 *   httpStatus, path  (as tRPC sends them)
 *
 * An unexpected error (INTERNAL_SERVER_ERROR without a service error) is
 * logged in full with a correlation id; in production the client only gets a
 * generic message, appCode INTERNAL_SERVER_ERROR and params { ref: <id> }.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import type { Db } from "@/server/db";
import type { Locale } from "@/generated/prisma/enums";
import type { SessionUser } from "@/server/auth/session";
import { AppError, newErrorRef } from "./errors";
import { log } from "@/server/log";

export type { SessionUser };

export type Context = {
  db: Db;
  /** The signed-in user, freshly read from the database; null for visitors. */
  user: SessionUser | null;
  /** The signed-in request's server-side session (src/server/auth/sessions.ts); absent or null otherwise. */
  sessionId?: string | null;
  /** The locale to answer in (profile, then cookie, then browser). */
  locale: Locale;
  /** Client IP as best known (for rate limiting). */
  ip: string;
};

export type InputIssue = { path: string; code: string; message: string; minimum?: number; maximum?: number };

function issuesOf(cause: unknown): InputIssue[] | null {
  if (!(cause instanceof ZodError)) return null;
  return cause.issues.map((issue) => {
    const bounds = issue as { minimum?: unknown; maximum?: unknown };
    return {
      path: issue.path.map(String).join("."),
      code: issue.code,
      message: issue.message,
      ...(typeof bounds.minimum === "number" ? { minimum: bounds.minimum } : {}),
      ...(typeof bounds.maximum === "number" ? { maximum: bounds.maximum } : {}),
    };
  });
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error, path }) {
    const appError = error.cause instanceof AppError ? error.cause.error : null;
    if (error.code === "INTERNAL_SERVER_ERROR" && !appError) {
      const ref = newErrorRef();
      log.error({ err: error.cause ?? error, ref, path }, "internal error in a tRPC call");
      if (process.env.NODE_ENV === "production") {
        return {
          code: shape.code,
          message: `Internal error (reference ${ref}).`,
          data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, appCode: "INTERNAL_SERVER_ERROR", params: { ref }, issues: null },
        };
      }
      return { ...shape, data: { ...shape.data, appCode: "INTERNAL_SERVER_ERROR", params: { ref }, issues: null } };
    }
    return {
      ...shape,
      data: {
        ...shape.data,
        appCode: appError?.code ?? error.code,
        params: appError?.params ?? null,
        issues: issuesOf(error.cause),
      },
    };
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;
export const middleware = t.middleware;

export const publicProcedure = t.procedure;

/** Requires a signed-in user; `ctx.user` is then non-null. */
export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) {
    throw new TRPCError({
      code: "UNAUTHORIZED",
      message: "You must be logged in to do this.",
      cause: new AppError({ code: "UNAUTHORIZED", status: "UNAUTHORIZED", message: "You must be logged in to do this." }),
    });
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});
