/**
 * The live table page: seats (take, leave, computer players), the trick in
 * play, the player's own hand, the legal choices of the moment (bids,
 * contract set-up, the kat exchange), contract and trump, tricks won, hand
 * results with their explanation and a deal check, running totals and chat.
 * Everything shown comes from the server's snapshot for this viewer.
 */
"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { sortHand, type Card } from "@/engine/cards";
import type { Action, HandResult, Seat } from "@/engine/types";
import type { TableSnapshot } from "@/protocol";
import { PlayingCard } from "@/components/cards/PlayingCard";
import { bidLabel, errorText, explain, phaseLabel, type Translator } from "./format";
import { useTableSocket } from "./useTableSocket";
import { verifyDeal } from "./verify";
import styles from "./table.module.css";

const SUIT_SYMBOL: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_CLASS: Record<string, string | undefined> = { S: styles.spades, H: styles.hearts, D: styles.diamonds, C: styles.clubs };

export function TableClient({ tableId, invite, userId }: { tableId: string; invite?: string; userId: string | null }) {
  const t = useTranslations("table") as unknown as Translator;
  const te = useTranslations("engine") as unknown as Translator;
  const tg = useTranslations("game") as unknown as Translator;
  const live = useTableSocket(tableId, invite);
  const { table, error } = live;
  if (!table)
    return (
      <p data-testid="table-loading">
        {error ? errorText(te, error.code, error.message) : live.connected ? t("loading") : t("connecting")}
      </p>
    );
  return <TableBody table={table} live={live} t={t} te={te} tg={tg} userId={userId} />;
}

type Live = ReturnType<typeof useTableSocket>;

