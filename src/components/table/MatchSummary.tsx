/**
 * The end of a match: who won, the final standings with each player's
 * rating change (ranked matches) — one line per side where partners share
 * a score, per player otherwise, and where points only rank the players
 * ("place" scoring) each player's place, shared by equal scores, and the
 * round they went out in when the match says — every hand's points, and the way on —
 * play again with the same players (a vote; everyone goes to the new table
 * once all people agreed) or back to the lobby.
 */
"use client";

import { useEffect } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { Seat } from "@/engine/types";
import type { TableSnapshot } from "@/protocol";
import { placesOf, type Translator } from "./format";
import { HandsTable, signed } from "./HandsTable";
import styles from "./table.module.css";


export function MatchSummary({ table, names, t, me, partnerships, byPlace, rematch }: {
  table: TableSnapshot; names: string[]; t: Translator; me: Seat | null; partnerships: boolean; byPlace: boolean; rematch: (agree: boolean) => void;
}) {
  const router = useRouter();
  const view = table.view!;
  const next = table.rematch?.tableId ?? null;
  useEffect(() => {
    if (next) router.push(`/play/${next}`);
  }, [next, router]);

  const seats: Seat[] = table.seats.map((_, s) => s);
  const best = Math.max(...seats.map((s) => view.scores[s] ?? 0));
  const winners = seats.filter((s) => (view.scores[s] ?? 0) === best);
  // Partners carry the side's figure: one line per side.
  const rows: Seat[][] = partnerships ? [[0, 2], [1, 3]] : seats.map((s) => [s]);
  rows.sort((a, b) => (view.scores[b[0]!] ?? 0) - (view.scores[a[0]!] ?? 0));
  const nameOf = (side: Seat[]) => side.map((s) => names[s]!).join(" & ");
  const score = (s: Seat) => view.scores[s] ?? 0;
  const places = placesOf(seats.map(score));
  const placeOf = (s: Seat) => places[s]!;
  const outIn = Array.isArray(view.matchInfo.outIn) ? (view.matchInfo.outIn as unknown[]) : [];
  const placeText = (s: Seat) => {
    const place = placeOf(s);
    const shared = seats.some((o) => o !== s && score(o) === score(s));
    const round = outIn[s];
    return [
      t("summary.place", { place }),
      shared ? t("summary.shared") : null,
      typeof round === "number" && place > 1 ? t("summary.outInRound", { n: round + 1 }) : null,
    ]
      .filter(Boolean)
      .join(" · ");
  };
  const votes = table.rematch?.votes ?? [];
  const iVoted = me !== null && votes.includes(me);
  const people = seats.filter((s) => table.seatInfo[s]?.occupant?.kind === "human");

  return (
    <section className={styles.summary} data-testid="match-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" data-testid="match-winner">
        {me !== null && winners.includes(me) ? t("summary.youWon") : t("summary.won", { names: nameOf(partnerships ? rows[0]! : winners) })}
      </h2>
      {/* By place, the place is in the words (shared places repeat it), not the list's numbering. */}
      <ol className={`${styles.standings} ${byPlace ? styles.standingsByPlace : ""}`} data-testid="standings">
        {rows.map((side) => {
          const change = side.map((s) => table.ratingChanges?.[s] ?? null);
          return (
            <li
              key={side.join()}
              className={side.includes(me as Seat) ? styles.meRow : undefined}
              data-testid={`standing-${side.join("-")}`}
              data-place={byPlace ? placeOf(side[0]!) : undefined}
            >
              <span className={styles.standingName}>{nameOf(side)}</span>
              {byPlace ? (
                <strong>{placeText(side[0]!)}</strong>
              ) : (
                <strong>{t("points", { n: view.scores[side[0]!] ?? 0 })}</strong>
              )}
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
