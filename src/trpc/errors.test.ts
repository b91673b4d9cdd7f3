import { describe, expect, it } from "vitest";
import { describeCode, describeError, describeIssue } from "./errors";
import en from "@/i18n/messages/en/errors.json";

/** Looks a key such as "field.tooShort" up in the English errors namespace. */
function englishText(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
}

describe("describeError", () => {
  it("translates the email-taken conflict", () => {
    const error = { data: { code: "CONFLICT", appCode: "EMAIL_TAKEN", params: null, issues: null } };
    expect(describeError(error)).toEqual({ form: { key: "EMAIL_TAKEN" }, fields: {} });
  });

  it("carries the minutes of a rate limit", () => {
    const error = { data: { code: "TOO_MANY_REQUESTS", appCode: "TOO_MANY_REQUESTS", params: { minutes: 12 } } };
    expect(describeError(error).form).toEqual({ key: "TOO_MANY_REQUESTS", values: { minutes: 12 } });
    expect(describeCode("TOO_MANY_REQUESTS", null)).toEqual({ key: "TOO_MANY_REQUESTS_SOON" });
  });

  it("maps zod issues per field, first issue wins", () => {
    const error = {
      data: {
        code: "BAD_REQUEST",
        appCode: "BAD_REQUEST",
        issues: [
          { path: "email", code: "invalid_format" },
          { path: "password", code: "too_small", minimum: 8 },
          { path: "password", code: "too_big", maximum: 128 },
          { path: "displayName", code: "too_small", minimum: 1 },
        ],
      },
    };
    expect(describeError(error)).toEqual({
      form: { key: "BAD_REQUEST" },
      fields: {
        email: { key: "field.invalidEmail" },
        password: { key: "field.tooShort", values: { min: 8 } },
        displayName: { key: "field.required" },
      },
    });
  });

  it("shows a service error that names a field at that field, with its parameters", () => {
    const weak = { data: { code: "BAD_REQUEST", appCode: "WEAK_PASSWORD", params: { reason: "common", field: "newPassword" }, issues: null } };
    expect(describeError(weak)).toEqual({
      form: { key: "BAD_REQUEST" },
      fields: { newPassword: { key: "WEAK_PASSWORD", values: { reason: "common", field: "newPassword" } } },
    });
    const taken = { data: { code: "CONFLICT", appCode: "DISPLAY_NAME_TAKEN", params: { field: "displayName" }, issues: null } };
    expect(describeError(taken).fields.displayName).toEqual({ key: "DISPLAY_NAME_TAKEN", values: { field: "displayName" } });
  });

  it("falls back to generic for unknown codes and to NETWORK when fetch failed", () => {
    expect(describeError({ data: { code: "INTERNAL_SERVER_ERROR" } }).form).toEqual({ key: "generic" });
    expect(describeError(new TypeError("Failed to fetch")).form).toEqual({ key: "NETWORK" });
    expect(describeError("weird").form).toEqual({ key: "generic" });
  });

  it("only produces keys that exist in the errors namespace", () => {
    const keys = [
      ...["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "EMAIL_TAKEN", "INVALID_CREDENTIALS", "BAD_REQUEST", "X", "DISPLAY_NAME_TAKEN", "WEAK_PASSWORD", "WRONG_PASSWORD", "INVALID_TOKEN"].map(
        (code) => describeCode(code).key,
      ),
      describeCode("TOO_MANY_REQUESTS", { minutes: 3 }).key,
      describeCode("TOO_MANY_REQUESTS").key,
      ...["too_small", "too_big", "invalid_format", "invalid_value", "invalid_type", "custom"].flatMap((code) => [
        describeIssue({ path: "email", code, minimum: 8, maximum: 9 }).key,
        describeIssue({ path: "locale", code }).key,
      ]),
      "NETWORK",
    ];
    for (const key of keys) expect(typeof englishText(key), key).toBe("string");
  });
});
