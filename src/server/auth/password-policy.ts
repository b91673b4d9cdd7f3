/**
 * The password policy, the one place registration, password reset and
 * password change ask: a new password must score at least
 * PASSWORD_MIN_SCORE (0-4) in zxcvbn's estimate of how guessable it is, with
 * the account's own email and display name counted as known words. A refusal
 * carries a reason the UI translates (errors.WEAK_PASSWORD, one `reason`).
 *
 * Server only: zxcvbn's dictionaries (about 1 MB) must never reach a browser
 * bundle, so no client module imports this file (the length rules the forms
 * check live in accounts/schema.ts).
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { failure, type ServiceResult } from "@/server/api/errors";

/** 3: "safely unguessable", about 10^8 guesses or more. */
export const PASSWORD_MIN_SCORE = 3;

/** Why a password was refused; each has a text in errors.WEAK_PASSWORD. */
export const WEAK_PASSWORD_REASONS = ["common", "words", "personal", "keyboard", "repeats", "sequence", "dates", "guessable"] as const;
export type WeakPasswordReason = (typeof WEAK_PASSWORD_REASONS)[number];

/** zxcvbn's warning keys, grouped into the reasons the UI explains. */
const REASON_OF_WARNING: Record<string, WeakPasswordReason> = {
  topTen: "common",
  topHundred: "common",
  common: "common",
  similarToCommon: "common",
  pwned: "common",
  wordByItself: "words",
  namesByThemselves: "words",
  commonNames: "words",
  userInputs: "personal",
  straightRow: "keyboard",
  keyPattern: "keyboard",
  simpleRepeat: "repeats",
  extendedRepeat: "repeats",
  sequences: "sequence",
  recentYears: "dates",
  dates: "dates",
};

export type PasswordVerdict = { ok: true; score: number } | { ok: false; score: number; reason: WeakPasswordReason };

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  // Built on first use (about 60 ms). Levenshtein matching is off: it costs up
  // to a second on long inputs and adds little over the l33t and case variants.
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: false });
  return estimator;
}

/** The words of the account (email, its local part, the display name and its words), which a password should not lean on. */
function accountWords(inputs: readonly string[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const value = input.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    for (const part of value.split(/[\s@._+-]+/)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** Judges a new password; `accountInputs` are the account's email and display name. */
export function judgePassword(password: string, accountInputs: readonly string[] = []): PasswordVerdict {
  const result = zxcvbn().check(password, accountWords(accountInputs));
  if (result.score >= PASSWORD_MIN_SCORE) return { ok: true, score: result.score };
  const warning = result.feedback.warning;
  return { ok: false, score: result.score, reason: (warning && REASON_OF_WARNING[warning]) || "guessable" };
}

/** The service failure for a refused password: WEAK_PASSWORD with params { reason, field }. */
export function weakPasswordFailure(reason: WeakPasswordReason, field = "password"): ServiceResult<never> {
  return failure({
    code: "WEAK_PASSWORD",
    status: "BAD_REQUEST",
    message: `The password is too easy to guess (${reason}).`,
    params: { reason, field },
  });
}

/** Checks a new password: null when it is strong enough, else the failure to return. */
export function checkNewPassword(password: string, accountInputs: readonly string[], field = "password"): ServiceResult<never> | null {
  const verdict = judgePassword(password, accountInputs);
  return verdict.ok ? null : weakPasswordFailure(verdict.reason, field);
}
