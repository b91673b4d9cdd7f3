/**
 * The es-makker bid ladder: every bid id with its rank, built once per option
 * set (only `staerke` and `addOnOrder` change it) and cached by the options
 * object's identity so the auction never rebuilds it.
 */
import type { Action, AddOn } from "../../types";
import type { EsmakkerOptions } from "./options";

export type { AddOn };
export type SolKind = "sol" | "rensol" | "bordlaegger" | "renbordlaegger";

export interface BidDef {
  readonly id: string;
  readonly rank: number;
  /** Tricks the side must take (7..13); 0 for sol contracts. */
  readonly tricks: number;
  /** The add-on; null for a plain bid and for sol contracts. */
  readonly addOn: AddOn | null;
  readonly sol: SolKind | null;
  /** Sol contracts: most tricks the declarer may take. */
  readonly maxTricks: number;
  /** Sol contracts: index into solValues. */
  readonly solIndex: number;
}

export interface Ladder {
  readonly bids: readonly BidDef[];
  readonly byId: ReadonlyMap<string, BidDef>;
  /** One frozen bid action per rank, so legal moves are a slice, not new objects. */
  readonly bidActions: readonly Action[];
}

export const SOL_KINDS: readonly SolKind[] = ["sol", "rensol", "bordlaegger", "renbordlaegger"];
/** The sol contract sits right after the plain bid of this level. */
const SOL_AFTER: Readonly<Record<number, SolKind>> = { 9: "sol", 10: "rensol", 11: "bordlaegger", 12: "renbordlaegger" };

function addOnOrder(o: Pick<EsmakkerOptions, "staerke" | "addOnOrder">): AddOn[] {
  // Stærke always sits directly below gode ("gode er altid bedre end stærke").
  const order: AddOn[] = o.addOnOrder === "seed004" ? ["vip", "sans", "gode", "halve"] : ["vip", "gode", "sans", "halve"];
  if (o.staerke) order.splice(order.indexOf("gode"), 0, "staerke");
  return order;
}

export function buildLadder(o: Pick<EsmakkerOptions, "staerke" | "addOnOrder">): Ladder {
  const bids: BidDef[] = [];
  const push = (b: Omit<BidDef, "rank">) => bids.push({ ...b, rank: bids.length });
  for (let t = 7; t <= 13; t++) {
    push({ id: String(t), tricks: t, addOn: null, sol: null, maxTricks: 13, solIndex: -1 });
    const sol = SOL_AFTER[t];
    if (sol) {
      const solIndex = SOL_KINDS.indexOf(sol);
      push({ id: sol, tricks: 0, addOn: null, sol, maxTricks: solIndex % 2 === 0 ? 1 : 0, solIndex });
    }
    for (const a of addOnOrder(o)) push({ id: `${t}${a}`, tricks: t, addOn: a, sol: null, maxTricks: 13, solIndex: -1 });
  }
  return {
    bids,
    byId: new Map(bids.map((b) => [b.id, b])),
    bidActions: bids.map((b) => Object.freeze({ type: "bid", bid: b.id }) as Action),
  };
}

const byOptions = new WeakMap<object, Ladder>();
const byKey = new Map<string, Ladder>();

/** The ladder for an option set, cached by object identity (and by the two fields that matter). */
export function ladderFor(o: EsmakkerOptions): Ladder {
  let l = byOptions.get(o);
  if (!l) {
    const key = `${o.staerke ? 1 : 0}${o.addOnOrder}`;
    l = byKey.get(key);
    if (!l) byKey.set(key, (l = buildLadder(o)));
    byOptions.set(o, l);
  }
  return l;
}
