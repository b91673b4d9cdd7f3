/**
 * Authentication: Auth.js handlers and helpers for pages and route handlers.
 * Server actions for forms: ./actions (loginAction, logoutAction).
 * Outside Next.js (socket.io handshake): import getSessionUser from ./session,
 * which does not load Next.js.
 */
export { auth, handlers, signIn, signOut, LoginError } from "./config";
export { clientIpFromHeaders } from "./ip";
export { getSession, getSessionUser, type SessionUser } from "./session";
export { endAllSessions, endSession, SESSION_IDLE_S, SESSION_LIFETIME_S } from "./sessions";
