import crypto from "node:crypto";

// The relay's right to speak for an attempt (docs/decisions/0022): a random secret handed only to
// the browser that started the payment, stored as its SHA-256. It replaces "the signed-in owner of
// the enrolment", which a donor (anonymous) cannot be. A stolen database row does not give it away,
// and a relay without it (another tab of another person, a script replaying a captured answer
// without the secret) settles nothing.

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashRelayToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** A fresh secret (256 bits, base64url) and the hash to store with the attempt. */
export function newRelayToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashRelayToken(token) };
}

/** Constant-time comparison of a relayed token with the stored hash; anything malformed fails. */
export function relayTokenMatches(token: unknown, storedHash: string | null): boolean {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token) || !storedHash || !/^[0-9a-f]{64}$/.test(storedHash)) return false;
  return crypto.timingSafeEqual(Buffer.from(hashRelayToken(token), "hex"), Buffer.from(storedHash, "hex"));
}
