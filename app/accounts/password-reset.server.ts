import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { refuse, type Outcome } from "~/actions/outcome";
import { siteUrl } from "~/config.server";
import type { DB } from "~/db.server";
import { mailFor } from "~/mail/message";
import { sendMail } from "~/mail/mailer.server";
import { passwordReset } from "~/mail/messages/password-reset";
import { mailLog } from "~/mail/mail-log.server";
import { INVALID_RESET_LINK } from "./account-options";
import { findParticipantIdByEmail } from "./participants.server";
import { hashPassword } from "./passwords.server";
import { destroyParticipantSessions } from "./session.server";
import * as clock from "~/utils/clock.server";

/** A reset link works once, for one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_PATH = "/restablecer-contrasena";

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Creates a single-use token for the participant (earlier unused ones stop working) and returns it. */
export async function createResetToken(db: Kysely<DB>, participantId: number, now = clock.now()): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("password_reset_tokens").where("participant_id", "=", participantId).where("used_at", "is", null).execute();
    await trx
      .insertInto("password_reset_tokens")
      .values({
        token_hash: hashToken(token),
        participant_id: participantId,
        expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
        used_at: null,
      })
      .execute();
  });
  return token;
}

/**
 * Starts a reset: when the e-mail has an account, a link with a fresh token goes to it. The caller
 * answers the same whatever happens, so the page does not tell who has an account; the e-mail is
 * sent without waiting for the SMTP server, so neither does the response time.
 */
export async function requestPasswordReset(db: Kysely<DB>, email: string, origin: string): Promise<void> {
  const participantId = await findParticipantIdByEmail(db, email);
  if (participantId === null) return;
  const token = await createResetToken(db, participantId);
  const link = siteUrl(`${RESET_PATH}?token=${encodeURIComponent(token)}`, origin);
  void sendMail(mailFor(passwordReset, { link }, { to: email })).then((outcome) => {
    if (!outcome.ok) mailLog("error", "password reset mail not sent", { participantId, code: outcome.problem.code });
  });
}

/** The participant a token belongs to, when it exists, is unused and has not expired. */
export async function findValidResetToken(db: Kysely<DB>, token: string, now = clock.now()): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom("password_reset_tokens")
    .select(["participant_id", "expires_at", "used_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  return row.participant_id;
}

/** Refused (400, code "invalid-token") when the link is unknown, used or expired. */
export type ResetOutcome = Outcome<{ participantId: number }>;

const INVALID_TOKEN = () => refuse(400, { form: INVALID_RESET_LINK, code: "invalid-token" });

/**
 * Sets the new password with a valid token, in one transaction: the token is used up, the hash
 * replaced, and every session of the participant ended (whoever had their account is signed out).
 */
export async function resetPassword(db: Kysely<DB>, token: string, newPassword: string, now = clock.now()): Promise<ResetOutcome> {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    const participantId = await findValidResetToken(trx, token, now);
    if (participantId === null) return INVALID_TOKEN();
    const used = await trx
      .updateTable("password_reset_tokens")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) return INVALID_TOKEN();
    await trx
      .updateTable("participants")
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where("id", "=", participantId)
      .execute();
    await trx.deleteFrom("password_reset_tokens").where("participant_id", "=", participantId).where("used_at", "is", null).execute();
    await destroyParticipantSessions(participantId, trx);
    return { ok: true, participantId } as const;
  });
}
