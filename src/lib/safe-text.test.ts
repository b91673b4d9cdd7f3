import { describe, expect, it } from "vitest";
import { isSafeText, safeText, UNSAFE_TEXT_KEY } from "./safe-text";

describe("safeText", () => {
  it("accepts ordinary text in every script, emoji included", () => {
    for (const s of ["Anna", "Ærø Øst", "Bjørn & Åse", "日本語", "👩‍👩‍👧 whist ♠♥", "a\u00A0b"]) expect(isSafeText(s)).toBe(true);
  });

  it("refuses NUL, other C0/C1 controls and DEL", () => {
    for (const s of ["a\u0000b", "\u0007", "x\u001B[31m", "\u007F", "\u0085", "\u009F"]) expect(isSafeText(s)).toBe(false);
  });

  it("refuses lone surrogates but not surrogate pairs", () => {
    expect(isSafeText("a\uD800b")).toBe(false);
    expect(isSafeText("\uDC00")).toBe(false);
    expect(isSafeText("x\uD83D")).toBe(false);
    expect(isSafeText("\uD83D\uDE00")).toBe(true);
  });

  it("lets line breaks and tabs through only when multiline", () => {
    expect(isSafeText("one\ntwo")).toBe(false);
    expect(isSafeText("one\r\ntwo\tthree", { multiline: true })).toBe(true);
    expect(isSafeText("one\n\u0000", { multiline: true })).toBe(false);
  });

  it("reports the translation key as the issue message and keeps chained rules", () => {
    const schema = safeText().trim().min(1).max(5);
    const bad = schema.safeParse("a\u0000");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(UNSAFE_TEXT_KEY);
    expect(schema.safeParse("  abc ").data).toBe("abc");
    expect(schema.safeParse("abcdef").success).toBe(false);
  });
});
