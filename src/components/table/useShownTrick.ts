/**
 * Which trick the table shows: the one being played, or — for trickPauseMs
 * after it completes — the completed trick with its winner, then gathered to
 * the winner. The engine's view drops a completed trick from `hand.trick` in
 * the same update that adds its last card, and the last trick of a hand
 * leaves the view with the whole hand; this hook keeps it on the table. A
 * hand's last trick is rebuilt from the trick as last seen and the hand's
 * result (a missing card is the one card its seat has not played, seats
 * with none left play no part; the winner is the seat whose trick count
 * grew). A card played meanwhile (a person may lead at once) ends the pause.
 */
import { useEffect, useState } from "react";
import type { Card } from "@/engine/cards";
import type { CompletedTrick, HandResult, MatchView, Play, Seat, Trick } from "@/engine/types";

/** How long before the pause ends the cards start moving to the winner (ms). */
export const GATHER_MS = 350;

export interface ShownTrick {
  readonly plays: readonly Play[];
  /** Set while a completed trick is held on the table. */
  readonly winner: Seat | null;
  /** True in the last moment of the pause, while the cards gather to the winner. */
  readonly gathering: boolean;
}

interface Held {
  readonly trick: CompletedTrick;
  readonly until: number;
}

interface Seen {
  readonly handIndex: number;
  readonly tricks: readonly CompletedTrick[];
  readonly trick: Trick | null;
  readonly tricksWon: readonly number[];
  readonly held: Held | null;
}

const seenOf = (view: MatchView | null, held: Held | null): Seen => ({
  handIndex: view?.handIndex ?? -1,
  tricks: view?.hand?.tricks ?? [],
  trick: view?.hand?.trick ?? null,
  tricksWon: view?.hand?.tricksWon ?? [],
  held,
});

/** The final trick of a hand that has just ended, from the trick as last seen and the hand's result (null when it cannot be told). */
export function finalTrick(prev: Pick<Seen, "tricks" | "trick" | "tricksWon">, result: HandResult): CompletedTrick | null {
  const winners = result.tricksWon.flatMap((n, s) => (n === (prev.tricksWon[s] ?? 0) + 1 ? [s as Seat] : []));
  if (winners.length !== 1 || !prev.trick || prev.trick.plays.length === 0) return null;
  const plays: Play[] = [...prev.trick.plays];
  const played = new Set<Card>([...prev.tricks.flatMap((t) => t.plays.map((p) => p.card)), ...plays.map((p) => p.card)]);
  const seatCount = result.deal.hands.length;
  // Clockwise from the last card seen: each seat with one card left plays it; a seat with none (out of the game, or its card played) has no part.
  const last = plays[plays.length - 1]!.seat;
  for (let i = 1; i < seatCount; i++) {
    const seat = (last + i) % seatCount;
    if (plays.some((p) => p.seat === seat)) continue;
    const left = (result.deal.hands[seat] ?? []).filter((c) => !played.has(c));
    if (left.length === 0) continue;
    if (left.length !== 1) break;
    plays.push({ seat, card: left[0]! });
  }
  return { leader: prev.trick.leader, plays, winner: winners[0]! };
}

export function useShownTrick(view: MatchView | null, pauseMs: number): ShownTrick {
  const [seen, setSeen] = useState<Seen>(() => seenOf(view, null));
  const [now, setNow] = useState(() => Date.now());
  const hand = view?.hand ?? null;
  const handIndex = view?.handIndex ?? -1;
  const tricksLen = hand?.tricks.length ?? 0;
  const playsLen = hand?.trick?.plays.length ?? 0;

  // Derived during render (React's pattern for state from changing props), so the completed trick never blinks away for a frame.
  let held = seen.held;
  const changed = handIndex !== seen.handIndex || tricksLen !== seen.tricks.length || playsLen !== (seen.trick?.plays.length ?? 0);
  if (changed) {
    const t0 = Date.now();
    if (playsLen > 0) held = null;
    else if (pauseMs > 0 && handIndex === seen.handIndex && tricksLen === seen.tricks.length + 1 && hand) {
      held = { trick: hand.tricks[tricksLen - 1]!, until: t0 + pauseMs };
    } else if (pauseMs > 0 && handIndex !== seen.handIndex && seen.handIndex >= 0) {
      const result = view?.results.find((r) => r.handIndex === seen.handIndex);
      const last = result ? finalTrick(seen, result) : null;
      if (last) held = { trick: last, until: t0 + pauseMs };
    }
    setSeen(seenOf(view, held));
  }

  useEffect(() => {
    if (!held) return;
    const wait = (ms: number) => setTimeout(() => setNow(Date.now()), Math.max(0, ms));
    const a = wait(held.until - GATHER_MS - Date.now());
    const b = wait(held.until - Date.now() + 10);
    return () => {
      clearTimeout(a);
      clearTimeout(b);
    };
  }, [held]);

  void now; // re-rendered by the timers above
  const left = held ? held.until - Date.now() : 0;
  if (held && left > 0) return { plays: held.trick.plays, winner: held.trick.winner, gathering: left <= GATHER_MS };
  return { plays: hand?.trick?.plays ?? [], winner: null, gathering: false };
}
