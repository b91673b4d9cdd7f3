/**
 * The live table page: seats (take, leave, computer players), two to seven
 * of them around the felt with the viewer at the bottom (seat-layout.ts),
 * whose turn it is, the trick in play with who played what, the player's
 * own hand, the legal choices of the moment (bids, contract set-up, the kat
 * exchange, waiting on a dog's life), the auction so far, contract and
 * trump, tricks won, hand results with their explanation and a deal check,
 * running totals, the table's rules (house rules first) and chat. Computer players are added at a chosen level.
 * Everything shown comes from the server's snapshot for this viewer; the
 * seat count is the table's, and rounds, the trump chooser, players out and
 * on a dog's life show wherever the hand's info has them (hand-info.ts).
 * A completed trick stays on the table for the table's trick pause
 * (useShownTrick); the felt keeps one height through a hand so the hand
 * below it never moves (docs/table.md).
 */
"use client";

import { useEffect, useState, type CSSProperties } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { SUIT_SYMBOL, sortHand, type Card, type Suit as EngineSuit } from "@/engine/cards";
import type { Action, HandResult, HandView, Seat } from "@/engine/types";
import type { TableSnapshot } from "@/protocol";
import { BOT_SEAT_LEVELS, DEFAULT_BOT_LEVEL, type BotSeatLevel } from "@/protocol/constants";
import type { Locale } from "@/i18n/config";
import { PlayingCard } from "@/components/cards/PlayingCard";
import dynamic from "next/dynamic";
import { actionLabel, bidLabel, cardName, errorText, systemLine, explain, fixedPartnerships, ladderAuction, outcomeText, phaseLabel, scoredByPlace, seatName, sharedScores, unbidContract, type Translator } from "./format";
import { BiddingBox } from "./BiddingBox";
import { MatchSummary } from "./MatchSummary";
import { HandsTable, signed } from "./HandsTable";
import { useShownTrick } from "./useShownTrick";
import { isOut, readHandInfo } from "./hand-info";
import { TOWARDS, freeCorner, placeOf as placeAt, seatsInReadingOrder, trickReachesTop, usesCorners } from "./seat-layout";
import { useTableSocket } from "./useTableSocket";
import styles from "./table.module.css";
import { CopyLinkButton } from "@/components/forms/CopyLinkButton";
import { SubmitButton } from "@/components/forms/SubmitButton";

// The house rules need the engine's option descriptions: loaded after the table itself.
const RuleSummary = dynamic(() => import("@/components/rules/RuleSummary").then((m) => m.RuleSummary));

const SUIT_CLASS: Record<string, string | undefined> = { S: styles.spades, H: styles.hearts, D: styles.diamonds, C: styles.clubs };
/** Set-up phases in which a missing trump means "not chosen yet" rather than "no trump". */
const TRUMP_PENDING = new Set(["auction", "trump", "vip"]);

export function TableClient({ tableId, invite, userId, locale }: { tableId: string; invite?: string; userId: string | null; locale: Locale }) {
  const t = useTranslations("table") as unknown as Translator;
  const te = useTranslations("engine") as unknown as Translator;
  const tg = useTranslations("game") as unknown as Translator;
  const live = useTableSocket(tableId, invite);
  const { table, error } = live;
  if (!table)
    return (
      <div className="stack">
        <p data-testid="table-loading" role="status">
          {live.reconnecting ? t("reconnecting") : error ? errorText(te, error.code, error.message, error.ref) : live.connected ? t("loading") : t("connecting")}
        </p>
        {/* A table that is gone or closed to this player: the way on. */}
        {error && !live.reconnecting && (
          <p>
            <Link href="/tables" className="button button--ghost" data-testid="table-error-lobby">
              {t("summary.lobby")}
            </Link>
          </p>
        )}
      </div>
    );
  return <TableBody table={table} live={live} t={t} te={te} tg={tg} userId={userId} locale={locale} />;
}

type Live = ReturnType<typeof useTableSocket>;
type Tr = { t: Translator; te: Translator; tg: Translator };

function Suit({ suit, tg, withName = true }: { suit: string; tg: Translator; withName?: boolean }) {
  return (
    <span className={styles.suit}>
      <span className={SUIT_CLASS[suit]} aria-hidden="true">
        {SUIT_SYMBOL[suit as EngineSuit]}
      </span>
      {withName ? ` ${tg(`suits.${suit}`)}` : <span className={styles.srOnly}>{tg(`suits.${suit}`)}</span>}
    </span>
  );
}

