import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { createStaffSession } from "~/staff/session.server";
import { completeStaffSetup, findValidSetupToken, inviteStaff } from "~/staff/staff-members.server";
import type { StaffRole, StaffUser } from "~/staff/staff";
import { generateTotp } from "~/staff/totp.server";

/**
 * A staff member created the way the product creates one (invitation, then set-up with a real
 * TOTP code), with a signed-in session. Returns the user and the `Cookie` request header value.
 */
export async function createSignedInStaff(
  db: Kysely<DB>,
  role: StaffRole,
  email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@himfg.test`,
) {
  const invited = await inviteStaff(db, { email, name: `Prueba ${role}`, role }, null);
  if (!invited.ok) throw new Error(`could not invite ${email}`);
  // The secret the set-up page shows (stored encrypted; decision 0034).
  const secret = (await findValidSetupToken(db, invited.token))?.totpSecret;
  if (!secret) throw new Error(`no set-up token for ${email}`);
  // A minute earlier, so a sign-in in the test can use the current code.
  const setupAt = new Date(Date.now() - 60_000);
  const setup = await completeStaffSetup(
    db,
    { token: invited.token, password: "clave-de-personal-larga", code: generateTotp(secret, setupAt) },
    null,
    setupAt,
  );
  if (!setup.ok) throw new Error(`set-up failed: ${setup.reason}`);
  const setCookie = await createStaffSession(null, invited.staffId, "activa");
  const user: StaffUser = setup.staff;
  return { user, secret, cookie: setCookie.split(";")[0]! };
}
