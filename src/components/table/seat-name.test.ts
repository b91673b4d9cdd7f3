/** Who sat where, as every page names them: a server computer player in the reader's language, a person as they chose. */
import { describe, expect, it } from "vitest";
import { seatName } from "./format";
import { engineTranslator } from "./test-translator";

const visible = (s: string) => s.replaceAll("\u00ad", "");

describe("seatName", () => {
  it("names the server's computer players in each language, at tables (letters) and club evenings (numbers)", () => {
    const name = (locale: "da" | "nb" | "en", bot: string) => visible(seatName(engineTranslator(locale, "table"), { kind: "bot", name: bot }));
    expect(name("nb", "Computer B")).toBe("Datamaskin B");
    expect(name("da", "Computer D")).toBe("Computer D");
    expect(name("en", "Computer A")).toBe("Computer A");
    expect(name("nb", "Computer 12")).toBe("Datamaskin 12");
  });

  it("breaks a computer player's long word only at its soft hyphen (narrow score tables on a phone)", () => {
    expect(seatName(engineTranslator("nb", "table"), { kind: "bot", name: "Computer C" })).toBe("Data\u00admaskin C");
  });

  it("keeps a person's name as they chose it, even one that looks like a computer player's, and other names of computer players", () => {
    const t = engineTranslator("nb", "table");
    expect(seatName(t, { kind: "human", name: "Computer B" })).toBe("Computer B");
    expect(seatName(t, { kind: "bot", name: "Computer Bob" })).toBe("Computer Bob");
    expect(seatName(t, { kind: "bot", name: "Computer 1234" })).toBe("Computer 1234");
  });
});
