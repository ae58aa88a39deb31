import crypto from "node:crypto";
import { promisify } from "node:util";

/**
 * Password hashing with scrypt (node:crypto): a random 16-byte salt per password and a versioned,
 * self-describing encoding, so the cost can be raised later and old hashes still verify:
 *
 *   scrypt$v1$<log2 N>$<r>$<p>$<salt base64url>$<key base64url>
 */
const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const CURRENT = { version: "v1", logN: 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

function maxmemFor(logN: number, r: number): number {
  // scrypt needs 128 * N * r bytes; leave headroom over Node's 32 MiB default.
  return 256 * 2 ** logN * r;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(CURRENT.saltLength);
  const key = await scrypt(password.normalize("NFC"), salt, CURRENT.keyLength, {
    N: 2 ** CURRENT.logN,
    r: CURRENT.r,
    p: CURRENT.p,
    maxmem: maxmemFor(CURRENT.logN, CURRENT.r),
  });
  return ["scrypt", CURRENT.version, CURRENT.logN, CURRENT.r, CURRENT.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** True when the password matches the stored hash (constant-time comparison). False for a malformed hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split("$");
  if (parts.length !== 7 || parts[0] !== "scrypt" || parts[1] !== "v1") return false;
  const [logN, r, p] = [Number(parts[2]), Number(parts[3]), Number(parts[4])];
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[5]!, "base64url");
  const expected = Buffer.from(parts[6]!, "base64url");
  if (salt.length < 8 || expected.length < 16) return false;
  const actual = await scrypt(password.normalize("NFC"), salt, expected.length, { N: 2 ** logN, r, p, maxmem: maxmemFor(logN, r) });
  return crypto.timingSafeEqual(actual, expected);
}

/** True when the hash was made with older parameters and should be replaced at the next sign-in. */
export function needsRehash(encoded: string): boolean {
  const parts = encoded.split("$");
  return parts[1] !== CURRENT.version || Number(parts[2]) !== CURRENT.logN || Number(parts[3]) !== CURRENT.r || Number(parts[4]) !== CURRENT.p;
}

export { isCommonPassword, MIN_PASSWORD_LENGTH, passwordProblem } from "./password-policy";
