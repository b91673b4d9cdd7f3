/**
 * Clubs: membership (create, find, join, request, invite link, leave,
 * remove, roles, ownership), house-rule presets (validated by the engine's
 * parseOptions, stored as immutable versions, one default per variant),
 * club tables (opened with one exact preset version) and recent games.
 * Failures are values (ServiceResult) with stable codes; the club pages
 * translate them (messages clubs.json, "errors").
 *
 * Roles: owner > admin > member. The procedures (procedures.ts) already
 * checked that the actor is a member (or an admin); what depends on the
 * target's role is checked here:
 * - admins remove members, accept/refuse requests, promote members to admin,
 *   manage presets and let guests watch a table;
 * - only the owner demotes or removes an admin and hands over ownership;
 * - nobody removes or demotes the owner;
 * - the owner cannot leave while other members remain (hand over ownership
 *   first); an owner who is the last member leaving deletes the club, and
 *   only when the call repeats the club's name (confirmName), so no stray
 *   click or replayed request deletes a club.
 */
import { parseOptions } from "@/engine";
import type { OptionIssue } from "@/engine/options";
import type { Db, Tx } from "@/server/db";
import { failure, success, type ServiceError, type ServiceResult } from "@/server/api/errors";
import type { ClubRole } from "@/generated/prisma/enums";
import { createTable } from "@/server/modules/tables/service";
import * as repo from "./repository";
import type { CreateClubInput, CreatePresetInput, ListClubsInput, OpenTableInput, UpdatePresetInput } from "./schema";

export type Actor = { readonly userId: string; readonly role: ClubRole };

const err = (code: string, status: ServiceError["status"], message: string, params?: ServiceError["params"]) =>
  failure({ code, status, message, ...(params ? { params } : {}) });

export const CLUB_ERRORS = {
  notFound: () => err("CLUB_NOT_FOUND", "NOT_FOUND", "No such club."),
  notMember: () => err("CLUB_NOT_MEMBER", "FORBIDDEN", "Only members of this club can do that."),
  notAdmin: () => err("CLUB_NOT_ADMIN", "FORBIDDEN", "Only the club's owner and admins can do that."),
  notOwner: () => err("CLUB_NOT_OWNER", "FORBIDDEN", "Only the club's owner can do that."),
  nameTaken: () => err("CLUB_NAME_TAKEN", "CONFLICT", "A club with this name already exists."),
  alreadyMember: () => err("CLUB_ALREADY_MEMBER", "CONFLICT", "You are already a member of this club."),
  invalidInvite: () => err("CLUB_INVITE_INVALID", "NOT_FOUND", "This invitation link is not valid (any more)."),
  noRequest: () => err("CLUB_REQUEST_NOT_FOUND", "NOT_FOUND", "There is no pending request from this player."),
  memberNotFound: () => err("CLUB_MEMBER_NOT_FOUND", "NOT_FOUND", "This player is not a member of the club."),
  ownerUntouchable: () => err("CLUB_OWNER_PROTECTED", "FORBIDDEN", "The club's owner cannot be removed or demoted."),
  confirmName: () => err("CLUB_CONFIRM_NAME", "BAD_REQUEST", "Type the club's name exactly to delete it."),
  ownerMustTransfer: () =>
    err("CLUB_OWNER_MUST_TRANSFER", "CONFLICT", "The owner cannot leave while the club has other members: hand over ownership first."),
  presetNotFound: () => err("PRESET_NOT_FOUND", "NOT_FOUND", "This club has no such rule preset."),
  presetNameTaken: () => err("PRESET_NAME_TAKEN", "CONFLICT", "The club already has a preset with this name."),
  presetBusy: () => err("PRESET_CHANGED", "CONFLICT", "The preset was changed meanwhile; reload and try again."),
  unknownVariant: (variant: string) => err("UNKNOWN_VARIANT", "BAD_REQUEST", `Unknown variant "${variant}".`, { variant }),
  // params: the engine's first keyed issue (field, reason = message key, index, values), translated per field by the form.
  invalidOptions: (detail: string, params: Record<string, string | number>) => err("INVALID_OPTIONS", "BAD_REQUEST", `Invalid rules: ${detail}`, params),
} as const;

