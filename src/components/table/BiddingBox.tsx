/**
 * The bidding box: es-makker's bid ladder as a compact grid, one row per
 * level (7–13) and one column per bid kind (plain, the add-ons in the
 * table's order, and the sol contract that ranks after that level), like a
 * bridge bidding box. Only the bids legal now are enabled (and carry the
 * bid-<id> test id); the rest show where they sit. Variants with a handful
 * of bids (Danish, Norwegian) get one row of buttons.
 */
"use client";

import { buildLadder } from "@/engine/variants/esmakker/ladder";
import type { Action } from "@/engine/types";
import { bidLabel, type Translator } from "./format";
import styles from "./table.module.css";

type Bid = Extract<Action, { type: "bid" }>;

interface Cell {
  readonly id: string;
  readonly level: number;
  readonly column: string;
}

/** The ladder's bids placed in rows (levels) and columns (kinds); sol contracts in a "sol" column of the level they follow. */
function ladderCells(options: Readonly<Record<string, unknown>>): { columns: string[]; cells: Cell[] } {
  const ladder = buildLadder({ staerke: options.staerke === true, addOnOrder: options.addOnOrder === "seed004" ? "seed004" : "seed000" });
  const columns: string[] = [];
  const cells: Cell[] = [];
  let level = 7;
  for (const b of ladder.bids) {
    if (b.sol === null) level = b.tricks;
    const column = b.sol !== null ? "sol" : (b.addOn ?? "plain");
    if (!columns.includes(column)) columns.push(column);
    cells.push({ id: b.id, level, column });
  }
  // The sol column last: it reads as "or, instead, this sol".
  columns.sort((a, b) => (a === "sol" ? 1 : 0) - (b === "sol" ? 1 : 0));
  return { columns, cells };
}

export function BiddingBox({ variant, options, bids, act, t, te }: { variant: string; options: Readonly<Record<string, unknown>>; bids: readonly Bid[]; act: (a: Action) => void; t: Translator; te: Translator }) {
  const legal = new Set(bids.map((b) => b.bid));
  if (variant !== "esmakker") {
    return (
      <div className={styles.bidRow} role="group" aria-label={t("bids")} data-testid="bidding-box">
        {bids.map((a) => (
          <button key={a.bid} type="button" className={styles.choice} onClick={() => act(a)} data-testid={`bid-${a.bid}`}>
            {bidLabel(te, a.bid)}
          </button>
        ))}
      </div>
    );
  }
  const { columns, cells } = ladderCells(options);
  const levels = [...new Set(cells.map((c) => c.level))];
  const columnName = (c: string) => (c === "plain" ? t("bidPlain") : c === "sol" ? t("bidSol") : te.has(`addOns.${c}`) ? te(`addOns.${c}`) : c);
  return (
    <div className={styles.bidBox} role="group" aria-label={t("bids")} data-testid="bidding-box" style={{ gridTemplateColumns: `2rem repeat(${columns.length}, minmax(0, 1fr))` }}>
      <span aria-hidden="true" />
      {columns.map((c) => (
        <span key={c} className={styles.bidHead} aria-hidden="true">
          {columnName(c)}
        </span>
      ))}
      {levels.map((level) => (
        <div key={level} className={styles.bidLevel} role="group" aria-label={String(level)}>
          <span className={styles.bidHead} aria-hidden="true">
            {level}
          </span>
          {columns.map((column) => {
            const cell = cells.find((c) => c.level === level && c.column === column);
            if (!cell) return <span key={column} />;
            const on = legal.has(cell.id);
            const label = bidLabel(te, cell.id);
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
              >
                {column === "sol" ? label : level}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
