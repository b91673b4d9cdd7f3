/**
 * An event's ledger: the rate it was settled at, each member's points and
 * amount (summing to zero), and who pays whom in the fewest transfers;
 * owner and admins mark transfers paid (or unpaid again). The amounts and
 * the transfers each in a card.
 */
"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { FormNotice } from "@/components/forms/FormNotice";
import { kroner, useEventErrorText } from "./errors";

export function EventLedger({ clubId, eventId, locale }: { clubId: string; eventId: string; locale: string }) {
  const t = useTranslations("events.ledger");
  const te = useTranslations("events");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const errorText = useEventErrorText();
  const club = useQuery(trpc.clubs.get.queryOptions({ clubId }));
  const admin = club.data?.myRole === "owner" || club.data?.myRole === "admin";
  const ledger = useQuery(trpc.events.ledger.queryOptions({ clubId, eventId }));
  const mark = useMutation(trpc.events.markPaid.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() }) }));
  const failed = mark.error ?? ledger.error;
  const l = ledger.data;
  if (!l)
    return failed ? (
      <FormNotice tone="error">{errorText(failed)}</FormNotice>
    ) : (
      <p className="muted" role="status">
        {tc("loading")}
      </p>
    );
  return (
    <article data-testid="event-ledger">
      <p>
        <Link href={`/clubs/${clubId}/events/${eventId}`}>{l.event.name}</Link> · <Link href={`/clubs/${clubId}/events`}>{te("clubEvents")}</Link>
      </p>
      <h1>{t("heading", { name: l.event.name })}</h1>
      <div className="stack">
        {failed && <FormNotice tone="error">{errorText(failed)}</FormNotice>}
        {l.event.status !== "finished" ? (
          <section className="card">
            <p className="muted">{t("rate", { rate: l.event.rateOre, rounding: l.event.roundingOre })}</p>
            <p>{t("notYet")}</p>
          </section>
        ) : (
          <div className="grid grid--halves">
            <section className="card" aria-labelledby="ledger-amounts-title">
              <h2 id="ledger-amounts-title">{t("amounts")}</h2>
              <p className="muted">{t("rate", { rate: l.event.rateOre, rounding: l.event.roundingOre })}</p>
              <div className="table-wrap">
                <table className="data-table data-table--stack" data-testid="ledger-entries">
                  <thead>
                    <tr>
                      <th scope="col">{t("member")}</th>
                      <th scope="col" className="num">
                        {t("points")}
                      </th>
                      <th scope="col" className="num">
                        {t("amount")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {l.entries.map((e) => (
                      <tr key={e.userId} data-testid="ledger-entry" data-ore={e.amountOre}>
                        <th scope="row">{e.name}</th>
                        <td className="num">
                          <span className="data-table__label" aria-hidden="true">
                            {t("points")}
                          </span>
                          <span>{Math.round(e.points * 100) / 100}</span>
                        </td>
                        <td className="num">
                          <span className="data-table__label" aria-hidden="true">
                            {t("amount")}
                          </span>
                          <span>{kroner(e.amountOre, locale)}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            <section className="card" aria-labelledby="ledger-transfers-title">
              <h2 id="ledger-transfers-title">{t("transfers")}</h2>
              {l.settlements.length === 0 && (
                <p className="empty" data-testid="no-transfers">
                  {t("noTransfers")}
                </p>
              )}
              <ul className="item-list" data-testid="settlements">
                {l.settlements.map((s) => (
                  <li key={s.id} data-testid="settlement" data-paid={s.paidAt ? "yes" : "no"}>
                    <div className="item__main">
                      <span className="item__title">{t("pays", { from: s.fromName, to: s.toName })}</span>
                      <div className="item__meta">
                        <span>{kroner(s.amountOre, locale)}</span>
                        {s.paidAt && <span className="badge">{t("paid")}</span>}
                      </div>
                    </div>
                    {admin && (
                      <div className="item__actions">
                        <button className="button button--ghost button--small" onClick={() => mark.mutate({ clubId, eventId, settlementId: s.id, paid: !s.paidAt })} disabled={mark.isPending} data-testid="settlement-mark">
                          {s.paidAt ? t("markUnpaid") : t("markPaid")}
                        </button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          </div>
        )}
      </div>
    </article>
  );
}
