/**
 * Free text from users (names, descriptions, chat): refuses control
 * characters and lone surrogates before they reach the database or other
 * players. PostgreSQL rejects a NUL in text (which surfaced as a 500), and a
 * lone surrogate is not valid UTF-8, so such input is a clear 400 instead.
 *
 *   safeText()                  z.string() refusing C0/C1 controls, DEL and lone surrogates
 *   safeText({ multiline })     also lets line breaks and tabs through (descriptions)
 *   isSafeText(value, options)  the same check as a predicate
 *
 * The message is the translation key UNSAFE_TEXT_KEY (namespace
 * "errors"); the client's describeIssue turns it into the translated text.
 */
import { z } from "zod";

export const UNSAFE_TEXT_KEY = "field.unsafeText";

export type SafeTextOptions = { readonly multiline?: boolean };

// C0 controls, DEL and C1 controls; with `multiline`, tab, line feed and carriage return are allowed.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
// With the u flag a valid surrogate pair is one code point; only unpaired halves match.
const LONE_SURROGATE = /\p{Cs}/u;

export function isSafeText(value: string, options: SafeTextOptions = {}): boolean {
  return !(options.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value) && !LONE_SURROGATE.test(value);
}

/** A string schema that refuses unsafe characters; chain trim/min/max after it. */
export function safeText(options: SafeTextOptions = {}) {
  return z.string().refine((value) => isSafeText(value, options), { message: UNSAFE_TEXT_KEY });
}
