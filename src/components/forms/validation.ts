/**
 * Client-side checks for the account forms, using the server's own zod
 * schemas so that both sides agree. Each returns a key of the `auth`
 * namespace's `validation` group (with values), or null when the value is fine.
 */
import {
  DISPLAY_NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  displayNameSchema,
  emailSchema,
} from "@/server/modules/accounts/schema";
import { isSafeText } from "@/lib/safe-text";

export type ValidationMessage = { key: string; values?: Record<string, number> } | null;

export function checkEmail(value: string): ValidationMessage {
  if (value.trim() === "") return { key: "emailRequired" };
  return emailSchema.safeParse(value).success ? null : { key: "emailInvalid" };
}

/** `forLogin`: only required (a wrong password is just wrong; old passwords may be shorter). */
export function checkPassword(value: string, forLogin = false): ValidationMessage {
  if (value === "") return { key: "passwordRequired" };
  if (forLogin) return null;
  if (value.length < PASSWORD_MIN) return { key: "passwordTooShort", values: { min: PASSWORD_MIN } };
  if (value.length > PASSWORD_MAX) return { key: "passwordTooLong", values: { max: PASSWORD_MAX } };
  return null;
}

export function checkDisplayName(value: string): ValidationMessage {
  if (value.trim() === "") return { key: "displayNameRequired" };
  if (!isSafeText(value)) return { key: "unsafeText" };
  if (value.trim().length > DISPLAY_NAME_MAX) return { key: "displayNameTooLong", values: { max: DISPLAY_NAME_MAX } };
  return displayNameSchema.safeParse(value).success ? null : { key: "displayNameRequired" };
}

export { PASSWORD_MIN };
