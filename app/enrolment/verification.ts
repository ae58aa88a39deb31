import crypto from "node:crypto";

/**
 * The QR code on an access PDF links to /verificar/<token>. The token is the only thing that
 * grants access to the verification page, so it is random (128 bits), never derived from the
 * enrolment id or control number, and stored on the enrolment by whoever creates it.
 */

/** 16 random bytes as base64url: 22 characters from [A-Za-z0-9_-]. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A new unguessable verification token for an enrolment. */
export function newVerificationToken(): string {
  return crypto.randomBytes(16).toString("base64url");
}

/** True when the value has the shape of a token from newVerificationToken (checked before any query). */
export function isVerificationToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** The site path of the verification page for a token: "/verificar/<token>". */
export function verificationPath(token: string): string {
  if (!isVerificationToken(token)) throw new RangeError("Not a verification token");
  return `/verificar/${token}`;
}

/** The absolute URL the QR code carries, e.g. verificationUrl("https://www.himfg.edu.mx", token). */
export function verificationUrl(origin: string, token: string): string {
  return new URL(verificationPath(token), origin).href;
}
