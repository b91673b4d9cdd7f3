/**
 * Password hashing: argon2id with the OWASP baseline parameters
 * (19 MiB memory, 2 iterations, 1 lane), about 90 ms per hash here.
 */
import { hash, verify } from "@node-rs/argon2";

export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (an ambient const enum, not importable here)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A valid hash of a random string, verified against when the email is unknown
 * so that response times do not reveal which emails have accounts. */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}
