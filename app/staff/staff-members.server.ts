import crypto from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { hashPassword } from "~/accounts/passwords.server";
import { siteOrigin, siteUrl } from "~/config.server";
import type { StaffContext } from "~/actions/context";
import { refuse, type Outcome } from "~/actions/outcome";
import type { DB, StaffStatus } from "~/db.server";
import { mailFor } from "~/mail/message";
import { sendMail } from "~/mail/mailer.server";
import { staffInvitation } from "~/mail/messages/staff-invitation";
import { mailLog } from "~/mail/mail-log.server";
import { recordAudit } from "./audit.server";
import { destroyStaffSessions } from "./session.server";
import { STAFF_ROLE_LABELS, type StaffRole, type StaffUser } from "./staff";
import { SETUP_CODE_MISMATCH, SETUP_LINK_INVALID, type NewStaff } from "./staff-forms";
import { logUnopenedSecret, openTotpSecret, sealTotpSecret } from "./totp-secrets.server";
import { createTotpSecret, matchTotpStep } from "./totp.server";
import * as clock from "~/utils/clock.server";

/** A set-up link works once, for 24 hours. */
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const SETUP_PATH = "/admin/configurar";

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * The set-up link for a token, always a full address (siteUrl: PUBLIC_URL, or in a demo without
 * it http://localhost:PORT). The token travels in the query string, which the request log leaves
 * out (it logs the path only).
 */
export function setupLink(token: string, origin: string = siteOrigin()): string {
  return siteUrl(`${SETUP_PATH}?token=${encodeURIComponent(token)}`, origin);
}

/** A new single-use set-up token for the staff member (earlier unused ones stop working). */
async function issueSetupToken(trx: Transaction<DB> | Kysely<DB>, staffId: number, now: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  await trx.deleteFrom("staff_setup_tokens").where("staff_id", "=", staffId).where("used_at", "is", null).execute();
  await trx
    .insertInto("staff_setup_tokens")
    .values({
      token_hash: tokenHash,
      staff_id: staffId,
      // Encrypted at rest like the member's own secret (decision 0034), bound to this token's row.
      totp_secret: sealTotpSecret(createTotpSecret(), { setupTokenHash: tokenHash }),
      expires_at: new Date(now.getTime() + SETUP_TOKEN_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

export const EMAIL_TAKEN_MESSAGE = "Ya existe una cuenta del personal con ese correo electrónico.";

export type InviteOutcome = Outcome<{ staffId: number; token: string }>;

/**
 * Creates an invited staff member and their set-up token, audited, in one transaction. `actor`
 * is null for the command line. The caller sends or prints the link.
 */
export async function inviteStaff(
  db: Kysely<DB>,
  input: NewStaff,
  actor: StaffUser | null,
  requestId: string | null = null,
  now = clock.now(),
): Promise<InviteOutcome> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("staff_members").select("id").where("email", "=", input.email).executeTakeFirst();
    if (existing) return refuse(400, { fields: { email: EMAIL_TAKEN_MESSAGE }, code: "correo_ocupado" });
    const row = await trx
      .insertInto("staff_members")
      .values({ email: input.email, name: input.name, role: input.role })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = await issueSetupToken(trx, row.id, now);
    await recordAudit(trx, {
      actor,
      action: "staff.invite",
      entity: "staff_member",
      entityId: row.id,
      after: { email: input.email, name: input.name, role: input.role, status: "invitada" },
      requestId,
    });
    return { ok: true, staffId: row.id, token } as const;
  });
}

/** The invitation e-mail with the set-up link (plain text). */
export async function sendInvitationMail(to: { email: string; name: string; role: StaffRole }, link: string): Promise<boolean> {
  const outcome = await sendMail(mailFor(staffInvitation, { name: to.name, role: to.role, link }, { to: to.email }));
  if (!outcome.ok) mailLog("error", "staff invitation mail not sent", { code: outcome.problem.code });
  return outcome.ok;
}

export interface SetupTokenInfo {
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  totpSecret: string;
}

/** The staff member a set-up token belongs to, when it exists, is unused, not expired, and they are not deactivated. */
export async function findValidSetupToken(db: Kysely<DB> | Transaction<DB>, token: string, now = clock.now()): Promise<SetupTokenInfo | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom("staff_setup_tokens")
    .innerJoin("staff_members", "staff_members.id", "staff_setup_tokens.staff_id")
    .select([
      "staff_members.id",
      "staff_members.email",
      "staff_members.name",
      "staff_members.role",
      "staff_members.status",
      "staff_setup_tokens.totp_secret",
      "staff_setup_tokens.expires_at",
      "staff_setup_tokens.used_at",
    ])
    .where("staff_setup_tokens.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.status === "inactiva" || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  // A secret that does not open (a wrong key, an edited value) makes the link invalid, never a 500.
  const opened = openTotpSecret(row.totp_secret, { setupTokenHash: hashToken(token) });
  if (!opened.ok) {
    logUnopenedSecret(opened.problem.code ?? "", { staffId: row.id, where: "staff_setup_tokens" });
    return null;
  }
  return { staffId: row.id, email: row.email, name: row.name, role: row.role, totpSecret: opened.secret };
}

/** A refusal is a 400 with the code "invalid-token" (form-level message) or "invalid-code" (on the field `code`). */
export type SetupOutcome = Outcome<{ staff: StaffUser }>;

const invalidToken = () => refuse(400, { form: SETUP_LINK_INVALID, code: "invalid-token" });

/**
 * Completes the set-up in one transaction: the token is used up, the password and the TOTP secret
 * stored, the code's time step recorded (so the code just typed cannot sign in again), the account
 * made active, any earlier session ended, and the step audited (the actor is the member).
 */
export async function completeStaffSetup(
  db: Kysely<DB>,
  input: { token: string; password: string; code: string },
  requestId: string | null = null,
  now = clock.now(),
): Promise<SetupOutcome> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx): Promise<SetupOutcome> => {
    const info = await findValidSetupToken(trx, input.token, now);
    if (!info) return invalidToken();
    const step = matchTotpStep(info.totpSecret, input.code, now);
    if (step === null) return refuse(400, { fields: { code: SETUP_CODE_MISMATCH }, code: "invalid-code" });
    const used = await trx
      .updateTable("staff_setup_tokens")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", hashToken(input.token))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) return invalidToken();
    const before = await trx.selectFrom("staff_members").select(["status"]).where("id", "=", info.staffId).executeTakeFirstOrThrow();
    await trx
      .updateTable("staff_members")
      .set({
        password_hash: passwordHash,
        totp_secret: sealTotpSecret(info.totpSecret, { staffId: info.staffId }),
        totp_last_step: step,
        status: "activa",
        updated_at: now.toISOString(),
      })
      .where("id", "=", info.staffId)
      .execute();
    await trx.deleteFrom("staff_setup_tokens").where("staff_id", "=", info.staffId).where("used_at", "is", null).execute();
    await destroyStaffSessions(trx, info.staffId);
    const staff: StaffUser = { id: info.staffId, email: info.email, name: info.name, role: info.role };
    await recordAudit(trx, {
      actor: staff,
      action: "staff.setup",
      entity: "staff_member",
      entityId: info.staffId,
      before: { status: before.status },
      after: { status: "activa", password: "establecida", totp: "configurado" },
      requestId,
    });
    return { ok: true, staff } as const;
  });
}

