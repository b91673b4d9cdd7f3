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

/** UTF-8 bytes of a string, without TextEncoder so the module stays runtime-neutral. */
function utf8(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

// Scratch space reused by every hash (seeds are hashed once per hand, so allocations here show in benchmarks).
let padded = new Uint8Array(128);
const schedule = new Int32Array(64);

/** The message's UTF-8 bytes with SHA-256 padding, in `padded`; returns the padded length. */
function pad(message: string): number {
  let n = message.length;
  let ascii = true;
  for (let i = 0; i < n; i++) if (message.charCodeAt(i) > 0x7f) { ascii = false; break; }
  const bytes = ascii ? null : utf8(message);
  if (bytes) n = bytes.length;
  const total = (((n + 8) >> 6) + 1) << 6;
  if (padded.length < total) padded = new Uint8Array(total);
  else padded.fill(0, n, total);
  if (bytes) padded.set(bytes);
  else for (let i = 0; i < n; i++) padded[i] = message.charCodeAt(i);
  padded[n] = 0x80;
  // Bit length as a big-endian 64-bit number (messages here are far below 2^32 bits).
  const bits = n * 8;
  padded[total - 4] = bits >>> 24;
  padded[total - 3] = (bits >>> 16) & 0xff;
  padded[total - 2] = (bits >>> 8) & 0xff;
  padded[total - 1] = bits & 0xff;
  padded[total - 5] = (n / 0x20000000) & 0xff; // bits above 2^32, for completeness
  return total;
}

// The last digest, written by hashInto: callers read it at once, so hashing allocates nothing.
const digest = new Int32Array(8);

/** SHA-256 of a string's UTF-8 bytes, as eight 32-bit words. */
export function sha256Words(message: string): Uint32Array {
  hashInto(message);
  return new Uint32Array(digest);
}

/** SHA-256 of `message` into `digest`. */
function hashInto(message: string): void {
  const total = pad(message);
  const bytes = padded, w = schedule;
  let h0 = 0x6a09e667, h1 = 0xbb67ae85 | 0, h2 = 0x3c6ef372, h3 = 0xa54ff53a | 0;
  let h4 = 0x510e527f, h5 = 0x9b05688c | 0, h6 = 0x1f83d9ab, h7 = 0x5be0cd19;
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) {
      const j = off + i * 4;
      w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!, b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, hh = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0; h1 = (h1 + b) | 0; h2 = (h2 + c) | 0; h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0; h5 = (h5 + f) | 0; h6 = (h6 + g) | 0; h7 = (h7 + hh) | 0;
  }
  digest[0] = h0; digest[1] = h1; digest[2] = h2; digest[3] = h3; digest[4] = h4; digest[5] = h5; digest[6] = h6; digest[7] = h7;
}

const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** SHA-256 as 64 lowercase hex digits. */
export function sha256Hex(message: string): string {
  hashInto(message);
  let out = "";
  for (let i = 0; i < 8; i++) {
    const x = digest[i]! >>> 0;
    out += HEX_BYTE[x >>> 24]! + HEX_BYTE[(x >>> 16) & 0xff]! + HEX_BYTE[(x >>> 8) & 0xff]! + HEX_BYTE[x & 0xff]!;
  }
  return out;
}

/** The seed of deal number `dealIndex` (0-based) of a match seeded with `matchSeed`. */
export const handSeed = (matchSeed: string, dealIndex: number): string => sha256Hex(`${matchSeed}#deal:${dealIndex}`);

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
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    const c = (this.c << 21) | (this.c >>> 11);
    this.c = (c + t) | 0;
    return t >>> 0;
  }

  int(n: number): number {
    if (n <= 1) return 0;
    const limit = n < SMALL_LIMITS.length ? SMALL_LIMITS[n]! : 0x100000000 - (0x100000000 % n);
    let x = this.nextU32();
    while (x >= limit) x = this.nextU32();
    // x % n without `%` on a number above 2^31, which V8 computes with a slow floating-point remainder call;
    // the quotient from a float division is at most one too high, which the correction undoes.
    const r = x - Math.floor(x / n) * n;
    return r < 0 ? r + n : r;
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
export function dealFromDeck(deck: readonly Card[], dealer: number): Deal {
  const hands: Card[][] = [[], [], [], []];
  for (let i = 0; i < 52; i++) hands[(dealer + 1 + i) % 4]!.push(deck[i]!);
  return { hands, kat: deck.slice(52) };
}

/** The deal a hand seed produces for a deck and dealer. */
export const dealFromSeed = (seed: string, deck: readonly Card[], dealer: number): Deal =>
  dealFromDeck(shuffle(deck, createRng(seed)), dealer);
