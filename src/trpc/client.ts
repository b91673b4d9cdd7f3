/**
 * The plain tRPC client (no React hooks): batched over /api/trpc with
 * superjson. The hooks in react.tsx use it; a component outside the pages
 * with hooks imports this module when it writes (a dynamic import), so its
 * code loads only then.
 */
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "@/server/api/root";

export const makeTRPCClient = () => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc", transformer: superjson })] });
