/**
 * tRPC set-up: the context every procedure receives, the procedure builders
 * (publicProcedure, protectedProcedure) and the one error formatter.
 *
 * Error shape seen by the client (`TRPCClientError.data`):
 *   code       tRPC code ("BAD_REQUEST", "CONFLICT", "UNAUTHORIZED", …)
 *   appCode    stable, translatable code (see errors.ts), e.g. "EMAIL_TAKEN"
 *   params     values for the translated message, e.g. { minutes: 12 }, or null
 *   issues     for invalid input: [{ path: "email", code: "invalid_format", message, minimum?, maximum? }], or null
 *   httpStatus, path  (as tRPC sends them)
 */
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import type { Db } from "@/server/db";
import type { Locale } from "@/generated/prisma/enums";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "./errors";

export type { SessionUser };

export type Context = {
  db: Db;
  /** The signed-in user, freshly read from the database; null for visitors. */
  user: SessionUser | null;
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
  errorFormatter({ shape, error }) {
    const appError = error.cause instanceof AppError ? error.cause.error : null;
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
