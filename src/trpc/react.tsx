"use client";
/**
 * The browser's tRPC client: one QueryClient and one tRPC client per page
 * load, batched over /api/trpc with superjson. Components call
 * `const trpc = useTRPC()` and then `useQuery(trpc.accounts.me.queryOptions())`
 * or `useMutation(trpc.accounts.updateProfile.mutationOptions())`.
 *
 * Only the pages that use these hooks load it (their layout.tsx wraps them in
 * TRPCReactProvider): the live table and the plain pages do without its
 * weight. A rare write elsewhere imports ./client when it happens.
 */
import { useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider, notifyManager } from "@tanstack/react-query";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@/server/api/root";
import { makeTRPCClient } from "./client";

// A request's state reaches the page before the browser's next event, not a timer later: a second
// click of a double click finds the button its first click disabled (the default batches by setTimeout).
notifyManager.setScheduler(queueMicrotask);

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Pages are rendered on the server; avoid an immediate refetch on mount.
        staleTime: 30_000,
        // Expected failures (4xx) will not change by retrying.
        retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
      },
    },
  });
}

function isClientError(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return typeof status === "number" && status >= 400 && status < 500;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTRPCClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
