/**
 * The password policy (zxcvbn): which passwords it refuses and why, that the
 * account's own email and name count against a password, and that every
 * reason has its own translated text in each language.
 */
import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { MESSAGES } from "@/i18n/messages";
import { LOCALES } from "@/i18n/config";
import { checkNewPassword, judgePassword, PASSWORD_MIN_SCORE, WEAK_PASSWORD_REASONS } from "./password-policy";

describe("judgePassword", () => {
  it.each([
    ["password", "common"],
    ["Password1!", "common"],
    ["12345678", "common"],
    ["qwertyuiop", "common"],
    ["trustno1", "common"],
    ["aaaaaaaaaaaa", "repeats"],
    ["abcabcabcabc", "repeats"],
    ["abcdefghij", "sequence"],
    ["1987-05-12", "dates"],
    ["zxcvbnm,./", "keyboard"],
  ])("refuses %s (%s)", (password, reason) => {
    const verdict = judgePassword(password);
    expect(verdict).toMatchObject({ ok: false, reason });
    expect(verdict.score).toBeLessThan(PASSWORD_MIN_SCORE);
  });

  it.each(["correct horse battery", "kortspil-ved-bordet-7", "Rødgrød med fløde", "Trumf-Ruder-Makker-42", "mona lisa smiler"])(
    "accepts %s",
    (password) => {
      const verdict = judgePassword(password);
      expect(verdict.ok).toBe(true);
      expect(verdict.score).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
    },
  );

  it("counts the account's email and display name against a password that is strong for anyone else", () => {
    const account = ["birgitte.holm@example.dk", "Birgitte Holm"];
    for (const password of ["birgitteholm", "birgitte.holm@example.dk", "Birgitte Holm"]) {
      expect(judgePassword(password).ok, password).toBe(true);
      expect(judgePassword(password, account), password).toMatchObject({ ok: false, reason: "personal" });
    }
  });
});

describe("checkNewPassword", () => {
  it("is null for a strong password and WEAK_PASSWORD with the reason and field otherwise", () => {
    expect(checkNewPassword("kortspil-ved-bordet-7", ["a@example.test"])).toBeNull();
    const refused = checkNewPassword("password", [], "newPassword");
    expect(refused).toEqual({
      ok: false,
      error: expect.objectContaining({ code: "WEAK_PASSWORD", status: "BAD_REQUEST", params: { reason: "common", field: "newPassword" } }),
    });
  });
});

describe("the reasons' texts", () => {
  it("each reason has its own text in Danish, Norwegian and English", () => {
    for (const locale of LOCALES) {
      const format = new IntlMessageFormat(MESSAGES[locale].errors.WEAK_PASSWORD, locale);
      const texts = WEAK_PASSWORD_REASONS.map((reason) => String(format.format({ reason })));
      expect(new Set(texts).size, locale).toBe(WEAK_PASSWORD_REASONS.length);
      for (const text of texts) expect(text.length, locale).toBeGreaterThan(20);
    }
    // No English text in the Danish or Norwegian messages.
    const english = new IntlMessageFormat(MESSAGES.en.errors.WEAK_PASSWORD, "en").format({ reason: "common" });
    expect(new IntlMessageFormat(MESSAGES.da.errors.WEAK_PASSWORD, "da").format({ reason: "common" })).not.toBe(english);
    expect(new IntlMessageFormat(MESSAGES.nb.errors.WEAK_PASSWORD, "nb").format({ reason: "common" })).not.toBe(english);
  });
});
