"use client";
/**
 * Whether the page is live: false in the server's HTML and during hydration,
 * true once React runs it. A control that sends something stays disabled until
 * then, or a click on it would be lost.
 */
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
