/**
 * The game-history browser: filters (variant, club, date range, opponent)
 * and pages of finished games, newest first, loaded one keyset page at a time.
 * The filters live in the URL (?variant=&club=&opponent=&from=&to=), so a
 * filtered list can be shared and the back button returns to the previous
 * filters; club and opponent are chosen by name (history.suggest) and kept as ids.
 */
"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState, type KeyboardEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { VARIANT_IDS } from "@/engine/meta";
import { useTRPC } from "@/trpc/react";
import { TimeZoneNote } from "@/components/layout/TimeZoneNote";
import { useSeatName } from "@/components/table/useSeatName";
import { SubmitButton } from "@/components/forms/SubmitButton";

type Picked = { id: string; name: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (s: string | null) => (s && DAY.test(s) ? new Date(`${s}T00:00:00`) : undefined);
const param = (p: URLSearchParams, k: string) => p.get(k)?.trim() || undefined;

/**
 * A text field that suggests names (2+ characters) and keeps the chosen one's id.
 * A combobox with a list box: arrow keys move through the suggestions (the input
 * keeps focus and points at the active one with aria-activedescendant), Enter
 * picks, Escape closes, and a click picks too.
 */
function NameFilter({
  kind,
  id,
  label,
  initial,
  picked,
  onPick,
  error,
}: {
  kind: "club" | "opponent";
  id: string;
  label: string;
  initial: string;
  picked: Picked | null;
  onPick: (p: Picked | null, text: string) => void;
  error: string | null;
}) {
  const t = useTranslations("history.filters");
  const trpc = useTRPC();
  const [text, setText] = useState(initial);
  const [debounced, setDebounced] = useState(initial.trim());
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const wanted = open && !picked && debounced.length >= 2;
  const suggestions = useQuery({ ...trpc.history.suggest.queryOptions({ kind, text: debounced }), enabled: wanted });
  const list = wanted ? suggestions.data : undefined;
  const options = list ?? [];
  // A new list starts with nothing active.
  useEffect(() => setActive(-1), [list]);
  const optionId = (i: number) => `${id}-option-${i}`;
  const choose = (s: Picked) => {
    setText(s.name);
    setOpen(false);
    setActive(-1);
    onPick(s, s.name);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    } else if (e.key === "Enter" && list && active >= 0 && options[active]) {
      // Enter picks the active name instead of submitting the form.
      e.preventDefault();
      choose(options[active]!);
    } else if (e.key === "Escape" && list) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
  const expanded = options.length > 0;
  return (
    <div className="field name-filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={text}
        autoComplete="off"
        placeholder={t("namePlaceholder")}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-suggestions`}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          onPick(null, e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        data-testid={id}
      />
      {list && (
        <div className="name-filter__popup">
          {list.length === 0 && (
            <p className="name-filter__none" role="status">
              {t("noSuggestions")}
            </p>
          )}
          <ul id={`${id}-suggestions`} role="listbox" aria-label={t("suggestions")} className="name-filter__list" data-testid={`${id}-suggestions`} hidden={list.length === 0}>
            {list.map((s, i) => (
              <li
                key={s.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // Keeps the focus in the field (no blur that would close the list before the click).
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(s)}
              >
                {s.name}
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className="field__error" role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The filter form, started from the URL's filters (remounted when they change, e.g. by the back button). */
function FilterForm({ params, labels, onApply }: { params: URLSearchParams; labels: { club: string | null; opponent: string | null }; onApply: (next: URLSearchParams) => void }) {
  const t = useTranslations("history");
  const tg = useTranslations("game");
  const club0 = param(params, "club");
  const opp0 = param(params, "opponent");
  const [club, setClub] = useState<{ picked: Picked | null; text: string }>({ picked: club0 ? { id: club0, name: labels.club ?? "" } : null, text: club0 ? (labels.club ?? t("filters.unknown")) : "" });
  const [opponent, setOpponent] = useState<{ picked: Picked | null; text: string }>({ picked: opp0 ? { id: opp0, name: labels.opponent ?? "" } : null, text: opp0 ? (labels.opponent ?? t("filters.unknown")) : "" });
  const [errors, setErrors] = useState<{ club: boolean; opponent: boolean }>({ club: false, opponent: false });
  return (
    <form
      className="form history-filters"
      data-testid="history-filters"
      onSubmit={(e) => {
        e.preventDefault();
        // A typed name that was not chosen from the list cannot be searched for.
        const bad = { club: !club.picked && club.text.trim() !== "", opponent: !opponent.picked && opponent.text.trim() !== "" };
        setErrors(bad);
        if (bad.club || bad.opponent) return;
        const f = new FormData(e.currentTarget);
        const next = new URLSearchParams();
        const variant = String(f.get("variant") ?? "");
        if (variant) next.set("variant", variant);
        if (club.picked) next.set("club", club.picked.id);
        if (opponent.picked) next.set("opponent", opponent.picked.id);
        for (const k of ["from", "to"]) {
          const v = String(f.get(k) ?? "");
          if (DAY.test(v)) next.set(k, v);
        }
        onApply(next);
      }}
    >
      <div className="field">
        <label htmlFor="h-variant">{t("filters.variant")}</label>
        <select id="h-variant" name="variant" defaultValue={param(params, "variant") ?? ""} data-testid="history-variant">
          <option value="">{t("filters.any")}</option>
          {VARIANT_IDS.map((v) => (
            <option key={v} value={v}>
              {tg(`variants.${v}`)}
            </option>
          ))}
        </select>
      </div>
      <NameFilter
        kind="club"
        id="history-club"
        label={t("filters.club")}
        initial={club.text}
        picked={club.picked}
        onPick={(picked, text) => setClub({ picked, text })}
        error={errors.club ? t("filters.pickClub") : null}
      />
      <div className="field">
        <label htmlFor="h-from">{t("filters.from")}</label>
        <input id="h-from" name="from" type="date" defaultValue={param(params, "from") ?? ""} data-testid="history-from" />
      </div>
      <div className="field">
        <label htmlFor="h-to">{t("filters.to")}</label>
        <input id="h-to" name="to" type="date" defaultValue={param(params, "to") ?? ""} data-testid="history-to" />
      </div>
      <NameFilter
        kind="opponent"
        id="history-opponent"
        label={t("filters.opponent")}
        initial={opponent.text}
        picked={opponent.picked}
        onPick={(picked, text) => setOpponent({ picked, text })}
        error={errors.opponent ? t("filters.pickOpponent") : null}
      />
      <div className="button-row">
        <SubmitButton className="button" data-testid="history-apply">
          {t("filters.apply")}
        </SubmitButton>
        {params.toString() !== "" && (
          <button type="button" className="button button--ghost" onClick={() => onApply(new URLSearchParams())} data-testid="history-clear">
            {t("filters.clear")}
          </button>
        )}
      </div>
    </form>
  );
}

export function HistoryList() {
  const t = useTranslations("history");
  const tg = useTranslations("game");
  const nameOf = useSeatName();
  const format = useFormatter();
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const search = params.toString();
  const filters = {
    variant: param(params, "variant"),
    clubId: param(params, "club"),
    opponentId: param(params, "opponent"),
    from: dateOf(params.get("from")),
    to: dateOf(params.get("to")),
  };
  // A new entry in the browser's history per filter change: back returns to the previous filters.
  const apply = (next: URLSearchParams) => router.push(next.toString() ? `${pathname}?${next.toString()}` : pathname, { scroll: false });
  const needsLabels = !!(filters.clubId || filters.opponentId);
  const labels = useQuery({ ...trpc.history.filterLabels.queryOptions({ clubId: filters.clubId, opponentId: filters.opponentId }), enabled: needsLabels });
  const query = useInfiniteQuery(
    trpc.history.list.infiniteQueryOptions({ ...filters, limit: 20 }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="stack">
      <section className="card" aria-labelledby="history-filters-title">
        <h2 id="history-filters-title">{t("filters.title")}</h2>
        {(!needsLabels || labels.data) && (
          <FilterForm key={search} params={params} labels={labels.data ?? { club: null, opponent: null }} onApply={apply} />
        )}
      </section>
      <section className="card" aria-labelledby="history-games-title">
        <h2 id="history-games-title">{t("games")}</h2>
        <TimeZoneNote testId="history-time-zone" />
        {query.isPending ? (
          <p>{t("loading")}</p>
        ) : items.length === 0 ? (
          <p className="empty" data-testid="history-empty">
            {t("empty")}
          </p>
        ) : (
          <ul className="item-list history-list" data-testid="history-list">
            {items.map((g) => (
              <li key={g.matchId} data-testid="history-item" data-match={g.matchId}>
                <div className="item__main">
                  <Link className="item__title" href={`/games/${g.matchId}`}>
                    {tg(`variants.${g.variant}`)} · {format.dateTime(g.finishedAt, { dateStyle: "medium", timeStyle: "short" })}
                  </Link>
                  <div className="item__meta">
                    <span>
                      {t("place")} {g.place}
                    </span>
                    <span>
                      {t("score")} {g.score}
                    </span>
                    {g.ranked && <span className="badge badge--gold">{t("ranked")}</span>}
                    {g.leftEarly && <span className="badge badge--muted">{t("leftEarly")}</span>}
                  </div>
                  <div className="chips" aria-label={t("players")} role="group">
                    {g.players.map((p, i) =>
                      p?.kind === "human" && i !== g.seat ? (
                        // A click lists only the games with this player.
                        <button
                          key={i}
                          type="button"
                          className="chip"
                          onClick={() => {
                            const next = new URLSearchParams(params);
                            next.set("opponent", p.userId);
                            apply(next);
                          }}
                          title={t("filters.withPlayer", { name: p.name })}
                        >
                          {p.name}
                        </button>
                      ) : (
                        <span key={i} className="chip chip--static">
                          {p ? nameOf(p) : `#${i + 1}`}
                        </span>
                      ),
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <p className="card__subhead">
            <button type="button" className="button button--ghost" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="history-more">
              {t("more")}
            </button>
          </p>
        )}
      </section>
    </div>
  );
}
