import { describe, expect, it } from "vitest";
import { checkDisplayName, checkEmail, checkPassword } from "./validation";
import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, registerInput } from "@/server/modules/accounts/schema";
import en from "@/i18n/messages/en/auth.json";

describe("account form checks", () => {
  it("email: required, then format", () => {
    expect(checkEmail("  ")).toEqual({ key: "emailRequired" });
    expect(checkEmail("no-at-sign")).toEqual({ key: "emailInvalid" });
    expect(checkEmail(" Karen@Example.DK ")).toBeNull();
  });

  it("password: length bounds at registration, only presence at login", () => {
    expect(checkPassword("")).toEqual({ key: "passwordRequired" });
    expect(checkPassword("x".repeat(PASSWORD_MIN - 1))).toEqual({ key: "passwordTooShort", values: { min: PASSWORD_MIN } });
    expect(checkPassword("x".repeat(PASSWORD_MIN))).toBeNull();
    expect(checkPassword("x".repeat(PASSWORD_MAX + 1))).toEqual({ key: "passwordTooLong", values: { max: PASSWORD_MAX } });
    expect(checkPassword("abc", true)).toBeNull();
    expect(checkPassword("", true)).toEqual({ key: "passwordRequired" });
  });

  it("display name: trimmed, required, bounded", () => {
    expect(checkDisplayName("   ")).toEqual({ key: "displayNameRequired" });
    expect(checkDisplayName("x".repeat(DISPLAY_NAME_MAX + 1))).toEqual({ key: "displayNameTooLong", values: { max: DISPLAY_NAME_MAX } });
    expect(checkDisplayName(`  ${"x".repeat(DISPLAY_NAME_MAX)}  `)).toBeNull();
  });

  it("accepts exactly what the server's register schema accepts", () => {
    const samples = [
      { displayName: "Ole", email: "ole@example.dk", password: "12345678" },
      { displayName: "", email: "ole@example.dk", password: "12345678" },
      { displayName: "Ole", email: "ole@", password: "12345678" },
      { displayName: "Ole", email: "ole@example.dk", password: "1234567" },
      { displayName: " ".repeat(3), email: "a@b.co", password: "x".repeat(PASSWORD_MAX) },
    ];
    for (const sample of samples) {
      const clientOk = !checkDisplayName(sample.displayName) && !checkEmail(sample.email) && !checkPassword(sample.password);
      expect(clientOk, JSON.stringify(sample)).toBe(registerInput.safeParse({ ...sample, locale: "da" }).success);
    }
  });

  it("every key it returns has a message", () => {
    const keys = [checkEmail(""), checkEmail("x"), checkPassword(""), checkPassword("x"), checkPassword("x".repeat(999)), checkDisplayName(""), checkDisplayName("x".repeat(99))];
    for (const message of keys) expect(en.validation).toHaveProperty(message!.key);
  });
});
