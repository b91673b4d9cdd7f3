/**
 * Takes a person to their table when an event seats them: polls where they
 * sit in a running event and, when that is a table they were not taken to
 * yet (kept in sessionStorage, so going back is their choice), opens it.
 * Mounted on the event pages and on the live table page. It asks the tRPC
 * endpoint with a plain GET rather than through the query client, so the
 * live table page does not load the query client for it.
 */
"use client";
import { useEffect } from "react";
import { usePathname, useRouter } from "next/navigation";

const POLL_MS = 3000;
const KEY = "whist.eventSeat";

/** The table events.mySeat names, from tRPC's (superjson) HTTP answer; null when none or on any failure. */
async function mySeatTable(): Promise<string | null> {
  try {
    const res = await fetch("/api/trpc/events.mySeat", { headers: { accept: "application/json" }, cache: "no-store" });
    if (!res.ok) return null;
    const body = (await res.json()) as { result?: { data?: { json?: { tableId?: unknown } | null } } };
    const tableId = body.result?.data?.json?.tableId;
    return typeof tableId === "string" ? tableId : null;
  } catch {
    return null;
  }
}

export function EventSeatWatcher() {
  const router = useRouter();
  const pathname = usePathname();
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const tableId = await mySeatTable();
      if (stopped || !tableId || sessionStorage.getItem(KEY) === tableId) return;
      sessionStorage.setItem(KEY, tableId);
      if (pathname !== `/play/${tableId}`) router.push(`/play/${tableId}`);
    };
    void check();
    const timer = setInterval(() => void check(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pathname, router]);
  return null;
}
