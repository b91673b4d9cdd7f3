/**
 * Replays a game record as a card table: the engine re-applies the record's
 * actions (see frames.ts) and the viewer steps through them one action at a
 * time, hand by hand. Every seat's hand sits around the felt (seat 0 at the
 * bottom, the others clockwise as at the live table: seat-layout.ts), sorted
 * by suit and rank (cards on a wide screen, suit rows on a phone); the trick
 * in the middle shows who played which card and, once complete, who won it. ←/→
 * step (across hands), Home/End jump to the start and end of the hand. The
 * hand and step are kept in the address (?hand=&step=), so the copied link
 * opens the replay at that card. The double-dummy markers of a stored match
 * jump to their card. It also offers the record as a JSON download.
 */
"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { GameRecord } from "@/engine";
import type { CompletedTrick } from "@/engine/types";
import { type Card, JOKER, SUITS, SUIT_SYMBOL, type Suit, sortHand } from "@/engine/cards";
import { PlayingCard } from "@/components/cards/PlayingCard";
import { describeBid } from "@/engine/meta";
import { bidLabel, explain, unbidContract, type Translator } from "@/components/table/format";
import { useSeatName } from "@/components/table/useSeatName";
import { type Place, placeOf, placesFor, seatsInReadingOrder, usesCorners } from "@/components/table/seat-layout";
import { type ReplayFrame, replayFrames } from "./frames";
import { HandAnalysisPanel } from "./HandAnalysisPanel";
import styles from "./replay.module.css";

const RANK_TEXT: Record<string, string> = { T: "10" };

/** The position in the address: 1-based hand, 0-based step (actions applied). */
export interface ReplayPosition {
  readonly hand: number;
  readonly step: number;
}

/**
 * `botSeats`: the seats a server computer player held in a stored match, whose names ("Computer B")
 * show in the reader's language as at the table; an imported record's names show as written.
 */
