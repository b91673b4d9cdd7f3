/**
 * The live lobby: one page of tables (newest first) with filters — game,
 * waiting or in play, open seats, club — updated as tables are created and
 * seats change. Club tables appear only to their members (the server decides).
 */
"use client";

import { useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { getVariant, variantIds } from "@/engine";
import type { LobbyFilterInput, TableSummary } from "@/protocol";
import { useLobby } from "./useTableSocket";
import { useSeatName } from "./useSeatName";
import styles from "./table.module.css";

const PAGE = 30;

/** The options that differ from the variant's defaults, as "label: value". */
function optionSummary(t: TableSummary, locale: "da" | "nb" | "en"): string {
  const fields = getVariant(t.variant)?.optionFields ?? [];
  const parts: string[] = [];
  for (const f of fields) {
    const v = t.options[f.key];
    if (JSON.stringify(v) === JSON.stringify(f.default)) continue;
    parts.push(`${f.label[locale]}: ${Array.isArray(v) ? v.join("/") : typeof v === "boolean" ? (v ? "✓" : "✗") : String(v)}`);
  }
  return parts.join(" · ");
}

export function LobbyClient({ locale, clubs = [] }: { locale: "da" | "nb" | "en"; clubs?: readonly { id: string; name: string }[] }) {
  const t = useTranslations("table");
  const tg = useTranslations("game");
  const seatName = useSeatName();
  const [variant, setVariant] = useState("");
  const [status, setStatus] = useState<"" | "open" | "playing">("");
  const [openSeats, setOpenSeats] = useState(false);
  const [clubId, setClubId] = useState("");
  /** Cursors of the pages before the current one (the first page has none). */
  const [cursors, setCursors] = useState<string[]>([]);
  const filter: LobbyFilterInput = {
    limit: PAGE,
    ...(variant ? { variant } : {}),
    ...(status ? { status } : {}),
    ...(openSeats ? { minOpenSeats: 1 } : {}),
    ...(clubId ? { clubId } : {}),
    ...(cursors.length ? { cursor: cursors[cursors.length - 1] } : {}),
  };
  const { connected, tables, nextCursor } = useLobby(filter);
  // Until the page is live (hydrated and connected) a choice would be lost: the filters wait.
  const off = !connected;
  const refilter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setCursors([]);
  };

  return (
    <>
      <form className={styles.lobbyFilters} aria-label={t("lobby.filters")} onSubmit={(e) => e.preventDefault()} data-testid="lobby-filters">
        <label>
          {t("lobby.variant")}
          <select value={variant} onChange={(e) => refilter(setVariant)(e.target.value)} disabled={off} data-testid="lobby-filter-variant">
            <option value="">{t("lobby.all")}</option>
            {variantIds().map((id) => (
              <option key={id} value={id}>
                {tg(`variants.${id}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("lobby.status")}
          <select value={status} onChange={(e) => refilter(setStatus)(e.target.value as "" | "open" | "playing")} disabled={off} data-testid="lobby-filter-status">
            <option value="">{t("lobby.all")}</option>
            <option value="open">{t("status.open")}</option>
            <option value="playing">{t("status.playing")}</option>
          </select>
        </label>
        {clubs.length > 0 && (
          <label>
            {t("lobby.club")}
            <select value={clubId} onChange={(e) => refilter(setClubId)(e.target.value)} disabled={off} data-testid="lobby-filter-club">
              <option value="">{t("lobby.all")}</option>
              {clubs.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={styles.lobbyCheck}>
          <input type="checkbox" checked={openSeats} onChange={(e) => refilter(setOpenSeats)(e.target.checked)} disabled={off} data-testid="lobby-filter-open-seats" />
          {t("lobby.openSeats")}
        </label>
      </form>
      {!tables ? (
        <p>{t("connecting")}</p>
      ) : tables.length === 0 ? (
        <p data-testid="lobby-empty">{t("lobby.empty")}</p>
      ) : (
        <ul className={styles.lobby} data-testid="lobby">
          {tables.map((x) => {
            // Of the table's own seat count (two to seven, by variant and table).
            const taken = x.seats.filter((s) => s !== null).length;
            const summary = optionSummary(x, locale);
            return (
              <li key={x.id} data-testid={`lobby-table-${x.id}`}>
                <Link href={`/play/${x.id}`}>
                  <strong>{tg(`variants.${x.variant}`)}</strong>
                </Link>{" "}
                {x.ranked && (
                  <>
                    <span className={styles.rankedTag} data-testid="lobby-ranked">
                      {t(`rankedKind.${x.ranked}`)}
                    </span>{" "}
                  </>
                )}
                · {t(`status.${x.status}`)} · {t("lobby.seats", { taken, count: x.seats.length })}
                <div className={styles.hash}>{summary || t("lobby.defaults")}</div>
                <div>
                  {x.seats.map((s, i) => (
                    <span key={i} className={styles.lobbySeat}>
                      {s ? seatName(s) : t("emptySeat")}
                    </span>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {(cursors.length > 0 || nextCursor) && (
        <nav className={styles.lobbyPager} aria-label={t("lobby.pages")}>
          <button type="button" className={styles.secondary} disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))} data-testid="lobby-newer">
            {t("lobby.newer")}
          </button>
          <span>{t("lobby.page", { n: cursors.length + 1 })}</span>
          <button type="button" className={styles.secondary} disabled={!nextCursor} onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])} data-testid="lobby-older">
            {t("lobby.older")}
          </button>
        </nav>
      )}
    </>
  );
}
