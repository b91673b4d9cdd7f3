/**
 * Deterministic randomness. The engine never uses a global generator: every
 * deal comes from a seed string. A match seed yields one hand seed per deal
 * through SHA-256, which is one-way, so revealing a hand's seed after the hand
 * (to prove the deal was fixed in advance) reveals nothing about later deals.
 */
import { type Card } from "./cards";

// Int32 (same bits as the standard uint32 constants) so every sum stays in 32-bit integer arithmetic.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** UTF-8 bytes of a string, one character per byte, without TextEncoder so the module stays runtime-neutral. */
function utf8(s: string): string {
  const bytes: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  let out = "";
  for (let i = 0; i < bytes.length; i += 4096) out += String.fromCharCode(...bytes.slice(i, i + 4096));
  return out;
}

// Scratch space reused by every hash (seeds are hashed once per hand, so allocations here show in benchmarks):
// the padded message as big-endian words and the message schedule of one block.
let words = new Int32Array(32);
const schedule = new Int32Array(64);

// The hash state, and the digest once a hash is done: callers read it at once, so hashing allocates nothing.
const digest = new Int32Array(8);

function resetDigest(): void {
  digest[0] = 0x6a09e667; digest[1] = 0xbb67ae85 | 0; digest[2] = 0x3c6ef372; digest[3] = 0xa54ff53a | 0;
  digest[4] = 0x510e527f; digest[5] = 0x9b05688c | 0; digest[6] = 0x1f83d9ab; digest[7] = 0x5be0cd19;
}

/** Makes room in `words` for `length` bytes with their padding; returns the padded length in words. */
function reserve(length: number): number {
  const total = (((length + 8) >> 6) + 1) << 4;
  if (words.length < total) words = new Int32Array(total);
  return total;
}

/**
 * Pads the last `length` bytes of an n-byte message, loaded in `words` (the word holding byte `length` with zeros
 * after the bytes before it): the 1 bit that ends the message, zeros, and the bit length as a 64-bit number.
 */
function endPadding(length: number, n: number): void {
  const total = reserve(length), w = words;
  w[length >> 2]! |= 0x80 << (24 - ((length & 3) << 3));
  for (let i = (length >> 2) + 1; i < total; i++) w[i] = 0;
  w[total - 2] = n >>> 29;
  w[total - 1] = n << 3;
}

/**
 * Loads the message's UTF-8 bytes with SHA-256 padding into `words`; returns their number. Four characters go into
 * a word at once; a string with other than ASCII is loaded as its UTF-8 bytes instead, unless it holds bytes
 * already (`bytes`).
 */
function pad(message: string, bytes: boolean): number {
  const n = message.length, full = n >> 2;
  reserve(n);
  const w = words;
  let all = 0;
  for (let i = 0, j = 0; i < full; i++, j += 4) {
    const c0 = message.charCodeAt(j), c1 = message.charCodeAt(j + 1);
    const c2 = message.charCodeAt(j + 2), c3 = message.charCodeAt(j + 3);
    all |= c0 | c1 | c2 | c3;
    w[i] = (c0 << 24) | (c1 << 16) | (c2 << 8) | c3;
  }
  let tail = 0;
  for (let j = full << 2; j < n; j++) {
    const c = message.charCodeAt(j);
    all |= c;
    tail |= c << (24 - ((j & 3) << 3));
  }
  if (all > (bytes ? 0xff : 0x7f)) return pad(utf8(message), true);
  w[full] = tail;
  endPadding(n, n);
  return n;
}

const sigma0 = (a: number): number => ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
const sigma1 = (e: number): number => ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));

/**
 * The 64 rounds over the message schedule `w` of one block, added into `digest`. Unrolled by 8 so that the working
 * variables change roles instead of being shifted along every round (measured a quarter faster than the loop).
 */
