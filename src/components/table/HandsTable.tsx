/**
 * One row per played hand and one column per seat (the viewer's column
 * marked): the hand's result panel shows running totals in it, the match
 * summary each hand's points with the final scores underneath.
 */
import type { ReactNode } from "react";
import type { HandResult, Seat } from "@/engine/types";
import type { Translator } from "./format";
import styles from "./table.module.css";

/** A signed number as players read it: +3, −80, 0. */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

export function HandsTable(props: {
  t: Translator;
  testId: string;
  names: readonly string[];
  me: Seat | null;
  results: readonly HandResult[];
  cell: (result: HandResult, seat: number) => ReactNode;
  caption?: string;
  footer?: ReactNode;
}) {
  const { t, names, me, results, cell } = props;
  const meCol = (i: number) => (i === me ? styles.meCol : undefined);
  return (
    <div className={styles.totalsWrap}>
      <table className={styles.totals} data-testid={props.testId}>
        {props.caption && <caption className={styles.srOnly}>{props.caption}</caption>}
        <thead>
          <tr>
            <th scope="col">{t("handShort")}</th>
            {names.map((n, i) => (
              <th key={i} scope="col" className={meCol(i)}>
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map((r) => (
            <tr key={r.handIndex}>
              <th scope="row">{r.handIndex + 1}</th>
              {names.map((_, i) => (
                <td key={i} className={meCol(i)}>
                  {cell(r, i)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {props.footer}
      </table>
    </div>
  );
}
