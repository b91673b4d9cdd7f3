/**
 * Turning engine data into interface text: bid names (as each variant
 * describes its bids), seat and side names in score explanations, and engine
 * error codes, through the "engine" messages. Unknown keys fall back to
 * something readable rather than failing.
 */
import { describeBid, pairsPlay, variantMeta } from "@/engine/meta";
import type { MessageRef, ScoreLine } from "@/engine/types";

/** next-intl's translator, as far as these helpers need it. */
export interface Translator {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/** Message keys may not contain dots; engine keys and codes use dots and slashes. */
export const flatKey = (key: string): string => key.replace(/[./]/g, "_");

/** An "engine" message the engine names (a bid's name, ...), its message parameters rendered first; the key when there is no such message. */
export function messageText(t: Translator, ref: MessageRef): string {
  if (!t.has(ref.key)) return ref.key;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(ref.params ?? {})) params[k] = typeof v === "object" ? messageText(t, v) : v;
  return t(ref.key, params);
}

/**
 * A bid or contract of `variant` by its engine id ("8vip", "rensol",
 * "trump"), named as the variant's description of it says (engine meta): the
 * one mapping from engine ids to contract names, used by the table, history,
 * replays and the rules page. An id the variant does not describe shows as it is.
 */
export function bidLabel(t: Translator, variant: string, bid: string): string {
  const description = describeBid(variant, bid);
  return description ? messageText(t, description.label) : bid;
}

/** Whether a contract is only the trump of the deal, with no bid to name (classic and knock-out whist). */
export const unbidContract = (variant: string, bid: string): boolean => describeBid(variant, bid)?.kind === "unbid";

/** Whether the variant's bids climb a ladder of trick levels, laid out as a grid in the bidding box (es-makker). */
export const ladderAuction = (variant: string): boolean => variantMeta(variant)?.auction === "ladder";

const SEAT_PARAMS = new Set(["declarer", "partner", "seat", "by", "winner", "player"]);

/** One explanation line of a hand of `variant`, with seat numbers shown as player names and sides as pairs of names. */
export function explain(t: Translator, line: ScoreLine, names: readonly string[], variant: string): string {
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(line.params ?? {})) {
    if (SEAT_PARAMS.has(k) && typeof v === "number") params[k] = names[v] ?? String(v);
    // Sides are pairs (seats 0+2, 1+3): only variants of four in partnerships name them.
    else if (k === "side" && typeof v === "number") params[k] = `${names[v] ?? v} & ${names[(v + 2) % 4] ?? v + 2}`;
    else if (k === "bid" && typeof v === "string") params[k] = bidLabel(t, variant, v);
    else if (k === "addOn" && typeof v === "string") params[k] = t.has(`addOns.${v}`) ? t(`addOns.${v}`) : v;
    else params[k] = v;
  }
  const key = `score.${flatKey(line.key)}`;
  if (t.has(key)) return t(key, params);
  return `${line.key} ${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(" ")}`;
}

/** `ref`: the server's log reference of an internal error. */
export function errorText(t: Translator, code: string, fallback: string, ref?: string): string {
  const key = `errors.${flatKey(code)}`;
  return t.has(key) ? t(key, { ref: ref ?? "–" }) : fallback;
}

export function phaseLabel(t: Translator, phase: string): string {
  return t.has(`phases.${phase}`) ? t(`phases.${phase}`) : phase;
}

const RANK_KEY: Record<string, string> = { A: "A", K: "K", Q: "Q", J: "J", T: "T" };

/**
 * A card in words ("ace of hearts", "hjerter es"), through the "game"
 * messages; a face-down card ("X" + suit) reads as that suit's hidden card.
 */
export function cardName(tg: Translator, code: string): string {
  if (code === "JK") return tg("ranks.joker");
  const rank = code.slice(0, -1);
  const suit = tg(`suits.${code.slice(-1)}`);
  if (rank === "X") return suit;
  const rankWord = RANK_KEY[rank] ? tg(`ranks.${RANK_KEY[rank]}`) : rank;
  return tg("card", { rank: rankWord, suit });
}

