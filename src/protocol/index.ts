/**
 * The live-table wire protocol, shared by the server and the browser: every
 * message a client may send (zod-checked on arrival) and every message the
 * server sends. Clients send on the "c" event (with an optional ack); the
 * server sends on the "s" event. Cards only ever travel inside a `view`, which
 * the server computes per recipient.
 */
import { z } from "zod";
import { safeText } from "@/lib/safe-text";
import { actionSchema, seatSchema } from "@/engine/actions";
import { MAX_SEATS, type MatchView, type Seat } from "@/engine/types";

export * from "./constants";
export * from "./delta";
import type { Delta } from "./delta";
import { BOT_SEAT_LEVELS, DEFAULT_BOT_LEVEL, type BotSeatLevel } from "./constants";

const tableId = safeText().min(1).max(64);
/** Any seat a variant may have (0-6); the table refuses a seat beyond its own count ("table/no-such-seat"). */
const seat = seatSchema;


/** What the lobby lists: filters and one page (newest first; `cursor` from the page before). */
export const lobbyFilterSchema = z.object({
  variant: z.string().min(1).max(32).optional(),
  /** Only tables not started with at least this many empty seats. */
  minOpenSeats: z.number().int().min(1).max(MAX_SEATS).optional(),
  clubId: z.string().min(1).max(64).optional(),
  status: z.enum(["open", "playing"]).optional(),
  cursor: z.string().max(100).nullish(),
  limit: z.number().int().min(1).max(100).default(30),
});
export type LobbyFilter = z.infer<typeof lobbyFilterSchema>;
export type LobbyFilterInput = z.input<typeof lobbyFilterSchema>;

