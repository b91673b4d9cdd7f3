/**
 * Clubs: input schemas of the clubs router (also used by the club pages'
 * forms). Every procedure's input is checked here before any handler runs.
 */
import { z } from "zod";
import { safeText } from "@/lib/safe-text";
import { localeSchema } from "@/server/modules/accounts/schema";

export const CLUB_NAME_MIN = 2;
export const CLUB_NAME_MAX = 60;
export const CLUB_DESCRIPTION_MAX = 1000;
export const PRESET_NAME_MAX = 60;

const id = safeText().min(1).max(64);

export const clubIdInput = z.object({ clubId: id });

export const createClubInput = z.object({
  name: safeText().trim().min(CLUB_NAME_MIN).max(CLUB_NAME_MAX),
  description: safeText({ multiline: true }).trim().max(CLUB_DESCRIPTION_MAX).default(""),
  locale: localeSchema,
  isOpen: z.boolean(),
});
export type CreateClubInput = z.infer<typeof createClubInput>;

export const listClubsInput = z
  .object({ query: safeText().trim().max(CLUB_NAME_MAX).default(""), limit: z.number().int().min(1).max(50).default(20) })
  .default({ query: "", limit: 20 });
export type ListClubsInput = z.infer<typeof listClubsInput>;

export const inviteCodeInput = z.object({ code: safeText().trim().min(8).max(64) });

export const memberInput = z.object({ userId: id });
/**
 * Leaving. A sole owner leaving deletes the club, which the server only does
 * when `confirmName` repeats the club's name (the page makes them type it).
 */
export const leaveInput = z.object({ confirmName: safeText().trim().max(CLUB_NAME_MAX).optional() });
export const decideRequestInput = z.object({ userId: id, accept: z.boolean() });
export const setRoleInput = z.object({ userId: id, role: z.enum(["admin", "member"]) });

/** Partial rule options; the engine fills in the defaults and refuses invalid ones. */
const optionsInput = z.record(z.string(), z.unknown());

export const createPresetInput = z.object({
  name: safeText().trim().min(1).max(PRESET_NAME_MAX),
  variant: safeText().min(1).max(32),
  options: optionsInput.default({}),
  makeDefault: z.boolean().default(false),
});
export type CreatePresetInput = z.infer<typeof createPresetInput>;

export const updatePresetInput = z.object({
  presetId: id,
  name: safeText().trim().min(1).max(PRESET_NAME_MAX).optional(),
  options: optionsInput,
});
export type UpdatePresetInput = z.infer<typeof updatePresetInput>;

export const presetIdInput = z.object({ presetId: id });

export const openTableInput = z.object({
  presetId: id,
  /** Let non-members watch (admins only). Nobody but members can ever sit. */
  guestsMayWatch: z.boolean().default(false),
  turnSeconds: z.number().int().min(10).max(600).default(45),
  /** How many seats; default the variant's (the tables service checks the variant's range). */
  seatCount: z.number().int().optional(),
});
export type OpenTableInput = z.infer<typeof openTableInput>;
