/**
 * The live lobby: open public tables with their variant, rule summary, seats
 * and who sits there, updated as tables are created and seats change.
 */
"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { getVariant } from "@/engine";
import type { TableSummary } from "@/protocol";
import { useLobby } from "./useTableSocket";
import styles from "./table.module.css";

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

export function LobbyClient({ locale }: { locale: "da" | "nb" | "en" }) {
  const t = useTranslations("table");
  const tg = useTranslations("game");
  const { tables } = useLobby();
  if (!tables) return <p>{t("connecting")}</p>;
  if (tables.length === 0) return <p data-testid="lobby-empty">{t("lobby.empty")}</p>;
  return (
    <ul className={styles.lobby} data-testid="lobby">
      {tables.map((x) => {
        const taken = x.seats.filter((s) => s !== null).length;
        const summary = optionSummary(x, locale);
        return (
          <li key={x.id} data-testid={`lobby-table-${x.id}`}>
            <Link href={`/play/${x.id}`}>
              <strong>{tg(`variants.${x.variant}`)}</strong>
            </Link>{" "}
            · {t(`status.${x.status}`)} · {t("lobby.seats", { taken })}
            <div className={styles.hash}>{summary || t("lobby.defaults")}</div>
            <div>
              {x.seats.map((s, i) => (
                <span key={i} className={styles.lobbySeat}>
                  {s ? s.name : t("emptySeat")}
                </span>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
