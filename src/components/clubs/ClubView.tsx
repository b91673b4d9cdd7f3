/**
 * One club's page. Everyone signed in sees what the club is and can join,
 * ask to join or withdraw a request. Members see members and roles, the
 * house-rule presets, the open tables (with the exact rules each plays) and
 * recent games, and can open a table or leave. Owner and admins also see
 * requests and the invitation link (with a copy button), manage members and
 * edit presets. Removing a member asks first; deleting the club (the sole
 * owner leaving) takes the club's name typed out, which the server checks
 * again. The
 * server enforces every one of these rules; the page only hides what would
 * be refused.
 */
"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { LOCALE_NAMES, type Locale } from "@/i18n/config";
import { FormNotice } from "@/components/forms/FormNotice";
import { RuleSummary } from "@/components/rules/RuleSummary";
import { CopyLinkButton } from "@/components/forms/CopyLinkButton";
import { TimeZoneNote } from "@/components/layout/TimeZoneNote";
import { useSeatName } from "@/components/table/useSeatName";
import { PresetEditor, type PresetDraft } from "./PresetEditor";
import { useClubErrorText } from "./errors";
import { SubmitButton } from "@/components/forms/SubmitButton";

export function ClubView({ clubId, userId, locale }: { clubId: string; userId: string; locale: Locale }) {
  const t = useTranslations("clubs");
  const tc = useTranslations("clubs.club");
  const tg = useTranslations("game");
  const te = useTranslations("events");
  const nameOf = useSeatName();
  const format = useFormatter();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const errorText = useClubErrorText();
  const club = useQuery(trpc.clubs.get.queryOptions({ clubId }));
  const isMember = !!club.data?.myRole;
  const details = useQuery({ ...trpc.clubs.details.queryOptions({ clubId }), enabled: isMember });
  const [editor, setEditor] = useState<PresetDraft | "new" | null>(null);
  const [guestsMayWatch, setGuestsMayWatch] = useState(false);
  const [inviteCode, setInviteCode] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [typedName, setTypedName] = useState("");

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.clubs.pathKey() });
  const refreshAfter = { onSuccess: refresh };
  const join = useMutation(trpc.clubs.join.mutationOptions(refreshAfter));
  const cancel = useMutation(trpc.clubs.cancelRequest.mutationOptions(refreshAfter));
  const leave = useMutation(trpc.clubs.leave.mutationOptions({ onSuccess: () => router.push("/clubs") }));
  const decide = useMutation(trpc.clubs.decideRequest.mutationOptions(refreshAfter));
  const remove = useMutation(trpc.clubs.removeMember.mutationOptions({ onSuccess: () => (setRemoving(null), refresh()) }));
  const setRole = useMutation(trpc.clubs.setRole.mutationOptions(refreshAfter));
  const transfer = useMutation(trpc.clubs.transferOwnership.mutationOptions(refreshAfter));
  const makeDefault = useMutation(trpc.clubs.setDefaultPreset.mutationOptions(refreshAfter));
  const invite = useMutation(trpc.clubs.inviteCode.mutationOptions({ onSuccess: (r) => setInviteCode(r.code) }));
  const openTable = useMutation(trpc.clubs.openTable.mutationOptions({ onSuccess: (r) => router.push(`/play/${r.tableId}`) }));
  const failed = [join, cancel, leave, decide, remove, setRole, transfer, makeDefault, invite, openTable].find((m) => m.error)?.error;

  if (club.error) return <FormNotice tone="error">{errorText(club.error)}</FormNotice>;
  if (!club.data) return null;
  const c = club.data;
  const d = details.data;
  const role = c.myRole;
  const admin = role === "owner" || role === "admin";
  const code = inviteCode ?? d?.inviteCode ?? null;
  const inviteUrl = code ? `${typeof window === "undefined" ? "" : window.location.origin}/clubs/join/${code}` : null;

  return (
    <article className="stack" data-testid="club-page">
      <header className="card card--accent">
        <h1 data-testid="club-name">{c.name}</h1>
        <div className="meta">
          <span>{t("memberCount", { count: c.memberCount })}</span>
          <span className={c.isOpen ? "badge" : "badge badge--muted"}>{c.isOpen ? t("open") : t("inviteOnly")}</span>
          <span>{tc("language", { language: LOCALE_NAMES[c.locale] })}</span>
          {role && (
            <span className="badge badge--gold" data-testid="my-role">
              {t(`roles.${role}`)}
            </span>
          )}
        </div>
        {c.description && <p data-testid="club-description">{c.description}</p>}
        {!role && (
          <>
            <p className="muted">{tc("notMember")}</p>
            {c.requestPending ? (
              <>
                <p data-testid="club-requested">{tc("requested")}</p>
                <button className="button button--ghost" onClick={() => cancel.mutate({ clubId })} disabled={cancel.isPending} data-testid="club-cancel-request">
                  {tc("cancelRequest")}
                </button>
              </>
            ) : (
              <button className="button" onClick={() => join.mutate({ clubId })} disabled={join.isPending} data-testid="club-join">
                {c.isOpen ? tc("join") : tc("request")}
              </button>
            )}
          </>
        )}
        {role && (
          <p>
            <Link className="button button--ghost" href={`/clubs/${clubId}/events`} data-testid="club-events-link">
              {te("clubEvents")}
            </Link>
          </p>
        )}
      </header>
      {failed && (
        <FormNotice tone="error" testId="club-error">
          {errorText(failed)}
        </FormNotice>
      )}

      {d && (
        <>
          <section className="card" aria-labelledby="club-presets">
            <div className="card__head">
              <h2 id="club-presets">{tc("presets")}</h2>
              {admin && editor === null && (
                <button className="button button--ghost button--small" onClick={() => setEditor("new")} data-testid="new-preset">
                  {t("preset.new")}
                </button>
              )}
            </div>
            {d.presets.length === 0 && <p className="empty">{tc("noPresets")}</p>}
            <ul className="item-list club-presets">
              {d.presets.map((p) => (
                <li key={p.id} data-testid={`preset-${p.name}`}>
                  <div className="item__main">
                    <h3>{p.name}</h3>
                    <div className="item__meta">
                      <span>{tg(`variants.${p.variant}`)}</span>
                      <span>{tc("version", { version: p.latestVersion })}</span>
                      {p.isDefault && (
                        <span className="badge badge--gold" data-testid="preset-is-default">
                          {tc("default", { variant: tg(`variants.${p.variant}`) })}
                        </span>
                      )}
                    </div>
                    <RuleSummary variant={p.variant} options={p.options} locale={locale} testId={`preset-rules-${p.id}`} />
                  </div>
                  <div className="item__actions">
                    <button
                      className="button button--small"
                      onClick={() => openTable.mutate({ clubId, presetId: p.id, guestsMayWatch: admin && guestsMayWatch })}
                      disabled={openTable.isPending || openTable.isSuccess}
                      data-testid={`open-table-${p.name}`}
                    >
                      {tc("openTable")}
                    </button>
                    {admin && (
                      <button
                        className="button button--ghost button--small"
                        onClick={() => setEditor({ presetId: p.id, name: p.name, variant: p.variant, options: p.options })}
                        data-testid={`edit-preset-${p.name}`}
                      >
                        {tc("edit")}
                      </button>
                    )}
                    {admin && !p.isDefault && (
                      <button className="button button--ghost button--small" onClick={() => makeDefault.mutate({ clubId, presetId: p.id })} disabled={makeDefault.isPending}>
                        {tc("makeDefault")}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {admin && d.presets.length > 0 && (
              <p className="field field--inline club-guests">
                <input id="guests-may-watch" type="checkbox" checked={guestsMayWatch} onChange={(e) => setGuestsMayWatch(e.target.checked)} data-testid="guests-may-watch" />
                <label htmlFor="guests-may-watch">{tc("guestsMayWatch")}</label>
              </p>
            )}
            {admin && editor !== null && (
              <div className="club-preset-editor">
                <PresetEditor
                  key={editor === "new" ? "new" : editor.presetId}
                  clubId={clubId}
                  draft={editor === "new" ? null : editor}
                  locale={locale}
                  onDone={() => {
                    setEditor(null);
                    void refresh();
                  }}
                />
              </div>
            )}
          </section>

          <div className="grid grid--wide">
            <section className="card" aria-labelledby="club-tables">
              <h2 id="club-tables">{tc("tables")}</h2>
              {d.tables.length === 0 && <p className="empty">{tc("noTables")}</p>}
              <ul className="item-list" data-testid="club-tables">
                {d.tables.map((tb) => (
                  <li key={tb.tableId} data-testid={`club-table-${tb.tableId}`}>
                    <div className="item__main">
                      <Link className="item__title" href={`/play/${tb.tableId}`} data-testid="club-table-link">
                        {tg(`variants.${tb.variant}`)} · {tb.presetName} ({tc("version", { version: tb.presetVersion })})
                      </Link>
                      <div className="item__meta">
                        <span className={tb.status === "open" ? "badge badge--gold" : "badge"}>{tc(`status.${tb.status}`)}</span>
                        <span>{tc("seatsTaken", { count: tb.seats.filter(Boolean).length })}</span>
                        <span>{tb.guestsMayWatch ? tc("guestsMayWatch") : tc("membersOnly")}</span>
                      </div>
                      <RuleSummary variant={tb.variant} options={tb.options} locale={locale} testId="club-table-rules" />
                    </div>
                  </li>
                ))}
              </ul>
            </section>

            <section className="card" aria-labelledby="club-games">
              <h2 id="club-games">{tc("recentGames")}</h2>
              {d.recentGames.length === 0 ? <p className="empty">{tc("noGames")}</p> : <TimeZoneNote />}
              <ul className="item-list" data-testid="club-games">
                {d.recentGames.map((g) => (
                  <li key={g.matchId}>
                    <div className="item__main">
                      <span className="item__title">
                        {tg(`variants.${g.variant}`)} · {g.presetName} ({tc("version", { version: g.presetVersion })})
                      </span>
                      <div className="item__meta">
                        <span>{g.players.map((p, i) => `${p ? nameOf(p) : "?"} ${g.scores[i] ?? 0}`).join(", ")}</span>
                        <span>{tc("finishedAt", { date: format.dateTime(g.finishedAt, { dateStyle: "medium", timeStyle: "short" }) })}</span>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          </div>

          <div className="grid grid--wide">
            <section className="card" aria-labelledby="club-members">
              <h2 id="club-members">{tc("members")}</h2>
              <ul className="item-list" data-testid="club-members">
                {d.members.map((m) => {
                  const canTouch = m.userId !== userId && m.role !== "owner" && (role === "owner" || m.role === "member") && admin;
                  return (
                    <li key={m.userId} data-testid={`member-${m.displayName}`}>
                      <div className="item__main">
                        <Link className="item__title" href={`/u/${m.userId}`}>
                          {m.displayName}
                        </Link>{" "}
                        <span className={m.role === "member" ? "badge badge--muted" : "badge badge--gold"} data-testid="member-role">
                          {t(`roles.${m.role}`)}
                        </span>
                      </div>
                      {(canTouch || (role === "owner" && m.userId !== userId)) && removing !== m.userId && (
                        <div className="item__actions">
                          {canTouch &&
                            (m.role === "member" ? (
                              <button className="button button--ghost button--small" onClick={() => setRole.mutate({ clubId, userId: m.userId, role: "admin" })} disabled={setRole.isPending} data-testid="member-promote">
                                {tc("promote")}
                              </button>
                            ) : (
                              <button className="button button--ghost button--small" onClick={() => setRole.mutate({ clubId, userId: m.userId, role: "member" })} disabled={setRole.isPending}>
                                {tc("demote")}
                              </button>
                            ))}
                          {canTouch && (
                            <button className="button button--ghost button--small" onClick={() => setRemoving(m.userId)} data-testid="member-remove">
                              {tc("remove")}
                            </button>
                          )}
                          {role === "owner" && m.userId !== userId && (
                            <button className="button button--ghost button--small" onClick={() => transfer.mutate({ clubId, userId: m.userId })} disabled={transfer.isPending}>
                              {tc("transfer")}
                            </button>
                          )}
                        </div>
                      )}
                      {canTouch && removing === m.userId && (
                        <div className="item__block notice" data-testid="member-remove-confirmation">
                          <p>{tc("removeConfirm", { name: m.displayName })}</p>
                          <div className="button-row">
                            <button
                              className="button button--danger button--small"
                              onClick={() => remove.mutate({ clubId, userId: m.userId })}
                              disabled={remove.isPending}
                              data-testid="member-remove-confirm"
                            >
                              {tc("removeYes")}
                            </button>
                            <button className="button button--ghost button--small" onClick={() => setRemoving(null)}>
                              {tc("cancel")}
                            </button>
                          </div>
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>

            {admin && (
              <section className="card" aria-labelledby="club-requests">
                <h2 id="club-requests">{tc("requests")}</h2>
                {d.requests?.length === 0 && <p className="empty">{tc("noRequests")}</p>}
                <ul className="item-list" data-testid="club-requests">
                  {d.requests?.map((r) => (
                    <li key={r.userId} data-testid={`request-${r.displayName}`}>
                      <span className="item__main item__title">{r.displayName}</span>
                      <div className="item__actions">
                        <button className="button button--small" onClick={() => decide.mutate({ clubId, userId: r.userId, accept: true })} disabled={decide.isPending} data-testid="request-accept">
                          {tc("accept")}
                        </button>
                        <button className="button button--ghost button--small" onClick={() => decide.mutate({ clubId, userId: r.userId, accept: false })} disabled={decide.isPending} data-testid="request-refuse">
                          {tc("refuse")}
                        </button>
                      </div>
                    </li>
                  ))}
                </ul>
                <h2 id="club-invite" className="card__subhead">
                  {tc("invite")}
                </h2>
                {inviteUrl && (
                  <>
                    <p className="muted">{tc("inviteCopyHint")}</p>
                    <code className="invite-link" data-testid="club-invite-link">
                      {inviteUrl}
                    </code>
                  </>
                )}
                <div className="button-row">
                  {inviteUrl && <CopyLinkButton url={inviteUrl} testId="club-invite-copy" />}
                  <button className="button button--ghost" onClick={() => invite.mutate({ clubId, renew: true })} disabled={invite.isPending} data-testid="club-invite-renew">
                    {tc("renewInvite")}
                  </button>
                </div>
              </section>
            )}
          </div>

          <section className={role === "owner" && c.memberCount <= 1 ? "card card--danger" : "card"} aria-labelledby="club-leave">
            <h2 id="club-leave">{role === "owner" && c.memberCount <= 1 ? tc("deleteTitle") : tc("leave")}</h2>
            {role === "owner" && c.memberCount > 1 ? (
              <p className="muted">{tc("ownerMustTransfer")}</p>
            ) : role === "owner" ? (
              deleting ? (
                <form
                  className="form narrow-form"
                  data-testid="club-delete-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    leave.mutate({ clubId, confirmName: typedName });
                  }}
                >
                  <p className="notice notice--error">{tc("deleteWarning")}</p>
                  <div className="field">
                    <label htmlFor="club-delete-name">{tc("deleteTypeName", { name: c.name })}</label>
                    <input
                      id="club-delete-name"
                      value={typedName}
                      onChange={(e) => setTypedName(e.target.value)}
                      autoComplete="off"
                      data-testid="club-delete-name"
                    />
                  </div>
                  <div className="button-row">
                    <SubmitButton className="button button--danger" disabled={typedName.trim() !== c.name || leave.isPending || leave.isSuccess} data-testid="club-delete-confirm">
                      {tc("deleteConfirm")}
                    </SubmitButton>
                    <button className="button button--ghost" type="button" onClick={() => (setDeleting(false), setTypedName(""))}>
                      {tc("cancel")}
                    </button>
                  </div>
                </form>
              ) : (
                <button className="button button--ghost" onClick={() => setDeleting(true)} data-testid="club-delete">
                  {tc("deleteClub")}
                </button>
              )
            ) : (
              <button className="button button--ghost" onClick={() => leave.mutate({ clubId })} disabled={leave.isPending || leave.isSuccess} data-testid="club-leave">
                {tc("leave")}
              </button>
            )}
          </section>
        </>
      )}
    </article>
  );
}
