/**
 * One playing card drawn from public/cards/<code>.svg (or the back), as a
 * button when it can be tapped. A face-down card of a known suit ("X" + suit,
 * es-makker's fordækt card) shows the back.
 */
"use client";

import styles from "./cards.module.css";

export interface PlayingCardProps {
  /** Card code ("AS", "TH", "JK"), or null for a face-down card. */
  readonly code: string | null;
  /** What a screen reader says: the card in words, and who played it where that matters. */
  readonly label?: string;
  readonly onClick?: () => void;
  readonly selected?: boolean;
  /** Shown dimmed: not playable now (still tappable to hear why). */
  readonly muted?: boolean;
  /** Whether it is a legal play now (undefined while cards are being chosen for something else): data-playable / data-muted. */
  readonly playable?: boolean;
  readonly size?: "tiny" | "small" | "normal";
  readonly testId?: string;
}

const SIZE_CLASS = { tiny: styles.tiny, small: styles.small, normal: "" } as const;

export function PlayingCard({ code, label, onClick, selected, muted, playable, size = "normal", testId }: PlayingCardProps) {
  const face = code && !code.startsWith("X") ? code : "back";
  const img = (
    // eslint-disable-next-line @next/next/no-img-element
    <img src={`/cards/${face}.svg`} alt={onClick ? "" : (label ?? code ?? "")} draggable={false} className={styles.img} />
  );
  const cls = [styles.card, SIZE_CLASS[size], selected ? styles.selected : "", muted ? styles.muted : ""].join(" ");
  if (!onClick)
    return (
      <span className={cls} data-testid={testId} data-card={code ?? undefined}>
        {img}
      </span>
    );
  return (
    <button
      type="button"
      className={cls}
      onClick={onClick}
      aria-label={label ?? code ?? undefined}
      aria-pressed={selected === undefined ? undefined : selected}
      data-testid={testId}
      data-card={code ?? undefined}
      data-muted={muted || playable === false ? "1" : undefined}
      data-playable={playable ? "1" : undefined}
    >
      {img}
    </button>
  );
}
