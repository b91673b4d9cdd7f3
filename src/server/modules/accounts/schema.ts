/**
 * Accounts: input schemas shared by the tRPC router, the login action and the
 * UI's forms (import from "@/server/modules/accounts/schema").
 */
import { z } from "zod";
import { safeText } from "@/lib/safe-text";

export const LOCALES = ["da", "nb", "en"] as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 40;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email().max(254));

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const displayNameSchema = safeText().trim().min(1).max(DISPLAY_NAME_MAX);
export const localeSchema = z.enum(LOCALES);

export const registerInput = z.object({
  email: emailSchema,
  password: passwordSchema,
  displayName: displayNameSchema,
  locale: localeSchema,
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  email: emailSchema,
  // No length rules at login: a wrong password is just wrong.
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginInput>;

export const updateProfileInput = z
  .object({ displayName: displayNameSchema.optional(), locale: localeSchema.optional() })
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const profileInput = z.object({ userId: safeText().min(1).max(64) });

/** A mailed link's token (its exact shape is checked where it is used). */
const tokenSchema = z.string().min(1).max(200);

export const requestPasswordResetInput = z.object({ email: emailSchema });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInput>;

export const tokenInput = z.object({ token: tokenSchema });

export const resetPasswordInput = z.object({ token: tokenSchema, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const changePasswordInput = z.object({
  // No length rules: the current password is just right or wrong.
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
