/**
 * Takes a person to their table when an event seats them: polls where they
 * sit in a running event and, when that is a table they were not taken to
 * yet (kept in sessionStorage, so going back is their choice), opens it.
 * Mounted on the event pages and on the live table page.
 */
"use client";
import { useEffect } from "react";
import { usePathname, useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";

const POLL_MS = 3000;
const KEY = "whist.eventSeat";

export function EventSeatWatcher() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const seat = useQuery({ ...trpc.events.mySeat.queryOptions(), refetchInterval: POLL_MS, retry: false });
  const tableId = seat.data?.tableId ?? null;
  useEffect(() => {
    if (!tableId) return;
    const here = pathname === `/play/${tableId}`;
    if (sessionStorage.getItem(KEY) === tableId) return;
    sessionStorage.setItem(KEY, tableId);
    if (!here) router.push(`/play/${tableId}`);
  }, [tableId, pathname, router]);
  return null;
}
