/** The seat rules as a table of decisions (pure; the adversarial suite drives them through the real server). */
import { describe, expect, it } from "vitest";
import type { SeatOccupant } from "@/protocol";
import * as seating from "./seating";
import type { AccessFacts, Person, SeatingTable } from "./seating";

const human = (id: string): SeatOccupant => ({ kind: "human", userId: id, name: id });
const bot: SeatOccupant = { kind: "bot", name: "Computer", level: "normal" };
const person = (userId: string | null, over: Partial<Person> = {}): Person => ({ userId, invited: false, facts: seating.NO_CLUB, ...over });
const club = (role: "owner" | "admin" | "member" | null, guestsMayWatch = false): AccessFacts => ({ club: { name: "Klubben", guestsMayWatch, role } });

/** A public table in play: a at 0, computer players at 1 and 3, b at 2; the hand was dealt to a and b. */
const playing: SeatingTable = {
  status: "playing",
  isPrivate: false,
  createdById: "a",
  seats: [human("a"), bot, human("b"), bot],
  handOwners: ["a", null, "b", null],
  fixedSeats: null,
};

describe("seat rules", () => {
  it("shows a seat's cards only to whoever it was dealt to", () => {
    expect(seating.playingSeat(playing, "a")).toBe(0);
    // a left seat 0 and reserved seat 1: no cards at all until the next deal.
    const hopped = { ...playing, seats: [bot, human("a"), human("b"), bot] };
    expect(seating.playingSeat(hopped, "a")).toBeNull();
    expect(seating.reservedSeat(hopped, "a")).toBe(1);
    expect(seating.personPlays(hopped, 1)).toBe(false);
    // At the next deal the reservation takes effect.
    expect(seating.ownersAtDeal(hopped)).toEqual([null, "a", "b", null]);
    expect(seating.playingSeat({ ...hopped, handOwners: seating.ownersAtDeal(hopped) }, "a")).toBe(1);
  });

  it("during a hand: one's own seat back at once, a computer's seat from the next deal, a person's never", () => {
    const left = { ...playing, seats: [bot, bot, human("b"), bot] };
    expect(seating.takeDecision(left, person("a"), 0)).toEqual({ kind: "now" });
    expect(seating.takeDecision(left, person("a"), 1)).toEqual({ kind: "next-deal" });
    expect(seating.takeDecision(left, person("stranger"), 0)).toEqual({ kind: "next-deal" });
    expect(seating.takeDecision(left, person("stranger"), 2)).toMatchObject({ kind: "refused", refusal: { code: "table/seat-taken" } });
    expect(seating.takeDecision(playing, person("a"), 1)).toMatchObject({ kind: "refused", refusal: { code: "table/already-seated" } });
    // The dealt owner takes the seat back even from someone who only reserved it.
    const reservedByStranger = { ...left, seats: [human("stranger"), bot, human("b"), bot] };
    expect(seating.takeDecision(reservedByStranger, person("a"), 0)).toEqual({ kind: "now" });
    expect(seating.takeDecision({ ...playing, status: "finished" }, person("c"), 1)).toMatchObject({ kind: "refused", refusal: { code: "table/started" } });
  });

  it("ranked seats belong to their matched accounts for the whole match", () => {
    const ranked: SeatingTable = { ...playing, isPrivate: true, seats: [human("u1"), human("u2"), human("u3"), bot], handOwners: ["u1", "u2", "u3", "u4"], fixedSeats: ["u1", "u2", "u3", "u4"] };
    const u1Left = { ...ranked, seats: [bot, human("u2"), human("u3"), bot] };
    expect(seating.takeDecision(u1Left, person("u1"), 3)).toMatchObject({ kind: "refused", refusal: { code: "ranked/players-only" } });
    expect(seating.takeDecision(u1Left, person("u1"), 0)).toEqual({ kind: "now" });
    expect(seating.takeDecision(ranked, person("u4"), 3)).toEqual({ kind: "now" });
    expect(seating.ownersAtDeal({ seats: u1Left.seats, fixedSeats: ranked.fixedSeats })).toEqual(["u1", "u2", "u3", "u4"]);
    expect(seating.watchRefusal(ranked, person("u4"))).toBeNull();
    expect(seating.watchRefusal(ranked, person("x"))).toMatchObject({ code: "table/private" });
  });

  it("computer players: the creator and a club's admins only, before the match", () => {
    const open: SeatingTable = { ...playing, status: "open", seats: [human("a"), null, null, null], handOwners: null };
    expect(seating.botRefusal(open, person("a"), 1)).toBeNull();
    expect(seating.botRefusal(open, person("b"), 1)).toMatchObject({ code: "table/not-creator" });
    expect(seating.botRefusal(open, person(null), 1)).toMatchObject({ code: "table/login-required" });
    expect(seating.botRefusal(open, person("admin", { facts: club("admin") }), 1)).toBeNull();
    expect(seating.botRefusal(open, person("m", { facts: club("member") }), 1)).toMatchObject({ code: "table/not-creator" });
    expect(seating.botRefusal(open, person("x", { facts: club(null, true) }), 1)).toMatchObject({ code: "club/members-only" });
    expect(seating.botRefusal(playing, person("a"), 1)).toMatchObject({ code: "table/started" });
    expect(seating.botRefusal({ ...open, isPrivate: true, createdById: "c" }, person("b"), 1)).toMatchObject({ code: "table/private" });
  });

  it("watching and chat: the same check; private tables admit the invited, club tables members (guests only to watch where allowed)", () => {
    const priv: SeatingTable = { ...playing, status: "open", isPrivate: true, createdById: "c", seats: [null, null, null, null], handOwners: null };
    for (const check of [seating.watchRefusal, seating.chatRefusal]) {
      expect(check(priv, person("x"))).toMatchObject({ code: "table/private" });
      expect(check(priv, person("x", { invited: true }))).toBeNull();
      expect(check(priv, person("c"))).toBeNull();
      expect(check(playing, person("x", { facts: club(null) }))).toMatchObject({ code: "club/members-only-watch" });
      expect(check(playing, person("x", { facts: club(null, true) }))).toBeNull();
      expect(check(playing, person("m", { facts: club("member") }))).toBeNull();
    }
    expect(seating.chatRefusal(playing, person(null))).toMatchObject({ code: "table/login-required" });
    expect(seating.takeDecision({ ...priv }, person("x", { invited: true, facts: club(null, true) }), 0)).toMatchObject({
      kind: "refused",
      refusal: { code: "club/members-only" },
    });
  });
});
