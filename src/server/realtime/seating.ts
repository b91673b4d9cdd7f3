/**
 * The seat rules of live tables, in one place: who may watch, chat, take or
 * leave which seat, add or remove computer players (and so start a match),
 * and whose cards a seat's view shows. Every path that seats people (the
 * room, ranked and club tables, the history's club rule) asks these pure
 * functions; the facts they need (club role, invite, fixed ranked seats) are
 * gathered by the caller.
 *
 * The rules:
 * - A hand's cards go only to whoever held that seat when the hand was dealt
 *   (`handOwners`, fixed at each deal).
 * - During a hand a person may only take back their own seat (one whose cards
 *   they were dealt) from a stand-in. Taking an empty or computer seat of a
 *   running match reserves it from the next deal on: until then the computer
 *   keeps playing it and the person sees the table as a spectator.
 * - Ranked and club-ladder matches fix each seat to the matched account for
 *   the whole match (`fixedSeats`): only that account may sit there, and its
 *   cards are always that account's.
 * - A table has the seats it was created with (the variant's count, or one
 *   chosen within its range): a seat number beyond them is refused.
 * - Adding or removing computer players (which starts the match once every
 *   seat is filled) before the match: the table's creator, and at club
 *   tables also the club's owner and admins.
 * - At a private table only admitted people (its creator, holders of the
 *   invite, its players) may do anything, watching and chat included. Club
 *   tables are for members; guests may watch (and chat) where an admin
 *   allowed it, never sit.
 */
import type { Seat } from "@/engine/types";
import type { SeatOccupant, TableStatus, WireError } from "@/protocol";

export type ClubRole = "owner" | "admin" | "member";

/** What the database says about one person at one table: asked fresh for each message, since club roles change. */
export interface AccessFacts {
  /** The table's club, with the person's role in it (null: not a member); null for tables of no club. */
  readonly club: { readonly name: string; readonly guestsMayWatch: boolean; readonly role: ClubRole | null } | null;
}
export const NO_CLUB: AccessFacts = { club: null };

/** The parts of a table the rules look at. */
export interface SeatingTable {
  readonly status: TableStatus;
  readonly isPrivate: boolean;
  readonly createdById: string;
  /** One entry per seat of the table. */
  readonly seats: readonly (SeatOccupant | null)[];
  /** User ids by seat whose cards the current hand's seats are (null: a computer player's); null before the match. */
  readonly handOwners: readonly (string | null)[] | null;
  /** Ranked tables once their players are known: the account each seat belongs to for the whole match. */
  readonly fixedSeats: readonly string[] | null;
}

export interface Person {
  readonly userId: string | null;
  /** Opened this private table with its invite (or was admitted by it before). */
  readonly invited: boolean;
  readonly facts: AccessFacts;
}

export type Refusal = WireError;
const refuse = (code: string, message: string): Refusal => ({ code, message });

export const SEAT_ERRORS = {
  login: (what: string) => refuse("table/login-required", `Log in to ${what}.`),
  private: () => refuse("table/private", "This table is private: open it with its invite link, logged in."),
  membersOnly: (club: string) => refuse("club/members-only", `Only members of the club "${club}" can sit at this table.`),
  membersOnlyWatch: (club: string) => refuse("club/members-only-watch", `Only members of the club "${club}" can watch this table.`),
  rankedSeat: () => refuse("ranked/players-only", "This seat belongs to another player of this ranked match."),
  notCreator: () => refuse("table/not-creator", "Only the table's creator (or the club's admins) can seat or remove computer players."),
  started: () => refuse("table/started", "The match has started."),
  over: () => refuse("table/started", "The match is over."),
  taken: () => refuse("table/seat-taken", "That seat is taken."),
  noSuchSeat: (count: number) => refuse("table/no-such-seat", `This table has ${count} seats, numbered from 0.`),
  noBot: () => refuse("table/seat-taken", "There is no computer player on that seat."),
  alreadySeated: () => refuse("table/already-seated", "You already have a seat at this table."),
  notSeated: () => refuse("table/not-seated", "You have no seat at this table."),
  nextDeal: () => refuse("table/next-deal", "You play this seat from the next deal on."),
} as const;

const humanId = (o: SeatOccupant | null | undefined): string | null => (o?.kind === "human" ? o.userId : null);

/** The seat a person occupies (or has reserved for the next deal), if any. */
export function occupiedSeat(t: SeatingTable, userId: string | null): Seat | null {
  if (!userId) return null;
  const i = t.seats.findIndex((s) => humanId(s) === userId);
  return i < 0 ? null : (i as Seat);
}

/** The seat whose cards this person may see and play now: one they occupy and were dealt (any seat they occupy before the match). */
export function playingSeat(t: SeatingTable, userId: string | null): Seat | null {
  const seat = occupiedSeat(t, userId);
  if (seat === null || t.handOwners === null) return seat;
  return t.handOwners[seat] === userId ? seat : null;
}