/** JSON with sorted keys: PostgreSQL's jsonb does not keep key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );

const isAdmin = (role: ClubRole) => role === "owner" || role === "admin";

/** The engine's own validation: complete options, or the engine's refusal. */
function validateOptions(variant: string, raw: unknown): ServiceResult<Readonly<Record<string, unknown>>> {
  const parsed = parseOptions(variant, raw);
  if (parsed.ok) return success(parsed.value);
  if (parsed.error.code === "setup/unknown-variant") return CLUB_ERRORS.unknownVariant(variant);
  const first = (parsed.error.details?.issues as OptionIssue[] | undefined)?.[0];
  const params = first ? { field: first.field, reason: first.key, ...(first.index !== undefined ? { index: first.index } : {}), ...first.params } : {};
  return CLUB_ERRORS.invalidOptions(parsed.error.message.replace(/^invalid options: /, ""), params);
}

// ---------------------------------------------------------------- clubs

export async function createClub(db: Db, userId: string, input: CreateClubInput) {
  const club = await repo.createClub(db, { ...input, ownerId: userId });
  return club ? success(club) : CLUB_ERRORS.nameTaken();
}

export async function listClubs(db: Db, input: ListClubsInput) {
  return repo.searchClubs(db, input.query, input.limit);
}

export function myClubs(db: Db, userId: string) {
  return repo.clubsOfUser(db, userId);
}

/**
 * A player's clubs on their public profile, with their role: open clubs
 * (anyone may join and see their members) and clubs the viewer shares with
 * them; membership of other invitation-only clubs stays private.
 */
export async function clubsOfPlayer(db: Db, viewerId: string | null, userId: string) {
  const [theirs, mine] = await Promise.all([
    repo.clubsOfUser(db, userId),
    viewerId && viewerId !== userId ? repo.clubsOfUser(db, viewerId) : Promise.resolve(null),
  ]);
  if (viewerId === userId) return theirs;
  const shared = new Set((mine ?? []).map((c) => c.id));
  return theirs.filter((c) => c.isOpen || shared.has(c.id));
}

/** What anyone signed in may see of a club, with their own standing in it. */
export async function getClub(db: Db, userId: string, clubId: string) {
  const club = await repo.findClub(db, clubId);
  if (!club) return CLUB_ERRORS.notFound();
  const [role, requested, memberCount] = await Promise.all([
    repo.findRole(db, clubId, userId),
    repo.hasRequest(db, clubId, userId),
    repo.countMembers(db, clubId),
  ]);
  return success({ ...club, memberCount, myRole: role, requestPending: role === null && requested });
}

/** Members, presets, open tables and recent games; join requests and the invite code for admins. */
export async function clubDetails(db: Db, actor: Actor, clubId: string) {
  const admin = isAdmin(actor.role);
  const [members, presets, tables, recentGames, requests, inviteCode] = await Promise.all([
    repo.listMembers(db, clubId),
    repo.listPresets(db, clubId),
    repo.listOpenClubTables(db, clubId),
    repo.listRecentGames(db, clubId),
    admin ? repo.listRequests(db, clubId) : Promise.resolve(null),
    admin ? repo.findInviteCode(db, clubId) : Promise.resolve(null),
  ]);
  return { myRole: actor.role, members, presets, tables, recentGames, requests, inviteCode };
}

// ---------------------------------------------------------------- joining and leaving

/** Open club: joins at once. Invitation-only club: files a request for the admins. */
export async function join(db: Db, userId: string, clubId: string): Promise<ServiceResult<{ status: "member" | "requested" }>> {
  const club = await repo.findClub(db, clubId);
  if (!club) return CLUB_ERRORS.notFound();
  if (await repo.findRole(db, clubId, userId)) return CLUB_ERRORS.alreadyMember();
  if (club.isOpen) return joined(await repo.addMember(db, clubId, userId), { status: "member" as const });
  // Deleted since it was read; a second request just stays pending.
  return (await repo.addRequest(db, clubId, userId)) ? success({ status: "requested" }) : CLUB_ERRORS.notFound();
}

/** What an addition of a member says to the one who joins. */
function joined<T>(added: "added" | "member" | "noClub", value: T) {
  return added === "added" ? success(value) : added === "member" ? CLUB_ERRORS.alreadyMember() : CLUB_ERRORS.notFound();
}

export async function cancelRequest(db: Db, userId: string, clubId: string) {
  return (await repo.deleteRequest(db, clubId, userId)) ? success({ cancelled: true }) : CLUB_ERRORS.noRequest();
}

