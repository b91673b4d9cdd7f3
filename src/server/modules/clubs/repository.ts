/**
 * Clubs: every database access of the module, each with an explicit select.
 * Preset versions are only ever inserted, never updated.
 */
import { randomBytes } from "node:crypto";
import type { Db, DbTx } from "@/server/db";
import { Prisma } from "@/generated/prisma/client";
import type { ClubRole, Locale } from "@/generated/prisma/enums";
import type { SeatOccupant } from "@/protocol";

const json = (v: unknown) => v as Prisma.InputJsonValue;
export const newInviteCode = () => randomBytes(12).toString("base64url");
export const nameKeyOf = (name: string) => name.trim().toLowerCase();

const isUniqueViolation = (e: unknown) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";
/** A row that names a club gone meanwhile (deleted between the check and the write). */
const isForeignKeyViolation = (e: unknown) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2003";

const clubSelect = { id: true, name: true, description: true, locale: true, isOpen: true, createdAt: true } as const;
export type ClubRow = Prisma.ClubGetPayload<{ select: typeof clubSelect }>;

// ---------------------------------------------------------------- clubs

/** Creates the club with its owner; null when the name is taken. */
export async function createClub(
  db: Db,
  data: { name: string; description: string; locale: Locale; isOpen: boolean; ownerId: string },
): Promise<ClubRow | null> {
  try {
    return await db.club.create({
      data: {
        name: data.name,
        nameKey: nameKeyOf(data.name),
        description: data.description,
        locale: data.locale,
        isOpen: data.isOpen,
        inviteCode: newInviteCode(),
        members: { create: { userId: data.ownerId, role: "owner" } },
      },
      select: clubSelect,
    });
  } catch (e) {
    if (isUniqueViolation(e)) return null;
    throw e;
  }
}

export function findClub(db: DbTx, clubId: string): Promise<ClubRow | null> {
  return db.club.findUnique({ where: { id: clubId }, select: clubSelect });
}

export function findClubByInvite(db: DbTx, code: string): Promise<ClubRow | null> {
  return db.club.findUnique({ where: { inviteCode: code }, select: clubSelect });
}

export async function findInviteCode(db: DbTx, clubId: string): Promise<string | null> {
  const row = await db.club.findUnique({ where: { id: clubId }, select: { inviteCode: true } });
  return row?.inviteCode ?? null;
}

export async function renewInviteCode(db: DbTx, clubId: string): Promise<string> {
  const row = await db.club.update({ where: { id: clubId }, data: { inviteCode: newInviteCode() }, select: { inviteCode: true } });
  return row.inviteCode;
}

/**
 * Deletes the club while it has one member (its owner, leaving), under the club row's lock: a join
 * (whose insert checks the club row) either came first and is counted (false), or waits and then
 * finds no club (addMember's "noClub"), instead of being deleted with it.
 */
export async function deleteClubIfAlone(db: Db, clubId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Club" WHERE id = ${clubId} FOR UPDATE`;
    if ((await tx.clubMember.count({ where: { clubId } })) > 1) return false;
    await tx.club.delete({ where: { id: clubId }, select: { id: true } });
    return true;
  });
}

/** Clubs whose name contains `query` (any case), biggest first. */
export async function searchClubs(db: DbTx, query: string, limit: number) {
  const rows = await db.club.findMany({
    where: query ? { nameKey: { contains: query.toLowerCase() } } : {},
    orderBy: [{ members: { _count: "desc" } }, { createdAt: "desc" }],
    take: limit,
    select: { ...clubSelect, _count: { select: { members: true } } },
  });
  return rows.map(({ _count, ...club }) => ({ ...club, memberCount: _count.members }));
}

export async function clubsOfUser(db: DbTx, userId: string) {
  const rows = await db.clubMember.findMany({
    where: { userId },
    orderBy: { joinedAt: "asc" },
    select: { role: true, club: { select: { ...clubSelect, _count: { select: { members: true } } } } },
  });
  return rows.map(({ role, club: { _count, ...club } }) => ({ ...club, memberCount: _count.members, role }));
}

export function countMembers(db: DbTx, clubId: string): Promise<number> {
  return db.clubMember.count({ where: { clubId } });
}

