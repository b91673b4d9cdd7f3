/** tRPC over HTTP (/api/trpc/<procedure>), batched, with the API's body limit. */
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/api/root";
import { createContextFromHeaders } from "@/server/api/context";
import { withBodyLimit } from "@/server/http/body";
import { BODY_LIMITS } from "@/server/http/guard";

async function handler(raw: Request): Promise<Response> {
  const req = await withBodyLimit(raw, BODY_LIMITS.api);
  if (req instanceof Response) return req;
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createContextFromHeaders(req.headers),
  });
}

export { handler as GET, handler as POST };
