import fs from "node:fs";
import type { Kysely } from "kysely";
import { backupFilePath } from "~/backups/backups.server";
import { backupDirectory, readConfig } from "~/config.server";
import type { DB } from "~/db.server";
import { siteJobRunner } from "~/jobs/site-jobs.server";
import { retryDelivery } from "~/mail/deliveries.server";
import { transmitMail } from "~/mail/mailer.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffContext } from "~/actions/context";
import { notFound, refuse, type Outcome } from "~/actions/outcome";

/**
 * The administrators' actions on /admin/sistema, each audited: «Respaldar ahora» (through the job
 * runner, so it never overlaps a scheduled backup), a backup's download, «Reintentar» of a failed mail.
 */

/** A refusal's status says why: 409 nothing to do now, 404 no such mail, 503 the backup or the mail failed (try later). */
export type SystemActionOutcome = Outcome<{ message: string }>;

export async function backupNow(db: Kysely<DB>, ctx: StaffContext): Promise<SystemActionOutcome> {
  const run = await siteJobRunner().runNow("respaldos");
  if (!run.ran) return refuse(409, "Ya se está haciendo un respaldo. Espere un momento y vuelva a cargar la página.");
  const backup = await db.selectFrom("backups").select(["id", "file_name", "ok", "integrity"]).orderBy("id", "desc").limit(1).executeTakeFirst();
  await recordAudit(db, {
    actor: ctx.actor,
    action: "backup.create",
    entity: "backup",
    entityId: backup?.file_name ?? null,
    after: { ok: run.ok, ...(run.ok ? {} : { error: run.error }) },
    requestId: ctx.requestId,
  });
  if (!run.ok) return refuse(503, `El respaldo falló: ${run.error}`);
  return { ok: true, message: `Respaldo guardado y revisado: ${backup?.file_name ?? ""}.` };
}

/** A backup file to download, audited before a byte is sent; null when there is no such file. */
export async function openBackupDownload(
  db: Kysely<DB>,
  ctx: StaffContext,
  fileName: string,
): Promise<{ stream: fs.ReadStream; size: number; fileName: string } | null> {
  const file = backupFilePath(backupDirectory(readConfig()), fileName);
  if (!file) return null;
  const size = fs.statSync(file).size;
  await recordAudit(db, {
    actor: ctx.actor,
    action: "backup.download",
    entity: "backup",
    entityId: fileName,
    after: { size },
    requestId: ctx.requestId,
  });
  return { stream: fs.createReadStream(file), size, fileName };
}

const NOTHING_TO_RETRY = "Ese correo ya no está en «fallido»: no hay nada que reintentar.";

export async function retryMail(db: Kysely<DB>, ctx: StaffContext, id: number): Promise<SystemActionOutcome> {
  const row = await db.selectFrom("mail_deliveries").select(["subject", "status"]).where("id", "=", id).executeTakeFirst();
  if (!row) return notFound("Ese correo no existe.");
  if (row.status !== "fallido") return refuse(409, NOTHING_TO_RETRY);
  const outcome = await retryDelivery(db, id, transmitMail);
  if (!outcome.ok) return refuse(409, NOTHING_TO_RETRY);
  await recordAudit(db, {
    actor: ctx.actor,
    action: "mail.retry",
    entity: "mail_delivery",
    entityId: id,
    before: { status: "fallido" },
    after: { status: outcome.sent.ok ? "enviado" : "fallido", subject: row.subject },
    requestId: ctx.requestId,
  });
  return outcome.sent.ok
    ? { ok: true, message: `Se envió el correo «${row.subject}».` }
    : refuse(503, `El correo volvió a fallar: ${outcome.sent.error}`);
}