export interface StaffListItem {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  createdAt: string;
}

export async function listStaff(db: Kysely<DB>): Promise<StaffListItem[]> {
  const rows = await db
    .selectFrom("staff_members")
    .select(["id", "email", "name", "role", "status", "created_at"])
    .orderBy(sql`status = 'inactiva'`)
    .orderBy("name")
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, name: row.name, role: row.role, status: row.status, createdAt: row.created_at }));
}

export async function countStaff(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("staff_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type StaffChangeOutcome = Outcome<{ message: string }>;

async function countOtherActiveAdmins(trx: Transaction<DB>, staffId: number): Promise<number> {
  const row = await trx
    .selectFrom("staff_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "admin")
    .where("status", "=", "activa")
    .where("id", "<>", staffId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Changes a staff member's role (audited). Their sessions end, so the new role applies at once.
 * The last active admin cannot stop being one (nobody could manage staff any more).
 */
export async function changeStaffRole(
  db: Kysely<DB>,
  { actor, requestId }: StaffContext,
  input: { staffId: number; role: StaffRole },
): Promise<StaffChangeOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("staff_members").select(["id", "name", "role", "status"]).where("id", "=", input.staffId).executeTakeFirst();
    if (!row) return refuse(400, "No encontramos a esa persona del personal.");
    if (row.role === input.role) return refuse(400, `${row.name} ya tiene la función «${STAFF_ROLE_LABELS[input.role]}».`);
    if (row.role === "admin" && row.status === "activa" && (await countOtherActiveAdmins(trx, row.id)) === 0) {
      return refuse(400, "Debe quedar al menos una persona activa con la función Administración.");
    }
    await trx.updateTable("staff_members").set({ role: input.role, updated_at: clock.nowIso() }).where("id", "=", row.id).execute();
    await destroyStaffSessions(trx, row.id);
    await recordAudit(trx, {
      actor,
      action: "staff.role_change",
      entity: "staff_member",
      entityId: row.id,
      before: { role: row.role },
      after: { role: input.role },
      requestId,
    });
    return { ok: true, message: `${row.name} ahora tiene la función «${STAFF_ROLE_LABELS[input.role]}».` };
  });
}

/** Deactivates a staff member (audited): their sessions and unused set-up links stop working. */
export async function deactivateStaff(db: Kysely<DB>, { actor, requestId }: StaffContext, input: { staffId: number }): Promise<StaffChangeOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("staff_members").select(["id", "name", "role", "status"]).where("id", "=", input.staffId).executeTakeFirst();
    if (!row) return refuse(400, "No encontramos a esa persona del personal.");
    if (row.status === "inactiva") return refuse(400, `${row.name} ya estaba dada de baja.`);
    if (row.id === actor.id)
      return refuse(400, "No puede darse de baja a sí mismo(a). Pida a otra persona con la función Administración que lo haga.");
    if (row.role === "admin" && row.status === "activa" && (await countOtherActiveAdmins(trx, row.id)) === 0) {
      return refuse(400, "Debe quedar al menos una persona activa con la función Administración.");
    }
    await trx.updateTable("staff_members").set({ status: "inactiva", updated_at: clock.nowIso() }).where("id", "=", row.id).execute();
    await destroyStaffSessions(trx, row.id);
    await trx.deleteFrom("staff_setup_tokens").where("staff_id", "=", row.id).where("used_at", "is", null).execute();
    await recordAudit(trx, {
      actor,
      action: "staff.deactivate",
      entity: "staff_member",
      entityId: row.id,
      before: { status: row.status },
      after: { status: "inactiva" },
      requestId,
    });
    return { ok: true, message: `${row.name} fue dada de baja; ya no puede entrar al área del personal.` };
  });
}

