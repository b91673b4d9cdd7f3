/**
 * The game-history browser: filters (variant, club, date range, opponent)
 * and pages of finished games, newest first, loaded one keyset page at a time.
 */
"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { useInfiniteQuery } from "@tanstack/react-query";
import { VARIANT_IDS } from "@/engine/types";
import { useTRPC } from "@/trpc/react";

interface Filters {
  variant?: string;
  clubId?: string;
  from?: Date;
  to?: Date;
  opponentId?: string;
}

const dateOf = (s: string) => (s ? new Date(`${s}T00:00:00`) : undefined);

export function HistoryList() {
  const t = useTranslations("history");
  const tg = useTranslations("game");
  const format = useFormatter();
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>({});
  const query = useInfiniteQuery(
    trpc.history.list.infiniteQueryOptions({ ...filters, limit: 20 }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <form
        className="form history-filters"
        data-testid="history-filters"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const text = (k: string) => String(f.get(k) ?? "").trim() || undefined;
          setFilters({ variant: text("variant"), clubId: text("clubId"), from: dateOf(String(f.get("from") ?? "")), to: dateOf(String(f.get("to") ?? "")), opponentId: text("opponentId") });
        }}
      >
        <div className="field">
          <label htmlFor="h-variant">{t("filters.variant")}</label>
          <select id="h-variant" name="variant" defaultValue="" data-testid="history-variant">
            <option value="">{t("filters.any")}</option>
            {VARIANT_IDS.map((v) => (
              <option key={v} value={v}>
                {tg(`variants.${v}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="h-club">{t("filters.club")}</label>
          <input id="h-club" name="clubId" />
        </div>
        <div className="field">
          <label htmlFor="h-from">{t("filters.from")}</label>
          <input id="h-from" name="from" type="date" />
        </div>
        <div className="field">
          <label htmlFor="h-to">{t("filters.to")}</label>
          <input id="h-to" name="to" type="date" />
        </div>
        <div className="field">
          <label htmlFor="h-opp">{t("filters.opponent")}</label>
          <input id="h-opp" name="opponentId" />
        </div>
        <button type="submit" className="button" data-testid="history-apply">
          {t("filters.apply")}
        </button>
      </form>
      {query.isPending ? (
        <p>{t("loading")}</p>
      ) : items.length === 0 ? (
        <p className="empty" data-testid="history-empty">
          {t("empty")}
        </p>
      ) : (
        <ul className="history-list" data-testid="history-list">
          {items.map((g) => (
            <li key={g.matchId} data-testid="history-item" data-match={g.matchId}>
              <Link href={`/games/${g.matchId}`}>
                <strong>{tg(`variants.${g.variant}`)}</strong> · {format.dateTime(g.finishedAt, { dateStyle: "medium", timeStyle: "short" })}
              </Link>{" "}
              · {t("place")} {g.place} · {t("score")} {g.score}
              {g.ranked && <em> · {t("ranked")}</em>}
              {g.leftEarly && <em> · {t("leftEarly")}</em>}
              <div className="muted">
                {g.players.map((p, i) =>
                  p?.kind === "human" && i !== g.seat ? (
                    // A click lists only the games with this player.
                    <button key={i} type="button" className="link-button" onClick={() => setFilters({ ...filters, opponentId: p.userId })} title={t("filters.opponent")}>
                      {p.name}
                    </button>
                  ) : (
                    <span key={i}>{p?.name ?? `#${i + 1}`}</span>
                  ),
                ).reduce<ReactNode[]>((acc, el, i) => (i ? [...acc, ", ", el] : [el]), [])}
              </div>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button type="button" className="button button--ghost" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="history-more">
          {t("more")}
        </button>
      )}
    </>
  );
}
