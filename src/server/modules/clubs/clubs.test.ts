/**
 * Every clubs procedure against the run's real PostgreSQL database, with
 * each role refusal: visitors, non-members, members who are not admins,
 * admins acting on admins or the owner, and the owner leaving.
 */
import { afterAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { closeTestDb, createTestUser, holdLocks, testCaller, testDb, type TestUser } from "@/server/test/helpers";
import { AppError } from "@/server/api/errors";
import { randomBytes } from "node:crypto";
import { removeMember, setRole, transferOwnership } from "./repository";

afterAll(closeTestDb);

/** The refusal as the client sees it: tRPC code and the stable app code. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; appCode: string }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    const e = error as TRPCError;
    return { code: e.code, appCode: e.cause instanceof AppError ? e.cause.error.code : e.code };
  }
  throw new Error("expected the call to be refused");
}

const uniqueName = (label: string) => `${label} ${randomBytes(4).toString("hex")}`;

/** A club with an owner, an admin and a plain member (joined through the procedures). */
async function clubWithRoles(isOpen = true) {
  const [owner, admin, member, outsider] = await Promise.all([
    createTestUser({ displayName: "Owner" }),
    createTestUser({ displayName: "Admin" }),
    createTestUser({ displayName: "Member" }),
    createTestUser({ displayName: "Outsider" }),
  ]);
  const club = await testCaller(owner).clubs.create({ name: uniqueName("Klub"), description: "Torsdagsklubben", locale: "da", isOpen });
  const { code } = await testCaller(owner).clubs.inviteCode({ clubId: club.id });
  await testCaller(admin).clubs.joinWithInvite({ code });
  await testCaller(member).clubs.joinWithInvite({ code });
  await testCaller(owner).clubs.setRole({ clubId: club.id, userId: admin.id, role: "admin" });
  return { club, owner, admin, member, outsider, code };
}

const as = (u: TestUser) => testCaller(u).clubs;

describe("creating and finding clubs", () => {
  it("creates a club whose creator is its owner, finds it by name, lists it under mine", async () => {
    const owner = await createTestUser();
    const name = uniqueName("Vesterbro Whist");
    const club = await as(owner).create({ name: `  ${name} `, description: "Hver torsdag", locale: "da", isOpen: true });
    expect(club).toMatchObject({ name, description: "Hver torsdag", locale: "da", isOpen: true });
    const found = await as(await createTestUser()).list({ query: name.slice(-8).toUpperCase() });
    expect(found.map((c) => c.id)).toEqual([club.id]);
    expect(found[0]!.memberCount).toBe(1);
    expect(await as(owner).mine()).toEqual([expect.objectContaining({ id: club.id, role: "owner" })]);
    const view = await as(owner).get({ clubId: club.id });
    expect(view).toMatchObject({ myRole: "owner", memberCount: 1, requestPending: false });
  });

  it("refuses visitors, a taken name (any case) and invalid input", async () => {
    const user = await createTestUser();
    expect(await refusal(testCaller().clubs.create({ name: "Nope", locale: "en", isOpen: true }))).toMatchObject({ code: "UNAUTHORIZED" });
    expect(await refusal(testCaller().clubs.list())).toMatchObject({ code: "UNAUTHORIZED" });
    const name = uniqueName("Unique");
    await as(user).create({ name, locale: "en", isOpen: true });
    expect(await refusal(as(user).create({ name: name.toUpperCase(), locale: "en", isOpen: false }))).toEqual({ code: "CONFLICT", appCode: "CLUB_NAME_TAKEN" });
    expect(await refusal(as(user).create({ name: "x", locale: "en", isOpen: true }))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await refusal(as(user).create({ name: "Fine name", locale: "sv" as "en", isOpen: true }))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await refusal(as(user).get({ clubId: "no-such-club" }))).toEqual({ code: "NOT_FOUND", appCode: "CLUB_NOT_FOUND" });
  });
});

describe("joining and leaving", () => {
  it("joins an open club at once; a second join is refused", async () => {
    const { club } = await clubWithRoles(true);
    const newcomer = await createTestUser();
    expect(await as(newcomer).join({ clubId: club.id })).toEqual({ status: "member" });
    expect((await as(newcomer).get({ clubId: club.id })).myRole).toBe("member");
    expect(await refusal(as(newcomer).join({ clubId: club.id }))).toEqual({ code: "CONFLICT", appCode: "CLUB_ALREADY_MEMBER" });
  });

  it("files a request for an invitation-only club, which an admin accepts or refuses; members cannot decide", async () => {
    const { club, admin, member, owner } = await clubWithRoles(false);
    const [asker, other] = await Promise.all([createTestUser({ displayName: "Asker" }), createTestUser({ displayName: "Other" })]);
    expect(await as(asker).join({ clubId: club.id })).toEqual({ status: "requested" });
    expect(await as(other).join({ clubId: club.id })).toEqual({ status: "requested" });
    expect(await as(asker).get({ clubId: club.id })).toMatchObject({ myRole: null, requestPending: true });
    // A request is no membership.
    expect(await refusal(as(asker).details({ clubId: club.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_MEMBER" });
    expect(await refusal(as(member).decideRequest({ clubId: club.id, userId: asker.id, accept: true }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_ADMIN" });
    const seen = await as(admin).details({ clubId: club.id });
    expect(seen.requests?.map((r) => r.displayName).sort()).toEqual([asker.displayName, other.displayName].sort());
    expect(await as(admin).decideRequest({ clubId: club.id, userId: asker.id, accept: true })).toEqual({ accepted: true });
    expect(await as(owner).decideRequest({ clubId: club.id, userId: other.id, accept: false })).toEqual({ accepted: false });
    expect((await as(asker).get({ clubId: club.id })).myRole).toBe("member");
    expect(await as(other).get({ clubId: club.id })).toMatchObject({ myRole: null, requestPending: false });
    expect(await refusal(as(admin).decideRequest({ clubId: club.id, userId: other.id, accept: true }))).toEqual({ code: "NOT_FOUND", appCode: "CLUB_REQUEST_NOT_FOUND" });
    // Members see no requests and no invite code.
    const memberView = await as(member).details({ clubId: club.id });
    expect(memberView.requests).toBeNull();
    expect(memberView.inviteCode).toBeNull();
  });

  it("lets a requester cancel, and refuses cancelling nothing", async () => {
    const { club } = await clubWithRoles(false);
    const asker = await createTestUser();
    await as(asker).join({ clubId: club.id });
    expect(await as(asker).cancelRequest({ clubId: club.id })).toEqual({ cancelled: true });
    expect(await refusal(as(asker).cancelRequest({ clubId: club.id }))).toEqual({ code: "NOT_FOUND", appCode: "CLUB_REQUEST_NOT_FOUND" });
  });

  it("admits by invitation link; a renewed link makes the old one invalid; only admins see or renew it", async () => {
    const { club, owner, member, code } = await clubWithRoles(false);
    expect(await refusal(as(member).inviteCode({ clubId: club.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_ADMIN" });
    const { code: renewed } = await as(owner).inviteCode({ clubId: club.id, renew: true });
    expect(renewed).not.toBe(code);
    const guest = await createTestUser();
    expect(await refusal(as(guest).joinWithInvite({ code }))).toEqual({ code: "NOT_FOUND", appCode: "CLUB_INVITE_INVALID" });
    expect(await refusal(as(guest).invitePreview({ code }))).toEqual({ code: "NOT_FOUND", appCode: "CLUB_INVITE_INVALID" });
    // The invitation page names the club before anyone joins; previewing joins nothing.
    expect(await as(guest).invitePreview({ code: renewed })).toEqual({
      clubId: club.id,
      name: club.name,
      description: "Torsdagsklubben",
      isOpen: false,
      memberCount: 3,
      myRole: null,
    });
    expect(await refusal(testCaller().clubs.invitePreview({ code: renewed }))).toMatchObject({ code: "UNAUTHORIZED" });
    expect(await as(guest).joinWithInvite({ code: renewed })).toEqual({ clubId: club.id, name: club.name });
    expect(await refusal(as(guest).joinWithInvite({ code: renewed }))).toEqual({ code: "CONFLICT", appCode: "CLUB_ALREADY_MEMBER" });
    expect(await as(guest).invitePreview({ code: renewed })).toMatchObject({ memberCount: 4, myRole: "member" });
  });

  it("lets members leave; the owner must hand over ownership first, and a sole owner leaving deletes the club", async () => {
    const { club, owner, admin, member, outsider } = await clubWithRoles();
    expect(await as(member).leave({ clubId: club.id })).toEqual({ clubDeleted: false });
    expect(await refusal(as(member).details({ clubId: club.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_MEMBER" });
    expect(await refusal(as(outsider).leave({ clubId: club.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_MEMBER" });
    expect(await refusal(as(owner).leave({ clubId: club.id }))).toEqual({ code: "CONFLICT", appCode: "CLUB_OWNER_MUST_TRANSFER" });
    expect(await refusal(as(admin).transferOwnership({ clubId: club.id, userId: admin.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_OWNER" });
    expect(await refusal(as(owner).transferOwnership({ clubId: club.id, userId: outsider.id }))).toEqual({ code: "NOT_FOUND", appCode: "CLUB_MEMBER_NOT_FOUND" });
    expect(await as(owner).transferOwnership({ clubId: club.id, userId: admin.id })).toEqual({ owner: admin.id });
    expect((await as(owner).get({ clubId: club.id })).myRole).toBe("admin");
    expect(await as(owner).leave({ clubId: club.id })).toEqual({ clubDeleted: false });
    // Deleting the club takes its exact name; a wrong or missing name deletes nothing.
    expect(await refusal(as(admin).leave({ clubId: club.id }))).toEqual({ code: "BAD_REQUEST", appCode: "CLUB_CONFIRM_NAME" });
    expect(await refusal(as(admin).leave({ clubId: club.id, confirmName: club.name.toUpperCase() }))).toEqual({
      code: "BAD_REQUEST",
      appCode: "CLUB_CONFIRM_NAME",
    });
    expect((await as(admin).get({ clubId: club.id })).myRole).toBe("owner");
    // A typed name from someone who is no longer a member deletes nothing either.
    expect(await refusal(as(owner).leave({ clubId: club.id, confirmName: club.name }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_MEMBER" });
    expect(await as(admin).leave({ clubId: club.id, confirmName: ` ${club.name} ` })).toEqual({ clubDeleted: true });
    expect(await testDb().club.findUnique({ where: { id: club.id }, select: { id: true } })).toBeNull();
  });

  it("two handovers of ownership at once leave one owner: the later one is refused", async () => {
    const { club, owner, admin, member } = await clubWithRoles();
    const results = await Promise.allSettled([
      as(owner).transferOwnership({ clubId: club.id, userId: admin.id }),
      as(owner).transferOwnership({ clubId: club.id, userId: member.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(await refusal(refused ? Promise.reject(refused.reason) : Promise.resolve())).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_OWNER" });
    const owners = await testDb().clubMember.findMany({ where: { clubId: club.id, role: "owner" } });
    expect(owners).toHaveLength(1);
    expect((await testDb().clubMember.findUnique({ where: { clubId_userId: { clubId: club.id, userId: owner.id } } }))?.role).toBe("admin");
    // A new owner who left meanwhile (past the procedure's check): the handover is undone whole.
    const { outsider } = await clubWithRoles();
    expect(await transferOwnership(testDb(), club.id, owners[0]!.userId, outsider.id)).toBe("notMember");
    expect(await testDb().clubMember.findMany({ where: { clubId: club.id, role: "owner" } })).toEqual(owners);
  });

  it("the last member deleting the club as someone joins: the join is counted and the delete refused, never both gone", async () => {
    const owner = await createTestUser();
    const joiner = await createTestUser();
    const club = await as(owner).create({ name: uniqueName("Alene"), description: "", locale: "da", isOpen: true });
    // A join written but not committed yet when the owner's delete comes.
    const held = await holdLocks((tx) => tx.clubMember.create({ data: { clubId: club.id, userId: joiner.id, role: "member" }, select: { userId: true } }));
    const leaving = refusal(as(owner).leave({ clubId: club.id, confirmName: club.name }));
    await held.waiting(1);
    await held.release();
    expect(await leaving).toEqual({ code: "CONFLICT", appCode: "CLUB_OWNER_MUST_TRANSFER" });
    expect((await as(joiner).get({ clubId: club.id })).myRole).toBe("member");
  });

  it("a join as the last member deletes the club: the join waits and is told the club is gone", async () => {
    const owner = await createTestUser();
    const joiner = await createTestUser();
    const club = await as(owner).create({ name: uniqueName("Alene"), description: "", locale: "da", isOpen: true });
    // The delete holds the club's row, the join has read the club and now writes.
    const held = await holdLocks(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "Club" WHERE id = ${club.id} FOR UPDATE`;
      await tx.club.delete({ where: { id: club.id }, select: { id: true } });
    });
    const joining = refusal(as(joiner).join({ clubId: club.id }));
    await held.waiting(1);
    await held.release();
    expect(await joining).toEqual({ code: "NOT_FOUND", appCode: "CLUB_NOT_FOUND" });
    expect(await testDb().clubMember.count({ where: { userId: joiner.id } })).toBe(0);
  });

  it("a member made the owner after a removal or role change was checked is neither removed nor demoted", async () => {
    const { club, owner, admin } = await clubWithRoles();
    await as(owner).transferOwnership({ clubId: club.id, userId: admin.id });
    // The writes as they run once the procedure has checked the target (an admin then).
    expect(await removeMember(testDb(), club.id, admin.id)).toBe(false);
    expect(await setRole(testDb(), club.id, admin.id, "member")).toBe(false);
    expect((await as(admin).get({ clubId: club.id })).myRole).toBe("owner");
    expect(await refusal(as(owner).removeMember({ clubId: club.id, userId: admin.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_OWNER_PROTECTED" });
  });
});

describe("clubs on a profile", () => {
  it("lists a player's clubs with their role: open clubs to anyone, invitation-only clubs only to fellow members", async () => {
    const { club: open, owner, admin, member, outsider } = await clubWithRoles(true);
    const { club: closed, code } = await clubWithRoles(false);
    await as(admin).joinWithInvite({ code });
    const roles = (list: { id: string; role: string }[]) => Object.fromEntries(list.filter((c) => c.id === open.id || c.id === closed.id).map((c) => [c.id, c.role]));
    // Own profile (clubs.mine) and the public one as seen by the player themselves: every club.
    expect(roles(await as(owner).mine())).toEqual({ [open.id]: "owner" });
    expect(roles(await as(admin).mine())).toEqual({ [open.id]: "admin", [closed.id]: "member" });
    expect(roles(await as(admin).ofPlayer({ userId: admin.id }))).toEqual({ [open.id]: "admin", [closed.id]: "member" });
    // Visitors and outsiders see only the open club; a fellow member of the closed club sees both.
    expect(roles(await testCaller().clubs.ofPlayer({ userId: admin.id }))).toEqual({ [open.id]: "admin" });
    expect(roles(await as(outsider).ofPlayer({ userId: admin.id }))).toEqual({ [open.id]: "admin" });
    expect(roles(await as(member).ofPlayer({ userId: admin.id }))).toEqual({ [open.id]: "admin" });
    const fellow = await createTestUser();
    await as(fellow).joinWithInvite({ code });
    expect(roles(await as(fellow).ofPlayer({ userId: admin.id }))).toEqual({ [open.id]: "admin", [closed.id]: "member" });
  });
});

describe("membership administration", () => {
  it("admins remove and promote members; only the owner touches admins; nobody touches the owner", async () => {
    const { club, owner, admin, member, outsider } = await clubWithRoles();
    const other = await createTestUser();
    await as(other).join({ clubId: club.id });
    // Plain members and outsiders cannot.
    expect(await refusal(as(member).removeMember({ clubId: club.id, userId: other.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_ADMIN" });
    expect(await refusal(as(member).setRole({ clubId: club.id, userId: other.id, role: "admin" }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_ADMIN" });
    expect(await refusal(as(outsider).removeMember({ clubId: club.id, userId: other.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_MEMBER" });
    expect(await refusal(testCaller().clubs.removeMember({ clubId: club.id, userId: other.id }))).toMatchObject({ code: "UNAUTHORIZED" });
    // An admin on the owner and on another admin.
    expect(await refusal(as(admin).removeMember({ clubId: club.id, userId: owner.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_OWNER_PROTECTED" });
    expect(await refusal(as(admin).setRole({ clubId: club.id, userId: owner.id, role: "member" }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_OWNER_PROTECTED" });
    expect(await as(admin).setRole({ clubId: club.id, userId: member.id, role: "admin" })).toEqual({ role: "admin" });
    expect(await refusal(as(admin).removeMember({ clubId: club.id, userId: member.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_OWNER" });
    expect(await refusal(as(admin).setRole({ clubId: club.id, userId: member.id, role: "member" }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_OWNER" });
    expect(await as(owner).setRole({ clubId: club.id, userId: member.id, role: "member" })).toEqual({ role: "member" });
    // Removing members.
    expect(await as(admin).removeMember({ clubId: club.id, userId: other.id })).toEqual({ removed: true });
    expect(await refusal(as(admin).removeMember({ clubId: club.id, userId: other.id }))).toEqual({ code: "NOT_FOUND", appCode: "CLUB_MEMBER_NOT_FOUND" });
    const { members } = await as(member).details({ clubId: club.id });
    expect(members.map((m) => [m.displayName, m.role])).toEqual([
      [owner.displayName, "owner"],
      [admin.displayName, "admin"],
      [member.displayName, "member"],
    ]);
  });
});

describe("house-rule presets", () => {
  it("stores presets validated by the engine, with defaults filled in and one default per variant", async () => {
    const { club, admin, member } = await clubWithRoles();
    const thursday = await as(admin).createPreset({
      clubId: club.id,
      name: "Torsdagsregler",
      variant: "esmakker",
      options: { jokerTrumpable: true, staerke: true, deals: 16 },
    });
    expect(thursday.options).toMatchObject({ jokerTrumpable: true, staerke: true, deals: 16, baghaand: false, tariff: [10, 20, 40, 80, 160, 320, 640] });
    const plain = await as(admin).createPreset({ clubId: club.id, name: "Plain", variant: "esmakker", options: {} });
    const classic = await as(admin).createPreset({ clubId: club.id, name: "Engelsk", variant: "classic", options: { target: 7 } });
    let { presets } = await as(member).details({ clubId: club.id });
    const byName = (n: string) => presets.find((p) => p.name === n)!;
    expect(byName("Torsdagsregler").isDefault).toBe(true); // first of its variant
    expect(byName("Plain").isDefault).toBe(false);
    expect(byName("Engelsk")).toMatchObject({ isDefault: true, variant: "classic", latestVersion: 1 });
    expect(await as(admin).setDefaultPreset({ clubId: club.id, presetId: plain.id })).toEqual({ variant: "esmakker", presetId: plain.id });
    ({ presets } = await as(member).details({ clubId: club.id }));
    expect(presets.filter((p) => p.variant === "esmakker" && p.isDefault).map((p) => p.id)).toEqual([plain.id]);
    expect(byName("Engelsk").id).toBe(classic.id);
  });

  it("refuses invalid combinations with the engine's own validation, unknown variants and duplicate names", async () => {
    const { club, admin } = await clubWithRoles();
    const bad = (options: Record<string, unknown>) => refusal(as(admin).createPreset({ clubId: club.id, name: uniqueName("Bad"), variant: "esmakker", options }));
    expect(await bad({ deals: 10 })).toEqual({ code: "BAD_REQUEST", appCode: "INVALID_OPTIONS" }); // not a multiple of 4
    expect(await bad({ tariff: [10, 20, 40, 30, 160, 320, 640] })).toEqual({ code: "BAD_REQUEST", appCode: "INVALID_OPTIONS" }); // decreasing
    expect(await bad({ noSuchRule: true })).toEqual({ code: "BAD_REQUEST", appCode: "INVALID_OPTIONS" });
    expect(await bad({ staerke: "yes" })).toEqual({ code: "BAD_REQUEST", appCode: "INVALID_OPTIONS" });
    // The refusal names the field and a message key (translated by the form), never an English sentence.
    const paramsOf = async (options: Record<string, unknown>) =>
      as(admin)
        .createPreset({ clubId: club.id, name: uniqueName("Bad"), variant: "esmakker", options })
        .then(
          () => null,
          (e: TRPCError) => (e.cause instanceof AppError ? e.cause.error.params : null),
        );
    expect(await paramsOf({ tariff: [10, 20, Number.NaN, 80, 160, 320, 640] })).toEqual({ field: "tariff", reason: "notNumber", index: 2 });
    expect(await paramsOf({ tariff: [10, 20, 40] })).toEqual({ field: "tariff", reason: "listLength", count: 7 });
    expect(await paramsOf({ deals: 10 })).toEqual({ field: "deals", reason: "multipleOf", divisor: 4 });
    expect(await refusal(as(admin).createPreset({ clubId: club.id, name: "X", variant: "bridge", options: {} }))).toEqual({ code: "BAD_REQUEST", appCode: "UNKNOWN_VARIANT" });
    await as(admin).createPreset({ clubId: club.id, name: "Same", variant: "classic" });
    expect(await refusal(as(admin).createPreset({ clubId: club.id, name: "Same", variant: "norwegian" }))).toEqual({ code: "CONFLICT", appCode: "PRESET_NAME_TAKEN" });
    expect(await testDb().rulePreset.count({ where: { clubId: club.id } })).toBe(1);
  });

  it("refuses preset changes by members and outsiders", async () => {
    const { club, admin, member, outsider } = await clubWithRoles();
    const preset = await as(admin).createPreset({ clubId: club.id, name: "P", variant: "classic" });
    const input = { clubId: club.id, name: "M", variant: "classic", options: {} };
    expect(await refusal(as(member).createPreset(input))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_ADMIN" });
    expect(await refusal(as(outsider).createPreset(input))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_MEMBER" });
    expect(await refusal(as(member).updatePreset({ clubId: club.id, presetId: preset.id, options: { target: 9 } }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_ADMIN" });
    expect(await refusal(as(member).setDefaultPreset({ clubId: club.id, presetId: preset.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_ADMIN" });
    expect(await refusal(as(outsider).presetVersions({ clubId: club.id, presetId: preset.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_MEMBER" });
    // A preset of another club is not found through this one.
    const other = await clubWithRoles();
    expect(await refusal(as(admin).updatePreset({ clubId: club.id, presetId: (await as(other.admin).createPreset({ clubId: other.club.id, name: "Q", variant: "classic" })).id, options: {} }))).toEqual({ code: "NOT_FOUND", appCode: "PRESET_NOT_FOUND" });
  });

  it("versions a preset: an edit adds a version, older versions and the tables using them keep their rules", async () => {
    const { club, admin, member } = await clubWithRoles();
    const preset = await as(admin).createPreset({ clubId: club.id, name: "Torsdag", variant: "esmakker", options: { jokerTrumpable: true } });
    const first = await as(member).openTable({ clubId: club.id, presetId: preset.id });
    expect(first.presetVersion).toBe(1);
    const saved = await as(admin).updatePreset({ clubId: club.id, presetId: preset.id, name: "Torsdag 2", options: { jokerTrumpable: false, staerke: true } });
    expect(saved).toMatchObject({ version: 2, options: { jokerTrumpable: false, staerke: true } });
    // The same rules again add no version.
    expect((await as(admin).updatePreset({ clubId: club.id, presetId: preset.id, options: { staerke: true } })).version).toBe(2);
    expect(await refusal(as(admin).updatePreset({ clubId: club.id, presetId: preset.id, options: { deals: 7 } }))).toEqual({ code: "BAD_REQUEST", appCode: "INVALID_OPTIONS" });
    const second = await as(member).openTable({ clubId: club.id, presetId: preset.id });
    expect(second.presetVersion).toBe(2);
    const { versions, preset: p } = await as(member).presetVersions({ clubId: club.id, presetId: preset.id });
    expect(p.name).toBe("Torsdag 2");
    expect(versions.map((v) => [v.version, (v.options as Record<string, unknown>).jokerTrumpable])).toEqual([
      [2, false],
      [1, true],
    ]);
    const tables = await testDb().table.findMany({ where: { id: { in: [first.tableId, second.tableId] } }, select: { id: true, options: true } });
    const optionsOf = (id: string) => tables.find((t) => t.id === id)!.options as Record<string, unknown>;
    expect(optionsOf(first.tableId)).toMatchObject({ jokerTrumpable: true, staerke: false });
    expect(optionsOf(second.tableId)).toMatchObject({ jokerTrumpable: false, staerke: true });
    const { tables: listed } = await as(member).details({ clubId: club.id });
    expect(listed.map((t) => [t.presetName, t.presetVersion, t.options.jokerTrumpable])).toEqual([
      ["Torsdag 2", 2, false],
      ["Torsdag 2", 1, true],
    ]);
  });
});

describe("club tables and recent games", () => {
  it("opens tables for members; guests may watch only when an admin allows it; outsiders cannot open tables", async () => {
    const { club, admin, member, outsider } = await clubWithRoles();
    const preset = await as(admin).createPreset({ clubId: club.id, name: "Norsk", variant: "norwegian", options: { target: 5 } });
    expect(await refusal(as(outsider).openTable({ clubId: club.id, presetId: preset.id }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_MEMBER" });
    expect(await refusal(as(member).openTable({ clubId: club.id, presetId: preset.id, guestsMayWatch: true }))).toEqual({ code: "FORBIDDEN", appCode: "CLUB_NOT_ADMIN" });
    expect(await refusal(as(member).openTable({ clubId: club.id, presetId: "nope" }))).toEqual({ code: "NOT_FOUND", appCode: "PRESET_NOT_FOUND" });
    const watched = await as(admin).openTable({ clubId: club.id, presetId: preset.id, guestsMayWatch: true, turnSeconds: 30 });
    const row = await testDb().clubTable.findUnique({ where: { tableId: watched.tableId }, select: { guestsMayWatch: true, clubId: true } });
    expect(row).toEqual({ guestsMayWatch: true, clubId: club.id });
    const table = await testDb().table.findUniqueOrThrow({ where: { id: watched.tableId }, select: { variant: true, options: true, turnSeconds: true } });
    expect(table).toMatchObject({ variant: "norwegian", turnSeconds: 30, options: { target: 5 } });
  });

  it("lists finished matches at the club's tables as recent games, and no one else's", async () => {
    const { club, admin, member } = await clubWithRoles();
    const preset = await as(admin).createPreset({ clubId: club.id, name: "Klassisk", variant: "classic" });
    const { tableId } = await as(member).openTable({ clubId: club.id, presetId: preset.id });
    const elsewhere = await testCaller(member).tables.create({ variant: "classic" });
    const players = [{ kind: "human", userId: member.id, name: "Member" }, null, null, null];
    for (const [id, when] of [[tableId, 1000], [elsewhere.id, 2000]] as const)
      await testDb().match.create({
        data: { tableId: id, variant: "classic", record: {}, players, scores: [5, 2, 5, 2], finishedAt: new Date(Date.now() - when) },
        select: { id: true },
      });
    const { recentGames } = await as(member).details({ clubId: club.id });
    expect(recentGames).toEqual([
      // A seat shows its name and whether a computer player held it; not the account behind it.
      expect.objectContaining({ tableId, variant: "classic", players: [{ kind: "human", name: "Member" }, null, null, null], scores: [5, 2, 5, 2], presetName: "Klassisk", presetVersion: 1 }),
    ]);
  });
});
