/**
 * The double-dummy analysis of one hand of a stored match, on request: every
 * card played, trick by trick, marked "−N" where it cost its side N tricks
 * under best play from then on, "✓" where it kept the best result, and
 * unmarked where the position was not solved (the first tricks of a hand).
 */
"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { PlayingCard } from "@/components/cards/PlayingCard";
import { useTRPC } from "@/trpc/react";

export function HandAnalysisPanel({ matchId, handIndex, names }: { matchId: string; handIndex: number; names: readonly string[] }) {
  const t = useTranslations("history.replay.analysis");
  const trpc = useTRPC();
  const [requested, setRequested] = useState(false);
  const query = useQuery({ ...trpc.history.analyzeHand.queryOptions({ matchId, handIndex }), enabled: requested, staleTime: Infinity, retry: false });

  if (!requested || query.isError) {
    return (
      <section className="card" data-testid="replay-analysis">
        <button type="button" className="button button--ghost" onClick={() => (requested ? void query.refetch() : setRequested(true))} data-testid="replay-analyse">
          {t("button")}
        </button>
        {query.isError && <p className="notice notice--error">{t("failed")}</p>}
      </section>
    );
  }
  if (!query.data) {
    return (
      <section className="card" data-testid="replay-analysis" aria-busy="true">
        <p className="muted">{t("running")}</p>
      </section>
    );
  }
  if (query.data.status === "timeout") {
    return (
      <section className="card" data-testid="replay-analysis">
        <p className="notice">{t("timeout")}</p>
      </section>
    );
  }
  const tricks: (typeof query.data.analysis.plays)[number][][] = [];
  for (const p of query.data.analysis.plays) (tricks[p.trick] ??= []).push(p);
  return (
    <section className="card" data-testid="replay-analysis">
      <h3>{t("title")}</h3>
      <p className="muted" data-testid="replay-analysis-legend">
        {t("legend", { cards: query.data.maxHandSize })}
      </p>
      <ol>
        {tricks.map((plays, i) => (
          <li key={i}>
            {plays.map((p) => (
              <span key={p.actionIndex} data-testid="replay-analysis-card" data-lost={p.lost ?? ""}>
                <PlayingCard code={p.card} size="small" label={`${names[p.seat] ?? ""}: ${p.card}`} />
                {p.lost === null ? null : p.lost > 0 ? (
                  <strong style={{ color: "var(--danger)" }} title={t("lost", { tricks: p.lost })}>
                    −{p.lost}
                  </strong>
                ) : (
                  <span title={t("kept")}>✓</span>
                )}{" "}
              </span>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
