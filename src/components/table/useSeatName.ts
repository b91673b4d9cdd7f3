/** A hook for pages outside the table that show who sat where: names as the table shows them. */
"use client";
import { useTranslations } from "next-intl";
import { seatName, type Translator } from "./format";

/** Shows an occupant's name as the table does: a server computer player's in the reader's language. */
export function useSeatName(): (occupant: { kind: string; name: string }) => string {
  const t = useTranslations("table") as unknown as Translator;
  return (occupant) => seatName(t, occupant);
}

/** An event player (or standing) as an occupant, for useSeatName. */
export const eventOccupant = (p: { isBot: boolean; name: string }) => ({ kind: p.isBot ? "bot" : "human", name: p.name });
