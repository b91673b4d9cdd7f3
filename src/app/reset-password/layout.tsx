/** Pages under /reset-password: the form writes through tRPC's React hooks. */
import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/trpc/react";

export default function Layout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