export type ResendOutcome = Outcome<{ token: string; staff: { email: string; name: string; role: StaffRole } }>;

/** A new set-up link for someone who has not finished set-up (the old link stops working), audited. */
export async function reissueSetupLink(
  db: Kysely<DB>,
  input: { staffId: number },
  actor: StaffUser | null,
  requestId: string | null,
  now = clock.now(),
): Promise<ResendOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("staff_members")
      .select(["id", "email", "name", "role", "status"])
      .where("id", "=", input.staffId)
      .executeTakeFirst();
    if (!row) return refuse(400, "No encontramos a esa persona del personal.");
    if (row.status !== "invitada") return refuse(400, `${row.name} ya configuró su acceso o fue dada de baja.`);
    const token = await issueSetupToken(trx, row.id, now);
    await recordAudit(trx, { actor, action: "staff.setup_link", entity: "staff_member", entityId: row.id, after: { email: row.email }, requestId });
    return { ok: true, token, staff: { email: row.email, name: row.name, role: row.role } } as const;
  });
}

export type InviteByEmailOutcome = Outcome<{ staffId: number; mailSent: boolean }>;

/**
 * An admin invites someone from /admin/personal: the invited row and its audit entry, then the
 * e-mail with the set-up link (a step of the same operation; a mail failure is reported, the
 * invitation stays and the link can be sent again).
 */
export async function inviteStaffByEmail(
  db: Kysely<DB>,
  { actor, requestId }: StaffContext,
  input: NewStaff,
  origin: string = siteOrigin(),
): Promise<InviteByEmailOutcome> {
  const invited = await inviteStaff(db, input, actor, requestId);
  if (!invited.ok) return invited;
  const mailSent = await sendInvitationMail(input, setupLink(invited.token, origin));
  return { ok: true, staffId: invited.staffId, mailSent };
}

/** A new set-up link by e-mail for someone who has not finished set-up. */
export async function resendSetupLink(
  db: Kysely<DB>,
  { actor, requestId }: StaffContext,
  input: { staffId: number },
  origin: string = siteOrigin(),
): Promise<StaffChangeOutcome> {
  const reissued = await reissueSetupLink(db, input, actor, requestId);
  if (!reissued.ok) return reissued;
  const sent = await sendInvitationMail(reissued.staff, setupLink(reissued.token, origin));
  return sent
    ? { ok: true, message: `Se envió un enlace nuevo a ${reissued.staff.email}.` }
    : refuse(400, `No pudimos enviar el correo a ${reissued.staff.email}. Intente de nuevo más tarde.`);
}