/** A seat this person occupies but plays only from the next deal on. */
export function reservedSeat(t: SeatingTable, userId: string | null): Seat | null {
  const seat = occupiedSeat(t, userId);
  return seat !== null && playingSeat(t, userId) === null ? seat : null;
}

/** A person plays the seat now; otherwise (a computer player's seat, a stand-in, a reservation) the computer does. */
export function personPlays(t: SeatingTable, seat: Seat): boolean {
  const id = humanId(t.seats[seat]);
  return id !== null && (t.handOwners === null || t.handOwners[seat] === id);
}

/** Whose cards each seat's hand is, fixed as a hand is dealt: the fixed ranked accounts, else the people sitting there. */
export function ownersAtDeal(t: Pick<SeatingTable, "seats" | "fixedSeats">): (string | null)[] {
  return t.seats.map((occupant, i) => t.fixedSeats?.[i] ?? humanId(occupant));
}

/** A seat number the table does not have (the protocol accepts any seat a variant may have). */
export function seatRefusal(t: Pick<SeatingTable, "seats">, seat: Seat): Refusal | null {
  return Number.isInteger(seat) && seat >= 0 && seat < t.seats.length ? null : SEAT_ERRORS.noSuchSeat(t.seats.length);
}

/** Admitted to a private table: its creator, an invite holder, or one of its players (seated, dealt or matched). */
export function admitted(t: SeatingTable, p: Person): boolean {
  const id = p.userId;
  if (!t.isPrivate) return true;
  if (!id) return false;
  return p.invited || id === t.createdById || occupiedSeat(t, id) !== null || !!t.handOwners?.includes(id) || !!t.fixedSeats?.includes(id);
}

/** The club's rule on its own (also used for a club table's finished matches). */
export function clubRefusal(facts: AccessFacts, intent: "watch" | "sit"): Refusal | null {
  const club = facts.club;
  if (!club || club.role) return null;
  if (intent === "watch" && club.guestsMayWatch) return null;
  return intent === "sit" ? SEAT_ERRORS.membersOnly(club.name) : SEAT_ERRORS.membersOnlyWatch(club.name);
}

/** Opening (watching) a table. */
export function watchRefusal(t: SeatingTable, p: Person): Refusal | null {
  if (!admitted(t, p)) return SEAT_ERRORS.private();
  return clubRefusal(p.facts, "watch");
}

/** Chat: logged in, and allowed to watch (so outsiders' lines never reach a private or members-only table). */
export function chatRefusal(t: SeatingTable, p: Person): Refusal | null {
  if (!p.userId) return SEAT_ERRORS.login("chat");
  return watchRefusal(t, p);
}

/** Runs the table's line-up: its creator, and at a club table the club's owner and admins. */
export function managesTable(t: SeatingTable, p: Person): boolean {
  const role = p.facts.club?.role;
  return p.userId !== null && (p.userId === t.createdById || role === "owner" || role === "admin");
}

/** Seating or removing a computer player at `seat`. */
export function botRefusal(t: SeatingTable, p: Person, seat: Seat): Refusal | null {
  if (!p.userId) return SEAT_ERRORS.login("seat computer players");
  const club = clubRefusal(p.facts, "sit");
  if (club) return club;
  if (!admitted(t, p)) return SEAT_ERRORS.private();
  if (!managesTable(t, p)) return SEAT_ERRORS.notCreator();
  if (t.status !== "open") return SEAT_ERRORS.started();
  return seatRefusal(t, seat);
}

/** Taking a seat: refused, taken at once, or reserved from the next deal on. */
export type TakeDecision = { readonly kind: "refused"; readonly refusal: Refusal } | { readonly kind: "now" } | { readonly kind: "next-deal" };

export function takeDecision(t: SeatingTable, p: Person, seat: Seat): TakeDecision {
  const no = (refusal: Refusal): TakeDecision => ({ kind: "refused", refusal });
  const id = p.userId;
  if (!id) return no(SEAT_ERRORS.login("take a seat"));
  const club = clubRefusal(p.facts, "sit");
  if (club) return no(club);
  if (!admitted(t, p)) return no(SEAT_ERRORS.private());
  if (t.status === "finished" || t.status === "abandoned") return no(SEAT_ERRORS.over());
  const noSeat = seatRefusal(t, seat);
  if (noSeat) return no(noSeat);
  if (t.fixedSeats && t.fixedSeats[seat] !== id) return no(SEAT_ERRORS.rankedSeat());
  if (occupiedSeat(t, id) !== null) return no(SEAT_ERRORS.alreadySeated());
  const cur = t.seats[seat] ?? null;
  if (t.status === "open") return cur ? no(SEAT_ERRORS.taken()) : { kind: "now" };
  // During a match: one's own seat back from a stand-in (or from someone who only reserved it) at once…
  if (t.handOwners?.[seat] === id) return { kind: "now" };
  // …anyone else's person's seat never; a computer player's (or an empty) seat from the next deal on.
  if (cur?.kind === "human") return no(SEAT_ERRORS.taken());
  return { kind: "next-deal" };
}