function TableBody({ table, live, t, te, tg, userId }: { table: TableSnapshot; live: Live; t: Translator; te: Translator; tg: Translator; userId: string | null }) {
  const [showLast, setShowLast] = useState(false);
  const [selected, setSelected] = useState<Card[]>([]);
  const view = table.view;
  const hand = view?.hand ?? null;
  const me = table.you;
  const names = table.seats.map((s, i) => s?.name ?? tg(`seats.${i}`));
  const legal = hand?.legal ?? [];
  const legalPlays = new Set(legal.flatMap((a) => (a.type === "play" ? [a.card] : [])));
  const exchanges = legal.filter((a): a is Extract<Action, { type: "exchange" }> => a.type === "exchange");
  const canKeep = exchanges.some((a) => a.discard.length === 0);
  const choosing = exchanges.length > 0 || legal.some((a) => a.type === "hide");
  const bottom: Seat = me ?? 0;
  const myCards = me !== null && hand ? sortHand(hand.hands[me]?.cards ?? []) : [];
  const lastTrick = hand?.tricks[hand.tricks.length - 1] ?? null;
  const shownTrick = showLast && lastTrick ? lastTrick : (hand?.trick ?? null);
  const lastResult: HandResult | undefined = view?.results[view.results.length - 1];
  const seated = me !== null;

  const act = (a: Action) => void live.act(a);
  const clickCard = (c: Card) => {
    if (exchanges.length > 0) {
      setSelected((s) => (s.includes(c) ? s.filter((x) => x !== c) : s.length < 3 ? [...s, c] : s));
      return;
    }
    if (legal.some((a) => a.type === "hide" && a.card === c)) return act({ type: "hide", card: c });
    // A card that is not legal now is still sent: the server answers with the engine's reason and nothing changes.
    act({ type: "play", card: c });
  };
  const exchangeReady = selected.length === 3 && exchanges.some((a) => a.discard.length === 3 && a.discard.every((c) => selected.includes(c)));

  const seatPanel = (seat: Seat, where: string) => {
    const info = table.seatInfo[seat]!;
    const occ = info.occupant;
    const isTurn = hand?.turn === seat;
    return (
      <div className={`${styles.seat} ${styles[where]} ${isTurn ? styles.turn : ""}`} data-testid={`seat-${seat}`}>
        <div className={styles.seatName}>
          {occ ? names[seat] : t("emptySeat")}
          {occ?.kind === "bot" && <span className={styles.tag}>{t("computer")}</span>}
          {info.away && <span className={styles.tag}>{t("away")}</span>}
          {occ?.kind === "human" && !info.connected && <span className={styles.tag}>{t("offline")}</span>}
          {hand?.dealer === seat && <span className={styles.tag}>{tg("terms.dealer")}</span>}
        </div>
        {hand && (
          <div className={styles.seatFacts}>
            {t("cardsLeft", { count: hand.hands[seat]?.count ?? 0 })} · {t("tricksWon", { count: hand.tricksWon[seat] ?? 0 })}
          </div>
        )}
        {!occ && userId && !seated && (
          <button type="button" onClick={() => void live.run({ type: "seat/take", tableId: table.id, seat })} data-testid={`seat-take-${seat}`}>
            {t("takeSeat")}
          </button>
        )}
        {!occ && userId && table.status === "open" && (
          <button type="button" onClick={() => void live.run({ type: "seat/bot", tableId: table.id, seat, on: true })} data-testid={`seat-bot-${seat}`}>
            {t("addComputer")}
          </button>
        )}
        {occ?.kind === "bot" && table.status === "open" && userId && (
          <button type="button" onClick={() => void live.run({ type: "seat/bot", tableId: table.id, seat, on: false })}>
            {t("removeComputer")}
          </button>
        )}
        {occ?.kind === "bot" && table.status === "playing" && userId && !seated && (
          <button type="button" onClick={() => void live.run({ type: "seat/take", tableId: table.id, seat })} data-testid={`seat-take-${seat}`}>
            {t("takeOver")}
          </button>
        )}
        {isTurn && table.turnDeadline && <Countdown until={table.turnDeadline} t={t} />}
      </div>
    );
  };

  const contract = hand?.contract ?? null;
  return (
    <div className={styles.table} data-testid="table" data-seq={table.seq} data-status={table.status}>
      <div className={styles.header}>
        <strong>{tg(`variants.${table.variant}`)}</strong>
        {view && <span>{t("handNumber", { n: view.handIndex + 1 })}</span>}
        {hand && <span data-testid="phase">{phaseLabel(te, hand.phase)}</span>}
        {contract && (
          <span data-testid="contract">
            {t("contract")}: {bidLabel(te, contract.bid)}
            {contract.declarer !== null && ` · ${names[contract.declarer]}`}
            {contract.called && ` · ${t("called")} ${contract.called}`}
          </span>
        )}
        {contract && (
          <span data-testid="trump">
            {tg("terms.trump")}: {contract.trump ? <span className={SUIT_CLASS[contract.trump]}>{SUIT_SYMBOL[contract.trump]}</span> : tg("terms.noTrump")}
          </span>
        )}
        <span className={styles.status} data-testid="table-status">
          {t(`status.${table.status}`)} {live.connected ? "" : `· ${t("reconnecting")}`}
        </span>
      </div>
      {table.handSeedHash && (
        <div className={styles.hash} title={t("hashHelp")}>
          {t("dealHash")}: <code data-testid="deal-hash">{table.handSeedHash}</code>
        </div>
      )}

      <div className={styles.felt}>
        {seatPanel(((bottom + 2) % 4) as Seat, "top")}
        {seatPanel(((bottom + 1) % 4) as Seat, "left")}
        {seatPanel(((bottom + 3) % 4) as Seat, "right")}
        <div className={styles.center} data-testid="trick">
          {shownTrick?.plays.map((p) => (
            <div key={p.seat} className={styles[["bottomCard", "leftCard", "topCard", "rightCard"][(p.seat - bottom + 4) % 4]!]}>
              <PlayingCard code={p.card} size="small" label={`${names[p.seat]}: ${p.card}`} testId={`trick-card-${p.seat}`} />
            </div>
          ))}
          {hand?.kat && hand.kat.cards.some((c) => c !== null) && (
            <div className={styles.kat}>
              {hand.kat.cards.map((c, i) => (
                <PlayingCard key={i} code={c} size="small" />
              ))}
            </div>
          )}
          {showLast && lastTrick && <div className={styles.lastLabel}>{t("lastTrickBy", { name: names[lastTrick.winner]! })}</div>}
        </div>
        {seatPanel(bottom, "bottom")}
      </div>

      {lastTrick && (
        <button type="button" className={styles.linkButton} onClick={() => setShowLast((v) => !v)} data-testid="toggle-last-trick">
          {showLast ? t("hideLastTrick") : t("showLastTrick")}
        </button>
      )}

      {live.error && (
        <p className={styles.error} data-testid="table-error">
          {errorText(te, live.error.code, live.error.message)}
        </p>
      )}

      {legal.length > 0 && !legal.every((a) => a.type === "play") && (
        <div className={styles.choices} data-testid="choices">
          {legal.map((a, i) => {
            switch (a.type) {
              case "bid":
                return <button key={i} type="button" onClick={() => act(a)} data-testid={`bid-${a.bid}`}>{bidLabel(te, a.bid)}</button>;
              case "trump":
                return <button key={i} type="button" onClick={() => act(a)} data-testid={`trump-${a.suit}`}><span className={SUIT_CLASS[a.suit]}>{SUIT_SYMBOL[a.suit]}</span> {tg(`suits.${a.suit}`)}</button>;
              case "call":
                return <button key={i} type="button" onClick={() => act(a)} data-testid={`call-${a.card}`}>{t("callCard", { card: a.card })}</button>;
              case "exchange":
              case "hide":
              case "play":
                return null;
              default:
                return <button key={i} type="button" onClick={() => act(a)} data-testid={`action-${a.type}`}>{te(`actions.${a.type}`)}</button>;
            }
          })}
          {exchanges.length > 0 && (
            <>
              <span>{t("exchangeHelp", { count: selected.length })}</span>
              <button type="button" disabled={!exchangeReady} onClick={() => { act({ type: "exchange", discard: selected }); setSelected([]); }} data-testid="exchange-confirm">
                {t("exchangeConfirm")}
              </button>
              {canKeep && <button type="button" onClick={() => act({ type: "exchange", discard: [] })} data-testid="exchange-keep">{t("exchangeKeep")}</button>}
            </>
          )}
          {legal.some((a) => a.type === "hide") && <span>{t("hideHelp")}</span>}
        </div>
      )}

      {seated && hand && (
        <div className={styles.hand} data-testid="my-hand">
          {myCards.map((c) => (
            <PlayingCard
              key={c}
              code={c}
              onClick={() => clickCard(c)}
              selected={selected.includes(c)}
              muted={!choosing && !legalPlays.has(c)}
              testId={`hand-card-${c}`}
            />
          ))}
        </div>
      )}
      {seated && (
        <button type="button" className={styles.linkButton} onClick={() => void live.run({ type: "seat/leave", tableId: table.id })} data-testid="seat-leave">
          {t("leaveSeat")}
        </button>
      )}

      {view && view.results.length > 0 && <Results table={table} names={names} t={t} te={te} hashes={live.hashes} last={lastResult!} />}
      <Chat live={live} tableId={table.id} t={t} canChat={userId !== null} />
      {table.isPrivate && seated && typeof window !== "undefined" && (
        <p className={styles.hash}>{t("inviteHint")}: <code>{window.location.href}</code></p>
      )}
    </div>
  );
}