function TableBody({ table, live, t, te, tg, userId, locale }: { table: TableSnapshot; live: Live; userId: string | null; locale: Locale } & Tr) {
  const [showLast, setShowLast] = useState(false);
  /** The level chosen for a computer player on each empty seat. */
  const [botLevels, setBotLevels] = useState<Record<number, BotSeatLevel>>({});
  /** Cards chosen to lay away, by position in the sorted hand: two jokers are two choices with one name. */
  const [selected, setSelected] = useState<number[]>([]);
  const view = table.view;
  const hand = view?.hand ?? null;
  const me = table.you;
  const seatCount = table.seats.length;
  // Empty seats by compass point at a table of four, by number at any other.
  const names = table.seats.map((s, i) => (s ? seatName(t, s) : seatCount === 4 ? tg(`seats.${i}`) : t("seatNumber", { n: i + 1 })));
  const legal = hand?.legal ?? [];
  const legalPlays = new Set(legal.flatMap((a) => (a.type === "play" ? [a.card] : [])));
  const exchanges = legal.filter((a): a is Extract<Action, { type: "exchange" }> => a.type === "exchange");
  const canKeep = exchanges.some((a) => a.discard.length === 0);
  const choosing = exchanges.length > 0 || legal.some((a) => a.type === "hide");
  const bottom: Seat = me ?? 0;
  const myCards = me !== null && hand ? sortHand(hand.hands[me]?.cards ?? []) : [];
  const selectedCards = selected.map((i) => myCards[i]!);
  // Cards some discard includes: all but the called card, which stays in the hand.
  const layable = new Set(exchanges.flatMap((a) => a.discard));
  const notLayable = exchanges.length > 0 ? myCards.filter((c) => !layable.has(c)) : [];
  const lastTrick = hand?.tricks[hand.tricks.length - 1] ?? null;
  const live_ = useShownTrick(view, table.trickPauseMs ?? 1500);
  const shown = showLast && lastTrick ? { plays: lastTrick.plays, winner: lastTrick.winner, gathering: false } : live_;
  const over = table.status === "finished" || view?.over === true;
  const partnerships = fixedPartnerships(table.variant, hand?.contract ?? null, hand?.phase ?? null);
  const standIn = me !== null && table.seatInfo[me]?.away === true && !over;
  // In a ladder auction (es-makker's) the bidding box sits on the felt, where the trick goes later, for the whole auction.
  const boxInFelt = me !== null && hand?.phase === "auction" && ladderAuction(table.variant);
  const lastResult: HandResult | undefined = view?.results[view.results.length - 1];
  const seated = me !== null;
  /** A seat taken during the match: this person's from the next deal on. */
  const reserved = table.reservedSeat ?? null;
  const hasSeat = seated || reserved !== null;
  const myTurn = seated && hand?.turn === me;

  // A new hand or phase clears a half-made selection of cards to lay away.
  const phaseKey = `${view?.handIndex}-${hand?.phase}`;
  useEffect(() => setSelected([]), [phaseKey]);

  const act = (a: Action) => void live.act(a);
  const clickCard = (c: Card, position: number) => {
    if (exchanges.length > 0) {
      if (layable.has(c)) setSelected((s) => (s.includes(position) ? s.filter((x) => x !== position) : s.length < 3 ? [...s, position] : s));
      return;
    }
    if (legal.some((a) => a.type === "hide" && a.card === c)) return act({ type: "hide", card: c });
    // A card that is not legal now is still sent: the server answers with the engine's reason and nothing changes.
    act({ type: "play", card: c });
  };
  const sameCards = (a: readonly Card[], b: readonly Card[]) => [...a].sort().join() === [...b].sort().join();
  // exchangeUpTo3: one or two cards may be laid away too (the engine lists them); otherwise exactly three.
  const upTo3 = exchanges.some((a) => a.discard.length === 1);
  const exchangeReady = selected.length > 0 && exchanges.some((a) => a.discard.length === selected.length && sameCards(a.discard, selectedCards));

  const placeOf = (seat: Seat) => placeAt(seat, bottom, seatCount);
  /** Inline custom properties: from the middle towards a seat's place (a card's way in, the trick's way to its winner). */
  const towards = (seat: Seat, x: string, y: string) => {
    const [dx, dy] = TOWARDS[placeOf(seat)];
    return { [x]: dx, [y]: dy } as CSSProperties;
  };
  const contract = hand?.contract ?? null;
  const handInfo = readHandInfo(hand);
  const iAmOut = me !== null && isOut(hand, me);
  const declaringSide: Seat[] = contract?.declarer != null ? [contract.declarer, ...contract.partners] : [];

  const seatPanel = (seat: Seat) => {
    const info = table.seatInfo[seat]!;
    const occ = info.occupant;
    const isTurn = hand?.turn === seat;
    const open = seat !== me ? (hand?.hands[seat]?.cards ?? null) : null;
    const lastCall = hand?.phase === "auction" ? [...hand.auction].reverse().find((x) => x.seat === seat) : undefined;
    const out = isOut(hand, seat);
    const isOpen = table.status === "open";
    const maySit = !occ && !hasSeat;
    const mayAdd = !occ;
    const mayRemove = occ?.kind === "bot";
    return (
      <section
        key={seat}
        className={`${styles.seat} ${styles[`at_${placeOf(seat)}`]} ${isTurn ? styles.turn : ""} ${shown.winner === seat ? styles.wonTrick : ""} ${out ? styles.seatOut : ""}`}
        data-testid={`seat-${seat}`}
        data-place={placeOf(seat)}
        data-out={out ? "1" : undefined}
        aria-label={names[seat]}
        aria-current={isTurn ? "true" : undefined}
      >
        <div className={styles.seatName}>
          <span className={styles.name}>{occ ? names[seat] : t("emptySeat")}</span>
          {seat === me && <span className={styles.tag}>{t("you")}</span>}
          {occ?.kind === "bot" && (
            <span className={`${styles.tag} ${styles.levelTag}`} data-testid={`seat-level-${seat}`} data-level={occ.level ?? DEFAULT_BOT_LEVEL}>
              {t("computerLevel", { level: t(`levels.${occ.level ?? DEFAULT_BOT_LEVEL}`) })}
            </span>
          )}
          {info.away && (
            <span className={`${styles.tag} ${styles.tagGold}`} data-testid={`seat-away-${seat}`}>
              {t("standInTag")}
            </span>
          )}
          {occ?.kind === "human" && !info.connected && <span className={styles.tag}>{t("offline")}</span>}
          {hand?.dealer === seat && <span className={styles.tag}>{tg("terms.dealer")}</span>}
          {/* Whoever only chose trump is no declarer. */}
          {contract?.declarer === seat && seat !== handInfo.chooser && <span className={`${styles.tag} ${styles.tagGold}`}>{tg("terms.declarer")}</span>}
          {handInfo.chooser === seat && (
            <span className={`${styles.tag} ${styles.tagGold}`} data-testid={`seat-chooser-${seat}`}>
              {t("chooserTag")}
            </span>
          )}
          {out && (
            <span className={styles.tag} data-testid={`seat-out-${seat}`}>
              {t("outTag")}
            </span>
          )}
          {handInfo.dogs.includes(seat) && (
            <span className={`${styles.tag} ${styles.tagGold}`} data-testid={`seat-dog-${seat}`}>
              {t("dogsLifeTag")}
            </span>
          )}
          {contract?.partners.includes(seat) && <span className={`${styles.tag} ${styles.tagGold}`}>{tg("terms.partner")}</span>}
        </div>
        {view && (
          <div className={styles.seatFacts}>
            {hand && <span className={styles.factCards}>{t("cardsLeft", { count: hand.hands[seat]?.count ?? 0 })}</span>}
            {hand && <span data-testid={`tricks-${seat}`}>{t("tricksWon", { count: hand.tricksWon[seat] ?? 0 })}</span>}
            <span className={styles.factPoints} data-testid={`score-${seat}`}>{t("points", { n: view.scores[seat] ?? 0 })}</span>
          </div>
        )}
        {/* One line that is always there, so a call, "thinking" or the countdown never changes the seat's height. */}
        <div className={styles.seatStatus}>
          {lastCall && (
            <span className={styles.bubble} data-testid={`last-call-${seat}`}>
              {actionLabel(te, tg, lastCall.action, table.variant)}
            </span>
          )}
          {handInfo.waited.includes(seat) && (
            <span className={styles.bubble} data-testid={`seat-waits-${seat}`}>
              {t("waits")}
            </span>
          )}
          {isTurn && (occ?.kind === "bot" || info.away) && <span className={styles.thinking}>{t("thinking")}</span>}
          {isTurn && table.turnDeadline && occ?.kind === "human" && !info.away && <Countdown until={table.turnDeadline} t={t} />}
        </div>
        {open && open.length > 0 && (
          <div className={styles.openHand} aria-label={t("openHand", { name: names[seat]! })}>
            {sortHand(open).map((c) => (
              <PlayingCard key={c} code={c} size="tiny" label={cardName(tg, c)} />
            ))}
          </div>
        )}
        {reserved === seat && <span className={styles.tag} data-testid={`seat-reserved-${seat}`}>{t("reservedTag")}</span>}
        {/*
          While the table is open every seat keeps room for each control a seat may show there, unseen
          (and disabled) where it does not apply: sitting down or adding or removing a computer player then
          changes no seat's size, so no other seat's buttons move under a pointer on its way to them.
        */}
        {userId && (maySit || isOpen) && (
          <button
            type="button"
            className={`button ${maySit ? "" : styles.keepsPlace}`}
            onClick={() => void live.run({ type: "seat/take", tableId: table.id, seat })}
            disabled={!maySit}
            data-testid={maySit ? `seat-take-${seat}` : undefined}
          >
            {t("takeSeat")}
          </button>
        )}
        {table.mayManageBots && (mayAdd || mayRemove || isOpen) && (
          <div className={styles.botSlot}>
            {(mayAdd || isOpen) && (
              <div className={`${styles.botAdd} ${mayAdd ? "" : styles.keepsPlace}`}>
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => void live.run({ type: "seat/bot", tableId: table.id, seat, on: true, level: botLevels[seat] ?? DEFAULT_BOT_LEVEL })}
                  disabled={!mayAdd}
                  data-testid={mayAdd ? `seat-bot-${seat}` : undefined}
                >
                  {t("addComputer")}
                </button>
                <select
                  aria-label={t("botLevel")}
                  value={botLevels[seat] ?? DEFAULT_BOT_LEVEL}
                  onChange={(e) => setBotLevels((l) => ({ ...l, [seat]: e.target.value as BotSeatLevel }))}
                  disabled={!mayAdd}
                  data-testid={mayAdd ? `seat-bot-level-${seat}` : undefined}
                >
                  {BOT_SEAT_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {t(`levels.${level}`)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {(mayRemove || isOpen) && (
              <button
                type="button"
                className={`${styles.secondary} ${mayRemove ? "" : styles.keepsPlace}`}
                onClick={() => void live.run({ type: "seat/bot", tableId: table.id, seat, on: false })}
                disabled={!mayRemove}
              >
                {t("removeComputer")}
              </button>
            )}
          </div>
        )}
        {occ?.kind === "bot" && table.status === "playing" && userId && !hasSeat && (
          <button type="button" className={styles.secondary} onClick={() => void live.run({ type: "seat/take", tableId: table.id, seat })} data-testid={`seat-take-${seat}`}>
            {t("takeOver")}
          </button>
        )}
      </section>
    );
  };

  const turnText = (() => {
    if (table.status === "open") return t("waitingForPlayers");
    if (table.status === "finished" || view?.over) return t("matchOver");
    if (!hand || hand.turn === null) return t("handOver");
    if (myTurn) return t.has(`yourTurn.${hand.phase}`) ? t(`yourTurn.${hand.phase}`) : t("yourTurn.default");
    const occ = table.seatInfo[hand.turn]?.occupant;
    // The phase is in the header above: left out here, the line fits a phone.
    return t(occ?.kind === "bot" ? "waitingForComputer" : "waitingFor", { name: names[hand.turn]! });
  })();

  // The trick reaches into the top row at five and seven seats; the button then sits in its empty place across.
  const reachesTop = trickReachesTop(seatCount);
  const lastTrickButton = hand && hand.phase !== "auction" && (
    <button
      type="button"
      className={`${styles.lastTrickButton} ${styles[`at_${reachesTop ? "top" : freeCorner(seatCount)}`]}`}
      onClick={() => setShowLast((v) => !v)}
      aria-pressed={showLast}
      disabled={!lastTrick}
      data-testid="toggle-last-trick"
    >
      {showLast ? t("hideLastTrick") : t("showLastTrick")}
    </button>
  );

  const mutedHint = (() => {
    if (iAmOut) return t("youAreOut");
    if (myTurn && hand?.phase === "play" && legal.some((a) => a.type === "decline")) return t("waitHint");
    if (notLayable.length > 0) return t("exchangeCalledStays", { card: cardName(tg, notLayable[0]!) });
    if (!myTurn || legalPlays.size === 0 || legalPlays.size === myCards.length) return null;
    const led = hand?.trick?.plays[0]?.card.slice(-1);
    if (led && [...legalPlays].every((c) => c.endsWith(led))) return t("mustFollow", { suit: tg(`suits.${led}`) });
    return t("someNotPlayable");
  })();

  return (
    <div className={styles.table} data-testid="table" data-seq={table.seq} data-status={table.status}>
      <div className={styles.header}>
        <h1 className={styles.title}>{tg(`variants.${table.variant}`)}</h1>
        {table.ranked && (
          <span className={styles.rankedTag} data-testid="table-ranked">
            {t(`rankedKind.${table.ranked}`)}
          </span>
        )}
        {view && !over && <span data-testid="hand-number">{t("handNumber", { n: view.handIndex + 1 })}</span>}
        {hand && !over && (
          <span className={styles.phase} data-testid="phase" data-phase={hand.phase}>
            {phaseLabel(te, hand.phase)}
          </span>
        )}
        <span className={styles.status} data-testid="table-status">
          {t(`status.${table.status}`)}
        </span>
        {/* The table keeps its last view while the server comes back; what is shown may be behind until then. */}
        {(live.reconnecting || !live.connected) && (
          <span className={styles.status} role="status" data-testid="table-reconnecting">
            {t("reconnecting")}
          </span>
        )}
        {live.saving && (
          <span className={styles.status} role="status" data-testid="table-saving">
            {t("saving")}
          </span>
        )}
      </div>

      {hand && !over && <ContractBar variant={table.variant} hand={hand} names={names} t={t} te={te} tg={tg} me={me} declaringSide={declaringSide} partnerships={partnerships} />}

      <p className={`${styles.turnBanner} ${myTurn ? styles.turnMine : ""}`} role="status" aria-live="polite" data-testid="turn-banner">
        {turnText}
      </p>

      {standIn && (
        <div className={styles.standIn} role="alert" data-testid="stand-in-banner">
          <strong>{t("standInBanner")}</strong>
          <button type="button" className="button" onClick={() => void live.run({ type: "seat/back", tableId: table.id })} data-testid="seat-back">
            {t("takeBack")}
          </button>
        </div>
      )}

      {over && view && (
        <MatchSummary
          table={table}
          names={names}
          t={t}
          me={me}
          partnerships={sharedScores(table.variant)}
          byPlace={scoredByPlace(table.variant)}
          rematch={(agree) => void live.run({ type: "table/rematch", tableId: table.id, agree })}
        />
      )}

      {lastResult && hand && hand.tricks.length === 0 && !hand.trick && view && lastResult.handIndex === view.handIndex - 1 && (
        <p className={styles.resultBanner} data-testid="result-banner">
          {t("previousHand", { n: lastResult.handIndex + 1, outcome: te.has(`outcomes.${lastResult.outcome}`) ? te(`outcomes.${lastResult.outcome}`) : lastResult.outcome })}{" "}
          <a href="#results">{t("seeResult")}</a>
        </p>
      )}

      {!(over && shown.plays.length === 0) && (
      <div className={`${styles.felt} ${hand?.phase === "auction" ? styles.feltAuction : ""} ${usesCorners(seatCount) ? styles.feltRing : ""} ${reachesTop ? styles.feltTall : ""}`} data-testid="felt">
        {seatsInReadingOrder(bottom, seatCount).map(seatPanel)}
        {!reachesTop && lastTrickButton}

        <div
          className={`${styles.center} ${shown.gathering && shown.winner !== null ? styles.gathering : ""}`}
          style={shown.winner !== null ? towards(shown.winner, "--gx", "--gy") : undefined}
          data-testid="trick"
          data-winner={shown.winner ?? undefined}
          data-complete={shown.winner !== null ? "1" : undefined}
          aria-label={showLast ? t("lastTrick") : t("currentTrick")}
          role="group"
        >
          {shown.plays.map((p, i) => (
            <figure
              key={`${p.seat}-${p.card}`}
              className={`${styles.trickCard} ${styles[`at_${placeOf(p.seat)}`]} ${shown.winner === p.seat ? styles.winnerCard : ""}`}
              style={towards(p.seat, "--dx", "--dy")}
            >
              <PlayingCard code={p.card} size="small" label={`${names[p.seat]}: ${cardName(tg, p.card)}`} testId={`trick-card-${p.seat}`} />
              <figcaption className={styles.caption}>
                <span className={styles.captionName}>{names[p.seat]}</span>
                {shown.winner === p.seat && (
                  <span className={styles.wonBy} data-testid="trick-winner">
                    {t("wonTrick")}
                  </span>
                )}
                {i === 0 && shown.winner === null && <span className={styles.led}>{t("led")}</span>}
              </figcaption>
            </figure>
          ))}
          {reachesTop && lastTrickButton}
          {boxInFelt && (
            <Choices variant={table.variant} phase={hand?.phase ?? ""} options={table.options} legal={legal} act={act} t={t} te={te} tg={tg} selected={selectedCards} exchanges={false} upTo3={false} exchangeReady={false} canKeep={false} clearSelection={() => setSelected([])} />
          )}
        </div>
      </div>
      )}
      {showLast && lastTrick && (
        <p className={styles.srOnly} role="status" data-testid="last-trick-winner">
          {t("lastTrickBy", { name: names[lastTrick.winner]! })}
        </p>
      )}

      {hand && hand.phase === "auction" && hand.auction.length > 0 && !boxInFelt && (
        <ol className={styles.auction} aria-label={t("auction")} data-testid="auction">
          {hand.auction.map((x, i) => (
            <li key={i}>
              <span className={styles.auctionName}>{names[x.seat]}</span> {actionLabel(te, tg, x.action, table.variant)}
            </li>
          ))}
        </ol>
      )}

      {live.error && (
        <p className={styles.error} role="alert" data-testid="table-error">
          {errorText(te, live.error.code, live.error.message, live.error.ref)}
        </p>
      )}

      {!boxInFelt && legal.length > 0 && !legal.every((a) => a.type === "play") && (
        <Choices variant={table.variant} phase={hand?.phase ?? ""} options={table.options} legal={legal} act={act} t={t} te={te} tg={tg} selected={selectedCards} exchanges={exchanges.length > 0} upTo3={upTo3} exchangeReady={exchangeReady} canKeep={canKeep} clearSelection={() => setSelected([])} />
      )}

      {seated && hand && (
        <section className={styles.handArea} aria-label={t("yourHand")}>
          {/* Always one line, empty or not, so the hand does not jump when a hint comes or goes. */}
          {(mutedHint || hand.phase !== "auction") && (
            <p className={styles.hint} data-testid={mutedHint ? "hand-hint" : undefined}>
              {mutedHint ?? "\u00a0"}
            </p>
          )}
          <div className={`${styles.hand} ${myTurn ? styles.handActive : ""}`} data-testid="my-hand">
            {myCards.map((c, i) => (
              <PlayingCard
                key={`${c}-${i}`}
                code={c}
                // Dimmed cards stay operable (a tap tells why), so the reason is in the name rather than a disabled state.
                label={
                  legalPlays.size > 0 && !legalPlays.has(c)
                    ? t("notPlayable", { card: cardName(tg, c) })
                    : notLayable.includes(c)
                      ? t("notLayable", { card: cardName(tg, c) })
                      : cardName(tg, c)
                }
                onClick={() => clickCard(c, i)}
                selected={selected.includes(i)}
                muted={(legalPlays.size > 0 && !legalPlays.has(c)) || notLayable.includes(c)}
                playable={choosing ? undefined : legalPlays.has(c)}
                testId={`hand-card-${c}`}
              />
            ))}
          </div>
        </section>
      )}

      {view && view.results.length > 0 && <Results table={table} names={names} t={t} te={te} hashes={live.hashes} last={lastResult!} me={me} />}
      {table.handSeedHash && (
        <p className={styles.hash} title={t("hashHelp")}>
          {t("dealHash")}: <code data-testid="deal-hash">{table.handSeedHash}</code>
        </p>
      )}
      <section className={styles.rules} aria-labelledby="rules-title">
        <h2 id="rules-title">{t("rules")}</h2>
        <RuleSummary variant={table.variant} options={table.options} locale={locale} testId="table-rules" />
      </section>
      <Chat live={live} tableId={table.id} t={t} te={te} tg={tg} canChat={userId !== null} />
      {table.isPrivate && seated && typeof window !== "undefined" && (
        <p className={styles.hash}>
          {t("inviteHint")}: <code data-testid="table-invite-link">{window.location.href}</code>{" "}
          <CopyLinkButton url={window.location.href} testId="table-invite-copy" />
        </p>
      )}
      {reserved !== null && (
        <p className={styles.notice} data-testid="reserved-notice">
          {t("reservedNotice")}
        </p>
      )}
      {hasSeat && (
        <button type="button" className={styles.linkButton} onClick={() => void live.run({ type: "seat/leave", tableId: table.id })} data-testid="seat-leave">
          {t("leaveSeat")}
        </button>
      )}
    </div>
  );
}

/** Contract, declarer, partner ace, trump (and who chooses it), the round, what the declaring side needs, the kat and the turned card. */
function ContractBar({ variant, hand, names, t, te, tg, me, declaringSide, partnerships }: { variant: string; hand: HandView; names: string[]; me: Seat | null; declaringSide: Seat[]; partnerships: boolean } & Tr) {
  const c = hand.contract;
  const info = hand.info;
  // Norwegian's grand or pass game; Danish pasnolo (everyone passed) has no contract either, but its own aim.
  const game = info.game ?? (info.pasnolo ? "pasnolo" : null);
  const turned = info.turnedCard ?? null;
  const trump = c?.trump ?? info.trump ?? null;
  const sideTricks = declaringSide.reduce<number>((n, s) => n + (hand.tricksWon[s] ?? 0), 0);
  const katCards = hand.kat?.cards.filter((x): x is Card => x !== null) ?? [];
  const katMine = info.katLaidBy !== undefined && info.katLaidBy !== null && info.katLaidBy === me;
  const { round, chooser } = readHandInfo(hand);
  const trumpKnown = c !== null || trump !== null || game !== null || chooser !== null;
  return (
    <dl className={styles.contractBar} data-testid="contract-bar">
      {round && (
        <div data-testid="round">
          <dt>{t("round")}</dt>
          <dd>{t("roundCards", { n: round.index + 1, count: round.cards })}</dd>
        </div>
      )}
      {c && !unbidContract(variant, c.bid) && (
        <div data-testid="contract">
          <dt>{t("contract")}</dt>
          <dd>
            <strong>{bidLabel(te, variant, c.bid)}</strong>
            {c.declarer !== null && ` · ${names[c.declarer]}`}
            {/* Alone only for contracts played alone by nature (sol, grandi): a called ace's holder may still be unknown. */}
            {c.alone && (c.need?.max !== undefined || c.called === undefined) && ` · ${t("alone")}`}
          </dd>
        </div>
      )}
      {!c && game && (
        <div data-testid="contract">
          <dt>{t("game")}</dt>
          <dd>
            <strong>{te.has(`games.${game}`) ? te(`games.${game}`) : game}</strong>
          </dd>
        </div>
      )}
      {c?.called && (
        <div data-testid="called">
          <dt>{t("partnerAce")}</dt>
          <dd>{cardName(tg, c.called)}</dd>
        </div>
      )}
      {trumpKnown && (
        <div data-testid="trump">
          <dt>{tg("terms.trump")}</dt>
          <dd>
            {trump ? <Suit suit={trump} tg={tg} /> : TRUMP_PENDING.has(hand.phase) && c?.need?.max === undefined ? t("trumpPending") : tg("terms.noTrump")}
            {chooser !== null && ` · ${t(hand.phase === "trump" ? "trumpChooser" : "trumpChosenBy", { name: names[chooser] ?? "" })}`}
          </dd>
        </div>
      )}
      {c?.need && declaringSide.length > 0 && (
        <div data-testid="need">
          <dt>{t("declaringSide")}</dt>
          <dd>
            {c.need.min !== undefined ? t("needMin", { min: c.need.min, took: sideTricks }) : t("needMax", { max: c.need.max ?? 0, took: sideTricks })}
          </dd>
        </div>
      )}
      {partnerships && hand.phase !== "auction" && (
        <div data-testid="side-tricks">
          <dt>{t("sideTricks")}</dt>
          <dd>
            {([0, 1] as const).map((side) => (
              <span key={side} className={styles.sideTricks} data-testid={`side-tricks-${side}`}>
                {t("sideTricksLine", { names: `${names[side]} & ${names[side + 2]}`, count: (hand.tricksWon[side] ?? 0) + (hand.tricksWon[side + 2] ?? 0) })}
              </span>
            ))}
          </dd>
        </div>
      )}
      {turned && (
        <div>
          <dt>{t("turnedCard")}</dt>
          <dd className={styles.inlineCards}>
            <PlayingCard code={turned} size="tiny" label={cardName(tg, turned)} />
          </dd>
        </div>
      )}
      {hand.kat && hand.kat.count > 0 && (
        <div data-testid="kat">
          <dt>{katMine ? t("laidAway") : t("kat")}</dt>
          <dd className={styles.inlineCards}>
            {katCards.length > 0
              ? hand.kat.cards.map((x, i) => <PlayingCard key={i} code={x} size="tiny" label={x ? cardName(tg, x) : t("faceDown")} />)
              : t("katCount", { count: hand.kat.count })}
          </dd>
        </div>
      )}
    </dl>
  );
}

function Choices({
  variant, phase, options, legal, act, t, te, tg, selected, exchanges, upTo3, exchangeReady, canKeep, clearSelection,
}: {
  variant: string; phase: string; options: Readonly<Record<string, unknown>>; legal: readonly Action[]; act: (a: Action) => void; selected: Card[]; exchanges: boolean; upTo3: boolean; exchangeReady: boolean; canKeep: boolean; clearSelection: () => void;
} & Tr) {
  const bids = legal.filter((a): a is Extract<Action, { type: "bid" }> => a.type === "bid");
  const boxed = ladderAuction(variant) && legal.every((a) => a.type === "bid" || a.type === "pass");
  const others = legal.filter((a) => a.type !== "bid" && a.type !== "exchange" && a.type !== "hide" && a.type !== "play" && !(boxed && a.type === "pass"));
  return (
    <section className={styles.choices} data-testid="choices" aria-label={t("yourChoice")}>
      {boxed ? (
        <BiddingBox variant={variant} options={options} bids={bids} canPass={legal.some((a) => a.type === "pass")} act={act} t={t} te={te} />
      ) : (
        bids.length > 0 && <BiddingBox variant={variant} options={options} bids={bids} canPass={false} act={act} t={t} te={te} />
      )}
      {others.length > 0 && (
        <div className={styles.choiceRow}>
          {others.map((a, i) => {
            switch (a.type) {
              case "trump":
                return (
                  <button key={i} type="button" className={styles.choice} onClick={() => act(a)} data-testid={`trump-${a.suit}`}>
                    <Suit suit={a.suit} tg={tg} />
                  </button>
                );
              case "call":
                return (
                  <button key={i} type="button" className={styles.choice} onClick={() => act(a)} data-testid={`call-${a.card}`}>
                    {t("callCard", { card: cardName(tg, a.card) })}
                  </button>
                );
              default:
                return (
                  <button key={i} type="button" className={a.type === "pass" || a.type === "decline" ? styles.secondary : styles.choice} onClick={() => act(a)} data-testid={`action-${a.type}`}>
                    {actionLabel(te, tg, a, variant, phase)}
                  </button>
                );
            }
          })}
        </div>
      )}
      {exchanges && (
        <div className={styles.choiceRow}>
          <span>{t(upTo3 ? "exchangeHelpUpTo3" : "exchangeHelp", { count: selected.length })}</span>
          <button
            type="button"
            className="button"
            disabled={!exchangeReady}
            onClick={() => {
              act({ type: "exchange", discard: selected });
              clearSelection();
            }}
            data-testid="exchange-confirm"
          >
            {t("exchangeConfirm")}
          </button>
          {canKeep && (
            <button type="button" className={styles.secondary} onClick={() => act({ type: "exchange", discard: [] })} data-testid="exchange-keep">
              {t("exchangeKeep")}
            </button>
          )}
        </div>
      )}
      {legal.some((a) => a.type === "hide") && <p className={styles.hint}>{t("hideHelp")}</p>}
    </section>
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


function Results({ table, names, t, te, hashes, last, me }: { table: TableSnapshot; names: string[]; t: Translator; te: Translator; hashes: Map<number, string>; last: HandResult; me: Seat | null }) {
  const view = table.view!;
  const [check, setCheck] = useState<string | null>(null);
  const outcome = outcomeText(te, last, me);
  return (
    <section className={styles.results} data-testid="results" id="results" aria-labelledby="results-title">
      <h2 id="results-title">{t("handResult", { n: last.handIndex + 1 })}</h2>
      <p data-testid="result-outcome" className={styles.outcome}>
        <strong>{outcome}</strong>
        {me !== null && ` · ${t("yourPoints", { points: signed(last.points[me] ?? 0) })}`}
      </p>
      <h3>{t("howScored")}</h3>
      <ul data-testid="result-explanation">
        {last.explanation.map((line, i) => (
          <li key={i}>{explain(te, line, names, table.variant)}</li>
        ))}
      </ul>
      <h3>{t("totals")}</h3>
      <HandsTable
        t={t}
        testId="totals"
        caption={t("totalsCaption")}
        names={names}
        me={me}
        results={view.results}
        cell={(r, i) => (
          <>
            <span className={styles.total}>{r.totals[i]}</span> <span className={styles.delta}>({signed(r.points[i] ?? 0)})</span>
          </>
        )}
      />
      <p className={styles.hash}>
        {t("seedRevealed")}: <code data-testid="revealed-seed">{last.seed}</code>{" "}
        <button
          type="button"
          className={styles.secondary}
          data-testid="verify-deal"
          onClick={async () => {
            // The engine (to deal from the revealed seed) loads only when someone checks a deal.
            const { verifyDeal } = await import("./verify");
            const r = verifyDeal(view.variant, view.options, last, hashes.get(last.handIndex) ?? null);
            setCheck(t(`verify.${r}`));
          }}
        >
          {t("verifyDeal")}
        </button>{" "}
        {check && (
          <strong data-testid="verify-result" role="status">
            {check}
          </strong>
        )}
      </p>
    </section>
  );
}

function Chat({ live, tableId, t, te, tg, canChat }: { live: Live; tableId: string; t: Translator; te: Translator; tg: Translator; canChat: boolean }) {
  const [text, setText] = useState("");
  return (
    <section className={styles.chat} aria-labelledby="chat-title">
      <h2 id="chat-title">{t("chat")}</h2>
      <ul data-testid="chat-lines" aria-live="polite">
        {live.chat.length === 0 && <li className={styles.chatEmpty}>{t("chatEmpty")}</li>}
        {live.chat.map((l, i) => (
          <li key={i}>{l.system ? <em data-testid="chat-system">{systemLine(te, tg, l.system)}</em> : <><strong>{l.from}:</strong> {l.text}</>}</li>
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
          <input value={text} onChange={(e) => setText(e.target.value)} maxLength={300} aria-label={t("chatMessage")} placeholder={t("chatPlaceholder")} data-testid="chat-input" />
          <SubmitButton className={styles.secondary}>
            {t("send")}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