export function ReplayViewer({ record, fileName, matchId, initial, botSeats }: { record: GameRecord; fileName: string; matchId?: string; initial?: ReplayPosition; botSeats?: readonly boolean[] }) {
  const t = useTranslations("history.replay");
  const nameOf = useSeatName();
  const te = useTranslations("engine") as unknown as Translator;
  const tg = useTranslations("game");
  const frames = useMemo(() => replayFrames(record), [record]);
  const all = frames.ok ? frames.value : [];
  const clampHand = (h: number) => Math.max(0, Math.min(all.length - 1, h));
  const [hand, setHand] = useState(() => clampHand((initial?.hand ?? 1) - 1));
  const [step, setStep] = useState(() => Math.max(0, Math.min((all[hand]?.length ?? 1) - 1, initial?.step ?? 0)));
  const [copied, setCopied] = useState<string | null>(null);
  const feltRef = useRef<HTMLDivElement>(null);
  const handFrames = all[hand] ?? [];
  const lastStep = Math.max(0, handFrames.length - 1);

  /** Moves to (h, s), clamped; stepping past a hand's end goes on to the next hand and back again. */
  const go = useCallback(
    (h: number, s: number) => {
      if (all.length === 0) return;
      if (s > (all[h]?.length ?? 1) - 1 && h < all.length - 1) (h += 1), (s = 0);
      else if (s < 0 && h > 0) (h -= 1), (s = all[h]!.length - 1);
      h = Math.max(0, Math.min(all.length - 1, h));
      s = Math.max(0, Math.min(all[h]!.length - 1, s));
      setHand(h);
      setStep(s);
    },
    [all],
  );

  // The address follows the position (replaceState: stepping does not fill the browser history).
  const link = useCallback(() => {
    const url = new URL(window.location.href);
    url.searchParams.set("hand", String(hand + 1));
    url.searchParams.set("step", String(step));
    return url.toString();
  }, [hand, step]);
  useEffect(() => {
    if (!matchId) return;
    window.history.replaceState(window.history.state, "", link());
    setCopied(null);
  }, [matchId, link]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      const moves: Record<string, () => void> = {
        ArrowRight: () => go(hand, step + 1),
        ArrowLeft: () => go(hand, step - 1),
        Home: () => go(hand, 0),
        End: () => go(hand, lastStep),
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      move();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [go, hand, step, lastStep]);

  if (!frames.ok) return <p className="notice notice--error">{te(`errors.${frames.error.code.replace(/[./]/g, "_")}`)}</p>;
  const f = handFrames[Math.min(step, lastStep)]!;
  const names = record.seats.map((s, i) => nameOf({ kind: botSeats?.[i] ? "bot" : "human", name: s.name }));
  const seatCount = record.seats.length;
  const places = placesFor(seatCount);
  const placeAt = (seat: number) => placeOf(seat, 0, seatCount);
  // Up to four seats the trick is a compact cross (side cards half a card lower); more take the eight places of a ring.
  const ring = usesCorners(seatCount);
  const seatHand = (seat: number) => (
    <SeatHand
      key={seat}
      seat={seat}
      place={placeAt(seat)}
      wide={placeAt(seat) === "top" && !places.includes("topLeft")}
      name={names[seat] ?? ""}
      cards={sortHand(f.hands[seat] ?? [], aceLow)}
      turn={f.turn === seat}
      dealer={f.dealer === seat}
      tricks={f.tricksWon[seat] ?? 0}
      t={t}
      tg={tg}
    />
  );
  const aceLow = f.contract !== null && f.contract.trump === null && describeBid(record.variant, f.contract.bid)?.kind === "avoid";

  const actionText = (a: { seat: number; action: GameRecord["hands"][number]["actions"][number]["action"] }) => {
    const x = a.action;
    const what =
      x.type === "bid"
        ? bidLabel(te, record.variant, x.bid)
        : x.type === "trump"
          ? tg(`suits.${x.suit}`)
          : x.type === "call" || x.type === "hide" || x.type === "play"
            ? cardText(x.card)
            : x.type === "exchange"
              ? x.discard.length === 0
                ? t("keptHand")
                : t("laidAway", { cards: x.discard.map(cardText).join(" ") })
              : te.has(`actions.${x.type}`)
                ? te(`actions.${x.type}`)
                : x.type;
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
  const copyLink = async () => {
    const url = link();
    try {
      await navigator.clipboard.writeText(url);
      setCopied("copied");
    } catch {
      setCopied("shown"); // no clipboard (permissions, plain http): the link is shown to copy by hand
    }
  };
  const jump = (actionIndex: number) => {
    go(hand, actionIndex + 1);
    const felt = feltRef.current;
    if (felt) {
      const box = felt.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) felt.scrollIntoView({ block: "start" });
    }
  };

  const auction = f.auction.filter((a) => a.action.type !== "play");
  // Right after a trick is completed, keep showing it (with its winner) until the next card is led.
  // (A hand's last frame carries its last trick, complete, as the trick.)
  const completed: CompletedTrick | null =
    f.trick && "winner" in f.trick ? (f.trick as CompletedTrick) : f.trick === null && f.last?.action.type === "play" ? (f.tricks[f.tricks.length - 1] ?? null) : null;
  const shownTrick = f.trick ?? completed;
  const lastPlayed = f.last?.action.type === "play" ? f.last.seat : null;
  const contractText = f.contract
    ? [
        // Classic's contract is just the trump (or none): the trump line alone says it.
        unbidContract(record.variant, f.contract.bid) ? null : bidLabel(te, record.variant, f.contract.bid),
        f.contract.declarer !== null ? t("declarer", { name: names[f.contract.declarer] ?? "" }) : null,
        f.contract.trump ? t("trump", { suit: tg(`suits.${f.contract.trump}`) }) : t("noTrump"),
      ]
        .filter(Boolean)
        .join(" · ")
    : t("noContract");

  return (
    <div className={styles.replay} data-testid="replay" data-hand={hand} data-step={f.step}>
      <div className={styles.controls}>
        <div className={styles.handNav}>
          <button type="button" className="button button--ghost" onClick={() => go(hand - 1, 0)} disabled={hand === 0} data-testid="replay-prev-hand" aria-label={t("prevHand")}>
            ‹
          </button>
          <span data-testid="replay-hand" className={styles.handLabel}>
            {t("hand", { number: hand + 1, total: all.length })}
          </span>
          <button type="button" className="button button--ghost" onClick={() => go(hand + 1, 0)} disabled={hand === all.length - 1} data-testid="replay-next-hand" aria-label={t("nextHand")}>
            ›
          </button>
        </div>
        <div className={styles.stepNav} role="group" aria-label={t("stepping")}>
          <button type="button" className="button button--ghost" onClick={() => go(hand, 0)} disabled={step === 0} data-testid="replay-first" aria-label={t("first")} title={`${t("first")} (Home)`}>
            |◀
          </button>
          <button type="button" className="button" onClick={() => go(hand, step - 1)} disabled={step === 0 && hand === 0} data-testid="replay-prev" aria-label={t("prev")} title={`${t("prev")} (←)`}>
            ◀
          </button>
          <span data-testid="replay-step" className={styles.stepLabel} aria-live="polite">
            {t("step", { step: f.step, total: lastStep })}
          </span>
          <button type="button" className="button" onClick={() => go(hand, step + 1)} disabled={step >= lastStep && hand === all.length - 1} data-testid="replay-next" aria-label={t("next")} title={`${t("next")} (→)`}>
            ▶
          </button>
          <button type="button" className="button button--ghost" onClick={() => go(hand, lastStep)} disabled={step >= lastStep} data-testid="replay-last" aria-label={t("last")} title={`${t("last")} (End)`}>
            ▶|
          </button>
        </div>
        {matchId && (
          <button type="button" className="button button--ghost" onClick={copyLink} data-testid="replay-copy-link">
            {t("copyLink")}
          </button>
        )}
      </div>
      {copied && (
        <p className={styles.copied} role="status" data-testid="replay-link-status">
          {copied === "copied" ? t("linkCopied") : t("linkShown")}{" "}
          <input className={styles.linkField} readOnly value={link()} data-testid="replay-link" aria-label={t("copyLink")} onFocus={(e) => e.currentTarget.select()} />
        </p>
      )}
      <p className={styles.keys}>{t("keys")}</p>

      <div className={styles.felt} ref={feltRef} data-testid="replay-table">
        {/* The other seats first (on a phone they come above the trick), seat 0 last. */}
        {seatsInReadingOrder(0, seatCount).filter((s) => s !== 0).map(seatHand)}
        <section className={styles.center} aria-label={t("trick")}>
          <div className={`${styles.trick} ${ring ? styles.ring : ""}`} data-testid="replay-trick" data-cards={shownTrick?.plays.length ?? 0} data-complete={completed ? "1" : undefined}>
            {(shownTrick?.plays ?? []).map((p, i) => {
              const won = completed?.winner === p.seat;
              return (
                <div
                  key={`${p.seat}${p.card}`}
                  className={[styles.play, styles[`at_${placeAt(p.seat)}`], won ? styles.won : "", p.seat === lastPlayed && !completed ? styles.latest : ""].join(" ")}
                  data-testid={`replay-play-${p.seat}`}
                  data-card={p.card}
                  data-won={won ? "1" : undefined}
                >
                  <PlayingCard code={p.card} size="small" label={`${names[p.seat]}: ${cardText(p.card)}${i === 0 ? ` (${t("led")})` : ""}`} />
                  <span className={styles.playName}>{won ? t("wins", { name: names[p.seat] ?? "" }) : names[p.seat]}</span>
                </div>
              );
            })}
          </div>
          <p className={styles.trickCount} data-testid="replay-tricks-played">{t("tricksPlayed", { count: f.tricks.length })}</p>
        </section>
        {seatHand(0)}
      </div>

      <p className={styles.lastAction} data-testid="replay-last-action">
        {t("dealer", { name: names[f.dealer] ?? "" })}
        {f.last ? ` · ${actionText(f.last)}` : ""}
      </p>

      <div className="grid">
        <section className="card">
          <h3>{t("contract")}</h3>
          <p data-testid="replay-contract">{contractText}</p>
          <h3>{t("auction")}</h3>
          {auction.length ? (
            <ol data-testid="replay-auction" className={styles.auction}>
              {auction.map((a, i) => (
                <li key={i}>{actionText(a)}</li>
              ))}
            </ol>
          ) : (
            <p className="muted">{t("noAuction")}</p>
          )}
        </section>
        {f.result && <ResultCard variant={record.variant} f={f} te={te} t={t} names={names} />}
      </div>
      {matchId && (
        <HandAnalysisPanel key={hand} matchId={matchId} handIndex={record.hands[hand]?.index ?? hand} names={names} onJump={jump} current={f.step - 1} />
      )}
      <p data-testid="replay-totals">
        {t("totals")}: {names.map((n, i) => `${n} ${f.totals[i]}`).join(" · ")}
      </p>
      <button type="button" className="button button--ghost" onClick={download} data-testid="replay-export">
        {t("export")}
      </button>
    </div>
  );
}

/** A card in words-and-symbols for text: "10♥", "A♠", "Joker". */
function cardText(card: string): string {
  if (card === JOKER) return "🃏";
  const suit = card.slice(-1) as Suit;
  return `${RANK_TEXT[card[0]!] ?? card[0]}${SUIT_SYMBOL[suit] ?? suit}`;
}

type Tr = ReturnType<typeof useTranslations>;

/** `wide`: the seat across from seat 0 with no neighbour in its row takes a phone's whole width. */
function SeatHand({ seat, place, wide, name, cards, turn, dealer, tricks, t, tg }: { seat: number; place: Place; wide: boolean; name: string; cards: Card[]; turn: boolean; dealer: boolean; tricks: number; t: Tr; tg: Tr }) {
  const jokers = cards.filter((c) => c === JOKER).length;
  return (
    <section className={[styles.seat, styles[place], wide || place === "bottom" ? styles.wide : "", turn ? styles.turn : ""].join(" ")} data-testid={`replay-seat-${seat}`} data-count={cards.length} data-cards={cards.join(" ")} aria-label={name}>
      <h3 className={styles.seatName}>
        <span className={styles.name} title={name}>
          {name}
        </span>
        {dealer && <span className={styles.tag} title={t("dealerTag")}>{t("dealerShort")}</span>}
        <span className={styles.tricksWon} title={t("tricksTaken", { count: tricks })}>
          {t("tricksTaken", { count: tricks })}
        </span>
      </h3>
      {/* Wide screens: the cards, overlapping like a held hand. */}
      <div className={styles.fan} aria-hidden="true">
        {cards.map((c, i) => (
          <PlayingCard key={`${c}${i}`} code={c} size="small" />
        ))}
      </div>
      {/* Phones (and screen readers): one row per suit, high to low. */}
      <dl className={styles.suits}>
        {jokers > 0 && (
          <div>
            <dt>🃏</dt>
            <dd>×{jokers}</dd>
          </div>
        )}
        {SUITS.map((s) => {
          const ranks = cards.filter((c) => c !== JOKER && c.endsWith(s)).map((c) => RANK_TEXT[c[0]!] ?? c[0]);
          return (
            <div key={s} className={s === "H" || s === "D" ? styles.red : undefined}>
              <dt title={tg(`suits.${s}`)}>{SUIT_SYMBOL[s]}</dt>
              <dd>{ranks.length ? ranks.join(" ") : "—"}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function ResultCard({ variant, f, te, t, names }: { variant: string; f: ReplayFrame; te: Translator; t: Tr; names: readonly string[] }) {
  const result = f.result!;
  return (
    <section className="card card--accent" data-testid="replay-result">
      <h3>{t("result")}</h3>
      <p>{te.has(`outcomes.${result.outcome}`) ? te(`outcomes.${result.outcome}`) : result.outcome}</p>
      <ul>
        {result.explanation.map((line, i) => (
          <li key={i}>{explain(te, line, names, variant)}</li>
        ))}
      </ul>
    </section>
  );
}