function Countdown({ until, t }: { until: number; t: Translator }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const left = Math.max(0, Math.round((until - now) / 1000));
  return <div className={styles.countdown}>{t("secondsLeft", { count: left })}</div>;
}

function Results({ table, names, t, te, hashes, last }: { table: TableSnapshot; names: string[]; t: Translator; te: Translator; hashes: Map<number, string>; last: HandResult }) {
  const view = table.view!;
  const [check, setCheck] = useState<string | null>(null);
  return (
    <section className={styles.results} data-testid="results">
      <h2>{t("handResult", { n: last.handIndex + 1 })}</h2>
      <p data-testid="result-outcome">{te.has(`outcomes.${last.outcome}`) ? te(`outcomes.${last.outcome}`) : last.outcome}</p>
      <ul>
        {last.explanation.map((line, i) => (
          <li key={i}>{explain(te, line, names)}</li>
        ))}
      </ul>
      <p className={styles.hash}>
        {t("seedRevealed")}: <code data-testid="revealed-seed">{last.seed}</code>{" "}
        <button
          type="button"
          data-testid="verify-deal"
          onClick={() => {
            const r = verifyDeal(view.variant, view.options, last, hashes.get(last.handIndex) ?? null);
            setCheck(t(`verify.${r}`));
          }}
        >
          {t("verifyDeal")}
        </button>{" "}
        {check && <strong data-testid="verify-result">{check}</strong>}
      </p>
      <table className={styles.totals}>
        <thead>
          <tr>
            <th>#</th>
            {names.map((n, i) => (
              <th key={i}>{n}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.results.map((r) => (
            <tr key={r.handIndex}>
              <td>{r.handIndex + 1}</td>
              {r.totals.map((x, i) => (
                <td key={i} title={`${r.points[i]! >= 0 ? "+" : ""}${r.points[i]}`}>{x}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {view.over && <p data-testid="match-over"><strong>{t("matchOver")}</strong></p>}
    </section>
  );
}

function Chat({ live, tableId, t, canChat }: { live: Live; tableId: string; t: Translator; canChat: boolean }) {
  const [text, setText] = useState("");
  return (
    <section className={styles.chat} aria-label={t("chat")}>
      <ul data-testid="chat-lines">
        {live.chat.map((l, i) => (
          <li key={i}>
            <strong>{l.from}:</strong> {l.text}
          </li>
        ))}
      </ul>
      {canChat && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) void live.run({ type: "chat", tableId, text });
            setText("");
          }}
        >
          <input value={text} onChange={(e) => setText(e.target.value)} maxLength={300} aria-label={t("chatMessage")} data-testid="chat-input" />
          <button type="submit">{t("send")}</button>
        </form>
      )}
    </section>
  );
}