function rounds(w: Int32Array): void {
  let a = digest[0]!, b = digest[1]!, c = digest[2]!, d = digest[3]!;
  let e = digest[4]!, f = digest[5]!, g = digest[6]!, h = digest[7]!;
  for (let i = 0; i < 64; i += 8) {
    // Each line is one round: T1 is added into the variable that becomes the new e (d) and, with T2, the new a (h).
    h = (h + sigma1(e) + (g ^ (e & (f ^ g))) + K[i + 0]! + w[i + 0]!) | 0; d = (d + h) | 0; h = (h + sigma0(a) + ((a & b) | (c & (a | b)))) | 0;
    g = (g + sigma1(d) + (f ^ (d & (e ^ f))) + K[i + 1]! + w[i + 1]!) | 0; c = (c + g) | 0; g = (g + sigma0(h) + ((h & a) | (b & (h | a)))) | 0;
    f = (f + sigma1(c) + (e ^ (c & (d ^ e))) + K[i + 2]! + w[i + 2]!) | 0; b = (b + f) | 0; f = (f + sigma0(g) + ((g & h) | (a & (g | h)))) | 0;
    e = (e + sigma1(b) + (d ^ (b & (c ^ d))) + K[i + 3]! + w[i + 3]!) | 0; a = (a + e) | 0; e = (e + sigma0(f) + ((f & g) | (h & (f | g)))) | 0;
    d = (d + sigma1(a) + (c ^ (a & (b ^ c))) + K[i + 4]! + w[i + 4]!) | 0; h = (h + d) | 0; d = (d + sigma0(e) + ((e & f) | (g & (e | f)))) | 0;
    c = (c + sigma1(h) + (b ^ (h & (a ^ b))) + K[i + 5]! + w[i + 5]!) | 0; g = (g + c) | 0; c = (c + sigma0(d) + ((d & e) | (f & (d | e)))) | 0;
    b = (b + sigma1(g) + (a ^ (g & (h ^ a))) + K[i + 6]! + w[i + 6]!) | 0; f = (f + b) | 0; b = (b + sigma0(c) + ((c & d) | (e & (c | d)))) | 0;
    a = (a + sigma1(f) + (h ^ (f & (g ^ h))) + K[i + 7]! + w[i + 7]!) | 0; e = (e + a) | 0; a = (a + sigma0(b) + ((b & c) | (d & (b | c)))) | 0;
  }
  digest[0] = (digest[0]! + a) | 0; digest[1] = (digest[1]! + b) | 0; digest[2] = (digest[2]! + c) | 0; digest[3] = (digest[3]! + d) | 0;
  digest[4] = (digest[4]! + e) | 0; digest[5] = (digest[5]! + f) | 0; digest[6] = (digest[6]! + g) | 0; digest[7] = (digest[7]! + h) | 0;
}

/** Message schedule of the block at `block[off, off + 16)` into `schedule`. */
function expand(block: Int32Array, off: number): Int32Array {
  const w = schedule;
  for (let i = 0; i < 16; i++) w[i] = block[off + i]!;
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15]!, b = w[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  return w;
}

// The second block of every 64-byte message (hand seeds are 64 hex digits) is pure padding: 0x80, zeros and the
// length 512; its schedule is the same every time.
const PAD64_SCHEDULE = (() => {
  const block = new Int32Array(16);
  block[0] = 0x80000000 | 0;
  block[15] = 512;
  return expand(block, 0).slice();
})();

/**
 * Hashes the loaded blocks in `words` (bytes [from, n) of an n-byte message, padded) into `digest`, which holds
 * the state after the bytes before them.
 */
function compress(n: number, from: number): void {
  const blocks = ((n - from + 8) >> 6) + 1;
  for (let b = 0; b < blocks; b++) rounds(n === 64 && from + (b << 6) === 64 ? PAD64_SCHEDULE : expand(words, b << 4));
}

/** SHA-256 of `message` into `digest`. */
function hashInto(message: string): void {
  resetDigest();
  compress(message === lastHex ? loadLastHex() : pad(message, false), 0);
}

/** SHA-256 of a string's UTF-8 bytes, as eight 32-bit words. */
export function sha256Words(message: string): Uint32Array {
  hashInto(message);
  return new Uint32Array(digest);
}

// Two hex digits' character codes for each byte, as one 16-bit number.
const HEX_PAIR = Uint16Array.from({ length: 256 }, (_, i) => {
  const digit = (d: number) => (d < 10 ? 48 + d : 87 + d);
  return (digit(i >> 4) << 8) | digit(i & 15);
});

// The last hex digest made, its character codes, and the same as big-endian message words: hashing that very
// string again (createRng of a hand seed just made by handSeed) takes the words without reading the string.
let lastHex: string | null = null;
const hexCodes: number[] = Array<number>(64).fill(0);
const hexWords = new Int32Array(16);

/** The message words of `lastHex` into `words`; returns its length in bytes. */
function loadLastHex(): number {
  for (let i = 0; i < 16; i++) words[i] = hexWords[i]!;
  return 64;
}

/** `digest` as 64 lowercase hex digits. */
function digestHex(): string {
  const o = hexCodes;
  for (let i = 0, j = 0; i < 16; i++, j += 4) {
    const half = (digest[i >> 1]! >>> (i & 1 ? 0 : 16)) & 0xffff;
    const w = (HEX_PAIR[half >>> 8]! << 16) | HEX_PAIR[half & 0xff]!;
    hexWords[i] = w;
    o[j] = w >>> 24; o[j + 1] = (w >>> 16) & 0xff; o[j + 2] = (w >>> 8) & 0xff; o[j + 3] = w & 0xff;
  }
  // One String.fromCharCode call builds the flat string at once, cheaper than concatenating pieces.
  lastHex = String.fromCharCode.apply(null, o);
  return lastHex;
}