/** The club behind an invitation link, for the invitation page (nothing is joined yet). */
export async function invitePreview(db: Db, userId: string, code: string) {
  const club = await repo.findClubByInvite(db, code);
  if (!club) return CLUB_ERRORS.invalidInvite();
  const [memberCount, role] = await Promise.all([repo.countMembers(db, club.id), repo.findRole(db, club.id, userId)]);
  return success({ clubId: club.id, name: club.name, description: club.description, isOpen: club.isOpen, memberCount, myRole: role });
}

/** An invitation link admits its holder to any club, open or not. */
export async function joinWithInvite(db: Db, userId: string, code: string) {
  const club = await repo.findClubByInvite(db, code);
  if (!club) return CLUB_ERRORS.invalidInvite();
  return joined(await repo.addMember(db, club.id, userId), { clubId: club.id, name: club.name });
}

export async function leave(
  db: Db,
  actor: Actor,
  clubId: string,
  confirmName?: string,
): Promise<ServiceResult<{ clubDeleted: boolean }>> {
  if (actor.role === "owner") {
    if ((await repo.countMembers(db, clubId)) > 1) return CLUB_ERRORS.ownerMustTransfer();
    const club = await repo.findClub(db, clubId);
    if (!club) return CLUB_ERRORS.notFound();
    if (confirmName?.trim() !== club.name) return CLUB_ERRORS.confirmName();
    // Counted again under the club's lock: someone may have joined since.
    if (!(await repo.deleteClubIfAlone(db, clubId))) return CLUB_ERRORS.ownerMustTransfer();
    return success({ clubDeleted: true });
  }
  // Made the owner since this request began: the owner hands over or deletes first.
  if (!(await repo.removeMember(db, clubId, actor.userId)) && (await repo.findRole(db, clubId, actor.userId)) === "owner") return CLUB_ERRORS.ownerMustTransfer();
  return success({ clubDeleted: false });
}

// ---------------------------------------------------------------- administration (admins; see the header for who may touch whom)

export async function decideRequest(db: Db, clubId: string, userId: string, accept: boolean) {
  if (!(await repo.hasRequest(db, clubId, userId))) return CLUB_ERRORS.noRequest();
  // Someone who meanwhile joined by invite link is already in: then just drop the request.
  if (!accept || (await repo.addMember(db, clubId, userId)) !== "added") await repo.deleteRequest(db, clubId, userId);
  return success({ accepted: accept });
}

export async function inviteCode(db: Db, clubId: string, renew: boolean) {
  const code = renew ? await repo.renewInviteCode(db, clubId) : await repo.findInviteCode(db, clubId);
  return code ? success({ code }) : CLUB_ERRORS.notFound();
}

/** Checks that `actor` may act on `targetId` (not the owner; an admin only by the owner). */
async function targetOf(db: Db, actor: Actor, clubId: string, targetId: string): Promise<ServiceResult<ClubRole>> {
  const role = await repo.findRole(db, clubId, targetId);
  if (!role) return CLUB_ERRORS.memberNotFound();
  if (role === "owner") return CLUB_ERRORS.ownerUntouchable();
  if (role === "admin" && actor.role !== "owner") return CLUB_ERRORS.notOwner();
  return success(role);
}

/** Why a write to a member found no row to change, as things stand now (the member left, or was made the owner). */
async function refusedNow(db: Db, actor: Actor, clubId: string, userId: string) {
  const target = await targetOf(db, actor, clubId, userId);
  return target.ok ? CLUB_ERRORS.memberNotFound() : target;
}

export async function removeMember(db: Db, actor: Actor, clubId: string, userId: string) {
  const target = await targetOf(db, actor, clubId, userId);
  if (!target.ok) return target;
  if (!(await repo.removeMember(db, clubId, userId))) return refusedNow(db, actor, clubId, userId);
  return success({ removed: true });
}

export async function setRole(db: Db, actor: Actor, clubId: string, userId: string, role: "admin" | "member") {
  const target = await targetOf(db, actor, clubId, userId);
  if (!target.ok) return target;
  if (!(await repo.setRole(db, clubId, userId, role))) return refusedNow(db, actor, clubId, userId);
  return success({ role });
}

/** The owner makes another member the owner and becomes an admin. */
export async function transferOwnership(db: Db, actor: Actor, clubId: string, userId: string) {
  if (actor.role !== "owner") return CLUB_ERRORS.notOwner();
  if (userId === actor.userId || !(await repo.findRole(db, clubId, userId))) return CLUB_ERRORS.memberNotFound();
  const outcome = await repo.transferOwnership(db, clubId, actor.userId, userId);
  if (outcome === "notOwner") return CLUB_ERRORS.notOwner();
  if (outcome === "notMember") return CLUB_ERRORS.memberNotFound();
  return success({ owner: userId });
}

