import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { hashPassword, needsRehash, verifyPassword } from "~/accounts/passwords.server";
import { consumeLoginAttempt, LOGIN_ACCOUNT_BUCKET, TOO_MANY_ATTEMPTS_MESSAGE } from "~/accounts/rate-limit.server";
import { refuse, type Outcome } from "~/actions/outcome";
import { clearAttempts, releaseAttempts } from "~/security/throttle.server";
import type { DB } from "~/db.server";
import type { StaffRole, StaffUser } from "./staff";
import { logUnopenedSecret, openTotpSecret } from "./totp-secrets.server";
import { matchTotpStep } from "./totp.server";
import * as clock from "~/utils/clock.server";

/**
 * Staff sign-in in two steps: e-mail and password, then the TOTP code. Both steps are throttled
 * with the participants' limits (app/accounts/rate-limit.server.ts) under a "staff:" account key,
 * so a staff e-mail that is also a participant's does not share its counter. The attempt is
 * counted before the password or code is checked, atomically (app/security/throttle.server.ts).
 */
export function staffThrottleKey(email: string): string {
  return `staff:${email.trim().toLowerCase()}`;
}

let dummyHash: Promise<string> | undefined;

export const INVALID_PASSWORD_MESSAGE = "El correo electrónico o la contraseña no son correctos. Revíselos e intente de nuevo.";
export const INVALID_CODE_MESSAGE = "El código no es correcto o ya se usó. Escriba el código que muestra ahora su aplicación de autenticación.";

const tooManyAttempts = () => refuse(429, { form: TOO_MANY_ATTEMPTS_MESSAGE, code: "too-many-attempts" });

/** Refused 400 "invalid-credentials" or 429 "too-many-attempts", each with its form-level message. */
export type PasswordStepOutcome = Outcome<{ staff: StaffUser }>;

/** Step one. An unknown, invited or deactivated account answers exactly like a wrong password. */
export async function verifyStaffPassword(
  db: Kysely<DB>,
  input: { email: string; password: string; clientAddress: string },
  now = clock.now(),
): Promise<PasswordStepOutcome> {
  const email = input.email.trim().toLowerCase();
  const key = staffThrottleKey(email);
  const throttle = await consumeLoginAttempt(db, key, input.clientAddress, now);
  if (!throttle.allowed) return tooManyAttempts();
  const row = await db
    .selectFrom("staff_members")
    .select(["id", "email", "name", "role", "status", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();
  let valid = false;
  if (row?.password_hash && row.status === "activa") {
    valid = await verifyPassword(input.password, row.password_hash);
  } else {
    // Same work as a real check, so the response time does not tell which e-mails are staff.
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
    await verifyPassword(input.password, await dummyHash);
  }
  if (!row || !valid) return refuse(400, { form: INVALID_PASSWORD_MESSAGE, code: "invalid-credentials" });
  if (needsRehash(row.password_hash!)) {
    await db
      .updateTable("staff_members")
      .set({ password_hash: await hashPassword(input.password) })
      .where("id", "=", row.id)
      .execute();
  }
  return { ok: true, staff: { id: row.id, email: row.email, name: row.name, role: row.role as StaffRole } };
}

/** Refused 400 "invalid-code" or 429 "too-many-attempts", each with its form-level message. */
export type CodeStepOutcome = Outcome;

/**
 * Step two: the code must match the staff member's secret and be from a later time step than the
 * last accepted one. The step is stored with a conditional UPDATE, so two requests racing with the
 * same code cannot both succeed.
 */
export async function verifyStaffCode(
  db: Kysely<DB>,
  input: { staff: StaffUser; code: string; clientAddress: string },
  now = clock.now(),
): Promise<CodeStepOutcome> {
  const key = staffThrottleKey(input.staff.email);
  const throttle = await consumeLoginAttempt(db, key, input.clientAddress, now);
  if (!throttle.allowed) return tooManyAttempts();
  const row = await db.selectFrom("staff_members").select(["totp_secret", "status"]).where("id", "=", input.staff.id).executeTakeFirst();
  let step: number | null = null;
  if (row?.totp_secret && row.status === "activa") {
    // The secret is encrypted at rest (decision 0034). One that does not open — a wrong or missing
    // key, an edited value, a value moved from another row — refuses the code like a wrong one.
    const opened = openTotpSecret(row.totp_secret, { staffId: input.staff.id });
    if (opened.ok) step = matchTotpStep(opened.secret, input.code, now);
    else logUnopenedSecret(opened.problem.code ?? "", { staffId: input.staff.id, where: "staff_members" });
  }
  if (step !== null) {
    const used = await db
      .updateTable("staff_members")
      .set({ totp_last_step: step })
      .where("id", "=", input.staff.id)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    if (used.numUpdatedRows === 1n) {
      await clearAttempts(db, LOGIN_ACCOUNT_BUCKET, key);
      await releaseAttempts(db, throttle.attemptIds);
      return { ok: true };
    }
  }
  return refuse(400, { form: INVALID_CODE_MESSAGE, code: "invalid-code" });
}
