import type { Kysely, Transaction } from "kysely";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import { siteUrl } from "~/config.server";
import type { ConstanciaKind, DB } from "~/db.server";
import { queueMail } from "~/mail/deliveries.server";
import { mailFor } from "~/mail/message";
import { constanciaIssued } from "~/mail/messages/constancia-issued";
import { actorLabel, audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import * as clock from "~/utils/clock.server";
import { listEligibility } from "./constancia-eligibility.server";
import { constanciaVerificationPath, newFolio, normalizeFolio } from "./constancia-folio";

/**
 * Issuing, revoking and reissuing constancias (issue 25, decision 0052). Each change and its audit
 * row and e-mail (recorded in the outbox) are one transaction: a refusal stores nothing.
 */

export const MAX_BULK_ISSUE = 500;

async function queueConstanciaMail(
  trx: Transaction<DB>,
  to: string,
  facts: { participantName: string; courseName: string; kind: ConstanciaKind; folio: string; replaces?: string | null },
  now: Date,
) {
  const input = { ...facts, profileUrl: siteUrl("/profile"), verificationUrl: siteUrl(constanciaVerificationPath(facts.folio)) };
  await queueMail(trx, mailFor(constanciaIssued, input, { to }), now);
}

/**
 * Issues the constancias of the chosen enrolments of a course, each with what it earned now. The
 * whole batch is refused (nothing stored) when one id is not a confirmed enrolment of this course
 * or is not eligible; an enrolment that already has a standing constancia is skipped (issuing
 * twice, or two staff at once, gives one: the partial unique index constancias_standing).
 */
export async function issueConstancias(
  db: Kysely<DB>,
  ctx: StaffContext,
  courseId: number,
  enrolmentIds: readonly number[],
  now: Date = clock.now(),
): Promise<Outcome<{ issued: string[]; skipped: number }>> {
  const ids = [...new Set(enrolmentIds)];
  if (ids.length === 0) return refuse(400, { form: "Seleccione al menos a una persona para emitir su constancia.", code: "sin_seleccion" });
  if (ids.length > MAX_BULK_ISSUE) return refuse(400, `Emita como máximo ${MAX_BULK_ISSUE} constancias a la vez.`);
  return db.transaction().execute(async (trx) => {
    const list = await listEligibility(trx, courseId, ids);
    if (!list) return notFound("El curso no existe.");
    if (list.rows.length !== ids.length)
      return refuse(404, { form: "Alguna de las personas elegidas no tiene una inscripción confirmada en este curso.", code: "inscripcion_ajena" });
    const refused = list.rows.filter((row) => row.kind === null && row.constancia?.state !== "valida");
    if (refused.length > 0)
      return refuse(409, {
        form: refused.map((row) => `${row.name} no puede recibir constancia: ${row.reasons.join(" ")}`),
        code: "no_elegible",
      });
    const revoked = list.rows.filter((row) => row.constancia?.state === "revocada");
    if (revoked.length > 0)
      return refuse(409, {
        form: revoked.map((row) => `La constancia de ${row.name} fue revocada; no se emite otra desde esta lista.`),
        code: "revocada",
      });
    const issued: string[] = [];
    let skipped = 0;
    for (const row of list.rows) {
      if (row.constancia?.state === "valida" || row.kind === null) {
        skipped += 1;
        continue;
      }
      const folio = newFolio();
      const values = {
        folio,
        enrolment_id: row.enrolmentId,
        kind: row.kind,
        participant_name: row.name,
        course_name: list.course.name,
        course_start_date: list.course.startDate,
        course_finish_date: list.course.finishDate,
        hours: list.settings.hours,
        grade: row.kind === "acreditacion" ? row.bestGrade : null,
        signatories: JSON.stringify(list.settings.signatories),
        issued_at: now.toISOString(),
        issued_by: actorLabel(ctx),
      };
      // Another issue that committed first wins; this one then stores nothing for the row.
      const inserted = await trx
        .insertInto("constancias")
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) {
        skipped += 1;
        continue;
      }
      await audit(trx, ctx, {
        action: "constancia.emitir",
        entity: "constancia",
        entityId: folio,
        after: { folio, enrolment_id: row.enrolmentId, kind: row.kind, grade: values.grade, participant_name: row.name },
      });
      await queueConstanciaMail(trx, row.email, { participantName: row.name, courseName: list.course.name, kind: row.kind, folio }, now);
      issued.push(folio);
    }
    return { ok: true, issued, skipped };
  });
}

