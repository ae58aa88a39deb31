import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { consumeAttempt, minutesText, type ThrottleReading } from "~/security/throttle.server";
import * as clock from "~/utils/clock.server";

/**
 * The participants' throttles (app/security/throttle.server.ts counts each attempt before the
 * work is done, so they hold under concurrency):
 * - sign-in: 5 attempts per account, 20 per client address, in 15 minutes; a success clears the
 *   account's and does not count for the address;
 * - password reset: 3 links per e-mail and 10 requests per address in an hour (30 requests no
 *   longer mail the victim 30 times);
 * - registration: 20 accounts per address in an hour (a hospital behind one address still fits).
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_ATTEMPTS_PER_ACCOUNT = 5;
export const MAX_ATTEMPTS_PER_ADDRESS = 20;
export const TOO_MANY_ATTEMPTS_MESSAGE = "Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.";

export const LOGIN_ACCOUNT_BUCKET = "login-account";
const LOGIN_ADDRESS_BUCKET = "login-address";

export function accountKey(email: string): string {
  return email.trim().toLowerCase().slice(0, 254);
}

export function consumeLoginAttempt(db: Kysely<DB>, email: string, clientAddress: string, now = clock.now()): Promise<ThrottleReading> {
  return consumeAttempt(
    db,
    [
      { bucket: LOGIN_ACCOUNT_BUCKET, key: accountKey(email), limit: MAX_ATTEMPTS_PER_ACCOUNT, windowMinutes: LOGIN_WINDOW_MINUTES },
      { bucket: LOGIN_ADDRESS_BUCKET, key: clientAddress, limit: MAX_ATTEMPTS_PER_ADDRESS, windowMinutes: LOGIN_WINDOW_MINUTES },
    ],
    now,
  );
}

const RESET_EMAIL_BUCKET = "password-reset-email";
export const MAX_RESETS_PER_EMAIL = 3;
export const MAX_RESETS_PER_ADDRESS = 10;

/** A password-reset request, before anything is looked up or mailed. */
export function consumeResetRequest(db: Kysely<DB>, email: string, clientAddress: string, now = clock.now()): Promise<ThrottleReading> {
  return consumeAttempt(
    db,
    [
      { bucket: RESET_EMAIL_BUCKET, key: accountKey(email), limit: MAX_RESETS_PER_EMAIL, windowMinutes: 60 },
      { bucket: "password-reset-address", key: clientAddress, limit: MAX_RESETS_PER_ADDRESS, windowMinutes: 60 },
    ],
    now,
  );
}

export function resetThrottleMessage(outcome: { bucket: string; retryAfterSeconds: number }): string {
  return outcome.bucket === RESET_EMAIL_BUCKET
    ? `Ya enviamos varios enlaces a este correo en la última hora. Revise su bandeja de entrada y la carpeta de correo no deseado, o espere ${minutesText(outcome.retryAfterSeconds)} para pedir otro.`
    : `Recibimos demasiadas solicitudes desde su conexión. Espere ${minutesText(outcome.retryAfterSeconds)} e intente de nuevo.`;
}

export const MAX_REGISTRATIONS_PER_ADDRESS = 20;

/** A registration that passed validation, before the account is created. */
export function consumeRegistration(db: Kysely<DB>, clientAddress: string, now = clock.now()): Promise<ThrottleReading> {
  return consumeAttempt(db, { bucket: "registration-address", key: clientAddress, limit: MAX_REGISTRATIONS_PER_ADDRESS, windowMinutes: 60 }, now);
}

export function registrationThrottleMessage(retryAfterSeconds: number): string {
  return `Se registraron demasiadas cuentas desde su conexión en la última hora. Espere ${minutesText(retryAfterSeconds)} e intente de nuevo.`;
}
