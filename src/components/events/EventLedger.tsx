/**
 * An event's ledger: the rate it was settled at, each member's points and
 * amount (summing to zero), and who pays whom in the fewest transfers;
 * owner and admins mark transfers paid (or unpaid again).
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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const errorText = useEventErrorText();
  const club = useQuery(trpc.clubs.get.queryOptions({ clubId }));
  const admin = club.data?.myRole === "owner" || club.data?.myRole === "admin";
  const ledger = useQuery(trpc.events.ledger.queryOptions({ clubId, eventId }));
  const mark = useMutation(trpc.events.markPaid.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() }) }));
  const failed = mark.error ?? ledger.error;
  const l = ledger.data;
  if (!l) return failed ? <FormNotice tone="error">{errorText(failed)}</FormNotice> : null;
  return (
    <article data-testid="event-ledger">
      <p>
        <Link href={`/clubs/${clubId}/events/${eventId}`}>{l.event.name}</Link> · <Link href={`/clubs/${clubId}/events`}>{t("amounts")}</Link>
      </p>
      <h1>{t("heading", { name: l.event.name })}</h1>
      {failed && <FormNotice tone="error">{errorText(failed)}</FormNotice>}
      <p>{t("rate", { rate: l.event.rateOre, rounding: l.event.roundingOre })}</p>
      {l.event.status !== "finished" ? (
        <p>{t("notYet")}</p>
      ) : (
        <>
          <h2>{t("amounts")}</h2>
          <table data-testid="ledger-entries">
            <thead>
              <tr>
                <th>{t("member")}</th>
                <th>{t("points")}</th>
                <th>{t("amount")}</th>
              </tr>
            </thead>
            <tbody>
              {l.entries.map((e) => (
                <tr key={e.userId} data-testid="ledger-entry" data-ore={e.amountOre}>
                  <td>{e.name}</td>
                  <td>{Math.round(e.points * 100) / 100}</td>
                  <td>{kroner(e.amountOre, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t("transfers")}</h2>
          {l.settlements.length === 0 && <p data-testid="no-transfers">{t("noTransfers")}</p>}
          <ul data-testid="settlements">
            {l.settlements.map((s) => (
              <li key={s.id} data-testid="settlement" data-paid={s.paidAt ? "yes" : "no"}>
                {t("pays", { from: s.fromName, to: s.toName })}: {kroner(s.amountOre, locale)}
                {s.paidAt && <> · {t("paid")}</>}
                {admin && (
                  <button className="button button--ghost" onClick={() => mark.mutate({ clubId, eventId, settlementId: s.id, paid: !s.paidAt })} disabled={mark.isPending} data-testid="settlement-mark">
                    {s.paidAt ? t("markUnpaid") : t("markPaid")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
