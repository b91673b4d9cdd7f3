import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, makeDeck } from "./cards";
import { createRng, dealBySizes, dealFromDeck, dealFromSeed, handSeed, sha256Hex, sha256Words, shuffle } from "./random";

// A plain reference of the derivation, independent of random.ts: SHA-256 from node:crypto, sfc32 in unsigned
// arithmetic, Fisher-Yates with rejection sampling, and dealing one card at a time.

/** UTF-8 as random.ts encodes it: well-formed text as usual, a lone surrogate as its own three bytes. */
function utf8Bytes(s: string): Buffer {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(...Buffer.from(ch, "utf8"));
  }
  return Buffer.from(out);
}

const refDigest = (s: string): Buffer => createHash("sha256").update(utf8Bytes(s)).digest();
const refHex = (s: string): string => refDigest(s).toString("hex");
const refHandSeed = (matchSeed: string, dealIndex: number): string => refHex(`${matchSeed}#deal:${dealIndex}`);

const TWO_32 = 2 ** 32;

class RefRng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  rejections = 0;

  constructor(seed: string) {
    const h = refDigest(seed);
    [this.a, this.b, this.c, this.d] = [0, 4, 8, 12].map((i) => h.readUInt32BE(i)) as [number, number, number, number];
    for (let i = 0; i < 12; i++) this.next();
  }

  next(): number {
    const t = (this.a + this.b + this.d) % TWO_32;
    this.d = (this.d + 1) % TWO_32;
    this.a = (this.b ^ Math.floor(this.b / 2 ** 9)) >>> 0;
    const rotated = ((this.c * 2 ** 21) % TWO_32) + Math.floor(this.c / 2 ** 11);
    this.b = (this.c * 9) % TWO_32;
    this.c = (rotated + t) % TWO_32;
    return t;
  }

  int(n: number): number {
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
      this.rejections++;
    }
  }
}

function refShuffle<T>(items: readonly T[], rng: RefRng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function refDeal(deck: readonly Card[], dealer: number) {
  const hands: Card[][] = [[], [], [], []];
  for (let i = 0; i < 52; i++) hands[(dealer + 1 + i) % 4]!.push(deck[i]!);
  return { hands, kat: deck.slice(52) };
}

const refDealFromSeed = (seed: string, deck: readonly Card[], dealer: number) => refDeal(refShuffle(deck, new RefRng(seed)), dealer);

const hexSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"));
// Any text, including astral characters and lengths across the 55/56- and 64-byte padding boundaries.
const anyText = fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "binary", minLength: 50, maxLength: 140 }), fc.string({ maxLength: 200 }));

describe("sha256Hex", () => {
  const vectors = [
    "",
    "abc",
    ...[55, 56, 63, 64, 65, 119, 120, 1000].map((n) => "x".repeat(n)),
    "é".repeat(28), // 56 bytes in 28 characters
    `${"€".repeat(21)}a`, // 64 bytes
    "😀".repeat(16), // 64 bytes, astral
    "𝄞 clef, ø, 日本, 😀 and a longer tail so that the message takes two blocks",
    "0123456789abcdef".repeat(4), // a 64-digit hex string, as hand seeds are
    "\ud800 lone \udfff",
  ];

  it("equals SHA-256 of the UTF-8 bytes on fixed vectors", () => {
    for (const s of vectors) {
      expect(sha256Hex(s), JSON.stringify(s)).toBe(refHex(s));
      expect(Array.from(sha256Words(s))).toEqual([0, 4, 8, 12, 16, 20, 24, 28].map((i) => refDigest(s).readUInt32BE(i)));
    }
  });

  it("equals node:crypto on well-formed text", () => {
    for (const s of vectors.filter((v) => !/\p{Surrogate}/u.test(v))) expect(sha256Hex(s)).toBe(createHash("sha256").update(s, "utf8").digest("hex"));
    fc.assert(
      fc.property(anyText, (s) => {
        expect(sha256Hex(s)).toBe(createHash("sha256").update(s, "utf8").digest("hex"));
      }),
      { numRuns: 500 },
    );
  });

  it("hashes its own last result like any other string", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const first = sha256Hex(s);
        const second = sha256Hex(first);
        expect(second).toBe(refHex(first));
        expect(sha256Hex(second)).toBe(refHex(second));
        expect(sha256Hex(first)).toBe(second);
      }),
    );
  });
});

describe("handSeed", () => {
  it("is the SHA-256 hex of `${matchSeed}#deal:${dealIndex}`", () => {
    fc.assert(
      fc.property(fc.oneof(hexSeed, anyText), fc.nat(5000), (matchSeed, i) => {
        expect(handSeed(matchSeed, i)).toBe(refHandSeed(matchSeed, i));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps no state between match seeds", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(hexSeed, anyText, fc.constantFrom("m0", "x".repeat(64), "é".repeat(40))), fc.nat(100)), { minLength: 2, maxLength: 12 }), (calls) => {
        for (const [matchSeed, i] of calls) expect(handSeed(matchSeed, i)).toBe(refHandSeed(matchSeed, i));
      }),
    );
  });

  it("formats any deal index as a template literal does", () => {
    for (const i of [0, 9, 10, 99, 100, 123456789, 2 ** 31, 2 ** 53, -1, 1.5, 1e21, NaN]) {
      for (const matchSeed of ["m", "f".repeat(64), "g".repeat(127)]) expect(handSeed(matchSeed, i)).toBe(refHandSeed(matchSeed, i));
    }
  });
});

