/**
 * The signed-in user for the request being rendered (or null), read once per
 * request and shared by the locale config, the header and the pages; and the
 * guard protected pages call to send visitors to /login.
 */
import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getSessionUser, type SessionUser } from "@/server/auth";

export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  return getSessionUser((await headers()).get("cookie"));
});

/** The signed-in user; visitors are redirected to /login, which explains why and comes back to `path`. */
export async function requireUser(path: string): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/login?reason=signin&next=${encodeURIComponent(path)}`);
  return user;
}