/**
 * What a seat did (or may do) in the auction or set-up of a hand of
 * `variant`, in words: "8 vip", "Pass", "Hearts", "Call ace of hearts". An
 * action that means something else in one phase has its own text there
 * (`actionsIn.<phase>.<type>`): declining while the cards are played is
 * waiting for a later trick.
 */
export function actionLabel(
  te: Translator,
  tg: Translator,
  a: { type: string; bid?: string; suit?: string; card?: string },
  variant: string,
  phase?: string,
): string {
  if (a.type === "bid" && a.bid) return bidLabel(te, variant, a.bid);
  if (a.type === "trump" && a.suit) return tg(`suits.${a.suit}`);
  if (a.type === "call" && a.card) return cardName(tg, a.card);
  if (phase && te.has(`actionsIn.${phase}.${a.type}`)) return te(`actionsIn.${phase}.${a.type}`);
  return te.has(`actions.${a.type}`) ? te(`actions.${a.type}`) : a.type;
}

/**
 * A finished hand's outcome told from `viewer`'s side: "Made"/"Lost" for the
 * declaring side (and for spectators), and for a defender what the made or
 * lost contract means to them ("Against you: the declarer made the
 * contract", "You defeated the contract").
 */
export function outcomeText(
  t: Translator,
  result: { outcome: string; contract: { declarer: number | null; partners: readonly number[] } | null },
  viewer: number | null,
): string {
  const c = result.contract;
  const defending = viewer !== null && c !== null && c.declarer !== null && c.declarer !== viewer && !c.partners.includes(viewer);
  if (defending && t.has(`outcomesAgainst.${result.outcome}`)) return t(`outcomesAgainst.${result.outcome}`);
  return t.has(`outcomes.${result.outcome}`) ? t(`outcomes.${result.outcome}`) : result.outcome;
}

/**
 * The server's names for computer players, shown in the reader's language: "Computer A", "Computer B", …
 * (one letter per seat) at tables, "Computer 1", "Computer 2", … in club evenings.
 */
const BOT_NAME = /^Computer ([A-Z]|\d{1,3})$/;

/** A seat occupant's name as shown: a computer player's in the reader's language, a person's as they chose it. */
export function seatName(t: Translator, occupant: { kind: string; name: string }): string {
  const m = occupant.kind === "bot" ? BOT_NAME.exec(occupant.name) : null;
  return m ? t("computerName", { letter: m[1]! }) : occupant.name;
}

/**
 * Whether tricks and points are a partnership's (seats 0+2 and 1+3) in this
 * hand; contract and phase null: for the match as a whole. The variant says
 * (engine/meta.ts): es-makker's partner shows only with the called ace, and
 * Danish whist's alone contracts and pasnolo are everyone for themself.
 */
export const fixedPartnerships = (variant: string, contract: { alone?: boolean } | null, phase: string | null): boolean =>
  pairsPlay(variant, contract, phase);

/** Whether the match scores are the sides' (both partners carry the same total), as the variant keeps them. */
export const sharedScores = (variant: string): boolean => variantMeta(variant)?.scoresBy === "side";

/** Whether the match's points only rank the players (the standings give places, equal points sharing one). */
export const scoredByPlace = (variant: string): boolean => variantMeta(variant)?.scoresBy === "place";

/** Each score's place among `scores`, higher first; equal scores share a place (1, 2, 2, 4). */
export const placesOf = (scores: readonly number[]): number[] => scores.map((x) => 1 + scores.filter((y) => y > x).length);

/** A chat line of the table itself (what the stand-in chose for an absent person), in the reader's language. */
export function systemLine(te: Translator, tg: Translator, system: { readonly key: string; readonly params: Readonly<Record<string, string>> }): string {
  const params: Record<string, string> = { ...system.params };
  if (params.suit) params.suit = tg(`suits.${params.suit}`);
  if (params.card) params.card = cardName(tg, params.card);
  return te(`standIn.${system.key}`, params);
}
