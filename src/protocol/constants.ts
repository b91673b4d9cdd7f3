/**
 * The wire protocol's plain values (no zod): what the browser's table code
 * needs at run time, kept apart from the message schemas in index.ts so the
 * table page does not load the validation library. index.ts re-exports them.
 */
export const CLIENT_EVENT = "c";
export const SERVER_EVENT = "s";

/** Levels a user can give a computer player at a table (the bots' "random" level is for testing only). */
export const BOT_SEAT_LEVELS = ["easy", "normal", "strong"] as const;
export type BotSeatLevel = (typeof BOT_SEAT_LEVELS)[number];
export const DEFAULT_BOT_LEVEL: BotSeatLevel = "normal";

/** How long a completed trick stays on the table before a computer player leads (ms): the table setting's limits. */
export const TRICK_PAUSE_MS = { min: 0, max: 3000, step: 100, default: 1500 } as const;