// ---------------------------------------------------------------- presets (admins)

export async function createPreset(db: Db, actor: Actor, clubId: string, input: CreatePresetInput) {
  const options = validateOptions(input.variant, input.options);
  if (!options.ok) return options;
  const preset = await repo.createPreset(db, { clubId, name: input.name, variant: input.variant, options: options.value, createdById: actor.userId });
  if (!preset) return CLUB_ERRORS.presetNameTaken();
  // The first preset of a variant becomes its default.
  if (input.makeDefault || !(await repo.hasDefault(db, clubId, input.variant))) await repo.setDefault(db, clubId, input.variant, preset.id);
  return success({ ...preset, options: options.value });
}

/**
 * Saves new rules as a new version (earlier versions, and the tables and
 * matches that used them, are untouched). Unchanged rules add no version.
 */
export async function updatePreset(db: Db, actor: Actor, clubId: string, input: UpdatePresetInput) {
  const preset = await repo.findPreset(db, clubId, input.presetId);
  if (!preset) return CLUB_ERRORS.presetNotFound();
  const options = validateOptions(preset.variant, input.options);
  if (!options.ok) return options;
  const latest = await repo.findVersion(db, preset.id, preset.latestVersion);
  if (latest && canonical(latest.options) === canonical(options.value)) {
    if (input.name !== undefined && input.name !== preset.name && !(await repo.renamePreset(db, preset.id, input.name)))
      return CLUB_ERRORS.presetNameTaken();
    return success({ presetId: preset.id, version: preset.latestVersion, options: options.value });
  }
  const res = await repo.appendPresetVersion(db, {
    presetId: preset.id,
    expected: preset.latestVersion,
    name: input.name,
    options: options.value,
    createdById: actor.userId,
  });
  if (res === "conflict") return CLUB_ERRORS.presetBusy();
  if (res === "name-taken") return CLUB_ERRORS.presetNameTaken();
  return success({ presetId: preset.id, version: preset.latestVersion + 1, options: options.value });
}

export async function setDefaultPreset(db: Db, clubId: string, presetId: string) {
  const preset = await repo.findPreset(db, clubId, presetId);
  if (!preset) return CLUB_ERRORS.presetNotFound();
  await repo.setDefault(db, clubId, preset.variant, preset.id);
  return success({ variant: preset.variant, presetId });
}

export async function presetVersions(db: Db, clubId: string, presetId: string) {
  const preset = await repo.findPreset(db, clubId, presetId);
  if (!preset) return CLUB_ERRORS.presetNotFound();
  return success({ preset, versions: await repo.listVersions(db, presetId) });
}

// ---------------------------------------------------------------- tables (members)

/**
 * Opens a live table at the preset's latest version. The table and its link
 * to the club are written in one transaction, so no moment exists in which
 * the table is up without its members-only rule; `alsoWrite` adds to that
 * transaction what else the table needs from the start (a ranked table's row).
 */
export async function openTable(
  db: Db,
  actor: Actor,
  clubId: string,
  input: OpenTableInput,
  alsoWrite?: (tx: Tx, table: { id: string; variant: string }) => Promise<void>,
) {
  if (input.guestsMayWatch && !isAdmin(actor.role)) return CLUB_ERRORS.notAdmin();
  const preset = await repo.findPreset(db, clubId, input.presetId);
  if (!preset) return CLUB_ERRORS.presetNotFound();
  const version = await repo.findVersion(db, preset.id, preset.latestVersion);
  if (!version) return CLUB_ERRORS.presetNotFound();
  return db.$transaction(async (tx) => {
    // The tables service only uses model delegates, which a transaction client has too.
    const created = await createTable(tx as unknown as Db, actor.userId, {
      variant: preset.variant,
      options: version.options as Record<string, unknown>,
      isPrivate: false,
      turnSeconds: input.turnSeconds,
      seatCount: input.seatCount,
    });
    if (!created.ok) return created;
    await repo.linkTable(tx, {
      tableId: created.value.id,
      clubId,
      presetVersionId: version.id,
      guestsMayWatch: input.guestsMayWatch,
      createdById: actor.userId,
    });
    await alsoWrite?.(tx, { id: created.value.id, variant: preset.variant });
    return success({ tableId: created.value.id, presetVersion: version.version });
  });
}