// ---------------------------------------------------------------- members and requests

export async function findRole(db: DbTx, clubId: string, userId: string): Promise<ClubRole | null> {
  const row = await db.clubMember.findUnique({ where: { clubId_userId: { clubId, userId } }, select: { role: true } });
  return row?.role ?? null;
}

/** Adds a member (and drops any pending request); false when already a member. */
/** Adds a member and drops their join request: "member" when they already were one, "noClub" when the club is gone. */
export async function addMember(db: Db, clubId: string, userId: string): Promise<"added" | "member" | "noClub"> {
  try {
    await db.$transaction([
      db.clubMember.create({ data: { clubId, userId, role: "member" }, select: { userId: true } }),
      db.clubJoinRequest.deleteMany({ where: { clubId, userId } }),
    ]);
    return "added";
  } catch (e) {
    if (isUniqueViolation(e)) return "member";
    if (isForeignKeyViolation(e)) return "noClub";
    throw e;
  }
}

/**
 * Removing a member and changing a role never touch the owner's row (false: no such member, or the
 * owner): the callers check the target's role first, and a handover of ownership between that check
 * and the write would otherwise leave the club without an owner.
 */
export async function removeMember(db: DbTx, clubId: string, userId: string): Promise<boolean> {
  const res = await db.clubMember.deleteMany({ where: { clubId, userId, role: { not: "owner" } } });
  return res.count === 1;
}

export async function setRole(db: DbTx, clubId: string, userId: string, role: Exclude<ClubRole, "owner">): Promise<boolean> {
  const res = await db.clubMember.updateMany({ where: { clubId, userId, role: { not: "owner" } }, data: { role } });
  return res.count === 1;
}

/**
 * The old owner to admin, the new owner in, in one transaction: "notOwner" when `fromUserId` is no
 * longer the owner, "notMember" when `toUserId` is no longer a member (nothing changed). The old
 * owner's row goes first: a handover racing this one waits on it, then finds an admin there.
 */
export async function transferOwnership(db: Db, clubId: string, fromUserId: string, toUserId: string): Promise<"done" | "notOwner" | "notMember"> {
  try {
    return await db.$transaction(async (tx) => {
      const demoted = await tx.clubMember.updateMany({ where: { clubId, userId: fromUserId, role: "owner" }, data: { role: "admin" } });
      if (demoted.count === 0) return "notOwner" as const;
      const promoted = await tx.clubMember.updateMany({ where: { clubId, userId: toUserId }, data: { role: "owner" } });
      if (promoted.count === 0) throw TARGET_GONE; // rolls the demotion back
      return "done" as const;
    });
  } catch (e) {
    if (e === TARGET_GONE) return "notMember";
    throw e;
  }
}

const TARGET_GONE = new Error("the new owner is no longer a member");

export async function listMembers(db: DbTx, clubId: string) {
  const rows = await db.clubMember.findMany({ where: { clubId }, orderBy: { joinedAt: "asc" }, select: { userId: true, role: true, joinedAt: true } });
  const names = await displayNames(db, rows.map((r) => r.userId));
  return rows.map((r) => ({ ...r, displayName: names.get(r.userId) ?? "?" }));
}

/** Creates a pending request; false when one is already pending. */
/** Asks to join: false when the club is gone (a second request just stays pending). */
export async function addRequest(db: DbTx, clubId: string, userId: string): Promise<boolean> {
  try {
    await db.clubJoinRequest.create({ data: { clubId, userId }, select: { userId: true } });
    return true;
  } catch (e) {
    if (isUniqueViolation(e)) return true;
    if (isForeignKeyViolation(e)) return false;
    throw e;
  }
}

export async function hasRequest(db: DbTx, clubId: string, userId: string): Promise<boolean> {
  return (await db.clubJoinRequest.count({ where: { clubId, userId } })) > 0;
}

export async function deleteRequest(db: DbTx, clubId: string, userId: string): Promise<boolean> {
  const res = await db.clubJoinRequest.deleteMany({ where: { clubId, userId } });
  return res.count === 1;
}

