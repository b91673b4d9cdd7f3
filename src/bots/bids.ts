/**
 * Reading bid ids and choosing bids. Bid ids are the variant's own strings
 * ("7", "8vip", "9gode", "sol", "rensol", "grand", ...); they are parsed
 * loosely so a bot understands every ladder without a copy of it. A bot bids
 * the cheapest legal bid its hand supports, or passes.
 */
import type { Card } from "../engine/cards";
import type { Action, MatchView, Seat } from "../engine/types";
import { avoidRisk, bestTrump, noTrumpTricks, playingTricks } from "./evaluate";

export type BidKind =
  | { kind: "tricks"; tricks: number; addOn: "" | "vip" | "gode" | "sans" | "halve" | "staerke" }
  | { kind: "avoid"; maxTricks: number; open: boolean } // sol family and nolo (nolo: side may take 6)
  | { kind: "grand" } // Danish/Norwegian grand: side takes at least 7 / most tricks
  | { kind: "grandi" } // Danish grandi: first seven alone
  | { kind: "unknown" };

export function parseBid(id: string, variant: string): BidKind {
  const s = id.toLowerCase().replace(/[\s_-]/g, "");
  const m = /^(\d+)(.*)$/.exec(s);
  if (m) {
    const rest = m[2]!;
    const addOn = rest.startsWith("vip")
      ? "vip"
      : rest.startsWith("gode")
        ? "gode"
        : rest.startsWith("sans")
          ? "sans"
          : rest.startsWith("halv")
            ? "halve"
            : rest.startsWith("st")
              ? "staerke"
              : "";
    return { kind: "tricks", tricks: Number(m[1]), addOn };
  }
  if (s === "grandi") return { kind: "grandi" };
  if (s.startsWith("grand")) return { kind: "grand" };
  if (s.includes("nolo") && !s.includes("sol")) return { kind: "avoid", maxTricks: variant === "danish" ? 6 : 0, open: false };
  if (s.includes("sol") || s.includes("bord")) {
    const pure = s.includes("ren");
    return { kind: "avoid", maxTricks: pure ? 0 : 1, open: s.includes("bord") };
  }
  return { kind: "unknown" };
}

/** Tricks a partner typically adds in es-makker (the called ace and a little more), plus the kat exchange. */
const ESMAKKER_PARTNER_TRICKS = 2.6;
/** A partner's share in fixed-pair no-trump games (a quarter of the high cards). */
const PAIR_PARTNER_TRICKS = 2.8;

/** How far a hand exceeds the requirement of a bid (>= 0: the bot is willing to bid it). */
export function bidMargin(cards: readonly Card[], bid: BidKind, variant: string, boldness: number): number {
  switch (bid.kind) {
    case "tricks": {
      const partner = ESMAKKER_PARTNER_TRICKS + boldness;
      switch (bid.addOn) {
        case "":
          return bestTrump(cards).tricks + partner - bid.tricks;
        case "gode":
          return playingTricks(cards, "C") + partner - bid.tricks;
        case "staerke":
          return playingTricks(cards, "S") + partner - bid.tricks;
        case "sans":
          return noTrumpTricks(cards) + partner - 0.5 - bid.tricks;
        case "vip": // trump decided by the kat: assume a poorer fit
          return bestTrump(cards).tricks + partner - 1.5 - bid.tricks;
        case "halve": // the partner picks trump and exchanges
          return bestTrump(cards).tricks + partner - 1.5 - bid.tricks;
      }
      return -1;
    }
    case "avoid": {
      const risk = avoidRisk(cards);
      if (bid.maxTricks >= 6) return 2.2 + boldness - risk - Math.max(0, noTrumpTricks(cards) - 2);
      const allowed = bid.maxTricks === 0 ? 0.15 : 0.6;
      return allowed + boldness * 0.2 - risk - (bid.open ? 0.2 : 0);
    }
    case "grand":
      return noTrumpTricks(cards) + (variant === "norwegian" ? PAIR_PARTNER_TRICKS - 0.5 : PAIR_PARTNER_TRICKS) + boldness - 7;
    case "grandi":
      return noTrumpTricks(cards) + boldness * 0.5 - 7.2;
    case "unknown":
      return -1;
  }
}

/** Chooses among the legal auction actions: the cheapest bid the hand supports, else hold, else pass. */
export function chooseAuctionAction(view: MatchView, me: Seat, cards: readonly Card[], legal: readonly Action[], boldness: number): Action {
  const bids = legal.filter((a): a is Extract<Action, { type: "bid" }> => a.type === "bid");
  const supported = bids.filter((b) => bidMargin(cards, parseBid(b.bid, view.variant), view.variant, boldness) >= 0);
  // Legal bids come cheapest first on every ladder; keep that order.
  const hold = legal.find((a) => a.type === "hold");
  if (hold && view.hand?.contract === null) {
    // Holding the standing bid: fine when we would have bid it ourselves.
    const standing = [...(view.hand?.auction ?? [])].reverse().find((x) => x.action.type === "bid");
    if (standing && standing.action.type === "bid" && bidMargin(cards, parseBid(standing.action.bid, view.variant), view.variant, boldness) >= 0) return hold;
  }
  if (supported.length > 0) return supported[0]!;
  const pass = legal.find((a) => a.type === "pass");
  if (pass) return pass;
  return hold ?? legal[0]!;
}
