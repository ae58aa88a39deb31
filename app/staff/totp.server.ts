import { Secret, TOTP } from "otpauth";
import * as clock from "~/utils/clock.server";

/**
 * Two-factor codes for staff: RFC 6238 TOTP with the `otpauth` library (SHA-1, 6 digits, 30 s,
 * the parameters every authenticator app supports). A code is accepted at most once: the caller
 * stores the time step it matched and refuses that step or an earlier one afterwards.
 */
export const TOTP_ISSUER = "HIMFG";
const PERIOD_SECONDS = 30;

function totpFor(secret: string, label = "personal"): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A fresh 160-bit secret, base32 (what a person types into an app when they cannot scan). */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI the QR code carries. */
export function totpUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** The QR code of the URI as an SVG string (no inline styles, so the CSP allows it inline). */
export async function totpQrSvg(uri: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/**
 * The time step the code matches (the current one, or one step either side for a clock a little
 * off), or null. The code must be exactly six digits; spaces are forgiven.
 */
export function matchTotpStep(secret: string, code: string, now = clock.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The current code (for tests and the set-up page's examples, never sent to a browser). */
export function generateTotp(secret: string, now = clock.now()): string {
  return totpFor(secret).generate({ timestamp: now.getTime() });
}