export async function listRequests(db: DbTx, clubId: string) {
  const rows = await db.clubJoinRequest.findMany({ where: { clubId }, orderBy: { createdAt: "asc" }, select: { userId: true, createdAt: true } });
  const names = await displayNames(db, rows.map((r) => r.userId));
  return rows.map((r) => ({ ...r, displayName: names.get(r.userId) ?? "?" }));
}

async function displayNames(db: DbTx, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const users = await db.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, displayName: true } });
  return new Map(users.map((u) => [u.id, u.displayName]));
}

// ---------------------------------------------------------------- presets

const presetSelect = {
  id: true,
  clubId: true,
  name: true,
  variant: true,
  latestVersion: true,
  updatedAt: true,
} as const;
export type PresetRow = Prisma.RulePresetGetPayload<{ select: typeof presetSelect }>;

export function findPreset(db: DbTx, clubId: string, presetId: string): Promise<PresetRow | null> {
  return db.rulePreset.findFirst({ where: { id: presetId, clubId }, select: presetSelect });
}

/** Creates a preset with its version 1; null when the club already has a preset of that name. */
export async function createPreset(
  db: Db,
  data: { clubId: string; name: string; variant: string; options: unknown; createdById: string },
): Promise<PresetRow | null> {
  try {
    return await db.rulePreset.create({
      data: {
        clubId: data.clubId,
        name: data.name,
        variant: data.variant,
        latestVersion: 1,
        versions: { create: { version: 1, options: json(data.options), createdById: data.createdById } },
      },
      select: presetSelect,
    });
  } catch (e) {
    if (isUniqueViolation(e)) return null;
    throw e;
  }
}

/**
 * Appends version `expected + 1` and moves the preset to it, in one
 * transaction, only if the preset is still at `expected` (a concurrent edit
 * makes this return "conflict"). A new name is applied in the same step.
 */
export async function appendPresetVersion(
  db: Db,
  data: { presetId: string; expected: number; name?: string; options: unknown; createdById: string },
): Promise<"ok" | "conflict" | "name-taken"> {
  try {
    return await db.$transaction(async (tx) => {
      const moved = await tx.rulePreset.updateMany({
        where: { id: data.presetId, latestVersion: data.expected },
        data: { latestVersion: data.expected + 1, ...(data.name !== undefined ? { name: data.name } : {}) },
      });
      if (moved.count !== 1) return "conflict" as const;
      await tx.rulePresetVersion.create({
        data: { presetId: data.presetId, version: data.expected + 1, options: json(data.options), createdById: data.createdById },
        select: { id: true },
      });
      return "ok" as const;
    });
  } catch (e) {
    if (isUniqueViolation(e)) return "name-taken";
    throw e;
  }
}

export async function renamePreset(db: DbTx, presetId: string, name: string): Promise<boolean> {
  try {
    await db.rulePreset.update({ where: { id: presetId }, data: { name }, select: { id: true } });
    return true;
  } catch (e) {
    if (isUniqueViolation(e)) return false;
    throw e;
  }
}

const versionSelect = { id: true, version: true, options: true, createdById: true, createdAt: true } as const;

export function findVersion(db: DbTx, presetId: string, version: number) {
  return db.rulePresetVersion.findUnique({ where: { presetId_version: { presetId, version } }, select: versionSelect });
}

export function listVersions(db: DbTx, presetId: string) {
  return db.rulePresetVersion.findMany({ where: { presetId }, orderBy: { version: "desc" }, select: versionSelect });
}

/** Every preset of the club with its latest version's options and whether it is its variant's default. */
export async function listPresets(db: DbTx, clubId: string) {
  const [presets, defaults] = await Promise.all([
    db.rulePreset.findMany({
      where: { clubId },
      orderBy: [{ variant: "asc" }, { name: "asc" }],
      select: { ...presetSelect, versions: { orderBy: { version: "desc" }, take: 1, select: { options: true } } },
    }),
    db.clubDefaultPreset.findMany({ where: { clubId }, select: { presetId: true } }),
  ]);
  const defaultIds = new Set(defaults.map((d) => d.presetId));
  return presets.map(({ versions, ...p }) => ({
    ...p,
    options: (versions[0]?.options ?? {}) as Record<string, unknown>,
    isDefault: defaultIds.has(p.id),
  }));
}

