/**
 * The double-dummy analysis of one hand of a stored match: every card played,
 * trick by trick, marked "−N" where it cost its side N tricks under best play
 * from then on and "✓" where it kept the best result. The server analyses
 * hands in the background; while this hand waits or is being solved the
 * panel says so and asks again every few seconds (asking also moves the hand
 * ahead of the queue), until the result is there. A long hand's cards show
 * their marks as they are valued (the last ones first), with a count. Each
 * marked card is a button that moves the replay to that card (onJump with
 * its action index).
 */
"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { PlayingCard } from "@/components/cards/PlayingCard";
import { useTRPC } from "@/trpc/react";
import styles from "./replay.module.css";

/** How often a waiting panel asks again. */
const POLL_MS = 2_000;

export function HandAnalysisPanel({
  matchId,
  handIndex,
  names,
  onJump,
  current,
}: {
  matchId: string;
  handIndex: number;
  names: readonly string[];
  /** Moves the replay to the card with this action index. */
  onJump?: (actionIndex: number) => void;
  /** The action index the replay shows now (its card is marked). */
  current?: number;
}) {
  const t = useTranslations("history.replay.analysis");
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.history.handAnalysis.queryOptions({ matchId, handIndex }),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === "done" || q.state.data.status === "failed" || q.state.data.status === "unavailable") ? false : POLL_MS),
    retry: false,
  });
  const data = query.data;

  // The cards to mark: all of them once done, those valued so far while running (when there are some).
  const analysis = !query.isError && (data?.status === "done" || data?.status === "running") ? data.analysis : undefined;
  if (!analysis) {
    const text = query.isError || data?.status === "failed" ? t("failed") : data?.status === "unavailable" ? t("unavailable") : data?.status === "pending" ? t("pending", { ahead: data.ahead }) : t("running");
    return (
      <section className="card" data-testid="replay-analysis" data-status={query.isError ? "error" : (data?.status ?? "loading")} aria-busy={!query.isError && data?.status !== "failed" && data?.status !== "unavailable"}>
        <h3>{t("title")}</h3>
        <p className={query.isError || data?.status === "failed" ? "notice notice--error" : "muted"} role="status">
          {text}
        </p>
      </section>
    );
  }
  const { plays, side, complete } = analysis;
  const soFar = data?.status === "running";
  const tricks: (typeof plays)[number][][] = [];
  for (const p of plays) (tricks[p.trick] ??= []).push(p);
  return (
    <section className="card" data-testid="replay-analysis" data-status={soFar ? "running" : "done"} aria-busy={soFar ? true : undefined}>
      <h3>{t("title")}</h3>
      {soFar && (
        <p className="muted" role="status" data-testid="replay-analysis-progress">
          {t("progress", { done: plays.filter((p) => p.lost !== null).length, total: plays.length })}
        </p>
      )}
      {plays.length === 0 ? (
        <p className="muted">{t("noCards")}</p>
      ) : (
        <p className="muted" data-testid="replay-analysis-legend">
          {t("legend")} {side.length === 0 ? t("legendOwn") : ""} {complete || soFar ? "" : t("incomplete")}
        </p>
      )}
      <ol className={styles.analysisTricks}>
        {tricks.map((cards, i) => (
          <li key={i}>
            {cards.map((p) => {
              const mark = p.lost === null ? null : p.lost > 0 ? `−${p.lost}` : "✓";
              const meaning = p.lost === null ? "" : p.lost > 0 ? t("lost", { tricks: p.lost }) : t("kept");
              return (
                <span key={p.actionIndex} className={styles.entry} data-testid="replay-analysis-card" data-lost={p.lost ?? ""} data-current={current === p.actionIndex ? "1" : undefined}>
                  <button
                    type="button"
                    className={styles.jump}
                    onClick={() => onJump?.(p.actionIndex)}
                    disabled={!onJump}
                    aria-current={current === p.actionIndex ? "step" : undefined}
                    aria-label={t("jump", { name: names[p.seat] ?? "", card: p.card, mark: meaning })}
                    title={meaning || undefined}
                    data-testid="replay-analysis-jump"
                    data-action-index={p.actionIndex}
                  >
                    <PlayingCard code={p.card} size="tiny" />
                    {mark && <span className={p.lost !== null && p.lost > 0 ? styles.lost : styles.kept}>{mark}</span>}
                  </button>
                </span>
              );
            })}
          </li>
        ))}
      </ol>
    </section>
  );
}