/** SHA-256 as 64 lowercase hex digits. */
export function sha256Hex(message: string): string {
  hashInto(message);
  return digestHex();
}

// Every hand's message starts with the match seed: the state after the 64-byte blocks it fills alone (one for a
// 64-digit seed, none for a short one) is kept for the last match seed, with the bytes after them up to the deal
// number, so each hand hashes only the rest and builds no message string.
let prefixSeed: string | null = null;
let prefixBytes = 0;
const prefixState = new Int32Array(8);
let restBytes: number[] = [];

/** Fills the prefix cache for `matchSeed`. */
function hashPrefix(matchSeed: string): void {
  prefixSeed = matchSeed;
  resetDigest();
  const n = pad(matchSeed, false);
  prefixBytes = n & ~63;
  for (let b = 0; b < prefixBytes >> 6; b++) rounds(expand(words, b << 4));
  prefixState.set(digest);
  restBytes = [];
  for (let j = prefixBytes; j < n; j++) restBytes.push((words[j >> 2]! >>> (24 - ((j & 3) << 3))) & 0xff);
  for (const ch of "#deal:") restBytes.push(ch.charCodeAt(0));
}

/**
 * The seed of deal number `dealIndex` (0-based) of a match seeded with `matchSeed`: the SHA-256 hex of
 * `${matchSeed}#deal:${dealIndex}`.
 */
export function handSeed(matchSeed: string, dealIndex: number): string {
  if (matchSeed !== prefixSeed) hashPrefix(matchSeed);
  for (let i = 0; i < 8; i++) digest[i] = prefixState[i]!;
  const index = `${dealIndex}`, rest = restBytes.length, length = rest + index.length;
  reserve(length);
  const w = words;
  for (let i = 0; i <= length >> 2; i++) w[i] = 0;
  for (let j = 0; j < length; j++) {
    const byte = j < rest ? restBytes[j]! : index.charCodeAt(j - rest); // a number's digits are ASCII
    w[j >> 2]! |= byte << (24 - ((j & 3) << 3));
  }
  endPadding(length, prefixBytes + length);
  compress(prefixBytes + length, prefixBytes);
  return digestHex();
}

/** A small, fast, seeded generator (sfc32). */
export interface Rng {
  /** Next unsigned 32-bit integer. */
  nextU32(): number;
  /** Uniform integer in [0, n), unbiased. */
  int(n: number): number;
}

// 2^32 - (2^32 mod n): draws at or above it are rejected so that x % n is unbiased. Precomputed for the small n
// of shuffles and move choices, because the floating-point modulo it needs is slow.
const SMALL_LIMITS: readonly number[] = Array.from({ length: 64 }, (_, n) => (n <= 1 ? 0 : 0x100000000 - (0x100000000 % n)));
const limitOf = (n: number): number => (n < SMALL_LIMITS.length ? SMALL_LIMITS[n]! : 0x100000000 - (0x100000000 % n));

/** 1 / n for the small n of SMALL_LIMITS: a multiplication is several times cheaper than a division. */
const SMALL_INVERSES: readonly number[] = Array.from({ length: SMALL_LIMITS.length }, (_, n) => (n === 0 ? 0 : 1 / n));

/**
 * x % n for 0 <= x < 2^32 without `%` on a number above 2^31, which V8 computes with a slow floating-point
 * remainder call. The quotient from x * (1 / n) (or x / n) is off by at most one either way, which the
 * corrections undo, so the result is exact.
 */
function remainder(x: number, n: number): number {
  const r = x - Math.floor(n < SMALL_INVERSES.length ? x * SMALL_INVERSES[n]! : x / n) * n;
  return r < 0 ? r + n : r >= n ? r - n : r;
}

/** sfc32 as a class: one object per generator and monomorphic calls, where closures cost an allocation each. */
class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(s: Int32Array | Uint32Array) {
    this.a = s[0]! | 0;
    this.b = s[1]! | 0;
    this.c = s[2]! | 0;
    this.d = s[3]! | 0;
    for (let i = 0; i < 12; i++) this.nextU32();
  }

  nextU32(): number {
    // `| 0` on each field: they hold 32-bit integers, but V8 stores most of them as doubles, and integer
    // arithmetic from the start avoids float additions and truncations.
    const a = this.a | 0, b = this.b | 0, c = this.c | 0, d = this.d | 0;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  int(n: number): number {
    if (n <= 1) return 0;
    const limit = limitOf(n);
    let x = this.nextU32();
    while (x >= limit) x = this.nextU32();
    return remainder(x, n);
  }
}

