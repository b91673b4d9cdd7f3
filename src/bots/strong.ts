/**
 * The strong level's card play (sampling + double-dummy solving). Until the
 * solver is wired in, it defers to the normal level by returning null.
 */
import type { Card } from "../engine/cards";
import type { MatchView } from "../engine/types";

export function strongCard(_view: MatchView, _opts: { budgetMs: number; seed: string }): Card | null {
  return null;
}
