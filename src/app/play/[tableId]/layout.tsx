/** The live table page, with the club events' seat watcher for a signed-in person (it takes them on to their next event table). */
import type { ReactNode } from "react";
import { EventSeatWatcher } from "@/components/events/EventSeatWatcher";
import { getCurrentUser } from "../../_lib/current-user";

export default async function Layout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  return (
    <>
      {children}
      {user && <EventSeatWatcher />}
    </>
  );
}