/** A standing constancia of this course by its folio (or a refusal naming why not). */
async function standingConstancia(trx: Transaction<DB>, courseId: number, rawFolio: string) {
  const folio = normalizeFolio(rawFolio);
  if (!folio) return notFound("No existe una constancia con ese folio.");
  const row = await trx
    .selectFrom("constancias")
    .innerJoin("enrolments", "enrolments.id", "constancias.enrolment_id")
    .innerJoin("participants", "participants.id", "enrolments.participant_id")
    .selectAll("constancias")
    .select(["participants.name as current_name", "participants.email"])
    .where("constancias.folio", "=", folio)
    .where("enrolments.course_id", "=", courseId)
    .executeTakeFirst();
  if (!row) return notFound("No existe una constancia con ese folio en este curso.");
  if (row.revoked_at) return refuse(409, { form: "Esta constancia ya fue revocada.", code: "revocada" });
  if (row.replaced_by_folio) return refuse(409, { form: `Esta constancia ya fue reemplazada por la ${row.replaced_by_folio}.`, code: "reemplazada" });
  return { ok: true as const, row };
}

/** Revokes a standing constancia with a reason (kept private; the verification page shows the date). */
export async function revokeConstancia(
  db: Kysely<DB>,
  ctx: StaffContext,
  courseId: number,
  folio: string,
  reason: string,
  now: Date = clock.now(),
): Promise<Outcome<{ folio: string }>> {
  return db.transaction().execute(async (trx) => {
    const found = await standingConstancia(trx, courseId, folio);
    if (!found.ok) return found;
    const updated = await trx
      .updateTable("constancias")
      .set({ revoked_at: now.toISOString(), revocation_reason: reason })
      .where("id", "=", found.row.id)
      .where("revoked_at", "is", null)
      .where("replaced_by_folio", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return refuse(409, "La constancia cambió mientras tanto. Recargue la página.");
    await audit(trx, ctx, {
      action: "constancia.revocar",
      entity: "constancia",
      entityId: found.row.folio,
      before: { revoked_at: null },
      after: { revoked_at: now.toISOString(), revocation_reason: reason },
    });
    return { ok: true, folio: found.row.folio };
  });
}

/**
 * Reissues a standing constancia after a name correction: a new folio with the participant's name
 * as registered now (the rest as issued), and the old folio says «reemplazada» with the new one.
 */
export async function reissueConstancia(
  db: Kysely<DB>,
  ctx: StaffContext,
  courseId: number,
  folio: string,
  reason: string,
  now: Date = clock.now(),
): Promise<Outcome<{ folio: string; replaced: string }>> {
  return db.transaction().execute(async (trx) => {
    const found = await standingConstancia(trx, courseId, folio);
    if (!found.ok) return found;
    const old = found.row;
    const replacement = newFolio();
    // The old row leaves the standing index first, so the new one may take its place.
    await trx.updateTable("constancias").set({ replaced_by_folio: replacement }).where("id", "=", old.id).execute();
    await trx
      .insertInto("constancias")
      .values({
        folio: replacement,
        enrolment_id: old.enrolment_id,
        kind: old.kind,
        participant_name: old.current_name,
        course_name: old.course_name,
        course_start_date: old.course_start_date,
        course_finish_date: old.course_finish_date,
        hours: old.hours,
        grade: old.grade,
        signatories: old.signatories,
        issued_at: now.toISOString(),
        issued_by: actorLabel(ctx),
      })
      .execute();
    await audit(trx, ctx, {
      action: "constancia.reemitir",
      entity: "constancia",
      entityId: old.folio,
      before: { participant_name: old.participant_name },
      after: { participant_name: old.current_name, replaced_by_folio: replacement, reason },
    });
    await queueConstanciaMail(
      trx,
      old.email,
      { participantName: old.current_name, courseName: old.course_name, kind: old.kind, folio: replacement, replaces: old.folio },
      now,
    );
    return { ok: true, folio: replacement, replaced: old.folio };
  });
}