describe("createRng", () => {
  it("draws as the reference sfc32 seeded with the seed's SHA-256", () => {
    fc.assert(
      fc.property(fc.oneof(hexSeed, anyText), fc.array(fc.integer({ min: 0, max: 2 ** 32 }), { maxLength: 40 }), (seed, ns) => {
        const rng = createRng(seed), ref = new RefRng(seed);
        for (const n of ns) {
          expect(rng.nextU32()).toBe(ref.next());
          expect(rng.int(n)).toBe(n <= 1 ? 0 : ref.int(n));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("seeds from a hand seed just made", () => {
    fc.assert(
      fc.property(hexSeed, fc.nat(60), (matchSeed, i) => {
        const seed = handSeed(matchSeed, i);
        const rng = createRng(seed), ref = new RefRng(refHandSeed(matchSeed, i));
        for (let k = 0; k < 5; k++) expect(rng.nextU32()).toBe(ref.next());
      }),
    );
  });
});

describe("dealing", () => {
  const decks = [0, 1, 2, 3].map(makeDeck);
  const dealArgs = fc.tuple(fc.constantFrom(...decks), fc.integer({ min: 0, max: 3 }));

  it("dealFromSeed deals the reference shuffle one card at a time from the left of the dealer", () => {
    fc.assert(
      fc.property(fc.oneof(hexSeed, anyText), dealArgs, (seed, [deck, dealer]) => {
        expect(dealFromSeed(seed, deck, dealer)).toEqual(refDealFromSeed(seed, deck, dealer));
      }),
      { numRuns: 500 },
    );
  });

  it("deals a match's hands from their hand seeds", () => {
    fc.assert(
      fc.property(fc.oneof(hexSeed, anyText), fc.nat(200), dealArgs, (matchSeed, i, [deck, dealer]) => {
        const deal = dealFromSeed(handSeed(matchSeed, i), deck, dealer);
        expect(deal).toEqual(refDealFromSeed(refHandSeed(matchSeed, i), deck, dealer));
        expect(deal.hands.map((h) => h.length)).toEqual([13, 13, 13, 13]);
        expect([...deal.hands.flat(), ...deal.kat].sort()).toEqual([...deck].sort());
      }),
      { numRuns: 300 },
    );
  });

  it("redraws a rejected draw exactly as the reference does", () => {
    // Seeds found by searching: one draw of their 55-card shuffle falls in the rejected top of the range.
    for (const seed of ["rejection-11345645", "rejection-15184665"]) {
      const ref = new RefRng(seed);
      const expected = refDeal(refShuffle(decks[3]!, ref), 2);
      expect(ref.rejections).toBe(1);
      expect(dealFromSeed(seed, decks[3]!, 2)).toEqual(expected);
      expect(shuffle(decks[3]!, createRng(seed))).toEqual(refShuffle(decks[3]!, new RefRng(seed)));
    }
  });

  it("dealBySizes deals the same shuffle: four sizes of 13 as dealFromSeed, other sizes one card at a time to seats still short", () => {
    fc.assert(
      fc.property(fc.string(), dealArgs, (seed, [deck, dealer]) => {
        expect(dealBySizes(seed, deck, dealer, [13, 13, 13, 13])).toEqual(dealFromSeed(seed, deck, dealer));
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 2, maxLength: 7 }), fc.nat(6), (seed, sizes, d) => {
        const dealer = d % sizes.length;
        const deck = decks[0]!;
        const deal = dealBySizes(seed, deck, dealer, sizes);
        expect(deal.hands.map((h) => h.length)).toEqual(sizes);
        expect([...deal.hands.flat(), ...deal.kat].sort()).toEqual([...deck].sort());
        // The first card of the pack goes to the first seat left of the dealer that gets any.
        const pack = shuffle(deck, createRng(seed));
        const first = sizes.findIndex((_, i) => sizes[(dealer + 1 + i) % sizes.length]! > 0);
        if (first >= 0) expect(deal.hands[(dealer + 1 + first) % sizes.length]![0]).toBe(pack[0]);
      }),
      { numRuns: 200 },
    );
  });

  it("shuffle and dealFromDeck agree with the reference", () => {
    fc.assert(
      fc.property(fc.string(), dealArgs, (seed, [deck, dealer]) => {
        const shuffled = shuffle(deck, createRng(seed));
        expect(shuffled).toEqual(refShuffle(deck, new RefRng(seed)));
        expect(dealFromDeck(shuffled, dealer)).toEqual(refDeal(shuffled, dealer));
      }),
    );
  });
});
