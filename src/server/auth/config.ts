/**
 * Auth.js (next-auth v5) set-up: email + password credentials; the session
 * cookie is an encrypted JWT carrying the user id and a server-side session
 * id (sessions.ts), which logout deletes. The password check, the login limits
 * and the session's start live in the accounts service (logIn).
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getDb } from "@/server/db";
import { clientIpFromHeaders } from "./ip";
import { endSession, resolveSession, SESSION_LIFETIME_S } from "./sessions";
import { loginInput } from "@/server/modules/accounts/schema";
import { logIn } from "@/server/modules/accounts/service";

declare module "next-auth" {
  /** What `authorize` hands the jwt callback: the server-side session the login started. */
  interface User {
    sid?: string;
  }
}

export type LoginErrorCode = "INVALID_CREDENTIALS" | "TOO_MANY_REQUESTS" | "BAD_REQUEST";

/** Thrown from `authorize`; Auth.js hands it back unchanged to `signIn`'s caller. */
export class LoginError extends CredentialsSignin {
  constructor(
    readonly errorCode: LoginErrorCode,
    readonly minutes?: number,
  ) {
    super(errorCode);
    this.code = errorCode;
  }
}


export const { auth, handlers, signIn, signOut } = NextAuth({
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_LIFETIME_S },
  pages: { signIn: "/login" },
  providers: [
    Credentials({
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(raw, request) {
        const input = loginInput.safeParse(raw);
        if (!input.success) throw new LoginError("BAD_REQUEST");
        const result = await logIn(getDb(), input.data, clientIpFromHeaders(request.headers));
        if (!result.ok) {
          const minutes = result.error.params?.minutes;
          throw new LoginError(
            result.error.code === "TOO_MANY_REQUESTS" ? "TOO_MANY_REQUESTS" : "INVALID_CREDENTIALS",
            typeof minutes === "number" ? minutes : undefined,
          );
        }
        return { id: result.value.id, name: result.value.displayName, sid: result.value.sessionId };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      // Only at sign-in: the server-side session the login started, whose id the cookie carries.
      if (user?.id) {
        if (typeof user.sid !== "string") return null;
        token.sub = user.id;
        token.sid = user.sid;
        return token;
      }
      // Every later read (GET /api/auth/session, auth()): only while the server-side session lives.
      if (typeof token.sid !== "string" || typeof token.sub !== "string") return null;
      return (await resolveSession(getDb(), token.sid, token.sub)) ? token : null;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
  events: {
    async signOut(message) {
      const sid = "token" in message ? message.token?.sid : undefined;
      if (typeof sid === "string") await endSession(getDb(), sid);
    },
  },
  logger: {
    // A wrong password is an expected outcome, not an error worth a stack trace.
    error(error) {
      if (error instanceof CredentialsSignin) return;
      console.error("[auth]", error);
    },
  },
});
