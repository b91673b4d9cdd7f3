/** Auth.js endpoints (/api/auth/*: csrf, session, callback, signout), with the auth routes' body limit. */
import { NextRequest } from "next/server";
import { handlers } from "@/server/auth";
import { withBodyLimit } from "@/server/http/body";
import { BODY_LIMITS } from "@/server/http/guard";

export const GET = handlers.GET;

export async function POST(req: NextRequest): Promise<Response> {
  const limited = await withBodyLimit(req, BODY_LIMITS.auth);
  if (limited instanceof Response) return limited;
  return handlers.POST(new NextRequest(limited));
}