export const clientMessageSchema = z.discriminatedUnion("type", [
  /** Watch one lobby page (with filters): the server sends it now and again whenever it changes. */
  z.object({ type: z.literal("lobby/watch"), filter: lobbyFilterSchema.default({ limit: 30 }) }),
  z.object({ type: z.literal("lobby/unwatch") }),
  /** Open a table: the server answers with a full `table` snapshot and keeps it current. */
  z.object({ type: z.literal("table/open"), tableId, invite: safeText().max(64).optional() }),
  z.object({ type: z.literal("table/close"), tableId }),
  /** The client missed an update (a delta did not follow the snapshot it holds): the server sends a full snapshot. */
  z.object({ type: z.literal("table/sync"), tableId }),
  z.object({ type: z.literal("seat/take"), tableId, seat }),
  z.object({ type: z.literal("seat/leave"), tableId }),
  /** Put a computer player (at a level, default normal) on an empty seat, or remove one before the match starts. */
  z.object({ type: z.literal("seat/bot"), tableId, seat, on: z.boolean(), level: z.enum(BOT_SEAT_LEVELS).default(DEFAULT_BOT_LEVEL) }),
  /** One engine action; `seq` is the table version the client saw. */
  z.object({ type: z.literal("action"), tableId, seq: z.number().int().min(0), action: actionSchema }),
  z.object({ type: z.literal("chat"), tableId, text: safeText().trim().min(1).max(300) }),
  /** The absent person takes back their seat from the stand-in (clears `away`). */
  z.object({ type: z.literal("seat/back"), tableId }),
  /** After the match: vote to play again at a new table with the same set-up (or withdraw the vote). */
  z.object({ type: z.literal("table/rematch"), tableId, agree: z.boolean() }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
/** A client message as sent (fields with defaults may be left out). */
export type ClientMessageInput = z.input<typeof clientMessageSchema>;

export type SeatOccupant =
  | { readonly kind: "human"; readonly userId: string; readonly name: string }
  /** `level` is absent on seats stored before levels existed: those play at the normal level. */
  | { readonly kind: "bot"; readonly name: string; readonly level?: BotSeatLevel };

export interface SeatInfo {
  readonly occupant: SeatOccupant | null;
  /** A human with at least one open connection to the table. */
  readonly connected: boolean;
  /**
   * A computer stands in for this absent human (away past the turn timer): it plays their cards, passes in
   * an auction and takes the safest set-up choice; "seat/back" or any action of theirs ends it.
   */
  readonly away: boolean;
}

/** "abandoned": every person left a match in play for the grace period; the table ended without a result and left the lobby. */
export type TableStatus = "open" | "playing" | "finished" | "abandoned";


/** What the lobby shows of a table. */
export interface TableSummary {
  readonly id: string;
  readonly variant: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly isPrivate: boolean;
  readonly status: TableStatus;
  /** One entry per seat: the table's seat count (the variant's, or one chosen within its range). */
  readonly seats: readonly (SeatOccupant | null)[];
  readonly createdAt: string;
  /** A ranked table: of the global ranking ("global") or a club's ladder ("club"); null: unrated. */
  readonly ranked: "global" | "club" | null;
}

export interface TableSnapshot extends TableSummary {
  /** Table version: the number of accepted actions. Actions must carry it. */
  readonly seq: number;
  /** Update version: rises with every update of this table the server sends; a `tableDelta` applies only to the snapshot of its `from`. */
  readonly v: number;
  readonly seatInfo: readonly SeatInfo[];
  readonly turnSeconds: number;
  /** The seat the recipient plays now (and sees the cards of), or null for a spectator. */
  readonly you: Seat | null;
  /** A seat the recipient took during the match: theirs from the next deal on (until then they watch). */
  readonly reservedSeat: Seat | null;
  /** The recipient may seat and remove computer players (the table's creator or a club admin, before the match). */
  readonly mayManageBots: boolean;
  /** The engine's view for this recipient; null before the match starts. */
  readonly view: MatchView | null;
  /** SHA-256 of the current hand's seed, shown before the first bid. */
  readonly handSeedHash: string | null;
  /** When the seat to act will be played by a computer player (ms since epoch), if it is a human's turn. */
  readonly turnDeadline: number | null;
  /** How long a completed trick stays on the table before the next lead (ms); a table setting (0-3000, default 1500). */
  readonly trickPauseMs: number;
  /** After the match (tables where people sat): who asked to play again, and the new table once all agreed. */
  readonly rematch: { readonly votes: readonly Seat[]; readonly tableId: string | null } | null;
  /** Per seat, the rating change this finished ranked match brought (null: not rated / not ranked / not finished yet). */
  readonly ratingChanges: readonly (number | null)[] | null;
}

export interface ChatLine {
  readonly from: string;
  readonly text: string;
  readonly at: number;
  /**
   * A line from the table itself (`from` is ""), e.g. what the stand-in chose for an absent person:
   * translate engine.json "standIn.<key>" with `params`; `text` is the English wording.
   */
  readonly system?: { readonly key: string; readonly params: Readonly<Record<string, string>> };
}

/** A stable error code and an English message; the browser translates the code. */
export interface WireError {
  readonly code: string;
  readonly message: string;
  /** For "table/internal": the id of the full entry in the server's log. */
  readonly ref?: string;
}

export type ServerMessage =
  | { readonly type: "lobby"; readonly tables: readonly TableSummary[]; readonly nextCursor: string | null }
  | { readonly type: "table"; readonly table: TableSnapshot }
  /**
   * What changed in this recipient's snapshot from update version `from` to `v`
   * (table version `seq`). A client holding another version asks for a
   * snapshot with "table/sync".
   */
  | { readonly type: "tableDelta"; readonly tableId: string; readonly from: number; readonly v: number; readonly seq: number; readonly delta: Delta }
  | { readonly type: "chat"; readonly tableId: string; readonly line: ChatLine }
  | { readonly type: "chatHistory"; readonly tableId: string; readonly lines: readonly ChatLine[] }
  | { readonly type: "error"; readonly tableId?: string; readonly error: WireError };

/** Answer to every client message that came with an ack callback. */
export type Ack = { readonly ok: true } | { readonly ok: false; readonly error: WireError };

/** Error codes of the live-table layer (engine codes pass through unchanged). */
export const TABLE_ERRORS = [
  "table/malformed",
  "table/rate-limited",
  "table/not-found",
  "table/login-required",
  "table/seat-taken",
  "table/no-such-seat",
  "table/already-seated",
  "table/not-seated",
  "table/started",
  "table/not-started",
  "table/stale",
  "table/private",
  "table/not-creator",
  "table/next-deal",
  "table/busy",
  "table/unavailable",
  "table/internal",
  "table/unsafe-text",
  "table/no-rematch",
  "table/ended",
  "table/quota",
] as const;
export type TableErrorCode = (typeof TABLE_ERRORS)[number];

export const parseClientMessage = (raw: unknown) => clientMessageSchema.safeParse(raw);
