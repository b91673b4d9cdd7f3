/**
 * One playing card drawn from public/cards/<code>.svg (or the back), as a
 * button when it can be tapped. Sizes suit a phone: cards overlap in a hand
 * but keep a tappable strip.
 */
"use client";

import styles from "./cards.module.css";

export interface PlayingCardProps {
  /** Card code ("AS", "TH", "JK"), or null for a face-down card. */
  readonly code: string | null;
  readonly label?: string;
  readonly onClick?: () => void;
  readonly selected?: boolean;
  /** Shown dimmed: not playable now (still tappable to hear why). */
  readonly muted?: boolean;
  readonly size?: "small" | "normal";
  readonly testId?: string;
}

export function PlayingCard({ code, label, onClick, selected, muted, size = "normal", testId }: PlayingCardProps) {
  const img = (
    // eslint-disable-next-line @next/next/no-img-element
    <img src={`/cards/${code ?? "back"}.svg`} alt={label ?? code ?? ""} draggable={false} className={styles.img} />
  );
  const cls = [styles.card, size === "small" ? styles.small : "", selected ? styles.selected : "", muted ? styles.muted : ""].join(" ");
  if (!onClick)
    return (
      <span className={cls} data-testid={testId} data-card={code ?? undefined}>
        {img}
      </span>
    );
  return (
    <button type="button" className={cls} onClick={onClick} aria-pressed={selected} data-testid={testId} data-card={code ?? undefined} data-muted={muted ? "1" : undefined}>
      {img}
    </button>
  );
}
