/** Assertions shared by the live-table integration tests (single process and cluster). */
import { expect } from "vitest";
import { handSeed } from "@/engine";
import type { Seat } from "@/engine/types";
import type { ServerMessage } from "@/protocol";

/**
 * No payload ever shows a seat's cards in play to anyone but that seat, the
 * match seed never leaves the server, and a hand's seed only once it is over.
 * `msgs` as LiveClient records them: every delta is followed by the snapshot
 * it made, so a card a delta carried shows in that snapshot.
 */
export function assertOnlyOwnCards(msgs: readonly ServerMessage[], seat: Seat | null, matchSeed: string) {
  let tables = 0;
  for (const m of msgs) {
    // A delta is checked as sent (no seed in it) and, through the snapshot it made (recorded after it), for cards.
    if (m.type === "tableDelta") expect(JSON.stringify(m)).not.toContain(matchSeed);
    if (m.type !== "table" || !m.table.view?.hand) continue;
    tables++;
    m.table.view.hand.hands.forEach((h, i) => {
      if (i !== seat) expect(h.cards, `seat ${i}'s cards sent to ${seat}`).toBeNull();
    });
    const text = JSON.stringify(m);
    expect(text).not.toContain(matchSeed);
    expect(text).not.toContain(handSeed(matchSeed, m.table.view.handIndex));
  }
  expect(tables).toBeGreaterThan(0);
}
