import { describe, expect, it } from "vitest";
import { localeForTag, negotiateLocale, resolveLocale } from "./config";

describe("localeForTag", () => {
  it("maps the Norwegian tags onto Bokmål", () => {
    expect(["nb", "no", "nn-NO", "nb_NO"].map(localeForTag)).toEqual(["nb", "nb", "nb", "nb"]);
  });
  it("maps regional Danish and English", () => {
    expect(localeForTag("da-DK")).toBe("da");
    expect(localeForTag("en-GB")).toBe("en");
  });
  it("returns null for languages we do not offer", () => {
    expect(localeForTag("sv-SE")).toBeNull();
    expect(localeForTag("*")).toBeNull();
  });
});

describe("negotiateLocale", () => {
  it("honours q-values over order", () => {
    expect(negotiateLocale("en;q=0.5, nn;q=0.9, da;q=0.1")).toBe("nb");
  });
  it("keeps header order among equal q-values and skips unsupported tags", () => {
    expect(negotiateLocale("de-DE, sv, en-US, da")).toBe("en");
  });
  it("ignores q=0 and empty headers", () => {
    expect(negotiateLocale("en;q=0, de")).toBeNull();
    expect(negotiateLocale("")).toBeNull();
    expect(negotiateLocale(undefined)).toBeNull();
  });
});

describe("resolveLocale", () => {
  it("prefers the profile, then the cookie, then the header, then Danish", () => {
    expect(resolveLocale({ profileLocale: "en", cookieLocale: "nb", acceptLanguage: "da" })).toBe("en");
    expect(resolveLocale({ profileLocale: null, cookieLocale: "nb", acceptLanguage: "en" })).toBe("nb");
    expect(resolveLocale({ cookieLocale: "xx", acceptLanguage: "en-GB,en;q=0.8" })).toBe("en");
    expect(resolveLocale({ acceptLanguage: "fr" })).toBe("da");
  });
});
