"use server";
/**
 * Server actions for the login and logout forms.
 *
 *   loginAction(formData)  fields: email, password, redirectTo? (a path, default "/").
 *     Success: sets the session cookie and redirects (never returns).
 *     Failure: returns { ok: false, error, minutes? } where error is
 *       "INVALID_CREDENTIALS" | "TOO_MANY_REQUESTS" (minutes: when to retry) | "BAD_REQUEST".
 *   loginFormAction(previousState, formData)  the same, shaped for React's useActionState.
 *   logoutAction(formData?)  ends the session and redirects to redirectTo (default "/").
 *   logoutEverywhereAction()  ends every session of the signed-in user (all
 *     devices, their open sockets too) and redirects to the login page.
 *
 * Registration is the tRPC mutation accounts.register; log in after it with loginAction.
 */
import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { getDb } from "@/server/db";
import { LoginError, signIn, signOut, type LoginErrorCode } from "./config";
import { getSession } from "./session";
import { endAllSessions } from "./sessions";

export type LoginResult = { ok: false; error: LoginErrorCode; minutes?: number };

/** Only same-site paths: never let a form redirect to another origin. */
function safePath(value: FormDataEntryValue | null | undefined): string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/";
}

export async function loginAction(formData: FormData): Promise<LoginResult> {
  const email = formData.get("email");
  const password = formData.get("password");
  if (typeof email !== "string" || typeof password !== "string" || !email || !password) {
    return { ok: false, error: "BAD_REQUEST" };
  }
  try {
    await signIn("credentials", { email, password, redirectTo: safePath(formData.get("redirectTo")) });
  } catch (error) {
    if (error instanceof LoginError) {
      return { ok: false, error: error.errorCode, ...(error.minutes ? { minutes: error.minutes } : {}) };
    }
    if (error instanceof AuthError) return { ok: false, error: "INVALID_CREDENTIALS" };
    throw error; // the success redirect (NEXT_REDIRECT) and real failures
  }
  return { ok: false, error: "INVALID_CREDENTIALS" };
}

export async function loginFormAction(_previous: LoginResult | null, formData: FormData): Promise<LoginResult> {
  return loginAction(formData);
}

export async function logoutAction(formData?: FormData): Promise<void> {
  await signOut({ redirectTo: safePath(formData?.get("redirectTo")) });
}

export async function logoutEverywhereAction(): Promise<void> {
  const session = await getSession((await headers()).get("cookie"));
  if (session) await endAllSessions(getDb(), session.user.id);
  await signOut({ redirectTo: "/login?loggedOut=everywhere" });
}
