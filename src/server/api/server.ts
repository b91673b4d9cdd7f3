/**
 * tRPC for React Server Components: `const api = await getServerApi();
 * const me = await api.accounts.me();` calls procedures in-process with the
 * current request's cookies and headers.
 */
import { headers } from "next/headers";
import { cache } from "react";
import { createCaller } from "./root";
import { createContextFromHeaders } from "./context";

export const getServerApi = cache(async () => {
  const requestHeaders = new Headers(await headers());
  return createCaller(await createContextFromHeaders(requestHeaders));
});