export async function hasDefault(db: DbTx, clubId: string, variant: string): Promise<boolean> {
  return (await db.clubDefaultPreset.count({ where: { clubId, variant } })) > 0;
}

export async function setDefault(db: DbTx, clubId: string, variant: string, presetId: string): Promise<void> {
  await db.clubDefaultPreset.upsert({
    where: { clubId_variant: { clubId, variant } },
    create: { clubId, variant, presetId },
    update: { presetId },
    select: { presetId: true },
  });
}

// ---------------------------------------------------------------- tables and games

export async function linkTable(
  db: DbTx,
  data: { tableId: string; clubId: string; presetVersionId: string; guestsMayWatch: boolean; createdById: string },
): Promise<void> {
  await db.clubTable.create({ data, select: { tableId: true } });
}

/** A club table's link as written (for a rematch at the same club, preset version and guest rule); null when not a club's. */
export function findClubTableLink(db: DbTx, tableId: string) {
  return db.clubTable.findUnique({ where: { tableId }, select: { clubId: true, presetVersionId: true, guestsMayWatch: true } });
}

/** What the live tables need to know about a club table; null when the table is not a club's. */
export function findClubTable(db: DbTx, tableId: string) {
  return db.clubTable.findUnique({ where: { tableId }, select: { clubId: true, guestsMayWatch: true, club: { select: { name: true } } } });
}

/** The club's tables waiting or in play (not finished, not abandoned), newest first, with the exact preset version each plays. */
export async function listOpenClubTables(db: DbTx, clubId: string, limit = 50) {
  const links = await db.clubTable.findMany({
    where: { clubId },
    orderBy: { createdAt: "desc" },
    take: 200,
    select: {
      tableId: true,
      guestsMayWatch: true,
      createdAt: true,
      presetVersion: { select: { version: true, preset: { select: { id: true, name: true } } } },
    },
  });
  if (links.length === 0) return [];
  const tables = await db.table.findMany({
    where: { id: { in: links.map((l) => l.tableId) }, status: { in: ["open", "playing"] } },
    select: { id: true, variant: true, options: true, status: true, seats: true },
  });
  const byId = new Map(tables.map((t) => [t.id, t]));
  return links.flatMap((l) => {
    const t = byId.get(l.tableId);
    if (!t) return [];
    return [
      {
        tableId: t.id,
        variant: t.variant,
        /** The rules the table plays: exactly the preset version it was opened with. */
        options: t.options as Record<string, unknown>,
        status: t.status,
        seats: t.seats as unknown as ({ kind: "human"; userId: string; name: string } | { kind: "bot"; name: string } | null)[],
        guestsMayWatch: l.guestsMayWatch,
        presetId: l.presetVersion.preset.id,
        presetName: l.presetVersion.preset.name,
        presetVersion: l.presetVersion.version,
        createdAt: l.createdAt,
      },
    ];
  }).slice(0, limit);
}

/** Finished matches at the club's tables (the live tables' Match rows), newest first. */
export async function listRecentGames(db: DbTx, clubId: string, limit = 20) {
  const links = await db.clubTable.findMany({
    where: { clubId },
    select: { tableId: true, presetVersion: { select: { version: true, preset: { select: { name: true } } } } },
  });
  if (links.length === 0) return [];
  const byTable = new Map(links.map((l) => [l.tableId, l.presetVersion]));
  const matches = await db.match.findMany({
    where: { tableId: { in: [...byTable.keys()] } },
    orderBy: { finishedAt: "desc" },
    take: limit,
    select: { id: true, tableId: true, variant: true, players: true, scores: true, finishedAt: true },
  });
  return matches.map((m) => ({
    matchId: m.id,
    tableId: m.tableId,
    variant: m.variant,
    // What the club page shows of a seat: its name, and whether a computer player held it (named in the reader's language).
    players: (m.players as unknown as (SeatOccupant | null)[]).map((p) => (p ? { kind: p.kind, name: p.name } : null)),
    scores: m.scores as unknown as number[],
    finishedAt: m.finishedAt,
    presetName: byTable.get(m.tableId)?.preset.name ?? "",
    presetVersion: byTable.get(m.tableId)?.version ?? 0,
  }));
}
