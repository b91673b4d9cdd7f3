/**
 * The bidding box: a ladder auction's bids (es-makker's) as a compact grid,
 * one row per level (7–13) and one column per bid kind (plain, the add-ons
 * in the table's order, and the sol contract that ranks after that level),
 * and Pass, like a bridge bidding box. It stays on the table through the
 * whole auction (nothing moves when the turn passes); only the bids legal now
 * are enabled (and carry the bid-<id> test id). Variants whose few bids are
 * different games (Danish, Norwegian) get one row of buttons. The ladder and
 * what each bid is come from the variant's meta.
 */
"use client";

import { describeBid, variantMeta } from "@/engine/meta";
import type { Action } from "@/engine/types";
import { bidLabel, ladderAuction, type Translator } from "./format";
import styles from "./table.module.css";

type Bid = Extract<Action, { type: "bid" }>;

interface Cell {
  readonly id: string;
  readonly level: number;
  readonly column: string;
}

/**
 * The ladder's bids placed in rows (levels) and columns (kinds): a bid of so
 * many tricks in its add-on's column (plain without one), any other (the sol
 * contracts) in a "sol" column of the level it follows.
 */
function ladderCells(variant: string, options: Readonly<Record<string, unknown>>): { columns: string[]; cells: Cell[] } {
  const columns: string[] = [];
  const cells: Cell[] = [];
  let level = 0;
  for (const id of variantMeta(variant)?.ladder(options) ?? []) {
    const bid = describeBid(variant, id);
    if (bid?.kind === "tricks") level = bid.tricks;
    const column = bid?.kind === "tricks" ? (bid.addOn ?? "plain") : "sol";
    if (!columns.includes(column)) columns.push(column);
    cells.push({ id, level, column });
  }
  // The sol column last: it reads as "or, instead, this sol".
  columns.sort((a, b) => (a === "sol" ? 1 : 0) - (b === "sol" ? 1 : 0));
  return { columns, cells };
}

export function BiddingBox({ variant, options, bids, canPass, act, t, te }: { variant: string; options: Readonly<Record<string, unknown>>; bids: readonly Bid[]; canPass: boolean; act: (a: Action) => void; t: Translator; te: Translator }) {
  const legal = new Set(bids.map((b) => b.bid));
  if (!ladderAuction(variant)) {
    if (bids.length === 0) return null;
    return (
      <div className={styles.bidRow} role="group" aria-label={t("bids")} data-testid="bidding-box">
        {bids.map((a) => (
          <button key={a.bid} type="button" className={styles.choice} onClick={() => act(a)} data-testid={`bid-${a.bid}`}>
            {bidLabel(te, variant, a.bid)}
          </button>
        ))}
      </div>
    );
  }
  const { columns, cells } = ladderCells(variant, options);
  const last = columns[columns.length - 1]!;
  const levels = [...new Set(cells.map((c) => c.level))];
  const passCorner = levels.slice(0, 2).every((level) => !cells.some((c) => c.level === level && c.column === last));
  const columnName = (c: string) => (c === "plain" ? t("bidPlain") : c === "sol" ? t("bidSol") : te.has(`addOns.${c}`) ? te(`addOns.${c}`) : c);
  return (
    <div className={styles.bidBox} role="group" aria-label={t("bids")} data-testid="bidding-box" style={{ gridTemplateColumns: `2rem repeat(${columns.length - 1}, minmax(0, 1fr)) minmax(0, ${last === "sol" ? "var(--sol-column, 1.8fr)" : "1fr"})` }}>
      <span aria-hidden="true" />
      {columns.map((c) => (
        <span key={c} className={styles.bidHead} aria-hidden="true">
          {columnName(c)}
        </span>
      ))}
      {levels.map((level, row) => (
        <div key={level} className={styles.bidLevel} role="group" aria-label={String(level)}>
          <span className={styles.bidHead} aria-hidden="true" style={{ gridRow: row + 2, gridColumn: 1 }}>
            {level}
          </span>
          {columns.map((column, col) => {
            const cell = cells.find((c) => c.level === level && c.column === column);
            if (!cell) return null;
            const on = legal.has(cell.id);
            const label = bidLabel(te, variant, cell.id);
            return (
              <button
                key={column}
                type="button"
                className={styles.bidCell}
                disabled={!on}
                aria-label={label}
                title={label}
                onClick={() => act({ type: "bid", bid: cell.id })}
                data-testid={on ? `bid-${cell.id}` : undefined}
                data-bid={cell.id}
                style={{ gridRow: row + 2, gridColumn: col + 2 }}
              >
                {column === "sol" ? label : level}
              </button>
            );
          })}
        </div>
      ))}
      {/* Pass fills the empty corner of the last column (sol starts at 9) when there is one, else a row of its own. */}
      <div className={styles.bidPass} style={passCorner ? { gridRow: "2 / 4", gridColumn: columns.length + 1 } : { gridRow: levels.length + 2, gridColumn: "1 / -1" }}>
        <button type="button" className={styles.secondary} disabled={!canPass} onClick={() => act({ type: "pass" })} data-testid={canPass ? "action-pass" : undefined}>
          {te("actions.pass")}
        </button>
      </div>
    </div>
  );
}
