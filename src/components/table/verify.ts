/**
 * The "verify deal" check, run in the browser with the engine itself: the
 * revealed hand seed must hash to what the table showed before the hand, and
 * must reproduce the cards that were dealt.
 */
import { dealFromSeed, getVariant, makeDeck, sha256Hex } from "@/engine";
import type { HandResult } from "@/engine/types";

export type DealCheck = "ok" | "hashMismatch" | "dealMismatch" | "noSeed" | "notShown";

export function verifyDeal(variant: string, options: unknown, result: HandResult, shownHash: string | null): DealCheck {
  if (!result.seed) return "noSeed";
  const v = getVariant(variant);
  if (!v) return "dealMismatch";
  const hash = sha256Hex(result.seed);
  if (shownHash !== null && hash !== shownHash) return "hashMismatch";
  const deal = dealFromSeed(result.seed, makeDeck(v.deckJokers(options)), result.dealer);
  if (JSON.stringify(deal) !== JSON.stringify(result.deal)) return "dealMismatch";
  return shownHash === null ? "notShown" : "ok";
}
