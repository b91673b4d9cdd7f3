/**
 * The end of a match: who won, the final standings with each player's
 * rating change (ranked matches), every hand's points, and the way on —
 * play again with the same players (a vote; everyone goes to the new table
 * once all people agreed) or back to the lobby.
 */
"use client";

import { useEffect } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { Seat } from "@/engine/types";
import type { TableSnapshot } from "@/protocol";
import type { Translator } from "./format";
import { HandsTable, signed } from "./HandsTable";
import styles from "./table.module.css";


export function MatchSummary({ table, names, t, me, partnerships, rematch }: {
  table: TableSnapshot; names: string[]; t: Translator; me: Seat | null; partnerships: boolean; rematch: (agree: boolean) => void;
}) {
  const router = useRouter();
  const view = table.view!;
  const next = table.rematch?.tableId ?? null;
  useEffect(() => {
    if (next) router.push(`/play/${next}`);
  }, [next, router]);

  const seats = [0, 1, 2, 3] as Seat[];
  const best = Math.max(...seats.map((s) => view.scores[s] ?? 0));
  const winners = seats.filter((s) => (view.scores[s] ?? 0) === best);
  // Partners carry the side's figure: one line per side.
  const rows: Seat[][] = partnerships ? [[0, 2], [1, 3]] : seats.map((s) => [s]);
  rows.sort((a, b) => (view.scores[b[0]!] ?? 0) - (view.scores[a[0]!] ?? 0));
  const nameOf = (side: Seat[]) => side.map((s) => names[s]!).join(" & ");
  const votes = table.rematch?.votes ?? [];
  const iVoted = me !== null && votes.includes(me);
  const people = seats.filter((s) => table.seatInfo[s]?.occupant?.kind === "human");

  return (
    <section className={styles.summary} data-testid="match-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" data-testid="match-winner">
        {me !== null && winners.includes(me) ? t("summary.youWon") : t("summary.won", { names: nameOf(partnerships ? rows[0]! : winners) })}
      </h2>
      <ol className={styles.standings} data-testid="standings">
        {rows.map((side) => {
          const change = side.map((s) => table.ratingChanges?.[s] ?? null);
          return (
            <li key={side.join()} className={side.includes(me as Seat) ? styles.meRow : undefined}>
              <span className={styles.standingName}>{nameOf(side)}</span>
              <strong>{t("points", { n: view.scores[side[0]!] ?? 0 })}</strong>
              {side.map((s, i) =>
                change[i] !== null && change[i] !== undefined ? (
                  <span key={s} className={styles.ratingChange} data-testid={`rating-change-${s}`}>
                    {t("summary.ratingChange", { name: names[s]!, change: signed(change[i]!) })}
                  </span>
                ) : null,
              )}
            </li>
          );
        })}
      </ol>
      <h3>{t("summary.perHand")}</h3>
      <HandsTable
        t={t}
        testId="summary-hands"
        names={names}
        me={me}
        results={view.results}
        cell={(r, i) => signed(r.points[i] ?? 0)}
        footer={
          <tfoot>
            <tr>
              <th scope="row">{t("summary.total")}</th>
              {seats.map((s) => (
                <td key={s} className={s === me ? styles.meCol : undefined}>
                  <strong>{view.scores[s] ?? 0}</strong>
                </td>
              ))}
            </tr>
          </tfoot>
        }
      />
      <div className={styles.choiceRow}>
        {table.rematch && me !== null && (
          <button
            type="button"
            className={iVoted ? styles.secondary : "button"}
            aria-pressed={iVoted}
            onClick={() => rematch(!iVoted)}
            data-testid="rematch"
          >
            {iVoted ? t("summary.rematchWithdraw") : t("summary.rematch")}
          </button>
        )}
        <Link href="/tables" className={styles.secondary} data-testid="back-to-lobby">
          {t("summary.lobby")}
        </Link>
      </div>
      {table.rematch && votes.some((s) => people.includes(s)) && (
        <p data-testid="rematch-votes" role="status">
          {t("summary.agreed", { names: votes.filter((s) => people.includes(s)).map((s) => names[s]!).join(", ") || "–", count: votes.filter((s) => people.includes(s)).length, total: people.length })}
        </p>
      )}
      {next && <p role="status">{t("summary.moving")}</p>}
    </section>
  );
}