/** A generator seeded with the SHA-256 of `seed`. */
export function createRng(seed: string): Rng {
  hashInto(seed);
  return new Sfc32(digest);
}

/** Fisher-Yates shuffle into a new array. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

/** The cards of one deal: four hands of 13 (indexed by seat) and the kat (empty without one). */
export interface Deal {
  readonly hands: readonly (readonly Card[])[];
  readonly kat: readonly Card[];
}

/**
 * Deals a shuffled deck one card at a time, starting left of the dealer, 13 to
 * each seat; what is left is the kat. The last card the dealer receives is
 * hands[dealer][12] (classic whist turns it for trump).
 */
export const dealFromDeck = (deck: readonly Card[], dealer: number): Deal =>
  dealInOrder(deck, identityOrder(deck.length), dealer);

/** The deal a hand seed produces for a deck and dealer: dealFromDeck(shuffle(deck, createRng(seed)), dealer). */
export function dealFromSeed(seed: string, deck: readonly Card[], dealer: number): Deal {
  const positions = identityOrder(deck.length);
  hashInto(seed);
  shuffleFromDigest(positions, deck.length);
  return dealInOrder(deck, positions, dealer);
}

/**
 * The deal of a hand seed when seats get different numbers of cards (0 for a
 * seat out of the game): the deck shuffled as dealFromSeed shuffles it, dealt
 * one card at a time from the dealer's left to every seat still short of its
 * size; the rest, in pack order, is the kat.
 */
export function dealBySizes(seed: string, deck: readonly Card[], dealer: number, sizes: readonly number[]): Deal {
  const pack = shuffle(deck, createRng(seed));
  const hands: Card[][] = sizes.map(() => []);
  const total = sizes.reduce((a, b) => a + b, 0);
  let next = 0;
  for (let seat = (dealer + 1) % sizes.length; next < total; seat = (seat + 1) % sizes.length)
    if (hands[seat]!.length < sizes[seat]!) hands[seat]!.push(pack[next++]!);
  return { hands, kat: pack.slice(next) };
}

/**
 * Fisher-Yates over positions[0, n) with the draws of createRng's generator seeded from `digest`, exactly as `shuffle`
 * makes them through int(i + 1), but with the generator's state in local variables throughout, and shuffling
 * card indices rather than cards: integer stores, no array copy (dealing runs this once per hand).
 */
function shuffleFromDigest(positions: Int32Array, n: number): void {
  let a = digest[0]!, b = digest[1]!, c = digest[2]!, d = digest[3]!;
  for (let i = n - 1, skip = 12; i > 0; ) {
    // Sfc32.nextU32
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    if (skip > 0) {
      skip--; // the 12 draws the constructor discards
      continue;
    }
    const x = t >>> 0;
    if (x >= limitOf(i + 1)) continue; // rejected: draw again for the same position
    const j = remainder(x, i + 1);
    const item = positions[i]!;
    positions[i] = positions[j]!;
    positions[j] = item;
    i--;
  }
}

// Reused by every deal: deck indices in dealing order, reset from `identity` (a copy is cheaper than a loop).
let identity = Int32Array.from({ length: 64 }, (_, i) => i);
let order = new Int32Array(64);

/** `order` holding 0, 1, ..., n - 1 (and more after them). */
function identityOrder(n: number): Int32Array {
  if (identity.length < n) {
    identity = Int32Array.from({ length: n }, (_, i) => i);
    order = new Int32Array(n);
  }
  order.set(identity);
  return order;
}

/** dealFromDeck of the deck in the order `at`: card i is deck[at[i]] and goes to seat dealer + 1 + i. */
function dealInOrder(deck: readonly Card[], at: Int32Array, dealer: number): Deal {
  const first = 3 - dealer; // the first card seat 0 receives
  const hands = [hand(deck, at, first & 3), hand(deck, at, (first + 1) & 3), hand(deck, at, (first + 2) & 3),
    hand(deck, at, (first + 3) & 3)];
  const kat: Card[] = [];
  for (let i = 52; i < deck.length; i++) kat.push(deck[at[i]!]!);
  return { hands, kat };
}

/** Cards first, first + 4, ..., first + 48 of the dealing order, as one literal (cheaper than 13 pushes). */
const hand = (deck: readonly Card[], at: Int32Array, first: number): Card[] => [
  deck[at[first]!]!, deck[at[first + 4]!]!, deck[at[first + 8]!]!, deck[at[first + 12]!]!, deck[at[first + 16]!]!,
  deck[at[first + 20]!]!, deck[at[first + 24]!]!, deck[at[first + 28]!]!, deck[at[first + 32]!]!,
  deck[at[first + 36]!]!, deck[at[first + 40]!]!, deck[at[first + 44]!]!, deck[at[first + 48]!]!,
];
