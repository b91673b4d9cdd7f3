/**
 * A club's events: the list (every member), the create form, the club's
 * rate and rounding (owner and admins), and every member's running balance
 * across events with its CSV download, each in a card. Until the club and
 * what the page shows of it have come, it says it is loading. The server
 * checks every role; the page only hides what would be refused.
 */
"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { TRICK_PAUSE_MS } from "@/protocol";
import { FormNotice, LiveNotice } from "@/components/forms/FormNotice";
import { kroner, useEventErrorText } from "./errors";
import { SubmitButton } from "@/components/forms/SubmitButton";

const SEATING = ["random", "swiss", "meetEveryone"] as const;
const ROUNDING = [1, 10, 25, 50, 100] as const;

export function EventsPage({ clubId, locale }: { clubId: string; locale: string }) {
  const t = useTranslations("events");
  const tg = useTranslations("game");
  const tc = useTranslations("common");
  const tclub = useTranslations("clubs.club");
  const format = useFormatter();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const errorText = useEventErrorText();
  const club = useQuery(trpc.clubs.get.queryOptions({ clubId }));
  const member = !!club.data?.myRole;
  const details = useQuery({ ...trpc.clubs.details.queryOptions({ clubId }), enabled: member });
  const list = useQuery({ ...trpc.events.list.queryOptions({ clubId }), enabled: member });
  const money = useQuery({ ...trpc.events.ledgerSettings.queryOptions({ clubId }), enabled: member });
  const balances = useQuery({ ...trpc.events.balances.queryOptions({ clubId }), enabled: member });
  const admin = club.data?.myRole === "owner" || club.data?.myRole === "admin";

  // The trick pause is asked in seconds (text, so a half-typed "1," is not turned into 0) and sent in milliseconds.
  const [form, setForm] = useState({ name: "", kind: "evening" as "evening" | "tournament", presetId: "", rounds: 2, dealsPerRound: 4, seating: "random" as (typeof SEATING)[number], duplicate: false, roundMinutes: 60, turnSeconds: 45, trickPauseSeconds: String(TRICK_PAUSE_MS.default / 1000), startAt: "", allowComputers: true, ranked: false });
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
  // The create and rate forms show their own errors beside their buttons.
  const failed = csv.error ?? club.error ?? details.error ?? list.error ?? money.error ?? balances.error;
  // A query not answered yet is not an empty answer (no rule sets, no events): wait for all of them.
  const loading = club.isPending || (member && [details, list, money, balances].some((q) => q.isPending));

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
      {loading ? (
        <p className="muted" role="status" data-testid="events-loading">
          {tc("loading")}
        </p>
      ) : !club.data ? null : !member ? (
        <p className="muted">{tclub("notMember")}</p>
      ) : (
        <div className="stack">
          {list.data && (
            <section className="card card--accent" aria-labelledby="events-list-title">
              <h2 id="events-list-title">{t("listHeading")}</h2>
              {list.data.length === 0 && <p className="empty">{t("noEvents")}</p>}
              <ul className="item-list" data-testid="events-list">
                {list.data.map((e) => (
                  <li key={e.id}>
                    <div className="item__main">
                      <Link className="item__title" href={`/clubs/${clubId}/events/${e.id}`} data-testid="event-link">
                        {e.name}
                      </Link>
                      <div className="item__meta">
                        <span className={e.status === "open" ? "badge badge--gold" : e.status === "running" ? "badge" : "badge badge--muted"}>{t(`statuses.${e.status as "open"}`)}</span>
                        <span>{t("listRow", { kind: t(`kinds.${e.kind as "evening"}`), players: e._count.players, round: e.currentRound, rounds: e.rounds })}</span>
                        <span>{tg(`variants.${e.variant}`)}</span>
                        {e.startAt && <span>{t("event.startsAt", { time: format.dateTime(e.startAt, { dateStyle: "medium", timeStyle: "short" }) })}</span>}
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {admin && details.data && (
            <section className="card" aria-labelledby="event-create-title">
              <h2 id="event-create-title">{t("create.heading")}</h2>
              {presets.length === 0 ? (
                <p className="empty">{t("create.noPresets")}</p>
              ) : (
                <form
                  className="form event-form"
                  data-testid="event-create"
                  onSubmit={(ev) => {
                    ev.preventDefault();
                    const { trickPauseSeconds, ...rest } = form;
                    const trickPauseMs = Math.round(Number(trickPauseSeconds) * 1000);
                    create.mutate({ clubId, ...rest, presetId, trickPauseMs, startAt: form.startAt ? new Date(form.startAt) : null });
                  }}
                >
                  <div className="field">
                    <label htmlFor="event-create-name">{t("create.name")}</label>
                    <input id="event-create-name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required maxLength={80} data-testid="event-name" />
                  </div>
                  <div className="field">
                    <label htmlFor="event-create-kind">{t("create.kind")}</label>
                    <select id="event-create-kind" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as "evening" })}>
                      <option value="evening">{t("kinds.evening")}</option>
                      <option value="tournament">{t("kinds.tournament")}</option>
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor="event-create-preset">{t("create.preset")}</label>
                    <select id="event-create-preset" value={presetId} onChange={(e) => setForm({ ...form, presetId: e.target.value })} data-testid="event-preset">
                      {presets.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name} ({tg(`variants.${p.variant}`)})
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor="event-create-seating">{t("create.seating")}</label>
                    <select id="event-create-seating" value={form.seating} onChange={(e) => setForm({ ...form, seating: e.target.value as "random" })} data-testid="event-seating">
                      {SEATING.map((s) => (
                        <option key={s} value={s}>
                          {t(`seatingRules.${s}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor="event-create-rounds">{t("create.rounds")}</label>
                    <input id="event-create-rounds" type="number" min={1} max={30} value={form.rounds} onChange={(e) => setForm({ ...form, rounds: num(e.target.value) })} data-testid="event-rounds" />
                  </div>
                  <div className="field">
                    <label htmlFor="event-create-deals">{t("create.dealsPerRound")}</label>
                    <input
                      id="event-create-deals"
                      type="number"
                      min={4}
                      step={4}
                      value={form.dealsPerRound}
                      onChange={(e) => setForm({ ...form, dealsPerRound: num(e.target.value) })}
                      aria-describedby="event-create-deals-help"
                      data-testid="event-deals"
                    />
                    <small id="event-create-deals-help" className="field__help">
                      {t("create.dealsHint")}
                    </small>
                  </div>
                  <div className="field">
                    <label htmlFor="event-create-round-minutes">{t("create.roundMinutes")}</label>
                    <input id="event-create-round-minutes" type="number" min={1} max={600} value={form.roundMinutes} onChange={(e) => setForm({ ...form, roundMinutes: num(e.target.value) })} />
                  </div>
                  <div className="field">
                    <label htmlFor="event-create-turn-seconds">{t("create.turnSeconds")}</label>
                    <input id="event-create-turn-seconds" type="number" min={10} max={600} value={form.turnSeconds} onChange={(e) => setForm({ ...form, turnSeconds: num(e.target.value) })} />
                  </div>
                  <div className="field">
                    <label htmlFor="event-create-trick-pause">{t("create.trickPause")}</label>
                    <input
                      id="event-create-trick-pause"
                      type="number"
                      required
                      min={TRICK_PAUSE_MS.min / 1000}
                      max={TRICK_PAUSE_MS.max / 1000}
                      step={TRICK_PAUSE_MS.step / 1000}
                      inputMode="decimal"
                      value={form.trickPauseSeconds}
                      onChange={(e) => setForm({ ...form, trickPauseSeconds: e.target.value })}
                      aria-describedby="event-create-trick-pause-help"
                      data-testid="event-trick-pause"
                    />
                    <small id="event-create-trick-pause-help" className="field__help">
                      {t("create.trickPauseHelp")}
                    </small>
                  </div>
                  <div className="field">
                    <label htmlFor="event-create-start-at">{t("create.startAt")}</label>
                    <input id="event-create-start-at" type="datetime-local" value={form.startAt} onChange={(e) => setForm({ ...form, startAt: e.target.value })} />
                  </div>
                  <div className="field field--inline">
                    <input id="event-create-duplicate" type="checkbox" checked={form.duplicate} onChange={(e) => setForm({ ...form, duplicate: e.target.checked })} data-testid="event-duplicate" />
                    <label htmlFor="event-create-duplicate">{t("create.duplicate")}</label>
                  </div>
                  <div className="field field--inline">
                    <input id="event-create-computers" type="checkbox" checked={form.allowComputers} onChange={(e) => setForm({ ...form, allowComputers: e.target.checked })} />
                    <label htmlFor="event-create-computers">{t("create.allowComputers")}</label>
                  </div>
                  <div className="field field--inline">
                    <input id="event-create-ranked" type="checkbox" checked={form.ranked} onChange={(e) => setForm({ ...form, ranked: e.target.checked })} />
                    <label htmlFor="event-create-ranked">{t("create.ranked")}</label>
                  </div>
                  <LiveNotice tone="error" testId="event-create-error">
                    {create.error && errorText(create.error)}
                  </LiveNotice>
                  <div className="button-row">
                    <SubmitButton className="button" disabled={create.isPending || create.isSuccess} data-testid="event-create-submit">
                      {t("create.submit")}
                    </SubmitButton>
                  </div>
                </form>
              )}
            </section>
          )}

          <div className="grid grid--halves">
            {shownRate && (
              <section className="card" aria-labelledby="events-rate-title">
                <h2 id="events-rate-title">{t("money.heading")}</h2>
                {!admin && <p>{t("ledger.rate", { rate: shownRate.rateOre, rounding: shownRate.roundingOre })}</p>}
                {admin && (
                  <form
                    className="form"
                    data-testid="ledger-settings"
                    onSubmit={(ev) => {
                      ev.preventDefault();
                      saveRate.mutate({ clubId, ...shownRate });
                    }}
                  >
                    <div className="field">
                      <label htmlFor="events-rate-ore">{t("money.rateOre")}</label>
                      <input id="events-rate-ore" type="number" min={0} max={100_000} value={shownRate.rateOre} onChange={(e) => setRate({ ...shownRate, rateOre: num(e.target.value) })} data-testid="rate-ore" />
                    </div>
                    <div className="field">
                      <label htmlFor="events-rounding-ore">{t("money.roundingOre")}</label>
                      <select id="events-rounding-ore" value={shownRate.roundingOre} onChange={(e) => setRate({ ...shownRate, roundingOre: Number(e.target.value) as 1 })} data-testid="rounding-ore">
                        {ROUNDING.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                      </select>
                    </div>
                    <LiveNotice tone="error" testId="rate-error">
                      {saveRate.error && errorText(saveRate.error)}
                    </LiveNotice>
                    <div className="button-row">
                      <SubmitButton className="button" disabled={saveRate.isPending} data-testid="rate-save">
                        {t("money.save")}
                      </SubmitButton>
                    </div>
                  </form>
                )}
              </section>
            )}

            {balances.data && (
              <section className="card" aria-labelledby="events-balances-title">
                <h2 id="events-balances-title">{t("money.balances")}</h2>
                {balances.data.length === 0 ? (
                  <p className="empty">{t("money.noBalances")}</p>
                ) : (
                  <>
                    <div className="table-wrap">
                      <table className="data-table data-table--stack" data-testid="balances">
                        <thead>
                          <tr>
                            <th scope="col">{t("money.member")}</th>
                            <th scope="col" className="num">
                              {t("money.events")}
                            </th>
                            <th scope="col" className="num">
                              {t("money.total")}
                            </th>
                            <th scope="col" className="num">
                              {t("money.open")}
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {balances.data.map((b) => (
                            <tr key={b.userId}>
                              <th scope="row">{b.name}</th>
                              <td className="num">
                                <span className="data-table__label" aria-hidden="true">
                                  {t("money.events")}
                                </span>
                                <span>{b.events}</span>
                              </td>
                              <td className="num">
                                <span className="data-table__label" aria-hidden="true">
                                  {t("money.total")}
                                </span>
                                <span>{kroner(b.totalOre, locale)}</span>
                              </td>
                              <td className="num">
                                <span className="data-table__label" aria-hidden="true">
                                  {t("money.open")}
                                </span>
                                <span>{kroner(b.openOre, locale)}</span>
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                    <div className="button-row">
                      <button className="button button--ghost button--small" onClick={() => csv.mutate({ clubId })} disabled={csv.isPending} data-testid="balances-csv">
                        {t("money.downloadCsv")}
                      </button>
                    </div>
                  </>
                )}
              </section>
            )}
          </div>
        </div>
      )}
    </article>
  );
}
