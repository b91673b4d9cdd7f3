/**
 * Replays a game record: the engine re-applies the record's actions (see
 * frames.ts) and the viewer steps through them one action at a time,
 * forward and back, hand by hand: the four hands, the auction, the contract,
 * the trick on the table, the tricks taken and each hand's score. It also
 * offers the record as a JSON download and, for a stored match, each hand's
 * double-dummy analysis.
 */
"use client";

import { useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import type { GameRecord } from "@/engine";
import { PlayingCard } from "@/components/cards/PlayingCard";
import { bidLabel, explain, type Translator } from "@/components/table/format";
import { replayFrames } from "./frames";
import { HandAnalysisPanel } from "./HandAnalysisPanel";

export function ReplayViewer({ record, fileName, matchId }: { record: GameRecord; fileName: string; matchId?: string }) {
  const t = useTranslations("history.replay");
  const te = useTranslations("engine") as unknown as Translator;
  const tg = useTranslations("game");
  const frames = useMemo(() => replayFrames(record), [record]);
  const [hand, setHand] = useState(0);
  const [step, setStep] = useState(0);
  if (!frames.ok) return <p className="notice notice--error">{te(`errors.${frames.error.code.replace(/[./]/g, "_")}`)}</p>;
  const handFrames = frames.value[hand]!;
  const f = handFrames[Math.min(step, handFrames.length - 1)]!;
  const names = record.seats.map((s) => s.name);
  const goHand = (h: number) => {
    setHand(h);
    setStep(0);
  };
  const actionText = (a: { seat: number; action: GameRecord["hands"][number]["actions"][number]["action"] }) => {
    const x = a.action;
    const what =
      x.type === "bid" ? bidLabel(te, x.bid) : x.type === "trump" ? tg(`suits.${x.suit}`) : x.type === "call" || x.type === "hide" || x.type === "play" ? x.card : x.type === "exchange" ? x.discard.join(" ") : te.has(`actions.${x.type}`) ? te(`actions.${x.type}`) : x.type;
    return `${names[a.seat]}: ${what}`;
  };
  const download = () => {
    const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName;
    a.click();
    URL.revokeObjectURL(url);
  };
  const auction = f.auction.filter((a) => a.action.type !== "play");
  // Right after a trick is completed, keep showing it until the next card is led.
  const shownTrick = f.trick ?? (f.last?.action.type === "play" ? f.tricks[f.tricks.length - 1] ?? null : null);

  return (
    <div className="replay" data-testid="replay" data-hand={hand} data-step={f.step}>
      <div className="actions">
        <button type="button" className="button button--ghost" onClick={() => goHand(hand - 1)} disabled={hand === 0} data-testid="replay-prev-hand">
          {t("prevHand")}
        </button>
        <span data-testid="replay-hand">{t("hand", { number: hand + 1, total: frames.value.length })}</span>
        <button type="button" className="button button--ghost" onClick={() => goHand(hand + 1)} disabled={hand === frames.value.length - 1} data-testid="replay-next-hand">
          {t("nextHand")}
        </button>
      </div>
      <div className="actions">
        <button type="button" className="button button--ghost" onClick={() => setStep(0)} disabled={step === 0} data-testid="replay-first">
          {t("first")}
        </button>
        <button type="button" className="button" onClick={() => setStep(step - 1)} disabled={step === 0} data-testid="replay-prev">
          {t("prev")}
        </button>
        <span data-testid="replay-step">{t("step", { step: f.step, total: handFrames.length - 1 })}</span>
        <button type="button" className="button" onClick={() => setStep(step + 1)} disabled={step >= handFrames.length - 1} data-testid="replay-next">
          {t("next")}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setStep(handFrames.length - 1)} disabled={step >= handFrames.length - 1} data-testid="replay-last">
          {t("last")}
        </button>
      </div>
      <p className="muted">
        {t("dealer", { name: names[f.dealer] ?? "" })}
        {f.last ? ` · ${actionText(f.last)}` : ""}
      </p>
      <div className="grid">
        {f.hands.map((cards, seat) => (
          <section key={seat} className="card" data-testid={`replay-seat-${seat}`} data-count={cards.length}>
            <h3>
              {names[seat]} {f.turn === seat ? "◀" : ""} <span className="muted">({f.tricksWon[seat]})</span>
            </h3>
            <div>
              {cards.map((c, i) => (
                <PlayingCard key={`${c}${i}`} code={c} size="small" />
              ))}
            </div>
          </section>
        ))}
      </div>
      <div className="grid">
        <section className="card">
          <h3>{t("auction")}</h3>
          {auction.length ? (
            <ol data-testid="replay-auction">
              {auction.map((a, i) => (
                <li key={i}>{actionText(a)}</li>
              ))}
            </ol>
          ) : (
            <p className="muted">{t("noAuction")}</p>
          )}
          <h3>{t("contract")}</h3>
          <p data-testid="replay-contract">
            {f.contract
              ? [bidLabel(te, f.contract.bid), f.contract.declarer !== null ? t("declarer", { name: names[f.contract.declarer] ?? "" }) : null, f.contract.trump ? t("trump", { suit: tg(`suits.${f.contract.trump}`) }) : t("noTrump")]
                  .filter(Boolean)
                  .join(" · ")
              : t("noContract")}
          </p>
        </section>
        <section className="card">
          <h3>{t("trick")}</h3>
          <div data-testid="replay-trick">
            {(shownTrick?.plays ?? []).map((p) => (
              <span key={`${p.seat}${p.card}`} title={names[p.seat]}>
                <PlayingCard code={p.card} size="small" label={`${names[p.seat]}: ${p.card}`} />
              </span>
            ))}
          </div>
          <p className="muted">
            {t("tricks")}: {f.tricks.length}
          </p>
        </section>
      </div>
      {f.result && (
        <section className="card card--accent" data-testid="replay-result">
          <h3>{t("result")}</h3>
          <p>{te.has(`outcomes.${f.result.outcome}`) ? te(`outcomes.${f.result.outcome}`) : f.result.outcome}</p>
          <ul>
            {f.result.explanation.map((line, i) => (
              <li key={i}>{explain(te, line, names)}</li>
            ))}
          </ul>
        </section>
      )}
      {matchId && <HandAnalysisPanel key={hand} matchId={matchId} handIndex={record.hands[hand]?.index ?? hand} names={names} />}
      <p data-testid="replay-totals">
        {t("totals")}: {names.map((n, i) => `${n} ${f.totals[i]}`).join(" · ")}
      </p>
      <button type="button" className="button button--ghost" onClick={download} data-testid="replay-export">
        {t("export")}
      </button>
    </div>
  );
}
