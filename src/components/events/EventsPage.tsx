/**
 * A club's events: the list (every member), the create form, the club's
 * rate and rounding (owner and admins), and every member's running balance
 * across events with its CSV download. The server checks every role; the
 * page only hides what would be refused.
 */
"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { FormNotice } from "@/components/forms/FormNotice";
import { kroner, useEventErrorText } from "./errors";
import { SubmitButton } from "@/components/forms/SubmitButton";

const SEATING = ["random", "swiss", "meetEveryone"] as const;
const ROUNDING = [1, 10, 25, 50, 100] as const;

export function EventsPage({ clubId, locale }: { clubId: string; locale: string }) {
  const t = useTranslations("events");
  const tg = useTranslations("game");
  const format = useFormatter();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const errorText = useEventErrorText();
  const club = useQuery(trpc.clubs.get.queryOptions({ clubId }));
  const details = useQuery({ ...trpc.clubs.details.queryOptions({ clubId }), enabled: !!club.data?.myRole });
  const list = useQuery({ ...trpc.events.list.queryOptions({ clubId }), enabled: !!club.data?.myRole });
  const money = useQuery({ ...trpc.events.ledgerSettings.queryOptions({ clubId }), enabled: !!club.data?.myRole });
  const balances = useQuery({ ...trpc.events.balances.queryOptions({ clubId }), enabled: !!club.data?.myRole });
  const admin = club.data?.myRole === "owner" || club.data?.myRole === "admin";

  const [form, setForm] = useState({ name: "", kind: "evening" as "evening" | "tournament", presetId: "", rounds: 2, dealsPerRound: 4, seating: "random" as (typeof SEATING)[number], duplicate: false, roundMinutes: 60, turnSeconds: 45, trickPauseMs: 1500, startAt: "", allowComputers: true, ranked: false });
  const [rate, setRate] = useState<{ rateOre: number; roundingOre: (typeof ROUNDING)[number] } | null>(null);
  const create = useMutation(trpc.events.create.mutationOptions({ onSuccess: (e) => router.push(`/clubs/${clubId}/events/${e.id}`) }));
  const saveRate = useMutation(trpc.events.setLedgerSettings.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() }) }));
  const csv = useMutation(
    trpc.events.balancesCsv.mutationOptions({
      onSuccess: (text) => {
        const a = document.createElement("a");
        a.href = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
        a.download = "balances.csv";
        a.click();
        URL.revokeObjectURL(a.href);
      },
    }),
  );
  const failed = [create, saveRate, csv].find((m) => m.error)?.error ?? list.error ?? club.error;

  const presets = details.data?.presets ?? [];
  const presetId = form.presetId || presets[0]?.id || "";
  const shownRate = rate ?? (money.data ? { rateOre: money.data.rateOre, roundingOre: money.data.roundingOre as (typeof ROUNDING)[number] } : null);
  const num = (v: string) => Math.max(0, Math.floor(Number(v) || 0));

  return (
    <article data-testid="events-page">
      <p>
        <Link href={`/clubs/${clubId}`}>{t("backToClub")}</Link>
      </p>
      <h1>
        {t("clubEvents")}
        {club.data ? `: ${club.data.name}` : ""}
      </h1>
      {failed && <FormNotice tone="error">{errorText(failed)}</FormNotice>}
      <section>
        {list.data?.length === 0 && <p>{t("noEvents")}</p>}
        <ul data-testid="events-list">
          {list.data?.map((e) => (
            <li key={e.id}>
              <Link href={`/clubs/${clubId}/events/${e.id}`} data-testid="event-link">
                {e.name}
              </Link>{" "}
              · {t(`statuses.${e.status as "open"}`)} · {t("listRow", { kind: t(`kinds.${e.kind as "evening"}`), players: e._count.players, round: e.currentRound, rounds: e.rounds })} · {tg(`variants.${e.variant}`)}
              {e.startAt && <> · {t("event.startsAt", { time: format.dateTime(e.startAt, { dateStyle: "medium", timeStyle: "short" }) })}</>}
            </li>
          ))}
        </ul>
      </section>

      {admin && (
        <section>
          <h2>{t("create.heading")}</h2>
          {presets.length === 0 ? (
            <p>{t("create.noPresets")}</p>
          ) : (
            <form
              className="form"
              data-testid="event-create"
              onSubmit={(ev) => {
                ev.preventDefault();
                create.mutate({ clubId, ...form, presetId, startAt: form.startAt ? new Date(form.startAt) : null });
              }}
            >
              <label>
                {t("create.name")}
                <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required maxLength={80} data-testid="event-name" />
              </label>
              <label>
                {t("create.kind")}
                <select value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as "evening" })}>
                  <option value="evening">{t("kinds.evening")}</option>
                  <option value="tournament">{t("kinds.tournament")}</option>
                </select>
              </label>
              <label>
                {t("create.preset")}
                <select value={presetId} onChange={(e) => setForm({ ...form, presetId: e.target.value })} data-testid="event-preset">
                  {presets.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} ({tg(`variants.${p.variant}`)})
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t("create.rounds")}
                <input type="number" min={1} max={30} value={form.rounds} onChange={(e) => setForm({ ...form, rounds: num(e.target.value) })} data-testid="event-rounds" />
              </label>
              <label>
                {t("create.dealsPerRound")} <small>{t("create.dealsHint")}</small>
                <input type="number" min={4} step={4} value={form.dealsPerRound} onChange={(e) => setForm({ ...form, dealsPerRound: num(e.target.value) })} data-testid="event-deals" />
              </label>
              <label>
                {t("create.seating")}
                <select value={form.seating} onChange={(e) => setForm({ ...form, seating: e.target.value as "random" })} data-testid="event-seating">
                  {SEATING.map((s) => (
                    <option key={s} value={s}>
                      {t(`seatingRules.${s}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <input type="checkbox" checked={form.duplicate} onChange={(e) => setForm({ ...form, duplicate: e.target.checked })} data-testid="event-duplicate" /> {t("create.duplicate")}
              </label>
              <label>
                {t("create.roundMinutes")}
                <input type="number" min={1} max={600} value={form.roundMinutes} onChange={(e) => setForm({ ...form, roundMinutes: num(e.target.value) })} />
              </label>
              <label>
                {t("create.turnSeconds")}
                <input type="number" min={10} max={600} value={form.turnSeconds} onChange={(e) => setForm({ ...form, turnSeconds: num(e.target.value) })} />
              </label>
              <label>
                {t("create.trickPauseMs")}
                <input type="number" min={0} max={3000} step={100} value={form.trickPauseMs} onChange={(e) => setForm({ ...form, trickPauseMs: num(e.target.value) })} data-testid="event-trick-pause" />
              </label>
              <label>
                {t("create.startAt")}
                <input type="datetime-local" value={form.startAt} onChange={(e) => setForm({ ...form, startAt: e.target.value })} />
              </label>
              <label>
                <input type="checkbox" checked={form.allowComputers} onChange={(e) => setForm({ ...form, allowComputers: e.target.checked })} /> {t("create.allowComputers")}
              </label>
              <label>
                <input type="checkbox" checked={form.ranked} onChange={(e) => setForm({ ...form, ranked: e.target.checked })} /> {t("create.ranked")}
              </label>
              <SubmitButton className="button" disabled={create.isPending || create.isSuccess} data-testid="event-create-submit">
                {t("create.submit")}
              </SubmitButton>
            </form>
          )}
        </section>
      )}

      <section>
        <h2>{t("money.heading")}</h2>
        {shownRate && !admin && <p>{t("ledger.rate", { rate: shownRate.rateOre, rounding: shownRate.roundingOre })}</p>}
        {shownRate && admin && (
          <form
            className="form"
            data-testid="ledger-settings"
            onSubmit={(ev) => {
              ev.preventDefault();
              saveRate.mutate({ clubId, ...shownRate });
            }}
          >
            <label>
              {t("money.rateOre")}
              <input type="number" min={0} value={shownRate.rateOre} onChange={(e) => setRate({ ...shownRate, rateOre: num(e.target.value) })} data-testid="rate-ore" />
            </label>
            <label>
              {t("money.roundingOre")}
              <select value={shownRate.roundingOre} onChange={(e) => setRate({ ...shownRate, roundingOre: Number(e.target.value) as 1 })} data-testid="rounding-ore">
                {ROUNDING.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </label>
            <SubmitButton className="button" disabled={saveRate.isPending} data-testid="rate-save">
              {t("money.save")}
            </SubmitButton>
          </form>
        )}
      </section>

      <section>
        <h2>{t("money.balances")}</h2>
        {balances.data?.length === 0 && <p>{t("money.noBalances")}</p>}
        {!!balances.data?.length && (
          <>
            <table data-testid="balances">
              <thead>
                <tr>
                  <th>{t("money.member")}</th>
                  <th>{t("money.events")}</th>
                  <th>{t("money.total")}</th>
                  <th>{t("money.open")}</th>
                </tr>
              </thead>
              <tbody>
                {balances.data.map((b) => (
                  <tr key={b.userId}>
                    <td>{b.name}</td>
                    <td>{b.events}</td>
                    <td>{kroner(b.totalOre, locale)}</td>
                    <td>{kroner(b.openOre, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button className="button button--ghost" onClick={() => csv.mutate({ clubId })} disabled={csv.isPending} data-testid="balances-csv">
              {t("money.downloadCsv")}
            </button>
          </>
        )}
      </section>
    </article>
  );
}
